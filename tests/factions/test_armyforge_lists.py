"""Army Forge's list files, read wherever Muster reads a list (docs/list-file.md, "Army Forge lists"): points
exact to the book (a unit's cost plus each chosen option's cost for that unit), joined heroes and combined units
as Muster's own list would have them (AoF Regiments, Combined Units; Special Rules Reference: Hero), and bad
input naming the unit's selectionId, the id and the book."""
from __future__ import annotations

import datetime as dt
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import timezone

from armylists.builder.models import ArmyList
from armylists.events import services as events
from armylists.events.models import Submission
from factions.models import GameSystem
from tests import factories

from .armyforge_book import book

pytestmark = pytest.mark.django_db
BOOK_UID = "BookRiverfolk01"


@pytest.fixture
def imported(tmp_path):
    path = tmp_path / "book.json"
    path.write_text(json.dumps(book()))
    call_command("import_factions", "--army-forge", "aof-regiments", str(path))


def unit(selection: str, unit_id: str, *upgrades: str, join: str | None = None, combined: bool = False,
         army: str = BOOK_UID) -> dict:
    return {"armyId": army, "id": unit_id, "selectionId": selection, "joinToUnit": join, "combined": combined,
            "selectedUpgrades": [{"upgrade": {"uid": "x"}, "option": {"uid": u}} for u in upgrades]}


def army_forge_list(*units: dict, system: str = "aofr") -> dict:
    return {"gameSystem": system, "name": "River Raid", "pointsLimit": 1000, "units": list(units)}


def checked(tmp_path, capsys, data: dict) -> tuple[int, dict]:
    path = tmp_path / "list.json"
    path.write_text(json.dumps(data))
    capsys.readouterr()
    with pytest.raises(SystemExit) as status:
        call_command("checklist", str(path), "--json")
    return status.value.code, json.loads(capsys.readouterr().out)


def test_checklist_reads_an_army_forge_list_with_the_books_points(imported, tmp_path, capsys):
    # Reed Sage 70 + Trident for the Sage 10; Oarsmen 100 + Banner 5.
    status, report = checked(tmp_path, capsys, army_forge_list(unit("s1", "uSage", "oTrident"),
                                                               unit("s2", "uOars", "oBanner")))
    assert "error" not in report, report
    assert report["points"] == 185 and report["points_limit"] == 1000 and status in (0, 1)


def test_a_joined_hero_and_a_combined_unit_are_read_as_army_forge_means_them(imported, tmp_path, capsys):
    # The second Oarsmen is combined with the first: one entry of 2 x 100, both Banners (5 each); the Sage joins.
    status, report = checked(tmp_path, capsys, army_forge_list(
        unit("s1", "uOars", "oBanner"), unit("s2", "uOars", "oBanner", join="s1", combined=True),
        unit("s3", "uSage", join="s1")))
    assert "error" not in report, report
    assert report["points"] == 70 + 2 * 100 + 2 * 5


@pytest.mark.parametrize(("units", "said"), [
    ([unit("s9", "uNope")], "units[0].id: unit 's9': no unit 'uNope' in the book Riverfolk Leagues"),
    ([unit("s1", "uSage", "oNope")], "unit 's1': no option 'oNope' for this unit in the book Riverfolk Leagues"),
    ([unit("s1", "uSage", army="OtherBook")], "the army book 'OtherBook' (of unit 's1') is not imported for Age of "
                                              "Fantasy: Regiments: import it first (import_factions --army-forge "
                                              "aof-regiments BOOK.json)"),
])
def test_an_id_the_book_does_not_have_is_bad_input_naming_the_selection(imported, tmp_path, capsys, units, said):
    status, report = checked(tmp_path, capsys, army_forge_list(*units))
    assert status == 2 and said in report["error"]


def test_the_big_battle_game_is_refused_in_one_sentence(imported, tmp_path, capsys):
    status, report = checked(tmp_path, capsys, army_forge_list(unit("s1", "uSage"), system="aof"))
    assert status == 2 and "'aof' is Age of Fantasy (the big-battle game): Muster checks" in report["error"]


NOT_A_TEXT = [[], {}, 3, None, True]


@pytest.mark.parametrize("system", NOT_A_TEXT)
def test_a_game_system_that_is_not_text_is_refused_naming_it_at_the_api_and_checklist(tmp_path, capsys, client,
                                                                                    db, system):
    data = {"gameSystem": system, "units": []}
    response = client.post("/api/check", data=json.dumps(data), content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"].startswith("gameSystem: the game system must be 'aofr' or 'aofs'")
    status, report = checked(tmp_path, capsys, data)
    assert status == 2 and "gameSystem: the game system must be 'aofr' or 'aofs'" in report["error"]
    call_command_text = tmp_path / "plain.json"
    call_command_text.write_text(json.dumps(data))
    with pytest.raises(SystemExit) as plain:
        call_command("checklist", str(call_command_text))
    said = capsys.readouterr()
    assert plain.value.code == 2 and "Traceback" not in said.out + said.err
    assert said.out.startswith(f"BAD INPUT {call_command_text}: gameSystem: the game system must be")


def test_a_game_system_that_is_not_text_is_a_form_error_on_import_and_an_events_submission_storing_nothing(
        client, django_user_model):
    organiser, ada = (django_user_model.objects.create_user(name) for name in ("olga", "ada"))
    soon = timezone.now() + dt.timedelta(days=30)
    event = factories.make_event(organiser, GameSystem.objects.get(slug="aof-regiments"), starts_at=soon,
                                 deadline=soon - dt.timedelta(days=1))
    events.join_event(event=event, user=ada, display_name="Ada")
    client.force_login(ada)
    for system in NOT_A_TEXT:
        raw = json.dumps({"gameSystem": system, "units": []}).encode()
        page = client.post(reverse("builder:list-import"),
                           {"file": SimpleUploadedFile("raid.json", raw, content_type="application/json")})
        assert page.status_code == 200 and "This list file cannot be used: the game system must be " \
            "&#x27;aofr&#x27; or &#x27;aofs&#x27;" in page.content.decode()
        submitted = client.post(reverse("events:submit-file", args=[event.slug]),
                                {"file": SimpleUploadedFile("raid.json", raw, content_type="application/json")},
                                follow=True)
        said = [str(m) for m in submitted.context["messages"]]
        assert said == [f"Nothing was submitted: the game system must be 'aofr' or 'aofs' (an Army "
                        f"Forge list of Age of Fantasy: Regiments or Skirmish), not {shown}"
                        for shown in [{"[]": "a list", "{}": "an object", "3": "a number", "None": "null",
                                       "True": "true or false"}[str(system)]]]
    assert not ArmyList.objects.exists() and not Submission.objects.exists()


@pytest.mark.parametrize(("path", "value", "said"), [
    (("pointsLimit",), "1000", "pointsLimit: the points limit must be an integer"),
    (("name",), ["River Raid"], "name: the list's name must be a string"),
    (("units",), {"s1": {}}, "units: the list of units must be a list"),
    (("units", 0), "s1", "units[0]: each unit must be an object"),
    (("units", 0, "armyId"), 7, "units[0].armyId: the unit's army book must be a string"),
    (("units", 0, "selectionId"), None, "units[0].selectionId: the unit's id in the list must be a string"),
    (("units", 0, "combined"), "yes", "units[0].combined: the mark of a combined unit's second half must be "
                                      "true or false"),
    (("units", 0, "selectedUpgrades", 0, "option"), {}, "units[0].selectedUpgrades[0].option: the upgrade's "
                                                        "option must give a uid (or, in an older export, an id)"),
    (("units", 0, "selectedUpgrades", 0, "option", "uid"), 1.5, "units[0].selectedUpgrades[0].option.uid: the "
                                                                "option's uid must be a string"),
])
def test_a_field_of_the_wrong_type_is_named_by_its_path_and_in_words(imported, tmp_path, capsys, path, value, said):
    data = army_forge_list(unit("s1", "uSage", "oTrident"))
    *inner, last = path
    node = data
    for step in inner:
        node = node[step]
    node[last] = value
    status, report = checked(tmp_path, capsys, data)
    assert status == 2 and report["error"].endswith(f": {said}")


@pytest.fixture
def legacy_book(imported, tmp_path):
    """The same book as another army book (made up): units of the same names, under another uid."""
    path = tmp_path / "legacy.json"
    path.write_text(json.dumps(book(uid="BookRiverfolkOld", name="Riverfolk Leagues (Old)")))
    call_command("import_factions", "--army-forge", "aof-regiments", str(path))


def test_a_combined_unit_whose_halves_come_from_two_army_books_is_refused(legacy_book, tmp_path, capsys):
    # AoF Regiments, Combined Units: "two copies of the same multi-model unit"; Oarsmen of another book are not.
    status, report = checked(tmp_path, capsys, army_forge_list(
        unit("s1", "uOars"), unit("s2", "uOars", join="s1", combined=True, army="BookRiverfolkOld")))
    assert status == 2 and report["error"].endswith(
        ": units[1].armyId: unit 's2' of the book Riverfolk Leagues (Old) is combined with 's1' of the book "
        "Riverfolk Leagues: the two halves of a combined unit must be copies of the same unit of one army book")
    status, report = checked(tmp_path, capsys, army_forge_list(
        unit("s1", "uOars", army="BookRiverfolkOld"), unit("s2", "uOars", join="s1", combined=True,
                                                             army="BookRiverfolkOld")))
    assert "error" not in report, report


def test_the_builders_import_makes_an_ordinary_list_and_says_what_it_became(imported, client, django_user_model):
    client.force_login(django_user_model.objects.create_user("ada"))
    data = army_forge_list(unit("s1", "uOars", "oBanner"), unit("s2", "uOars", "oBanner", join="s1", combined=True),
                           unit("s3", "uSage", join="s1"))
    response = client.post(reverse("builder:list-import"), {"file": SimpleUploadedFile(
        "raid.json", json.dumps(data).encode(), content_type="application/json")}, follow=True)
    said = [str(m) for m in response.context["messages"]]
    assert said == ["Imported “River Raid” from an Army Forge list: its 3 units became 2 entries (1 combined unit "
                    "as one entry each), 1 hero joined to a unit; the Army Forge file is kept with the list."]
    army_list = ArmyList.objects.get(name="River Raid")
    entries = army_list.document["entries"]
    assert [(e["unit"], e.get("combined", False)) for e in entries] == [("oarsmen", True), ("reed-sage", False)]
    assert entries[1]["joined_to"] == entries[0]["id"]
    assert army_list.document["meta"]["army_forge_list"] == data


def test_an_event_takes_an_army_forge_list_frozen_as_musters_own_with_the_original_beside_it(
        imported, django_user_model):
    organiser, ada = (django_user_model.objects.create_user(name) for name in ("olga", "ada"))
    soon = timezone.now() + dt.timedelta(days=30)
    event = factories.make_event(organiser, GameSystem.objects.get(slug="aof-regiments"), starts_at=soon,
                                 deadline=soon - dt.timedelta(days=1))
    player = events.join_event(event=event, user=ada, display_name="Ada")
    data = army_forge_list(unit("s1", "uSage"))
    submission = events.submit(player=player, data=data)
    assert submission.document["format"] == "armylists/list@1" and submission.points == 70
    assert submission.document["meta"]["army_forge_list"] == data


def test_the_api_checks_an_army_forge_list_too(imported, client):
    response = client.post("/api/check", data=json.dumps(army_forge_list(unit("s1", "uSage", "oTrident"))),
                           content_type="application/json")
    assert response.status_code == 200 and response.json()["points"] == 80


SHARE = "https://army-forge.onepagerules.com/share?id=Ab3-xY_9&name=River%20Raid"


def import_link(client, django_user_model, link: str):
    client.force_login(django_user_model.objects.get_or_create(username="ada")[0])
    return client.post(reverse("builder:list-import"), {"link": link}, follow=True).content.decode()


def test_a_share_link_is_not_fetched_unless_the_site_allows_it_and_says_to_download_the_file(
        imported, client, django_user_model, monkeypatch):
    monkeypatch.setattr("armylists.builder.armyforge_link.open_list_url",
                        lambda *a, **k: pytest.fail("fetched with the setting off"))
    page = import_link(client, django_user_model, SHARE)
    assert "this site does not fetch lists from Army Forge: open the list in Army Forge, download its list file" \
        in page and not ArmyList.objects.exists()
    assert "not an Army Forge share link" in import_link(client, django_user_model, "https://example.org/share?id=1")


class Recorded:
    """Army Forge's answer, as recorded (made up for the tests, in its shape)."""

    def __init__(self, body: bytes):
        self.body = body

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def read(self, most: int) -> bytes:
        return self.body[:most]


def test_a_share_link_is_fetched_from_the_list_api_alone_when_the_site_allows_it(
        imported, client, django_user_model, monkeypatch, settings):
    settings.ARMY_FORGE_FETCH = True
    asked = []

    def answer(request, timeout):
        asked.append((request.full_url, timeout))
        return Recorded(json.dumps(army_forge_list(unit("s1", "uSage"))).encode())

    monkeypatch.setattr("armylists.builder.armyforge_link.open_list_url", answer)
    page = import_link(client, django_user_model, SHARE)
    assert asked == [("https://army-forge.onepagerules.com/api/tts?id=Ab3-xY_9", settings.ARMY_FORGE_FETCH_TIMEOUT_S)]
    assert "from an Army Forge list" in page and ArmyList.objects.get().name == "River Raid"


class Upstream(BaseHTTPRequestHandler):
    """A list API on this machine that redirects to an address inside the site's network (made up), and that
    address, which gives a list: what it was asked is recorded before it answers."""

    asked: list[str] = []

    def do_GET(self):
        self.asked.append(self.path)
        if self.path.startswith("/api/tts"):
            self.send_response(302)
            self.send_header("Location", f"http://127.0.0.1:{self.server.server_port}/internal/secrets")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        body = json.dumps(army_forge_list(unit("s1", "uSage"))).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture
def upstream():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Upstream)
    Upstream.asked = []
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()
    thread.join()


def test_a_share_links_fetch_follows_no_redirect_and_says_so(imported, client, django_user_model, settings,
                                                             upstream):
    """docs/deploying.md, "Fetching from Army Forge": nothing but the list API is fetched, wherever it points."""
    settings.ARMY_FORGE_FETCH = True
    settings.ARMY_FORGE_LIST_URL = f"http://127.0.0.1:{upstream.server_port}/api/tts?id={{id}}"
    page = import_link(client, django_user_model, SHARE)
    assert Upstream.asked == ["/api/tts?id=Ab3-xY_9"]
    assert "This link cannot be used: Army Forge answered with a redirect to another address, which this site " \
           "does not follow" in page
    assert "internal" not in page and not ArmyList.objects.exists()


# --- what each way in says of a bad list (docs/checking.md, "Bad input": a path and a command for checklist and
# the API, words of the list's units on a page) -----------------------------------------------------------------

REGIMENTS, SKIRMISH = "Age of Fantasy: Regiments", "Age of Fantasy: Skirmish"


def submit_file_and_import(client, django_user_model, data: dict, game: str = "aof-regiments") -> tuple[str, str]:
    """What the builder's import page and an event's file submission say of `data`, nothing stored by either."""
    organiser, ada = (django_user_model.objects.get_or_create(username=name)[0] for name in ("olga", "ada"))
    soon = timezone.now() + dt.timedelta(days=30)
    event = factories.make_event(organiser, GameSystem.objects.get(slug=game), starts_at=soon,
                                 deadline=soon - dt.timedelta(days=1))
    events.join_event(event=event, user=ada, display_name="Ada")
    client.force_login(ada)
    raw = json.dumps(data).encode()
    page = client.post(reverse("builder:list-import"),
                       {"file": SimpleUploadedFile("raid.json", raw, content_type="application/json")})
    submitted = client.post(reverse("events:submit-file", args=[event.slug]),
                            {"file": SimpleUploadedFile("raid.json", raw, content_type="application/json")},
                            follow=True)
    assert page.status_code == 200 and not ArmyList.objects.exists() and not Submission.objects.exists()
    error = page.context["form"].errors["file"]
    [said] = [str(m) for m in submitted.context["messages"]]
    return error[0], said


@pytest.fixture
def skirmish_only(tmp_path):
    """The book downloaded from Army Forge for AoF Skirmish, imported for AoF Skirmish alone."""
    path = tmp_path / "skirmish-book.json"
    path.write_text(json.dumps(book(gameSystemSlug="age-of-fantasy-skirmish")))
    call_command("import_factions", "--army-forge", "aof-skirmish", str(path))


def test_a_regiments_list_whose_book_was_imported_for_skirmish_is_told_so_naming_the_game(
        skirmish_only, tmp_path, capsys, client, django_user_model):
    """It was told the book "is not imported: import it first", and importing it was refused."""
    data = army_forge_list(unit("s1", "uSage"))
    wrong = (f"was imported for {SKIRMISH}, not for {REGIMENTS}, the game of this list")
    command_line = (f"units[0].armyId: the army book Riverfolk Leagues (of unit 's1') {wrong}: download the book "
                    f"from Army Forge for {REGIMENTS} and import it for that game (import_factions --army-forge "
                    "aof-regiments BOOK.json)")
    status, report = checked(tmp_path, capsys, data)
    assert status == 2 and report["error"].endswith(f"list.json: {command_line}")
    response = client.post("/api/check", data=json.dumps(data), content_type="application/json")
    assert response.status_code == 400 and response.json()["error"] == command_line
    on_page = (f"the list's first unit: its army book, Riverfolk Leagues, {wrong}: the book must be downloaded "
               f"from Army Forge for {REGIMENTS} and imported for that game (the site's staff can import it)")
    imported_page, submitted = submit_file_and_import(client, django_user_model, data)
    assert imported_page == f"This list file cannot be used: {on_page}"
    assert submitted == f"Nothing was submitted: {on_page}"
    # The same list of AoF Skirmish is read against the book as it was imported.
    status, report = checked(tmp_path, capsys, army_forge_list(unit("s1", "uSage"), system="aofs"))
    assert "error" not in report, report


def test_following_the_advice_works_and_the_skirmish_download_is_refused_naming_its_game(skirmish_only, tmp_path,
                                                                                       capsys):
    refused = tmp_path / "skirmish-book.json"
    with pytest.raises(CommandError):
        call_command("import_factions", "--army-forge", "aof-regiments", str(refused))
    said = capsys.readouterr()
    assert (f"this book was downloaded for {SKIRMISH}, another game; download it from Army Forge for {REGIMENTS} "
            "or Age of Fantasy") in said.out + said.err
    regiments = tmp_path / "regiments-book.json"
    regiments.write_text(json.dumps(book()))  # served for Age of Fantasy, which AoF Regiments reads
    call_command("import_factions", "--army-forge", "aof-regiments", str(regiments))
    status, report = checked(tmp_path, capsys, army_forge_list(unit("s1", "uSage")))
    assert "error" not in report, report


def test_a_book_imported_for_no_game_is_said_not_to_be_in_the_library_on_a_page(imported, client,
                                                                                django_user_model):
    imported_page, submitted = submit_file_and_import(client, django_user_model,
                                                      army_forge_list(unit("s1", "uSage", army="OtherBook")))
    on_page = (f"the list's first unit: its army book is not in this site's library for {REGIMENTS}: the site's "
               "staff must import the book from Army Forge first")
    assert imported_page == f"This list file cannot be used: {on_page}"
    assert submitted == f"Nothing was submitted: {on_page}"


SAGE = dict(unit("s1", "uSage", "oTrident"), customName="Old Reed")


@pytest.mark.parametrize(("units", "points", "command_line", "on_page"), [
    ([SAGE, unit("s2", "uSage", "oNope")], 1000,
     "units[1].selectedUpgrades[0].option: unit 's2': no option 'oNope' for this unit in the book Riverfolk Leagues",
     "the list's second unit, “Reed Sage”: its first upgrade is no option of this unit in the book Riverfolk Leagues "
     "as it was imported (it may have changed since)"),
    ([SAGE, unit("s2", "uNope")], 1000, "units[1].id: unit 's2': no unit 'uNope' in the book Riverfolk Leagues",
     "the list's second unit: the book Riverfolk Leagues has no such unit as it was imported (it may have changed "
     "since)"),
    ([unit("s1", "uSage", join="s9")], 1000, "units[0].joinToUnit: unit 's1' joins 's9', which is not a unit of "
     "this list", "the list's first unit, “Reed Sage”: it joins a unit that is not in this list"),
    ([SAGE, dict(SAGE, selectedUpgrades=[{"option": {}}])], 1000,
     "units[1].selectedUpgrades[0].option: the upgrade's option must give a uid (or, in an older export, an id)",
     "the list's second unit, its first upgrade: the upgrade's option must give a uid (or, in an older export, "
     "an id)"),
    ([SAGE], "1000", "pointsLimit: the points limit must be an integer", "the points limit must be an integer"),
])
def test_a_page_speaks_of_the_lists_units_where_checklist_and_the_api_name_the_path(
        imported, tmp_path, capsys, client, django_user_model, units, points, command_line, on_page):
    data = dict(army_forge_list(*units), pointsLimit=points)
    status, report = checked(tmp_path, capsys, data)
    assert status == 2 and report["error"].endswith(f"list.json: {command_line}")
    assert client.post("/api/check", data=json.dumps(data), content_type="application/json").json() == \
        {"error": command_line}
    imported_page, submitted = submit_file_and_import(client, django_user_model, data)
    assert imported_page == f"This list file cannot be used: {on_page}"
    assert submitted == f"Nothing was submitted: {on_page}"
    assert "units[" not in on_page and "Upgrades" not in on_page and "import_factions" not in on_page


def test_a_page_names_both_halves_of_a_combined_unit_from_two_books_by_their_places(legacy_book, client,
                                                                                     django_user_model):
    data = army_forge_list(unit("s1", "uOars"), unit("s2", "uOars", join="s1", combined=True, army="BookRiverfolkOld"))
    imported_page, _ = submit_file_and_import(client, django_user_model, data)
    assert imported_page == (
        "This list file cannot be used: the list's second unit, “Oarsmen”, of the book Riverfolk Leagues (Old), is "
        "combined with the list's first unit, “Oarsmen”, of the book Riverfolk Leagues: the two halves of a combined "
        "unit must be copies of the same unit of one army book")
