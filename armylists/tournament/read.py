"""What the day's pages and commands read: the event's scoring, its games and standings, in a few queries."""
from __future__ import annotations

from dataclasses import dataclass

from django.db.models import OuterRef, Q, Subquery
from django.db.models.functions import Lower

from armylists.events.models import Event, Player, Submission
from armylists.games.registry import game_home

from .models import Round, Table, Tournament
from .scoring import LOSS, TIE, WIN, Game, Line, Scoring, standings

# What each outcome of a table is to its first and its second player.
SIDES = {Table.Outcome.FIRST: (WIN, LOSS), Table.Outcome.SECOND: (LOSS, WIN), Table.Outcome.TIE: (TIE, TIE)}
DEFAULTS = {"rounds": 4, "win": 3, "tie": 1, "loss": 0, "tiebreakers": ("destruction",)}


def book_scoring(event: Event) -> dict | None:
    """The game's own tournament scoring, or None when its book gives none."""
    return game_home(event.game.slug).tournament_scoring


def tournament_of(event: Event) -> Tournament:
    """The event's scoring as saved, or (unsaved) the book's, or the same defaults as the organiser's choice."""
    found = Tournament.objects.filter(event=event).first()
    if found is not None:
        return found
    values = book_scoring(event) or DEFAULTS
    return Tournament(event=event, rounds=values["rounds"], win_vp=values["win"], tie_vp=values["tie"],
                      loss_vp=values["loss"], tiebreakers=list(values["tiebreakers"]))


def scoring(tournament: Tournament) -> Scoring:
    return Scoring(win=tournament.win_vp, tie=tournament.tie_vp, loss=tournament.loss_vp, bye=tournament.bye_vp,
                   tiebreakers=tuple(tournament.tiebreakers))


def games(event: Event, *, confirmed_only: bool = True) -> list[Game]:
    """Both sides of every table with a result (and every bye), in one query."""
    tables = Table.objects.filter(round__event=event)
    if confirmed_only:
        tables = tables.filter(Q(confirmed=True) | Q(second__isnull=True))
    found = []
    for number, first, second, outcome, d1, d2 in tables.values_list(
            "round__number", "first_id", "second_id", "outcome", "first_destruction", "second_destruction"):
        if second is None:
            found.append(Game(number, first, None, WIN))
            continue
        one, two = SIDES[outcome]
        found.append(Game(number, first, second, one, d1))
        found.append(Game(number, second, first, two, d2))
    return found


@dataclass
class Standing:
    line: Line
    player: Player
    opponents: list[Player]


def entrants(event: Event) -> list[Player]:
    """Every player with a submission or a late entry, by name, each with `faction` (their latest list's)."""
    latest = Submission.objects.filter(player=OuterRef("pk")).order_by("-version").values("faction_name")[:1]
    return list(Player.objects.filter(event=event)
                .filter(Q(submissions__isnull=False) | Q(late_entry__isnull=False)).distinct()
                .annotate(faction=Subquery(latest)).select_related("dropped").order_by(Lower("display_name")))


def standings_of(event: Event, tournament: Tournament | None = None) -> list[Standing]:
    """Every entrant in order, ranked; equals by name. Two queries, whatever the number of players."""
    tournament = tournament or tournament_of(event)
    players = entrants(event)
    by_id = {p.pk: p for p in players}
    ids = list(by_id)
    ranked = standings(ids, games(event), scoring(tournament), order_of_equals=ids)
    return [Standing(line, by_id[line.player], [by_id[o] for o in line.opponents if o in by_id])
            for line in ranked if line.player in by_id]


def rounds(event: Event) -> list[Round]:
    return list(Round.objects.filter(event=event).prefetch_related("tables__first", "tables__second"))


def round_closed(round_: Round) -> bool:
    """A round closes when every table has a confirmed result (a bye scores by itself)."""
    return not round_.tables.filter(second__isnull=False, confirmed=False).exists()
