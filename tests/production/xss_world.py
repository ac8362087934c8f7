"""A world where every text a user can type holds a hostile payload (Hostile input;
docs/deploying.md, What the site does against hostile clients).

`hostile(tag)` is one payload per field, tagged so a page shows which field it came from: a
`javascript:` start (if it ever became a link), a quote and `>` to break out of an attribute, an
`<img onerror>` and a `<script>`, and a CR/LF (if it ever reached a header, e.g. a file name).

`build_world()` sets each field through the form or service a player uses, so validation applies;
a username cannot hold `<` (Django's sign-up refuses it), so usernames are written on the model
directly, to show pages escape even stored junk. `PLANTED` names every field the world fills and
`NOT_USER_TYPED` every other text field, with the reason; tests/production/test_xss.py fails when a
model grows a text field that is in neither.
"""
from __future__ import annotations

import copy
import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path

from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from armylists.builder import services as builder
from armylists.campaigns import services as campaigns
from armylists.campaigns.specs import faction_units, spec_of
from armylists.events import services as events
from armylists.events.models import Event, Pack
from armylists.rules.campaign.actions import NewUnit
from armylists.rules.campaign.data import to_data
from factions.importer import import_file
from factions.models import GameSystem
from tests.factories import list_file

DEMO = Path(__file__).resolve().parents[2] / "factions" / "data" / "demo" / "aof-regiments.json"
FACTION = "human-empire"


def hostile(tag: str) -> str:
    """The payload planted in one field: 50 characters and the tag twice (a display name holds 60)."""
    return f'javascript:"><img src=x onerror={tag}><script>{tag}</script>\r\n'


def one_line(tag: str) -> str:
    """The payload where a file or a service refuses a name of more than one line (docs/list-file.md, "Bounds"):
    without its line break, which a form's field strips anyway."""
    return hostile(tag).strip()


# Every text field of our models and of the user, "app.Model.field" (a JSON field's strings as
# "app.Model.field[path]"), with the tag of its payload. Tags are short: a display name holds 60.
PLANTED = {
    "auth.User.username": "q01",  # the player; q02-q04 are the other users' names
    "builder.ArmyList.name": "q05",
    "builder.ArmyList.document[name]": "q05",  # the list's name lives in both, kept equal
    "builder.ArmyList.document[entries.name]": "q06",
    "builder.ListVersion.summary": "q07",  # "Renamed ..." after a rename: the undo button quotes it
    "builder.ListVersion.document[name]": "q07",
    "builder.ListVersion.document[entries.name]": "q06",
    "events.Event.name": "q08",
    "events.Event.venue": "q09",
    "events.Player.display_name": "q10",
    "events.PlayerInvitation.display_name": "q23",  # a late player's name, on the invited person's events page
    "seasons.Season.name": "q24",  # on the season's pages and files, and its organisers' events pages
    "events.Note.text": "q11",
    "events.Note.private": "q22",  # the organisers' own note
    "events.Submission.list_name": "q12",
    "events.Submission.document[name]": "q12",
    "events.Submission.document[entries.name]": "q13",
    "campaigns.Campaign.name": "q14",
    "campaigns.CampaignArmy.name": "q15",
    "campaigns.CampaignUnit.name": "q16",
    "campaigns.Action.payload[name]": "q15",  # start-army's army; rename-unit's new name is q19
    "campaigns.Action.payload[units.name]": "q16",
    "campaigns.Action.payload[unit.name]": "q20",  # a recruit's name
    "campaigns.Action.payload[owner]": "q01",  # start-army names its player by username
    "campaigns.Action.payload[notes]": "q17",
    "campaigns.Action.payload[reason]": "q18",  # adjust, set-traits, set-status
    "campaigns.LedgerEntry.note": "q18",  # an adjustment's reason
}
USERNAMES = {"player": "q01", "organiser": "q02", "rival": "q03", "gm": "q04"}
RENAMED_UNIT = "q19"  # CampaignUnit.name and Action.payload[name] again, through the rename form
REFUSED = "q21"  # typed into a form that refuses it: the refusal message quotes it
TAGS = set(PLANTED.values()) | set(USERNAMES.values()) | {RENAMED_UNIT, REFUSED}

# Text fields nobody but staff or the program writes, and why.
STAFF = "only staff write it: faction files are loaded by the import command or the admin"
NOT_USER_TYPED = {
    "seasons.Season.scoring": "one of the scorings' names, refused otherwise (seasons/services.py)",
    "auth.User.password": "a hash, never shown",
    "auth.User.first_name": "no page lets a player set it (only the admin) and no page shows it",
    "auth.User.last_name": "no page lets a player set it (only the admin) and no page shows it",
    "auth.User.email": "typed at sign-up, never shown on a page: only the password reset reads it",
    "builder.ArmyList.share_token": "made by the program (secrets.token_urlsafe)",
    "campaigns.PendingRolls.form": "the action's own page, reversed by the program (never shown)",
    "campaigns.PendingRolls.rolls": "dice as numbers, by keys the rules engine makes (never shown as typed)",
    "campaigns.PendingRolls.posted": "a form's fields as its sender sent them, kept while a choice waits and shown "
                                     "only as the values of hidden inputs, which the template escapes "
                                     "(campaigns/post_battle.html)",
    "builder.ArmyList.verdict": "the checker's report, made by the program",
    "builder.ArmyList.page_shape": "the builder page's shape (ids and digests), made by the program",
    "builder.ListVersion.edit_key": "an X-Edit-Key header, [A-Za-z0-9_-]{1,64} or refused (replay.py)",
    "events.Event.slug": "made from the name by slugify: [a-z0-9-] only",
    "events.Event.time_zone": "must name an IANA zone (services._zone refuses anything else)",
    "events.Event.settings": "numbers and slugs only (eventsettings.clean_settings)",
    "events.Event.state": "a choice",
    "events.Event.invite_token": "made by the program",
    "events.StateChange.from_state": "a choice",
    "events.StateChange.to_state": "a choice",
    "events.Submission.faction": "a faction slug",
    "events.Submission.faction_name": STAFF,
    "events.Submission.library": STAFF,
    "events.Submission.checked_with": "the game's numbers and the event's settings: numbers and slugs",
    "events.Submission.violations": "the checker's report, made by the program",
    "events.Submission.list_fingerprint": "a hash",
    "events.Submission.data_fingerprint": "a hash",
    "events.Pack.status": "a choice",
    "events.Pack.problem": "the program's error message (it may quote a display name: shown escaped)",
    "campaigns.CampaignRules.params": STAFF,
    "campaigns.Campaign.slug": "made from the name by slugify: [a-z0-9-] only",
    "seasons.Season.slug": "made from the name by slugify, or a SlugField typed to make_season: [a-z0-9_-] only",
    "campaigns.Campaign.kind": "a choice",
    "campaigns.Campaign.overrides": "known number names and whole numbers only (services.house_rules)",
    "campaigns.Campaign.invite_token": "made by the program",
    "campaigns.CampaignArmy.key": "made by the program (a1, a2, ...)",
    "campaigns.CampaignUnit.key": "made by the program (u1, u2, ...)",
    "campaigns.CampaignUnit.unit": "a unit slug",
    "campaigns.CampaignUnit.faction": "a faction slug",
    "campaigns.Action.kind": "one of the engine's action kinds",
    "campaigns.Action.rolls": "dice: numbers 1-6 under the program's keys",
    "campaigns.Action.choices": "picks among the rulebook's tables (payloads.Picks, slugs)",
    "campaigns.LedgerEntry.reason": "one of the engine's reasons (e.g. 'upkeep')",
    "campaigns.Action.summary": "the engine's sentence, made by the program; the names it quotes are planted "
                                "where they are typed, and it is shown escaped",
    "campaigns.Action.payload[text]": "a house rule written by the import command from the file's unit specs",
    "campaigns.Snapshot.key": "a hash",
    "campaigns.Snapshot.previous_key": "a hash",
}
# The list file's strings, in every model that keeps a list document.
LIST_DOCUMENTS = ("builder.ArmyList.document", "builder.ListVersion.document", "events.Submission.document")
NOT_USER_TYPED |= {f"{field}[game]": "must name one of the games (boundary.envelope.read_game)"
                   for field in LIST_DOCUMENTS}
NOT_USER_TYPED |= {f"{field}[meta]": "kept for other programs, never shown (docs/list-file.md, `meta`: never checked)"
                   for field in LIST_DOCUMENTS}
# A campaign action's strings that name rulebook or library things: the engine refuses any other.
NOT_USER_TYPED |= {f"campaigns.Action.payload[{path}]": "a name from the rulebook's tables or the library; the "
                   "engine refuses any other (e.g. \"'flying' is not a talent\")"
                   for path in ("faction", "upgrade", "traits", "skill_sets", "skills", "injuries", "talents",
                                "unit.upgrades", "units.upgrades")}
NOT_USER_TYPED |= {f"campaigns.Action.payload[{units}.spec.{path}]": "made by the program from the faction "
                   "library (campaigns.specs.spec_of), never posted" for units in ("unit", "units")
                   for path in ("faction", "unit", "unit_name", "groups.slug", "offers.slug", "offers.name",
                                "offers.group")}
# Every text field of the faction library is staff-typed.
STAFF_APPS = ("factions",)


@dataclass
class World:
    users: dict = field(default_factory=dict)
    army_list: object = None
    event: Event = None
    table: object = None  # the tournament day's one table
    submission: object = None
    pack: Pack = None
    campaign: object = None
    season: object = None
    # (URL, who, response) of each form that planted a payload: htmx partials among them.
    planting: list = field(default_factory=list)

    def client(self, who: str | None) -> Client:
        client = Client()
        if who:
            client.force_login(self.users[who])
        return client


def _users(world: World) -> None:
    user_model = get_user_model()
    for who, tag in USERNAMES.items():
        # Sign-up refuses these names (UnicodeUsernameValidator): written directly, as stored junk.
        world.users[who] = user_model.objects.create_user(hostile(tag).strip()[:150])


def _post(world: World, who: str, url: str, data: dict, *, htmx: bool = True, follow: bool = False) -> None:
    headers = {"HX-Request": "true"} if htmx else {}
    response = world.client(who).post(url, data, headers=headers, follow=follow)
    assert response.status_code in (200, 302), (url, response.status_code, response.content[:300])
    world.planting.append((url, who, response))


def _army_list(world: World) -> None:
    data = list_file("aof-regiments", {"unit": "infantrymen", "name": one_line("q06")}, {"unit": "captain"},
                     faction=FACTION, points_limit=750, name=one_line("q05"))
    world.army_list = builder.import_list(owner=world.users["player"], data=data)
    pk = world.army_list.pk
    # Renamed through the rename form (q07), then back (q05): the undo button quotes the rename.
    _post(world, "player", reverse("builder:list-rename", args=[pk]), {"name": hostile("q07")})
    _post(world, "player", reverse("builder:list-rename", args=[pk]), {"name": hostile("q05")})
    _post(world, "player", reverse("builder:list-entry-update", args=[pk, "e2"]), {"name": hostile("q06")})
    _post(world, "player", reverse("builder:list-share", args=[pk]), {"shared": "on", "show_owner": "on"})
    world.army_list.refresh_from_db()


def _event(world: World) -> None:
    game = GameSystem.objects.get(slug="aof-regiments")
    start = timezone.now() + dt.timedelta(days=30)
    event = events.create_event(creator=world.users["organiser"], name=hostile("q08"), game=game,
                                starts_at=start, deadline=start - dt.timedelta(days=1), time_zone="Europe/London",
                                venue=hostile("q09"), settings={"points_limit": 750})
    events.change_state(event=event, to=Event.State.OPEN, by=world.users["organiser"])
    player = events.join_event(event=event, user=world.users["player"], display_name="First name")
    rival = events.join_event(event=event, user=world.users["rival"], display_name=hostile("q03"))
    _post(world, "player", reverse("events:player-rename", args=[event.slug]), {"display_name": hostile("q10")})
    document = copy.deepcopy(world.army_list.document)
    document.update(name=one_line("q12"), entries=[{**e, "name": one_line("q13")} for e in document["entries"]])
    world.submission = events.submit(player=player, data=document)
    _post(world, "organiser", reverse("events:submission-note", args=[event.slug, world.submission.pk]),
          {"text": hostile("q11"), "private": hostile("q22")})
    world.pack = Pack.objects.create(event=event, requested_by=world.users["organiser"])
    from armylists.events.pack import run_pack
    run_pack(world.pack.pk)
    world.pack.refresh_from_db()
    # The day under way: both players paired at table 1, the first result waiting for confirmation.
    from armylists.tournament import day, results
    events.submit(player=rival, data=copy.deepcopy(world.army_list.document))
    event = events.change_state(event=event, to=Event.State.LOCKED, by=world.users["organiser"])
    world.table = day.pair_next_round(event=event, by=world.users["organiser"], seed=1).tables.get()
    results.enter(table=world.table, player=player, said="win", mine=100, theirs=50)
    _post(world, "organiser", reverse("tournament:late", args=[event.slug]),
          {"username": world.users["gm"].username, "display_name": hostile("q23")})
    world.event = event


def _season(world: World) -> None:
    """The organiser's season of the world's event, published (its page is anyone's then)."""
    from armylists.seasons import services as seasons
    season = seasons.create_season(creator=world.users["organiser"], name=hostile("q24"), events=[world.event])
    world.season = seasons.publish(season=season)


def _unit(game: GameSystem, name: str, slug: str) -> dict:
    found = next(u for u in faction_units(game, FACTION) if u.slug == slug)
    return to_data(NewUnit(name, spec_of(game.home, found), ()))


def _campaign(world: World) -> None:
    game = GameSystem.objects.get(slug="aof-regiments")
    gm, player = world.users["gm"], world.users["player"]
    campaign = campaigns.create_campaign(name=hostile("q14"), game=game, game_master=gm, length=7)
    campaigns.join_campaign(campaign=campaign, user=player, token=campaign.invite_token)
    for who, user in (("player", player), ("gm", gm)):
        # Six Infantrymen and a Captain: 600 of the 750 points, the least an army may spend.
        units = [_unit(game, one_line("q16"), "infantrymen")] + \
            [_unit(game, f"Foot {i}", "infantrymen") for i in range(2, 7)] + [_unit(game, who, "captain")]
        name = one_line("q15") if who == "player" else "Second army"  # army names are unique
        campaigns.start_army(campaign=campaign, actor=user, owner=user, name=name, faction=FACTION,
                             units=units)
    campaigns.perform(campaign=campaign, actor=gm, kind="start-mission",
                      data={"fielded": [{"army": "a1", "units": ["u1"]}, {"army": "a2", "units": ["u8"]}]})
    campaigns.perform(campaign=campaign, actor=gm, kind="record-result", data={"mission": 1, "winner": "a1"})
    unit = [campaign.slug, "a1", "u2"]
    _post(world, "player", reverse("campaigns:unit-rename", args=unit), {"name": hostile(RENAMED_UNIT)})
    _post(world, "player", reverse("campaigns:unit-notes", args=unit), {"notes": hostile("q17")})
    _post(world, "gm", reverse("campaigns:army-adjust", args=[campaign.slug, "a1"]),
          {"points": "10", "reason": hostile("q18")})
    _post(world, "player", reverse("campaigns:post-battle", args=[campaign.slug, 1, "a1"]), {})
    _post(world, "player", reverse("campaigns:unit-recruit", args=[campaign.slug, "a1"]),
          {"unit": "infantrymen", "name": hostile("q20")})
    _post(world, "gm", reverse("campaigns:unit-status", args=unit),
          {"status": "active", "sitting_out": "0", "reason": hostile("q18")})
    # Refused ("... is not a talent"): the message on the page it is sent back to quotes what was typed.
    _post(world, "gm", reverse("campaigns:unit-traits", args=unit), {"talents": hostile(REFUSED), "reason": "typo"},
          follow=True)
    world.campaign = campaign


def build_world() -> World:
    import_file(DEMO)
    world = World()
    _users(world)
    _army_list(world)
    _event(world)
    _season(world)
    _campaign(world)
    return world
