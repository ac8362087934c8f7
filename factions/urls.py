from django.urls import path

from . import views

app_name = "factions"

urlpatterns = [
    path("games/<slug:game>/", views.game_detail, name="game-detail"),
    path("games/<slug:game>/<slug:faction>/", views.faction_detail, name="faction-detail"),
    path("games/<slug:game>/<slug:faction>/<slug:unit>/", views.unit_detail, name="unit-detail"),
]
