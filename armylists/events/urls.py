from django.urls import include, path

from .views import dashboard, events, players, submissions

app_name = "events"

event_patterns = [
    path("", events.event_detail, name="detail"),
    path("edit/", events.event_edit, name="edit"),
    path("state/", events.event_state, name="state"),
    path("invitation/renew/", events.invite_renew, name="invite-renew"),
    path("organisers/add/", events.organiser_add, name="organiser-add"),
    path("organisers/answer/", events.organiser_answer, name="organiser-answer"),
    path("organisers/<int:pk>/remove/", events.organiser_remove, name="organiser-remove"),
    path("display-name/", players.player_rename, name="player-rename"),
    path("submit/list/", players.submit_list, name="submit-list"),
    path("submit/file/", players.submit_file, name="submit-file"),
    path("submissions/<int:pk>/", submissions.submission_detail, name="submission"),
    path("submissions/<int:pk>/roster.pdf", submissions.submission_pdf, name="submission-pdf"),
    path("submissions/<int:pk>/as-sent.json", submissions.submission_sent, name="submission-as-sent"),
    path("submissions/<int:pk>/note/", submissions.submission_note, name="submission-note"),
    path("dashboard/", dashboard.dashboard, name="dashboard"),
    path("recheck/", dashboard.recheck, name="recheck"),
    path("submissions.csv", dashboard.export_csv, name="export-csv"),
    path("pack/", dashboard.pack_start, name="pack-start"),
    path("pack/status/", dashboard.pack_status, name="pack-status"),
    path("pack/<int:pk>.pdf", dashboard.pack_download, name="pack-download"),
]

urlpatterns = [
    path("", events.event_index, name="index"),
    path("new/", events.event_create, name="create"),
    path("join/<str:token>/", players.join, name="join"),
    path("<slug:slug>/", include(event_patterns)),
]
