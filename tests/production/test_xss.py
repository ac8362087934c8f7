"""Nothing a user typed reaches a page, a header or a PDF unescaped (Hostile input: "XSS in every
user-typed field, in pages and in PDFs"; the developers' guide: "Nothing user-typed reaches a URL, header or PDF
unescaped").

One world (tests/production/xss_world.py) holds a hostile payload in every text field a user can type. Every
URL of tests/test_url_permissions.py's WHO table that answers a GET is opened by each user of the world (and an
anonymous visitor), as a page and as an htmx request; the responses of the forms that planted the payloads are
checked too. A PDF is read back with pdftotext: the payload is there as its literal text.
"""
from __future__ import annotations

import re
import socket
from dataclasses import dataclass, field

import pytest
from django.apps import apps
from django.db import models, transaction
from django.http import HttpResponse
from django.urls import resolve, reverse

from armylists.campaigns.payloads import PAYLOADS as ACTION_PAYLOADS
from armylists.games.registry import game_home, games
from armylists.printing.pdf import RefusedURL, StaticOnlyFetcher

from ..test_url_permissions import DECLARED, WHO
from .xss_checks import PAYLOADS, check_response
from .xss_world import LIST_DOCUMENTS, NOT_USER_TYPED, PLANTED, STAFF_APPS, World, build_world

pytestmark = pytest.mark.django_db

ROUTES = dict((name, route) for route, name in DECLARED)
GETS = sorted(name for name, (_, method) in WHO.items() if method == "get")
# Who opens each kind of URL (tests/test_url_permissions.py); those turned away are not checked here.
# The game master sees account pages too: their events page holds an invitation to play late.
VIEWERS = {"anyone": (None, "player"), "account": ("player", "gm"), "owner": ("player", "organiser", "gm"),
           "token": (None,), "auth": (None, "player")}
# Pages that send every viewer of the world elsewhere: an invitation its members have used already.
REDIRECTS = {"campaigns:campaign-join", "events:join", "password_reset_confirm", "builder:list-create"}
# Files the world has none of: its submission is a Muster list, not another tool's file kept as sent (a JSON
# attachment, for the organisers: tests/factions/test_armyforge_updates.py).
NONE_IN_THE_WORLD = {"events:submission-as-sent"}
QUERIES = {"campaigns:army-create": "?faction=human-empire", "builder:list-create": "?game=aof-regiments"}
# Where each payload must be shown as its literal text (so it was planted, and escaped where it is shown): a
# page of the walk, a PDF among them, or the answer of the form that planted it.
SHOWN = {
    "q01": {"builder:lists", "campaigns:campaign-detail", "printing:shared-pdf", "campaigns:army-sheet-pdf"},
    "q02": {"events:dashboard", "events:detail"},
    "q03": {"events:dashboard"},
    "q04": {"campaigns:campaign-detail", "campaigns:campaign-sheets-pdf"},
    "q05": {"builder:lists", "builder:list-detail", "builder:shared-list", "builder:list-text",
            "printing:list-preview", "printing:list-pdf", "printing:shared-pdf", "builder:list-rename"},
    "q06": {"builder:list-detail", "builder:list-entry-form", "builder:shared-list", "printing:list-pdf",
            "printing:shared-pdf", "builder:list-entry-update"},
    "q07": {"builder:list-rename"},  # the undo button: "Undo: renamed ..."
    "q08": {"events:index", "events:detail", "events:dashboard", "events:submission", "events:pack-download"},
    "q09": {"events:index", "events:detail", "events:pack-download"},
    "q10": {"events:detail", "events:dashboard", "events:submission", "events:submission-pdf", "events:pack-download"},
    "q11": {"events:submission", "events:dashboard", "events:submission-note"},
    "q12": {"events:submission", "events:submission-pdf", "events:pack-download"},
    "q13": {"events:submission", "events:submission-pdf", "events:pack-download"},
    "q14": {"campaigns:campaign-index", "campaigns:campaign-detail", "campaigns:campaign-join",
            "campaigns:campaign-summary-pdf"},
    "q15": {"campaigns:campaign-detail", "campaigns:army-detail", "campaigns:army-sheet-pdf",
            "campaigns:campaign-sheets-pdf", "campaigns:campaign-summary-pdf"},
    "q16": {"campaigns:army-detail", "campaigns:army-manage", "campaigns:mission-detail", "campaigns:post-battle",
            "campaigns:army-sheet-pdf"},
    "q17": {"campaigns:army-detail", "campaigns:army-sheet-pdf"},
    "q18": {"campaigns:army-detail", "campaigns:campaign-detail", "campaigns:campaign-summary-pdf"},
    "q19": {"campaigns:army-detail", "campaigns:army-sheet-pdf", "campaigns:campaign-summary-pdf"},
    "q20": {"campaigns:army-detail", "campaigns:army-sheet-pdf"},
    "q21": {"campaigns:unit-traits"},
    "q22": {"events:submission", "events:dashboard", "events:submission-note"},
    "q23": {"events:index"},  # the invitation to play late, on the invited person's events page
    "q24": {"seasons:detail", "seasons:edit", "seasons:standings-pdf", "events:index"},
}
def url_for(name: str, world: World) -> str:
    """The URL with the world's own objects as its arguments."""
    army_list, event, campaign = world.army_list, world.event, world.campaign
    namespace = name.partition(":")[0] if ":" in name else ""
    values = {
        "builder": {"pk": army_list.pk, "entry_id": "e1", "token": army_list.share_token},
        "printing": {"pk": army_list.pk, "token": army_list.share_token},
        "events": {"slug": event.slug, "token": event.invite_token,
                   "pk": world.pack.pk if name == "events:pack-download" else world.submission.pk},
        "tournament": {"slug": event.slug, "pk": world.table.pk, "number": 1},
        # a1's post-battle is recorded (the world recruits after it); a2's is still to fill in.
        "campaigns": {"slug": campaign.slug, "token": campaign.invite_token, "unit": "u2", "number": 1,
                      "key": "a2" if name == "campaigns:post-battle" else "a1"},
        "factions": {"game": "aof-regiments", "faction": "human-empire", "unit": "infantrymen"},
        "seasons": {"slug": world.season.slug, "pk": world.season.organisers.get().pk},
        "": {"uidb64": "MQ", "token": "set-password"},
    }[namespace]
    route = ROUTES[name]
    kwargs = {key: values[key] for key in re.findall(r"<(?:\w+:)?(\w+)>", route)}
    return reverse(name, kwargs=kwargs) + QUERIES.get(name, "")


@dataclass
class Walk:
    """The world, every answer of the walk by URL name ((viewer, response), the planting forms' answers among
    them), and what the PDF renderer was refused and every connection opened meanwhile."""

    world: World
    answers: dict[str, list] = field(default_factory=dict)
    refused: list[str] = field(default_factory=list)
    connections: list = field(default_factory=list)
    tags: dict[int, set[str]] = field(default_factory=dict)

    def answer(self, name: str, viewer: str | None, response) -> None:
        assert response.status_code < 500, (name, viewer, response.status_code)
        self.answers.setdefault(name, []).append((viewer, response))

    def check(self, name: str, tmp_path) -> list[int]:
        """Check each answer of a URL once; its statuses."""
        for viewer, response in self.answers[name]:
            if response.status_code == 200 and id(response) not in self.tags:
                try:
                    self.tags[id(response)] = check_response(response, tmp_path)
                except AssertionError as error:
                    raise AssertionError(f"{name} as {viewer}: {error}") from None
        return [response.status_code for _, response in self.answers[name]]


def _walk(walk: Walk) -> None:
    """Every GET URL, opened by every viewer of its kind, as a page and as an htmx request."""
    for name in GETS:
        url = url_for(name, walk.world)
        for viewer in VIEWERS[WHO[name][0]]:
            client = walk.world.client(viewer)
            for headers in ({}, {"HX-Request": "true"}):
                response = client.get(url, headers=headers)
                walk.answer(name, viewer, response)
                if response.get("Content-Type", "").startswith("application/pdf"):
                    break  # a PDF is the same PDF for htmx


@pytest.fixture(scope="module")
def walked(django_db_setup, django_db_blocker):
    """The world, built once, and every GET URL walked once, with the renderer's fetcher and sockets watched."""
    fetch = StaticOnlyFetcher.fetch

    def spy_fetch(self, url, headers=None):
        try:
            return fetch(self, url, headers)
        except RefusedURL:
            refused.append(url)
            raise

    refused, connections = [], []
    with django_db_blocker.unblock(), transaction.atomic(), pytest.MonkeyPatch.context() as patch:
        patch.setattr(StaticOnlyFetcher, "fetch", spy_fetch)
        patch.setattr(socket.socket, "connect", lambda self, address: connections.append(address))
        walk = Walk(build_world(), refused=refused, connections=connections)
        for url, who, response in walk.world.planting:
            walk.answer(resolve(url).view_name, who, response)
        _walk(walk)
        yield walk
        transaction.set_rollback(True)


def text_fields() -> list[str]:
    """Every text field (CharField, TextField, JSONField) of our apps' models and of the user."""
    found = []
    for model in apps.get_models():
        label = model._meta.app_label
        if label not in ("auth", "builder", "events", "seasons", "campaigns", *STAFF_APPS) or \
                (label == "auth" and model.__name__ != "User"):
            continue
        for model_field in model._meta.get_fields():
            if isinstance(model_field, models.CharField | models.TextField | models.JSONField):
                found.append(f"{label}.{model.__name__}.{model_field.name}")
    return found


def free_text(schema: dict, defs: dict, path: str = ""):
    """The JSON paths of a JSON Schema's strings that may hold anything: no pattern, enum or const (a slug, an
    id or a Literal cannot hold a payload), and any value of a free-form object (e.g. a list file's meta)."""
    if "$ref" in schema:
        yield from free_text(defs[schema["$ref"].rpartition("/")[2]], defs, path)
    for key in ("anyOf", "allOf", "oneOf"):
        for option in schema.get(key, []):
            yield from free_text(option, defs, path)
    kind = schema.get("type")
    if kind == "string" and not {"pattern", "enum", "const"} & set(schema):
        yield path
    elif kind == "object":
        for name, inner in schema.get("properties", {}).items():
            yield from free_text(inner, defs, f"{path}.{name}".lstrip("."))
        if schema.get("additionalProperties") in (True, {}):
            yield path
    elif kind == "array" and "items" in schema:
        yield from free_text(schema["items"], defs, path)


def json_text_fields() -> list[str]:
    """Every free string of the JSON documents our models keep: list files and campaign actions."""
    schemas = [game_home(game).list_schema.model_json_schema() for game in games()]
    paths = {path for schema in schemas for path in free_text(schema, schema.get("$defs", {}))}
    found = [f"{field}[{path}]" for field in LIST_DOCUMENTS for path in paths]
    for model in ACTION_PAYLOADS.values():
        schema = model.model_json_schema()
        found += [f"campaigns.Action.payload[{path}]" for path in free_text(schema, schema.get("$defs", {}))]
    return sorted(set(found))


def test_every_text_field_is_planted_or_said_not_to_be_typed_by_users():
    """A new text field (a model's, or a free string of a list file or a campaign action) fails here until the
    world plants a payload in it or NOT_USER_TYPED says why not."""
    covered = {name.partition("[")[0] for name in (*PLANTED, *NOT_USER_TYPED)}
    missing = [f for f in text_fields() if f not in covered and f.partition(".")[0] not in STAFF_APPS]
    assert missing == []
    assert covered - set(text_fields()) == set(), "PLANTED or NOT_USER_TYPED names a field that is gone"
    strings = set(json_text_fields())
    said = {name for name in (*PLANTED, *NOT_USER_TYPED) if "[" in name}
    assert sorted(strings - said) == [], "plant a payload in these or say why they are not user-typed"
    assert sorted(said - strings) == [], "PLANTED or NOT_USER_TYPED names a JSON string that is gone"


@pytest.mark.parametrize("name", GETS)
def test_each_page_escapes_every_payload(walked, name, tmp_path):
    """No payload runs (check_response) on the URL, as any of its viewers, as a page or htmx; at least one of
    them is let in."""
    statuses = walked.check(name, tmp_path)
    assert 200 in statuses or (name in REDIRECTS and 302 in statuses) or \
        (name in NONE_IN_THE_WORLD and set(statuses) <= {403, 404}), statuses


def test_the_forms_that_planted_the_payloads_answer_safely(walked, tmp_path):
    """The rename, entry, note, display-name and reason forms' own answers (htmx partials or redirects)."""
    posted = {resolve(url).view_name for url, _, _ in walked.world.planting}
    assert len(posted) >= 8
    for name in sorted(posted):
        walked.check(name, tmp_path)


def test_every_payload_is_shown_as_literal_text_where_its_field_is_shown(walked, tmp_path):
    """Each field's payload is on the pages and in the PDFs of SHOWN as the characters typed: escaped, not
    interpreted."""
    assert set(SHOWN) == set(PAYLOADS), "every planted field says where it is shown"
    seen: dict[str, set[str]] = {}
    for name, answers in walked.answers.items():
        walked.check(name, tmp_path)
        for _, response in answers:
            for tag in walked.tags.get(id(response), ()):
                seen.setdefault(tag, set()).add(name)
    assert {tag: sorted(where - seen.get(tag, set())) for tag, where in SHOWN.items()} == \
        {tag: [] for tag in SHOWN}


def test_pdfs_fetch_nothing_the_payloads_name(walked):
    """An <img src=x> or a link in a payload is printed, never fetched: WeasyPrint asks the StaticOnlyFetcher
    for nothing it refuses, and no connection is opened (armylists/printing/pdf.py)."""
    assert walked.refused == [] and walked.connections == []


@pytest.mark.parametrize("body, headers", [
    ("<p><script>q05</script></p>", {}),
    ('<input value=""><img src=x onerror=q05>">', {}),
    ('<a href=" JavaScript:alert(1)">list</a>', {}),
    ('<div hx-on:click="q05">', {}),
    ("<p>fine</p>", {"Content-Disposition": 'attachment; filename="a"b.pdf"'}),
    ("<p>fine</p>", {"Content-Disposition": 'attachment; filename="<q05>.pdf"'}),
    ("<p>fine</p>", {"Location": '/lists/"><script>'}),
])
def test_the_checks_catch_what_an_unescaped_payload_would_make(body, headers, tmp_path):
    """The detector itself: each of these is what a template or header missing its escaping would send."""
    response = HttpResponse(body, content_type="text/html; charset=utf-8", headers=headers)
    with pytest.raises(AssertionError):
        check_response(response, tmp_path)
