"""The day's services: pairing rounds, results, standings, drops, late players, swaps and the log.

AoF Regiments, Tournament Guidelines: "Tournament Length" (4 rounds), "Match
Pairings", "Victory Points" (3 for a win, 1 each for a tie), "Destruction
Points" and "Winning the Tournament" (most VP, then destruction points, else a tie).
"""
from __future__ import annotations

import threading

import pytest
from django.db import connection, transaction

from armylists.events import services as event_services
from armylists.events.models import Event, Player
from armylists.tournament import day, results
from armylists.tournament.models import LogEntry, Table
from armylists.tournament.read import round_closed, standings_of, tournament_of

pytestmark = pytest.mark.django_db


def play_round(event, organiser, winner_first=True, destruction=(500, 200)):
    round_ = day.pair_next_round(event=event, by=organiser, seed=1)
    for table in round_.tables.exclude(second=None):
        results.organiser_result(table=table, winner=table.first if winner_first else None,
                                 first_destruction=destruction[0], second_destruction=destruction[1], by=organiser)
    return round_


def test_the_guidelines_scoring_is_the_aof_regiments_default(ready):
    t = tournament_of(ready(2))
    assert (t.rounds, t.win_vp, t.tie_vp, t.loss_vp, t.bye_vp, t.tiebreakers) == (4, 3, 1, 0, None, ["destruction"])


def test_round_one_is_paired_from_the_seed_every_player_with_a_list_legal_or_not(ready, organiser):
    event = ready(8)
    round_ = day.pair_next_round(event=event, by=organiser, seed=42)
    tables = list(round_.tables.all())
    seated = {p for t in tables for p in (t.first_id, t.second_id)}
    assert len(tables) == 4 and seated == set(Player.objects.filter(event=event).values_list("pk", flat=True))
    assert "seed 42" in LogEntry.objects.get(event=event).text


def test_the_same_seed_gives_the_same_round_one(ready, organiser):
    one, other = ready(8), None
    first = [(t.first.display_name, t.second.display_name) for t in day.pair_next_round(event=one, by=organiser,
                                                                                          seed=9).tables.all()]
    Event.objects.filter(pk=one.pk).delete()
    other = ready(8)
    again = [(t.first.display_name, t.second.display_name) for t in day.pair_next_round(event=other, by=organiser,
                                                                                           seed=9).tables.all()]
    assert first == again


def test_an_open_event_is_not_paired_and_a_round_waits_for_every_result(make_event, ready, organiser):
    with pytest.raises(day.Refused, match="locked"):
        day.pair_next_round(event=make_event(), by=organiser)
    event = ready(4)
    round_ = day.pair_next_round(event=event, by=organiser)
    with pytest.raises(day.Refused, match="still being played"):
        day.pair_next_round(event=event, by=organiser)
    assert not round_closed(round_)


def test_a_bye_scores_a_wins_vp_and_no_destruction_points_and_goes_to_the_lowest_placed(ready, organiser):
    event = ready(5)
    round_ = play_round(event, organiser)
    bye = round_.tables.get(second=None)
    line = next(s.line for s in standings_of(event) if s.player.pk == bye.first_id)
    assert (line.vp, line.destruction, line.played, line.byes) == (3, 0, 1, 1)
    vp_before = {s.player.pk: s.line.vp for s in standings_of(event)}
    second = play_round(event, organiser)
    again = second.tables.get(second=None).first_id
    assert again != bye.first_id and vp_before[again] == min(vp_before.values()) == 0


def test_standings_rank_by_vp_then_destruction_and_only_the_equal_share_a_rank(ready, organiser):
    event = ready(4)
    round_ = day.pair_next_round(event=event, by=organiser, seed=3)
    t1, t2 = round_.tables.all()
    results.organiser_result(table=t1, winner=t1.first, first_destruction=600, second_destruction=100, by=organiser)
    results.organiser_result(table=t2, winner=None, first_destruction=300, second_destruction=300, by=organiser)
    ranked = [(s.player.pk, s.line.rank, s.line.vp, s.line.destruction) for s in standings_of(event)]
    assert ranked[0] == (t1.first_id, 1, 3, 600)
    # The tie: 1 VP and 300 each, equal on everything, so they share the rank; the loser is last.
    assert {r[0] for r in ranked[1:3]} == {t2.first_id, t2.second_id} and [r[1] for r in ranked] == [1, 2, 2, 4]


def test_later_rounds_pair_by_standing_and_avoid_rematches(ready, organiser):
    event = ready(8)
    first = play_round(event, organiser)
    winners = {t.first_id for t in first.tables.all()}
    second = day.pair_next_round(event=event, by=organiser, seed=1)
    for table in second.tables.all():
        assert (table.first_id in winners) == (table.second_id in winners)  # winners meet winners
    met = {frozenset((t.first_id, t.second_id)) for t in first.tables.all()}
    assert not {frozenset((t.first_id, t.second_id)) for t in second.tables.all()} & met


def test_a_player_enters_the_opponent_confirms_and_only_then_it_counts(ready, organiser):
    event = ready(2)
    table = day.pair_next_round(event=event, by=organiser).tables.get()
    results.enter(table=table, player=table.second, said="win", mine=450, theirs=120)
    with pytest.raises(day.Refused, match="opponent confirms"):
        results.confirm(table=table, player=table.second)
    assert standings_of(event)[0].line.vp == 0
    results.confirm(table=table, player=table.first)
    table.refresh_from_db()
    assert (table.outcome, table.first_destruction, table.second_destruction, table.confirmed) == (
        Table.Outcome.SECOND, 120, 450, True)
    top = standings_of(event)[0]
    assert (top.player.pk, top.line.vp, top.line.destruction) == (table.second_id, 3, 450)
    with pytest.raises(day.Refused, match="ask an organiser"):
        results.enter(table=table, player=table.first, said="win", mine=1, theirs=1)


def test_an_organiser_corrects_a_confirmed_result_only_with_a_reason_and_it_is_logged(ready, organiser):
    event = ready(2)
    table = play_round(event, organiser).tables.get()
    with pytest.raises(day.Refused, match="Say why"):
        results.organiser_result(table=table, winner=table.second, first_destruction=0, second_destruction=9,
                                 by=organiser)
    results.organiser_result(table=table, winner=table.second, first_destruction=0, second_destruction=9,
                             by=organiser, reason="scores swapped")
    logged = LogEntry.objects.last().text
    assert "corrected (was: " in logged and "reason: scores swapped" in logged
    assert standings_of(event)[0].player.pk == table.second_id


def test_a_dropped_player_is_not_paired_again_and_keeps_their_results(ready, organiser):
    event = ready(4)
    round_ = play_round(event, organiser)
    winner = round_.tables.first().first
    day.drop_player(event=event, player=winner, by=organiser)
    second = day.pair_next_round(event=event, by=organiser)
    assert winner.pk not in {p for t in second.tables.all() for p in (t.first_id, t.second_id)}
    assert second.tables.filter(second=None).count() == 1
    assert next(s for s in standings_of(event) if s.player.pk == winner.pk).line.vp == 3


def test_a_late_player_is_paired_from_the_next_round(ready, organiser, django_user_model):
    event = ready(3)
    late = day.add_late_player(event=event, user=django_user_model.objects.create_user("late"),
                               display_name="Late Lou", by=organiser)
    round_ = day.pair_next_round(event=event, by=organiser)
    assert late.pk in {p for t in round_.tables.all() for p in (t.first_id, t.second_id)}
    assert round_.tables.filter(second=None).count() == 0


def test_swapping_two_players_and_moving_a_table_are_logged(ready, organiser):
    event = ready(4)
    round_ = day.pair_next_round(event=event, by=organiser, seed=5)
    t1, t2 = round_.tables.all()
    day.swap_players(round_=round_, one=t1.first, other=t2.first, by=organiser)
    t1.refresh_from_db()
    assert t1.first_id == t2.first_id
    day.move_table(round_=round_, number=1, to=2, by=organiser)
    assert round_.tables.get(number=2).pk == t1.pk
    assert [e.text.split(":")[0] for e in LogEntry.objects.filter(event=event)][-2:] == ["Round 1", "Round 1"]


def test_the_number_of_rounds_is_kept_and_no_round_past_it(ready, organiser):
    event = ready(2)
    day.save_scoring(event=event, by=organiser, rounds=1)
    play_round(event, organiser)
    with pytest.raises(day.Refused, match="All 1 rounds"):
        day.pair_next_round(event=event, by=organiser)
    with pytest.raises(day.Refused, match="only the number of rounds"):
        day.save_scoring(event=event, by=organiser, win_vp=2)


def test_the_log_is_append_only(ready, organiser):
    event = ready(2)
    day.pair_next_round(event=event, by=organiser)
    entry = LogEntry.objects.get(event=event)
    with pytest.raises(ValueError):
        entry.save()
    assert event_services  # the events' services wrote the event


ON_POSTGRES = connection.vendor == "postgresql"


@pytest.mark.skipif(not ON_POSTGRES, reason="two connections at once: the PostgreSQL pass of .ci/run "
                                             "(SQLite's tests share one in-memory connection)")
@pytest.mark.django_db(transaction=True)
def test_a_drop_and_a_pairing_at_the_same_moment_are_one_after_the_other(ready, organiser):
    """The pairing holds the event's lock from reading the players to seating them; a drop at that moment
    waits for it, then drops the player from the next round: never "dropped from round 1" and seated in it."""
    event = ready(4)
    dov = Player.objects.get(event=event, display_name="Dov")
    pairing_holds_the_lock, dropped = threading.Event(), []

    def drop():
        pairing_holds_the_lock.wait(10)
        try:
            dropped.append(day.drop_player(event=event, player=dov, by=organiser))
        finally:
            connection.close()

    other = threading.Thread(target=drop)
    other.start()
    with transaction.atomic():
        Event.objects.select_for_update().get(pk=event.pk)  # as pair_next_round takes it
        pairing_holds_the_lock.set()
        other.join(0.5)
        assert other.is_alive(), "the drop did not wait for the pairing's lock"
        round_ = day.pair_next_round(event=event, by=organiser, seed=1)
    other.join(10)
    seated = {p for t in round_.tables.all() for p in (t.first_id, t.second_id)}
    assert dov.pk in seated and dropped[0].from_round == 2
