"""The only code that writes the day: scoring, pairing rounds, drops, late players, swaps and table moves.

Like the events' services, each function checks what it is asked, writes in
one transaction, logs what an organiser changed (`LogEntry`, append-only) and
raises `Refused` with one sentence, writing nothing, when it cannot be done.
"""
from __future__ import annotations

import secrets

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction

from armylists.events import services as event_services
from armylists.events.models import Event, Player, PlayerInvitation
from armylists.rules.refused import Refused

from . import pairing
from .models import Dropped, LateEntry, LateInvitation, LogEntry, Round, Table, Tournament
from .read import entrants, round_closed, standings_of, tournament_of
from .scoring import TIEBREAKERS

SEED_MAX = 2**53  # a seed anyone can type back, and JSON can carry
RUNNING = (Event.State.LOCKED, Event.State.PUBLISHED)


def log(event: Event, by, text: str) -> LogEntry:
    return LogEntry.objects.create(event=event, at=event_services.now(), by=by, text=text)


def last_round(event: Event) -> Round | None:
    return Round.objects.filter(event=event).order_by("-number").first()


@transaction.atomic
def save_scoring(*, event: Event, by, **values) -> Tournament:
    """The organiser's scoring; the number of rounds may still change later, the rest only before round 1."""
    tournament = tournament_of(event)
    started = last_round(event) is not None
    for name, value in values.items():
        if started and name != "rounds" and getattr(tournament, name) != value:
            raise Refused("The first round is paired: only the number of rounds can still change.")
        setattr(tournament, name, value)
    played = last_round(event).number if started else 0
    if tournament.rounds < played:
        raise Refused(f"{played} rounds have been paired already.")
    tournament.save()
    log(event, by, "Scoring set: " + describe(tournament))
    return tournament


def describe(t: Tournament) -> str:
    bye = "a win's VP" if t.bye_vp is None else f"{t.bye_vp} VP"
    breakers = ", then ".join(TIEBREAKERS[name].split(" (")[0].lower() for name in t.tiebreakers) or "none"
    sideboards = "; sideboard lists" if t.sideboards else ""
    return (f"{t.rounds} rounds; win {t.win_vp} VP, tie {t.tie_vp}, loss {t.loss_vp}; a bye scores {bye}; "
            f"tiebreakers: {breakers}{sideboards}")


def _order(event: Event, number: int, seed: int, players: list[Player]) -> tuple[list[int], dict[int, int]]:
    """The players in pairing order, and each one's place. Round 1: random from the seed, a place each. Later:
    by standing, equals in the seed's random order, sharing their place."""
    ids = pairing.shuffled(sorted(p.pk for p in players), seed)
    if number == 1:
        return ids, {p: i for i, p in enumerate(ids)}
    shuffle = {p: i for i, p in enumerate(ids)}
    rank = {s.player.pk: s.line.rank for s in standings_of(event)}
    return sorted(ids, key=lambda p: (rank[p], shuffle[p])), {p: rank[p] for p in ids}


def _history(event: Event) -> tuple[dict[int, set[int]], dict[int, int]]:
    met: dict[int, set[int]] = {}
    byes: dict[int, int] = {}
    for first, second in Table.objects.filter(round__event=event).values_list("first_id", "second_id"):
        if second is None:
            byes[first] = byes.get(first, 0) + 1
        else:
            met.setdefault(first, set()).add(second)
            met.setdefault(second, set()).add(first)
    return met, byes


def in_round(player: Player, number: int) -> bool:
    dropped = getattr(player, "dropped", None)  # a missing reverse one-to-one is an AttributeError
    return dropped is None or dropped.from_round > number


def _may_pair(event: Event, tournament: Tournament, previous: Round | None) -> int:
    if event.state not in RUNNING:
        raise Refused("Rounds are paired once the event is locked.")
    number = previous.number + 1 if previous else 1
    if previous is not None and not round_closed(previous):
        raise Refused(f"Round {previous.number} is still being played: every table needs a confirmed result.")
    if number > tournament.rounds:
        raise Refused(f"All {tournament.rounds} rounds have been paired.")
    return number


def pair_next_round(*, event: Event, by, seed: int | None = None) -> Round:
    """Pair the next round (round 1 starts the day); the seed is shown and logged."""
    event = event_services.lock_if_due(event)
    tournament = tournament_of(event)
    with transaction.atomic():
        Event.objects.select_for_update().filter(pk=event.pk).first()
        number = _may_pair(event, tournament, last_round(event))
        seed = secrets.randbelow(SEED_MAX) if seed is None else seed
        if not 0 <= seed < SEED_MAX:
            raise Refused(f"A seed is a whole number from 0 to {SEED_MAX - 1:,}.")
        players = [p for p in entrants(event) if in_round(p, number)]
        if len(players) < 2:
            raise Refused("A round needs at least two players.")
        met, byes = _history(event)
        order, places = _order(event, number, seed, players)
        found = pairing.pair(order, met, byes, places=places)
        if tournament.pk is None:
            tournament.save()
        try:
            round_ = Round.objects.create(event=event, number=number, seed=seed, paired_at=event_services.now(),
                                          paired_by=by)
        except IntegrityError:
            raise Refused(f"Round {number} was paired a moment ago.") from None
        seats = found.pairs + ([(found.bye, None)] if found.bye is not None else [])
        Table.objects.bulk_create(Table(round=round_, number=i, first_id=a, second_id=b)
                                  for i, (a, b) in enumerate(seats, start=1))
        rematches = f", {found.rematches} rematch{'es' if found.rematches != 1 else ''}" if found.rematches else ""
        log(event, by, f"Round {number} paired: {len(players)} players, seed {seed}{rematches}.")
    return round_


def _entrant(event: Event, player: Player) -> None:
    if player.event_id != event.pk:
        raise Refused("That player is not in this event.")


@transaction.atomic
def drop_player(*, event: Event, player: Player, by) -> Dropped:
    """No more pairings from the next round on; the results so far are kept. The event is locked as pairing
    locks it, so a drop and a pairing at the same moment are one after the other: dropped before the round
    is paired, or in it and dropped from the next."""
    _entrant(event, player)
    Event.objects.select_for_update().filter(pk=event.pk).first()
    previous = last_round(event)
    from_round = previous.number + 1 if previous else 1
    dropped, created = Dropped.objects.get_or_create(player=player, defaults={"from_round": from_round})
    if not created:
        raise Refused(f"{player.display_name} has already dropped (from round {dropped.from_round}).")
    log(event, by, f"{player.display_name} dropped from round {from_round} on.")
    return dropped


@transaction.atomic
def undo_drop(*, event: Event, player: Player, by) -> None:
    """A drop taken back, until the round it dropped the player from is paired: paired again from it."""
    _entrant(event, player)
    Event.objects.select_for_update().filter(pk=event.pk).first()
    dropped = Dropped.objects.filter(player=player).first()
    if dropped is None:
        raise Refused(f"{player.display_name} has not dropped.")
    if Round.objects.filter(event=event, number__gte=dropped.from_round).exists():
        raise Refused(f"Round {dropped.from_round} is paired: {player.display_name}'s drop can no longer be undone.")
    dropped.delete()
    log(event, by, f"{player.display_name}'s drop is undone: paired again from round {dropped.from_round} on.")


def may_undo_drop(dropped: Dropped, paired: int) -> bool:
    """Whether a drop can still be taken back, `paired` rounds having been paired."""
    return dropped.from_round > paired


@transaction.atomic
def invite_late_player(*, event: Event, username: str, display_name: str, by) -> None:
    """An invitation to play from the next round on, which the person accepts on their events page. Says nothing
    of whether anyone has that username: the organisers see it pending as typed either way (`LateInvitation`),
    and only someone who has it, and is not a player already, has anything to answer; so the organisers' form
    tells nobody who has an account."""
    if event.state not in RUNNING:
        raise Refused("Before the lock, players join through the invitation link.")
    name = event_services.valid_display_name(display_name)
    event_services.refuse_taken_name(event, name)
    username = username.strip()
    user = get_user_model().objects.filter(username=username).first()
    if user is not None and Player.objects.filter(event=event, user=user).exists():
        raise Refused(f"{username} is a player of this event already.")
    LateInvitation.objects.update_or_create(event=event, username=username,
                                            defaults={"display_name": name, "sent": event_services.now(),
                                                      "sent_by": by})
    log(event, by, f"Invitation to play late sent to “{username}”, as {name}.")
    if user is not None:
        PlayerInvitation.objects.update_or_create(event=event, user=user,
                                                  defaults={"display_name": name, "invited_by": by})


@transaction.atomic
def withdraw_late_invitation(*, event: Event, pk: int, by) -> LateInvitation:
    """An invitation not yet answered taken back: the person has nothing left to answer."""
    invitation = LateInvitation.objects.select_for_update().filter(event=event, pk=pk).first()
    if invitation is None:
        raise Refused("That invitation was answered or withdrawn already.")
    PlayerInvitation.objects.filter(event=event, user__username=invitation.username).delete()
    invitation.delete()
    log(event, by, f"Invitation to play late withdrawn from “{invitation.username}”.")
    return invitation


@transaction.atomic
def answer_late_invitation(*, event: Event, user, accept: bool) -> Player | None:
    """The invited person accepts (a late player, paired from the next round on) or declines; a refusal when no
    invitation waits for them, or the event is over."""
    invitation = PlayerInvitation.objects.select_for_update().filter(event=event, user=user).first()
    if invitation is None:
        raise Refused("No invitation to play in this event is waiting for you.")
    invitation.delete()
    LateInvitation.objects.filter(event=event, username=user.get_username()).delete()
    if not accept:
        log(event, user, f"“{user.get_username()}” declined the invitation to play late.")
        return None
    return add_late_player(event=event, user=user, display_name=invitation.display_name, by=user)


@transaction.atomic
def add_late_player(*, event: Event, user, display_name: str, by) -> Player:
    """A player who arrived after the lock, paired from the next round on (before it is paired)."""
    if event.state not in RUNNING:
        raise Refused("Before the lock, players join through the invitation link.")
    if Player.objects.filter(event=event, user=user).exists():
        raise Refused(f"{user.get_username()} is a player of this event already.")
    previous = last_round(event)
    player = event_services.join_event(event=event, user=user, display_name=display_name, late=True)
    from_round = previous.number + 1 if previous else 1
    LateEntry.objects.create(player=player, from_round=from_round)
    log(event, by, f"{player.display_name} added late, paired from round {from_round} on.")
    return player


def _unplayed(round_: Round, *tables: Table) -> None:
    if round_ != last_round(round_.event) or any(t.outcome for t in tables):
        raise Refused("Only the tables of the current round without a result can be changed.")


@transaction.atomic
def swap_players(*, round_: Round, one: Player, other: Player, by) -> None:
    """Two players exchange their seats (and so their opponents)."""
    tables = {t.pk: t for t in round_.tables.select_for_update()}
    seat = {}
    for table in tables.values():
        for side in ("first", "second"):
            if getattr(table, f"{side}_id") in (one.pk, other.pk):
                seat[getattr(table, f"{side}_id")] = (table, side)
    if len(seat) != 2 or one.pk == other.pk:
        raise Refused("Choose two different players of this round.")
    (t1, s1), (t2, s2) = seat[one.pk], seat[other.pk]
    _unplayed(round_, t1, t2)
    setattr(t1, f"{s1}_id", other.pk)
    setattr(t2, f"{s2}_id", one.pk)
    for table in {t1.pk: t1, t2.pk: t2}.values():
        table.save(update_fields=["first", "second"])
    log(round_.event, by, f"Round {round_.number}: {one.display_name} and {other.display_name} swapped seats.")


@transaction.atomic
def move_table(*, round_: Round, number: int, to: int, by) -> None:
    """A pairing moves to another table number; the pairing there (if any) takes its number."""
    tables = {t.number: t for t in round_.tables.select_for_update()}
    if number not in tables or not 1 <= to <= max(len(tables), 1) * 2 or number == to:
        raise Refused(f"Move a table of round {round_.number} to another number from 1 to {len(tables) * 2}.")
    _unplayed(round_, *[t for t in (tables[number], tables.get(to)) if t])
    moving, there = tables[number], tables.get(to)
    moving.number = 0  # the unique number is free while the other table takes it
    moving.save(update_fields=["number"])
    if there is not None:
        there.number = number
        there.save(update_fields=["number"])
    moving.number = to
    moving.save(update_fields=["number"])
    log(round_.event, by, f"Round {round_.number}: table {number} moved to table {to}.")

