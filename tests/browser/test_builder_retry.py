"""A client that retries an edit after a timeout does not add the entry twice (Faults;
docs/deploying.md, What the site does against hostile clients: "A retried edit").

The builder's script sends each edit with a key (X-Edit-Key) and, when an edit got no answer, sends
the same key with the same edit again; the server answers a key it has seen with the list as it is.
Here the network is cut by Playwright: the first add reaches the server but its answer is lost."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from armylists.builder import services
from armylists.builder.models import ArmyList
from factions.models import Faction

from .conftest import Builder

ADD = "**/entries/add/"
NO_ANSWER = "No answer from the server"


def stored_units(army_list: ArmyList) -> list[str]:
    return [e["unit"] for e in ArmyList.objects.get(pk=army_list.pk).document["entries"]]


def open_builder(page, player) -> tuple[ArmyList, Builder, str]:
    """A new empty list of the player's, its builder page, and a unit of its picker to add."""
    faction = Faction.objects.get(game__slug="aof-regiments", slug="human-empire")
    army_list = services.create_list(owner=player, name="Retry", game=faction.game, faction=faction,
                                     settings={"points_limit": 2000})
    page.goto(army_list.get_absolute_url())
    builder = Builder(page)
    builder.mark_page()
    unit = page.get_by_test_id("unit-choice").first.get_attribute("data-unit")
    return army_list, builder, unit


def cut_the_first_add(page, reach_the_server: bool) -> list[str]:
    """The first add is cut off: its answer lost on the way back (it reached the server), or the
    request itself lost. Later adds go through. The keys of every add sent are returned, in order."""
    keys: list[str] = []

    def handle(route):
        keys.append(route.request.headers.get("x-edit-key", ""))
        if len(keys) > 1:
            route.continue_()
            return
        if reach_the_server:
            route.fetch()  # the server applies it and answers; the answer is dropped
        route.abort("connectionreset")

    page.route(ADD, handle)
    return keys


def tap_add_and_get_no_answer(page, unit: str) -> None:
    page.get_by_test_id(f"add-{unit}").click()
    expect(page.get_by_role("alert")).to_contain_text(NO_ANSWER)


def tap_add_again(builder: Builder, unit: str) -> None:
    """The player taps Add again; its answer brings the page to the list as it is (one version on)."""
    with builder.saved():
        builder.page.get_by_test_id(f"add-{unit}").click()


def test_an_add_whose_answer_is_lost_then_tapped_again_adds_one_entry(player_page, player):
    page = player_page
    army_list, builder, unit = open_builder(page, player)
    keys = cut_the_first_add(page, reach_the_server=True)

    tap_add_and_get_no_answer(page, unit)
    assert stored_units(army_list) == [unit], "the first add was saved; the page did not hear of it"
    assert builder.entry_ids() == [] and builder.version() == 1

    tap_add_again(builder, unit)
    assert len(builder.entry_ids()) == 1 and stored_units(army_list) == [unit]
    expect(page.get_by_test_id("replayed")).to_be_visible()
    expect(page.get_by_role("alert")).to_have_count(0)
    assert len(keys) == 2 and keys[0] == keys[1] and re.fullmatch(r"[0-9a-f-]{36}", keys[0])
    builder.assert_not_reloaded()


def test_an_add_lost_before_it_reached_the_server_is_made_when_tapped_again(player_page, player):
    page = player_page
    army_list, builder, unit = open_builder(page, player)
    keys = cut_the_first_add(page, reach_the_server=False)

    tap_add_and_get_no_answer(page, unit)
    assert stored_units(army_list) == []
    tap_add_again(builder, unit)
    assert len(builder.entry_ids()) == 1 and stored_units(army_list) == [unit]
    expect(page.get_by_test_id("replayed")).to_have_count(0)
    assert keys[0] == keys[1]


def test_two_taps_that_each_get_their_answer_add_two_entries(player_page, player):
    page = player_page
    army_list, builder, unit = open_builder(page, player)
    keys = []
    page.on("request", lambda request: keys.append(request.headers.get("x-edit-key"))
            if request.method == "POST" else None)
    first, second = builder.add(unit), builder.add(unit)
    assert first != second and stored_units(army_list) == [unit, unit]
    assert len(keys) == 2 and keys[0] != keys[1]


def test_without_a_secure_context_the_key_comes_from_getrandomvalues(player_page, player):
    """crypto.randomUUID exists only on https or localhost; Muster on a LAN is plain http."""
    page = player_page
    page.add_init_script("Object.defineProperty(Crypto.prototype, 'randomUUID', {value: undefined});")
    army_list, builder, unit = open_builder(page, player)
    keys = cut_the_first_add(page, reach_the_server=True)
    tap_add_and_get_no_answer(page, unit)
    tap_add_again(builder, unit)
    assert stored_units(army_list) == [unit] and len(builder.entry_ids()) == 1
    assert keys[0] == keys[1] and re.fullmatch(r"[0-9a-f]{32}", keys[0])
