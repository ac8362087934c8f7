"""The tournament day of an event, under the event's own address (/events/<slug>/...)."""
from django.urls import path

from .views import boards, organiser, players, sideboards

app_name = "tournament"

urlpatterns = [
    path("day/", players.day_page, name="day"),
    path("day/scoring/", organiser.scoring, name="scoring"),
    path("day/pair/", organiser.pair, name="pair"),
    path("day/drop/", organiser.drop, name="drop"),
    path("day/drop/undo/", organiser.undrop, name="undrop"),
    path("day/late/", organiser.late, name="late"),
    path("day/late/answer/", players.late_answer, name="late-answer"),
    path("day/late/<int:pk>/withdraw/", organiser.late_withdraw, name="late-withdraw"),
    path("day/sideboards/", sideboards.submit, name="sideboards"),
    path("day/tables/<int:pk>/result/", players.enter, name="enter"),
    path("day/tables/<int:pk>/confirm/", players.confirm, name="confirm"),
    path("day/tables/<int:pk>/correct/", organiser.correct, name="correct"),
    path("day/tables/<int:pk>/opponent.pdf", players.opponent_roster, name="opponent-roster"),
    path("day/rounds/<int:number>/", boards.round_page, name="round"),
    path("day/rounds/<int:number>/swap/", organiser.swap, name="swap"),
    path("day/rounds/<int:number>/move/", organiser.move, name="move"),
    path("day/rounds/<int:number>/pairings.csv", boards.round_file, {"kind": "csv"}, name="round-csv"),
    path("day/rounds/<int:number>/pairings.pdf", boards.round_file, {"kind": "pdf"}, name="round-pdf"),
    path("standings/", boards.standings, name="standings"),
    path("standings.csv", boards.standings_file, {"kind": "csv"}, name="standings-csv"),
    path("standings.pdf", boards.standings_file, {"kind": "pdf"}, name="standings-pdf"),
]
