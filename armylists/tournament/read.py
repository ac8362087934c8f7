"""What the day's pages and commands read: the event's scoring, its games and standings, in a few queries."""
from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Exists, OuterRef, Q, Subquery
from django.db.models.functions import Lower

from armylists.events.models import Event, Player, Submission

from .models import Round, Table, Tournament
from .scoring import DEFAULTS, LOSS, TIE, WIN, Game, Line, Scoring, standings

# What each outcome of a table is to its first and its second player.
SIDES = {Table.Outcome.FIRST: (WIN, LOSS), Table.Outcome.SECOND: (LOSS, WIN), Table.Outcome.TIE: (TIE, TIE)}


def day_version(slug: str) -> str | None:
    """What the day's pages show has changed when this has: the event's state (who sees factions, who may enter
    results) and the number of entries in the day's log, which is append-only and written in the same
    transaction as every change of the day (a result entered, confirmed or corrected, a round paired, a drop,
    a late player, a swap). None for no such event. One query: the 10-second polls ask it (docs/events.md,
    "Polling")."""
    found = (Event.objects.filter(slug=slug).annotate(logged=Count("tournament_log"))
             .values_list("state", "logged").first())
    return None if found is None else f"{found[0]}-{found[1]}"


def book_scoring(event: Event) -> dict | None:
    """The game's own tournament scoring, or None when its book gives none."""
    return event.game.home.tournament_scoring


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


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player as the standings show them."""

    pk: int
    display_name: str
    faction: str
    dropped_from: int | None = None  # the first round they were not paired in, if they dropped


@dataclass(slots=True)
class Standing:
    line: Line
    player: Entrant
    opponents: list[Entrant]

    @property
    def opponent_names(self) -> str:
        return ", ".join(o.display_name for o in self.opponents)

    @property
    def played(self) -> str:
        """Games played apart from byes ("2 played, 1 bye"): a bye has no opponent, so "3 played" beside two
        opponents would read as a game missing. The scoring's `played` counts byes too."""
        said = f"{self.line.played - self.line.byes} played"
        return said + (f", {self.line.byes} bye{'s' if self.line.byes != 1 else ''}" if self.line.byes else "")

    @property
    def notes(self) -> str:
        """What the numbers alone do not say: a drop (byes are said with the games played)."""
        return f"dropped from round {self.player.dropped_from}" if self.player.dropped_from else ""


def _entrants(event: Event | int):
    """Every player with a submission or a late entry, by name, each with their latest list's faction."""
    latest = Submission.objects.filter(player=OuterRef("pk")).order_by("-version").values("faction_name")[:1]
    submitted = Exists(Submission.objects.filter(player=OuterRef("pk")))
    return (Player.objects.filter(event=event).filter(submitted | Q(late_entry__isnull=False))
            .annotate(faction=Subquery(latest)).order_by(Lower("display_name")))


def takes_part(player: Player | None) -> bool:
    """Whether the player is an entrant of their event's day (as `entrants` counts them)."""
    return player is not None and _entrants(player.event_id).filter(pk=player.pk).exists()


def entrants(event: Event) -> list[Player]:
    return list(_entrants(event).select_related("dropped"))


def standings_of(event: Event, tournament: Tournament | None = None) -> list[Standing]:
    """Every entrant in order, ranked; equals by name. Two queries, whatever the number of players."""
    tournament = tournament or tournament_of(event)
    by_id = {pk: Entrant(pk, name, faction or "", dropped)
             for pk, name, faction, dropped in _entrants(event).values_list("pk", "display_name", "faction",
                                                                            "dropped__from_round")}
    ids = list(by_id)
    ranked = standings(ids, games(event), scoring(tournament), order_of_equals=ids)
    return [Standing(line, by_id[line.player], [by_id[o] for o in line.opponents if o in by_id])
            for line in ranked if line.player in by_id]


def rounds(event: Event) -> list[Round]:
    return list(Round.objects.filter(event=event).prefetch_related("tables__first", "tables__second"))


def round_closed(round_: Round) -> bool:
    """A round closes when every table has a confirmed result (a bye scores by itself)."""
    return not round_.tables.filter(second__isnull=False, confirmed=False).exists()
