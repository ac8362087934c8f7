"""A Dulce Bellum caster's grimoire and spells in the builder (Dulce Bellum 0.1, Magic: What Spells Can
You Cast; Special Abilities: Spellcaster (n) and Master of Magic): picked by name from its
faction's grimoires, saved through the services like every entry edit, checked, and never shown as slugs."""
from __future__ import annotations

import copy
import json
import re
from dataclasses import replace

import pytest
from django.urls import reverse

from armylists.builder import services
from armylists.builder.controls import entry_state
from armylists.builder.models import ArmyList
from armylists.games.dulce_bellum.home import SIZES
from armylists.games.own_fields import SIZE
from armylists.games.registry import game_home
from factions.importer import import_document
from factions.schemas import parse_faction_file
from tests.checking.magic_data import MAGIC, magic_list

from .conftest import htmx

pytestmark = pytest.mark.django_db


@pytest.fixture
def make_caster_list(db, user):
    import_document(parse_faction_file(copy.deepcopy(MAGIC)))

    def make(*entries: dict, faction: str = "holds") -> ArmyList:
        return services.import_list(owner=user, data=magic_list(*entries, faction=faction))
    return make


def stored(army_list) -> dict:
    return ArmyList.objects.get(pk=army_list.pk).document


def post_entry(client, army_list, entry_id, **fields):
    entry = next(e for e in stored(army_list)["entries"] if e["id"] == entry_id)
    was = entry_state(entry, game_home(army_list.game.slug).files.entry_fields)
    data = {"was": json.dumps(was), "name": entry.get("name", ""), "size": entry["size"], **fields}
    return htmx(client, reverse("builder:list-entry-update", args=[army_list.pk, entry_id]), data)


def page(client, army_list) -> str:
    """The builder page with every entry's options form (the page fetches each when its panel opens)."""
    html = client.get(reverse("builder:list-detail", args=[army_list.pk])).content.decode()
    return html + "".join(client.get(reverse("builder:list-entry-form", args=[army_list.pk, e["id"]])).content.decode()
                          for e in stored(army_list)["entries"])


def options_of(html: str, select_id: str) -> list[str]:
    select = re.search(rf'<select id="{select_id}".*?</select>', html, re.S).group(0)
    return re.findall(r'<option value="([^"]*)"', select)


def test_a_caster_picks_one_of_its_factions_grimoires_and_then_its_spells(alice, make_caster_list):
    army_list = make_caster_list({"unit": "runesmith"})
    html = page(alice, army_list)
    assert options_of(html, "entry-e1-grimoire") == ["", "battle-magic"]  # not Dark Magic: another faction's
    assert "Choose up to 2 spells once a grimoire is picked" in html

    post_entry(alice, army_list, "e1", grimoire="battle-magic")
    html = page(alice, army_list)
    assert 'data-testid="spell-fireball"' in html and "Fireball" in html and "15+" in html

    body = post_entry(alice, army_list, "e1", grimoire="battle-magic", spells=["charge", "fireball"]).content.decode()
    assert stored(army_list)["entries"][0] == {"id": "e1", "unit": "runesmith", "size": "single",
                                               "grimoire": "battle-magic", "spells": ["charge", "fireball"]}
    assert "Battle Magic: Charge!, Fireball" in body


def test_another_factions_grimoire_is_refused_by_the_form_and_saves_nothing(alice, make_caster_list):
    army_list = make_caster_list({"unit": "runesmith"})
    post_entry(alice, army_list, "e1", grimoire="dark-magic")
    assert "grimoire" not in stored(army_list)["entries"][0]


def test_a_spell_the_game_does_not_have_saves_nothing(alice, make_caster_list):
    army_list = make_caster_list({"unit": "runesmith", "grimoire": "battle-magic"})
    post_entry(alice, army_list, "e1", grimoire="battle-magic", spells=["charge", "fire-ball"])
    assert "spells" not in stored(army_list)["entries"][0]


def test_a_new_grimoire_drops_the_spells_of_the_old_one(alice, make_caster_list):
    # Dulce Bellum, Magic: What Spells Can You Cast: "A Spellcaster can only choose spells from a single grimoire."
    army_list = make_caster_list({"unit": "necromancer", "grimoire": "dark-magic", "spells": ["hex"]},
                                 faction="dead")
    post_entry(alice, army_list, "e1", grimoire="", spells=["hex"])
    assert stored(army_list)["entries"][0] == {"id": "e1", "unit": "necromancer", "size": "single"}


def test_more_spells_than_n_are_saved_and_reported_by_name_not_blocked(alice, make_caster_list):
    # Dulce Bellum, Special Abilities: Spellcaster (n): "up to n spells"; a third spell is a too-many-spells
    # violation (warn, never block).
    army_list = make_caster_list({"unit": "runesmith", "grimoire": "battle-magic"})
    body = post_entry(alice, army_list, "e1", grimoire="battle-magic",
                      spells=["charge", "fireball", "avatar-of-war"]).content.decode()
    assert stored(army_list)["entries"][0]["spells"] == ["charge", "fireball", "avatar-of-war"]
    # Shown on the entry it concerns (with its rule), not among the list-wide problems.
    assert 'data-testid="entry-flags"' in body and "Runesmith lists 3 spells" in body


def test_a_master_of_magic_shows_its_whole_grimoire_and_chooses_none(alice, make_caster_list):
    # Dulce Bellum, Special Abilities: Master of Magic: "This unit knows all the spells from their chosen
    # Magic Grimoire."
    army_list = make_caster_list({"unit": "archmage", "grimoire": "battle-magic"})
    html = page(alice, army_list)
    known = re.search(r'data-testid="known-spells">(.*?)</ul>', html, re.S).group(1)
    assert [n for n in ("Charge!", "Fireball", "Avatar of War") if n in known] == ["Charge!", "Fireball",
                                                                                   "Avatar of War"]
    assert 'name="spells"' not in html


def test_a_fixed_spellcaster_shows_its_spell_and_picks_no_grimoire(alice, make_caster_list):
    # Dulce Bellum, Special Abilities: Spellcaster (n): "If n is a spell name, it has that spell."
    army_list = make_caster_list({"unit": "flamecaller"})
    html = page(alice, army_list)
    assert re.search(r'data-testid="fixed-spell">Knows Fireball', html)
    assert 'id="entry-e1-grimoire"' not in html


def test_no_slug_of_a_grimoire_or_spell_reaches_the_page_as_text(alice, make_caster_list):
    army_list = make_caster_list({"unit": "runesmith", "grimoire": "battle-magic", "spells": ["charge", "fireball"]},
                                 {"unit": "runesmith", "grimoire": "battle-magic", "spells": ["fireball"]})
    html = page(alice, army_list)
    text = re.sub(r"<[^>]+>", " ", html)  # what a player reads, without attributes
    assert "Fireball is chosen twice" in text
    assert not re.search(r"\b(battle-magic|avatar-of-war|fireball)\b", text)


def test_the_text_export_names_the_grimoire_and_spells(alice, make_caster_list):
    army_list = make_caster_list({"unit": "runesmith", "grimoire": "battle-magic", "spells": ["charge", "fireball"]})
    text = alice.get(reverse("builder:list-text", args=[army_list.pk])).content.decode()
    assert "Battle Magic: Charge!, Fireball" in text and "fireball" not in text


def test_the_text_export_says_a_size_in_the_words_its_game_declares(alice, make_caster_list, monkeypatch):
    """Not the size's value capitalised: a game whose word for "single" is "Lone Hero" has it in the export."""
    home = game_home("dulce-bellum")
    worded = tuple(replace(f, words=(("single", "Lone Hero"),)) if f.control == SIZE.kind else f
                   for f in home.files.entry_fields)
    monkeypatch.setattr(home.files, "entry_fields", worded)
    army_list = make_caster_list({"unit": "runesmith"})
    text = alice.get(reverse("builder:list-text", args=[army_list.pk])).content.decode()
    assert "(Lone Hero)" in text and "(Single)" not in text


def test_the_builder_offers_sizes_in_the_words_its_game_declares(monkeypatch):
    monkeypatch.setitem(SIZES, "single", "Lone Hero")
    assert game_home("dulce-bellum").library.sizes_of({"sizes": [{"size": "single", "points": 40, "morale": 3}]}) == [
        ("single", "Lone Hero (40 pts)")]
