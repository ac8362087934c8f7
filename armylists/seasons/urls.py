from django.urls import path

from . import views

app_name = "seasons"

urlpatterns = [
    path("new/", views.season_create, name="create"),
    path("<slug:slug>/", views.season_detail, name="detail"),
    path("<slug:slug>/edit/", views.season_edit, name="edit"),
    path("<slug:slug>/publish/", views.season_publish, name="publish"),
    path("<slug:slug>/standings.csv", views.season_file, {"kind": "csv"}, name="standings-csv"),
    path("<slug:slug>/standings.pdf", views.season_file, {"kind": "pdf"}, name="standings-pdf"),
    path("<slug:slug>/organisers/add/", views.organiser_add, name="organiser-add"),
    path("<slug:slug>/organisers/answer/", views.organiser_answer, name="organiser-answer"),
    path("<slug:slug>/organisers/<int:pk>/remove/", views.organiser_remove, name="organiser-remove"),
]
