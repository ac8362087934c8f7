"""Ideas declared once across the apps: one exception for a refused request, one ownership check."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from django.urls import reverse

from armylists.builder import permissions
from armylists.builder.services import Refused as BuilderRefused
from armylists.events.services import Refused as EventRefused
from armylists.rules.campaign import Refused as CampaignRefused
from armylists.rules.refused import Refused

APPS = Path(__file__).resolve().parents[1] / "armylists"


def _modules():
    return [(path, path.read_text(encoding="utf-8")) for path in APPS.rglob("*.py") if "migrations" not in path.parts]


def test_every_app_refuses_with_the_one_refused():
    assert BuilderRefused is EventRefused is CampaignRefused is Refused
    refusals = [f"{path.relative_to(APPS)}: {node.name}" for path, text in _modules()
                for node in ast.walk(ast.parse(text)) if isinstance(node, ast.ClassDef)
                and node.name.startswith("Refus") and any(getattr(b, "id", "") == "Exception" for b in node.bases)]
    assert refusals == ["rules/refused.py: Refused"]


def test_no_view_looks_a_list_up_by_its_number_or_share_link_but_through_permissions():
    lookup = re.compile(r"ArmyList\.objects\b[^\n]*\b(pk|share_token)=")
    views = [path for path, text in _modules() if "views" in path.parts or path.name == "views.py"
             if lookup.search(text)]
    assert views == []


@pytest.mark.django_db
def test_printing_asks_the_builders_ownership_check(client, django_user_model, monkeypatch):
    asked = []
    real = permissions.owned_list
    monkeypatch.setattr(permissions, "owned_list", lambda user, pk: asked.append(pk) or real(user, pk))
    client.force_login(django_user_model.objects.create_user("someone", password="pw-someone-123"))
    assert client.get(reverse("printing:list-pdf", args=[12345])).status_code == 404
    assert asked == [12345]
