"""Which form handles each URL of the site, built as its view builds it, so the fuzz tests post its own fields.

FORMS names the form class behind each URL that takes input (Django's class-based views say theirs
themselves), RAW the names a view reads straight from the request beside (or instead of) a form, and
NO_INPUT the URLs that take none (a button). test_fuzz_forms.py fails for a URL that accepts POST and is in
none of them, so a new form is fuzzed from the day it is added.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.urls import resolve, reverse

from armylists.builder import forms as builder_forms
from armylists.builder.controls import settings_state
from armylists.builder.edits import find_entry
from armylists.builder.models import ArmyList
from armylists.campaigns import forms as campaign_forms
from armylists.campaigns.models import Campaign
from armylists.campaigns.snapshots import load_state
from armylists.campaigns.specs import faction_units
from armylists.checking.library import Library, library_of
from armylists.events import forms as event_forms
from armylists.events.models import Event
from armylists.games.registry import homes
from armylists.seasons import services as season_services
from armylists.seasons.forms import SeasonForm
from armylists.seasons.models import Season
from armylists.tournament import forms as tournament_forms
from factions.models import GameSystem

from .fuzzworld import World, reset_link

# Every query-string name a page reads (the picker's search and filters, pages, sorts, paper sizes ...):
# each GET is sent some of these, with any values, beside junk.
QUERY = ["q", "faction", "page", "edit", "game", "against", "sort", "show", "paper", "next", "unit",
         *sorted({name for home in homes() for name in home.unit_filters})]


@dataclass
class Target:
    """What one example aims at: which of alice's lists (for the builder), entry, army and unit."""

    world: World
    game: str
    entry: str
    army: str
    unit: str

    @cached_property
    def army_list(self) -> ArmyList:
        return ArmyList.objects.select_related("game").get(pk=self.world.lists[self.game])

    @cached_property
    def library(self) -> Library:
        return library_of(self.army_list.game)

    @cached_property
    def campaign_game(self) -> GameSystem:
        return GameSystem.objects.get(slug="aof-regiments")

    @cached_property
    def campaign_army(self):
        return load_state(Campaign.objects.get(slug=self.world.campaign)).state.armies[self.army]

    @cached_property
    def event(self) -> Event:
        return Event.objects.select_related("game").get(slug=self.world.event)

    def words(self) -> list[str]:
        """Names the site knows (slugs, keys, ids), so text fields are also sent values that mean something."""
        document = self.army_list.document
        units = [u for f in self.library.factions.values() for u in f.unit_docs]
        return sorted({*self.library.factions, *units, *(e["id"] for e in document["entries"]),
                       *self.world.armies, *(u for us in self.world.armies.values() for u in us),
                       *(e.get("size", "") for e in document["entries"]), "bob", "alice", "human-empire"} - {""})

    def kwargs(self, name: str, route_names: list[str]) -> dict:
        """The URL's arguments, pointing at the world's own objects."""
        world, area = self.world, name.split(":")[0]
        pks = {"events:organiser-remove": world.co_organiser, "events:pack-download": world.pack,
               "seasons:organiser-remove": world.season_co_organiser}
        slugs = {"campaigns": world.campaign, "seasons": world.season}
        tokens = {"campaigns": world.campaign_token, "events": world.event_token}
        values = {
            "pk": pks.get(name, world.submission if area == "events" else self.army_list.pk),
            "entry_id": self.entry, "key": self.army, "number": 1, "game": self.game,
            "slug": slugs.get(area, world.event),
            "token": tokens.get(area, self.army_list.share_token),
            "faction": self.army_list.document["faction"],
            "unit": self.unit if area == "campaigns" else next(iter(self.library.factions[
                self.army_list.document["faction"]].unit_docs)),
        }
        if name == "password_reset_confirm":
            values["uidb64"], values["token"] = reset_link(world.users["alice"])[0], "set-password"
        return {k: values[k] for k in route_names}


def _entry_form(t: Target) -> forms.Form:
    document = t.army_list.document
    entry = find_entry(document, t.entry)
    unit = t.library.unit(entry.get("faction") or document["faction"], entry["unit"])
    return builder_forms.EntryForm(home=t.library.home, unit=unit, entry=entry, document=document, library=t.library)


def _recruit_form(t: Target) -> forms.Form:
    params = load_state(Campaign.objects.get(slug=t.world.campaign)).state.params
    return campaign_forms.RecruitForm(home=t.campaign_game.home, units=faction_units(t.campaign_game, "human-empire"),
                                      params=params)


def _army_from_list(t: Target) -> forms.Form:
    return campaign_forms.ArmyFromListForm(lists=ArmyList.objects.filter(owner=t.world.users["alice"]))


def _season_form(t: Target, editing: bool) -> forms.Form:
    """As seasons/views.py builds it: the events its organisers (alice and bob) organise are its choices."""
    season = Season.objects.get(slug=t.world.season) if editing else None
    users = season_services.organisers_of(season, t.world.users["alice"])
    return SeasonForm(events=season_services.eligible_events(users).select_related("game"), editing=editing)


def _auth_form(name: str) -> Callable[[Target], forms.Form]:
    """Django's own account views name their form class; those that act for a user take one."""
    def build(t: Target) -> forms.Form:
        form_class = resolve(reverse(name, kwargs=t.kwargs(name, ["uidb64", "token"]) if "confirm" in name
                                     else {})).func.view_class.form_class
        if "user" in form_class.__init__.__code__.co_varnames:
            return form_class(get_user_model().objects.get(username="alice"))
        return form_class()
    return build


FORMS: dict[str, Callable[[Target], forms.Form]] = {
    "builder:list-create": lambda t: builder_forms.ListCreateForm(game=t.army_list.game),
    "builder:list-import": lambda t: builder_forms.ImportForm(),
    "builder:list-rename": lambda t: builder_forms.RenameForm(),
    "builder:list-settings": lambda t: builder_forms.ListSettingsForm(
        game=t.army_list.game, current=settings_state(t.army_list.document, t.army_list.game)),
    "builder:list-command-cards": lambda t: builder_forms.CommandCardsForm(cards=list(t.library.command_cards()),
                                                                          current=[]),
    "builder:list-share": lambda t: builder_forms.ShareForm(),
    "builder:list-entry-add": lambda t: builder_forms.EntryAddForm(library=t.library,
                                                                   primary=t.army_list.document["faction"]),
    "builder:list-entry-update": _entry_form,
    "builder:list-entry-move": lambda t: builder_forms.MoveForm(),
    "signup": lambda t: UserCreationForm(),
    **{name: _auth_form(name) for name in ("login", "password_change", "password_reset", "password_reset_confirm")},
    "campaigns:campaign-create": lambda t: campaign_forms.CampaignForm(),
    "campaigns:army-create": _army_from_list,
    "campaigns:army-adjust": lambda t: campaign_forms.AdjustForm(units=list(t.campaign_army.active_units())),
    "campaigns:upgrade-buy": lambda t: campaign_forms.UpgradeForm(),
    "campaigns:upgrade-sell": lambda t: campaign_forms.UpgradeForm(),
    "campaigns:unit-recruit": _recruit_form,
    "campaigns:unit-rename": lambda t: campaign_forms.NameForm(),
    "campaigns:unit-notes": lambda t: campaign_forms.NotesForm(),
    "campaigns:unit-traits": lambda t: campaign_forms.TraitsForm(),
    "campaigns:unit-status": lambda t: campaign_forms.StatusForm(),
    "campaigns:mission-result": lambda t: campaign_forms.ResultForm(armies=list(t.world.armies)),
    "campaigns:mission-event": lambda t: campaign_forms.EventForm(
        rounds=load_state(Campaign.objects.get(slug=t.world.campaign)).state.params.mission_rounds),
    "events:create": lambda t: event_forms.EventForm(game=t.event.game),
    "events:edit": lambda t: event_forms.EventForm(game=t.event.game, event=t.event),
    "events:state": lambda t: event_forms.StateForm(),
    "events:organiser-add": lambda t: event_forms.OrganiserForm(),
    "events:player-rename": lambda t: event_forms.JoinForm(),
    "events:join": lambda t: event_forms.JoinForm(),
    "events:submission-note": lambda t: event_forms.NoteForm(),
    "events:submit-file": lambda t: builder_forms.ImportForm(),
    "seasons:create": lambda t: _season_form(t, editing=False),
    "seasons:edit": lambda t: _season_form(t, editing=True),
    "seasons:organiser-add": lambda t: event_forms.OrganiserForm(),
    "tournament:scoring": lambda t: tournament_forms.ScoringForm(),
    "tournament:pair": lambda t: tournament_forms.PairForm(),
    "tournament:drop": lambda t: tournament_forms.PlayerForm(),
    "tournament:undrop": lambda t: tournament_forms.PlayerForm(),
    "tournament:late": lambda t: tournament_forms.LateForm(),
    "tournament:enter": lambda t: tournament_forms.ResultForm(),
    "tournament:confirm": lambda t: tournament_forms.ConfirmForm(),
    "tournament:correct": lambda t: tournament_forms.CorrectForm(),
    "tournament:swap": lambda t: tournament_forms.SwapForm(),
    "tournament:move": lambda t: tournament_forms.MoveForm(),
    "tournament:sideboards": lambda t: tournament_forms.SideboardForm(
        choices=[(pk, "") for pk in t.world.lists.values()], most=3),
}


def _unit_counts(t: Target) -> list[str]:
    return [f"count-{u.slug}" for u in faction_units(t.campaign_game, "human-empire")]


def _per_army(*templates: str) -> Callable[[Target], list[str]]:
    return lambda t: [template.format(key) for template in templates
                      for key in [*t.world.armies, *(u for us in t.world.armies.values() for u in us)]]


# Names a view reads from the request itself, beside its form (or without one).
RAW: dict[str, Callable[[Target], list[str]]] = {
    "builder:list-create": lambda t: ["game"],
    "builder:list-rename": lambda t: ["next", "list_version"],
    **{f"builder:{name}": lambda t: ["list_version"] for name in (
        "list-settings", "list-command-cards", "list-entry-add", "list-entry-update", "list-entry-move",
        "list-entry-remove", "list-entry-duplicate", "list-undo")},
    "events:create": lambda t: ["game"],
    "events:submit-list": lambda t: ["list"],
    "events:organiser-answer": lambda t: ["answer"],
    "seasons:organiser-answer": lambda t: ["answer"],
    "seasons:publish": lambda t: ["confirmed"],  # asked first (armylists/web/confirm.py)
    "tournament:late-answer": lambda t: ["answer"],
    "tournament:drop": lambda t: ["confirmed"],
    "events:submission-note": lambda t: ["next"],
    "campaigns:army-create": lambda t: ["name", "faction", *_unit_counts(t)],
    "campaigns:mission-create": lambda t: ["check", "army", *_per_army("units-{}", "objective-{}")(t)],
    "campaigns:mission-result": lambda t: ["winner", "conceded"],
    "campaigns:mission-event": lambda t: ["units", *_per_army("split-{}", "destroyed-{}")(t)],
    "campaigns:post-battle": lambda t: ["objective", *_per_army(
        "casualty-{}", "units-{}", "heroes-{}", "both-{}", "dice-{}")(t)],
    # A choice asked for by the rules comes back with the dice already rolled (campaigns/views/common.py).
    # The game master's undo reads its reason; like every action, it may come back for a choice.
    "campaigns:campaign-undo": lambda t: ["reason", "_rolls", "_choices", "_choice_key", "_choice"],
    **{f"campaigns:{name}": lambda t: ["_rolls", "_choices", "_choice_key", "_choice"] for name in (
        "army-adjust", "upgrade-buy", "upgrade-sell", "unit-recruit", "unit-rename", "unit-notes", "unit-traits",
        "unit-status", "unit-disband", "army-disband", "mission-result", "mission-event")},
}

# URLs that answer POST and take no input of their own: a button. Junk is posted to them all the same.
NO_INPUT = {"logout", "checking:api-check", "tournament:late-withdraw",
            "builder:list-duplicate", "builder:list-delete", "builder:list-undo",
            "builder:list-entry-remove", "builder:list-entry-duplicate", "campaigns:campaign-join",
            "campaigns:campaign-invite-renew", "campaigns:army-disband", "campaigns:unit-disband",
            "events:invite-renew", "events:organiser-remove", "events:pack-start",
            "seasons:organiser-remove"}
