"""People read words, never slugs, codes, ids, Python values or line numbers (the developers' guide).

The demo (`seed_demo`) is walked once: every GET URL of tests/test_url_permissions.py's WHO table, with
every demo object it can name (each list, entry, submission, army, unit, mission, faction and unit
card), by every role (anonymous, a player, another player, the organiser, the game master, staff),
PDFs read back with pdftotext and the CSV by its columns. What a person reads there (a page's text and
its title, aria-label, placeholder and alt attributes; not its links, form values or scripts) must hold
none of the tokens of `offences()`. The admin is staff's editor of the data itself and is left out;
files for programs (list files, the campaign file) hold slugs by design and are left out too.
"""
from __future__ import annotations

import csv
import io
import re
import subprocess
from dataclasses import dataclass, field
from html.parser import HTMLParser

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import default_token_generator
from django.core.management import call_command
from django.db import transaction
from django.test import Client
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from armylists.builder import services as builder
from armylists.builder.context import load_checked
from armylists.builder.models import ArmyList
from armylists.campaigns.models import Campaign
from armylists.checking.library import library_of
from armylists.events import services as events
from armylists.events.models import Event, Pack, Submission
from armylists.events.pack import run_pack
from armylists.tournament.day import pair_next_round
from armylists.tournament.models import Table
from factions.models import Faction, GameSystem, Unit

from .test_url_permissions import DECLARED, WHO

pytestmark = pytest.mark.django_db

ROUTES = {name: route for route, name in DECLARED}
# Files for programs, not for people (an event submission's Army Forge file is the player's, as sent).
FOR_PROGRAMS = {"builder:list-export", "builder:shared-list-export", "campaigns:campaign-export",
                "events:submission-as-sent"}
GETS = sorted(name for name, (_, method) in WHO.items() if method == "get" and name not in FOR_PROGRAMS)
# Pages every role of the demo is sent away from: a used invitation, a reset link once used.
REDIRECTS = {"password_reset_confirm", "builder:list-create"}
# CSV columns kept for programs beside the words (docs/events.md, "The CSV and the judges' pack").
CSV_FOR_PROGRAMS = {"error codes", "warning codes", "list fingerprint", "data fingerprint"}
SHOWN_ATTRIBUTES = {"title", "aria-label", "placeholder", "alt"}


class Reader(HTMLParser):
    """The text a person reads on a page."""

    def __init__(self):
        super().__init__()
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style", "template"):
            self.hidden += 1
        self.parts += [value for name, value in attrs if name in SHOWN_ATTRIBUTES and value]

    def handle_endtag(self, tag):
        if tag in ("script", "style", "template"):
            self.hidden -= 1

    def handle_data(self, data):
        if not self.hidden:
            self.parts.append(data)


def read(response, tmp_path) -> str:
    kind = response.get("Content-Type", "")
    if kind.startswith("application/pdf"):
        path = tmp_path / "read.pdf"
        path.write_bytes(response.content)
        return subprocess.run(["pdftotext", str(path), "-"], check=True, capture_output=True, text=True).stdout
    body = response.content.decode()
    if kind.startswith("text/csv"):
        rows = list(csv.DictReader(io.StringIO(body)))
        return "\n".join(v for row in rows for k, v in row.items() if k not in CSV_FOR_PROGRAMS)
    if kind.startswith("text/html"):
        reader = Reader()
        reader.feed(body)
        return "\n".join(reader.parts)
    return body


@dataclass
class Tokens:
    """What must not be read: the demo's hyphenated slugs, violation codes, and the look of Python and ids."""

    slugs: set[str] = field(default_factory=set)
    codes: set[str] = field(default_factory=set)

    PATTERNS = {
        "a Python dict": re.compile(r"\{'"),
        "a Python list": re.compile(r"\['|\[\d+, \d+"),
        "None": re.compile(r"\bNone\b"),
        "a Python boolean": re.compile(r"\b(?:True|False)\b"),
        "a line number": re.compile(r"\bL\d{2,}\b"),
        "an object's repr": re.compile(r"<\w+(?:\.\w+)* object at 0x|<[A-Z]\w+: "),
    }

    def offences(self, text: str) -> list[str]:
        """Each token found, with the words around it."""
        found = [(what, m) for what, pattern in self.PATTERNS.items() for m in pattern.finditer(text)]
        for m in re.finditer(r"(?<![\w/.-])[a-z0-9]+(?:-[a-z0-9]+)+(?![\w/-])", text):
            if m.group(0) in self.slugs | self.codes:
                found.append(("a slug" if m.group(0) in self.slugs else "a code", m))
        return [f"{what}: …{' '.join(text[max(0, m.start() - 40):m.end() + 20].split())}…" for what, m in found]


@dataclass
class Walk:
    tokens: Tokens
    read: dict[str, list[tuple[str, str, int, str]]] = field(default_factory=dict)  # name: (viewer, url, status, text)


def demo_world():
    """seed_demo, and what the demo lacks for a full walk: staff, a shared list, an edit to undo, a pack."""
    call_command("seed_demo", verbosity=0)
    users = get_user_model().objects
    staff = users.create_user("demo-staff", is_staff=True, is_superuser=True)
    lists = list(ArmyList.objects.select_related("game", "faction").order_by("pk"))
    for army_list in lists:
        builder.set_sharing(army_list=army_list, shared=True, show_owner=True)
        unit = army_list.document["entries"][0]["unit"] if army_list.document["entries"] else None
        if unit:
            builder.add_entry(army_list=army_list, library=library_of(army_list.game), unit=unit,
                              faction=army_list.document["faction"])
    event = Event.objects.get(slug="demo-event")
    pack = Pack.objects.create(event=event)
    run_pack(pack.pk)
    for submission in Submission.objects.filter(player__event=event, note__isnull=False):
        events.set_note(submission=submission, text=submission.note_text, private="Spoke to them at the desk.",
                        by=None)
    # The demo event is ready for its first round: pair it, so its tables and boards are read too.
    pair_next_round(event=event, by=users.get(username="demo"), seed=1)
    viewers = {"anonymous": None, "player": users.get(username="demo"),
               "other player": users.get(username="demo-rival"), "event player": users.get(username="demo-ada"),
               "staff": staff}
    return lists, event, pack, viewers


def urls_of(name: str, lists, event, pack, campaign, viewer) -> list[str]:
    """Every URL of `name` the demo has objects for."""
    params = re.findall(r"<(?:\w+:)?(\w+)>", ROUTES[name])
    if not params:
        return [reverse(name)]
    namespace = name.partition(":")[0] if ":" in name else ""
    combos: list[dict] = []
    if namespace in ("builder", "printing"):
        for army_list in lists:
            entries = [e["id"] for e in army_list.document["entries"]] if "entry_id" in params else [None]
            combos += [{"pk": army_list.pk, "token": army_list.share_token, "entry_id": e} for e in entries]
    elif namespace == "events":
        pks = [pack.pk] if name == "events:pack-download" else \
            list(Submission.objects.filter(player__event=event).values_list("pk", flat=True))
        combos = [{"slug": event.slug, "token": event.invite_token, "pk": pk} for pk in pks]
    elif namespace == "campaigns":
        armies = list(campaign.armies.all())
        units = [u.key for a in armies for u in a.units.all()]
        missions = list(range(1, campaign.actions.filter(kind="start-mission").count() + 1))
        for army in armies:
            for unit in units if "unit" in params else [None]:
                for number in missions if "number" in params else [None]:
                    combos.append({"slug": campaign.slug, "token": campaign.invite_token, "key": army.key,
                                   "unit": unit, "number": number})
        if "key" not in params:
            combos = [dict(c, key=None) for c in combos]
    elif namespace == "tournament":
        tables = Table.objects.filter(round__event=event)
        combos = [{"slug": event.slug, "pk": table.pk, "number": table.round.number}
                  for table in tables.select_related("round")]
    elif namespace == "seasons":
        combos = [{"slug": "demo-league"}]
    elif namespace == "factions":
        for unit in Unit.objects.select_related("faction__game"):
            combos.append({"game": unit.faction.game.slug, "faction": unit.faction.slug, "unit": unit.slug})
    else:  # a password reset link of the viewer's own
        user = viewer or get_user_model().objects.get(username="demo")
        combos = [{"uidb64": urlsafe_base64_encode(force_bytes(user.pk)),
                   "token": default_token_generator.make_token(user)}]
    urls = {reverse(name, kwargs={p: c[p] for p in params}) for c in combos}
    return sorted(urls)


@pytest.fixture(scope="module")
def walked(django_db_setup, django_db_blocker, tmp_path_factory):
    """The demo, seeded once, and every page of it read once by every role."""
    tmp_path = tmp_path_factory.mktemp("words")
    with django_db_blocker.unblock(), transaction.atomic():
        lists, event, pack, viewers = demo_world()
        campaign = Campaign.objects.get(slug="demo-campaign")
        tokens = Tokens(
            slugs={s for s in [*GameSystem.objects.values_list("slug", flat=True),
                               *Faction.objects.values_list("slug", flat=True),
                               *Unit.objects.values_list("slug", flat=True)] if "-" in s},
            codes={v["code"] for s in Submission.objects.all() for v in s.violations} |
                  {v["code"] for a in ArmyList.objects.all() for v in builder_violations(a)})
        walk = Walk(tokens)
        clients = {}
        for role, user in viewers.items():
            clients[role] = Client()
            if user:
                clients[role].force_login(user)
        for name in GETS:
            # The library's pages are the same for everyone, and so is a PDF: read once, by whoever may.
            roles = ["anonymous"] if name.startswith("factions:") else list(clients)
            printed: set[str] = set()
            for role in roles:
                for url in urls_of(name, lists, event, pack, campaign, viewers[role]):
                    if url in printed:
                        continue
                    response = clients[role].get(url)
                    assert response.status_code < 500, (name, role, url)
                    text = read(response, tmp_path) if response.status_code == 200 else ""
                    walk.read.setdefault(name, []).append((role, url, response.status_code, text))
                    if response.status_code == 200 and response["Content-Type"].startswith("application/pdf"):
                        printed.add(url)
        yield walk
        transaction.set_rollback(True)


def builder_violations(army_list) -> list[dict]:
    checked, _problem = load_checked(army_list, library_of(army_list.game))
    return [{"code": v.code} for v in (checked.report.violations if checked else [])]


@pytest.mark.parametrize("name", GETS)
def test_no_page_or_pdf_of_the_demo_shows_a_slug_code_id_or_python_value(walked, name):
    answers = walked.read[name]
    assert any(status == 200 for _, _, status, _ in answers) or name in REDIRECTS, \
        f"no role of the demo could open {name}"
    found = {f"{role} {url}": offences for role, url, _, text in answers
             if (offences := walked.tokens.offences(text))}
    assert found == {}


def test_the_walk_knows_the_demo_s_slugs_and_codes(walked):
    """The check can fail: the demo has hyphenated slugs and violation codes for it to look for."""
    assert {"aof-regiments", "human-empire", "too-many-copies"} <= walked.tokens.slugs | walked.tokens.codes
    assert walked.tokens.offences("Added great-cannon; {'small': 3} (L1699) None") != []
