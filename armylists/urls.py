from django.contrib import admin
from django.urls import include, path

from factions.views import home

handler500 = "armylists.ops.errors.server_error"

urlpatterns = [
    path("", home, name="home"),
    path("admin/", admin.site.urls),
    path("accounts/", include("armylists.accounts.urls")),
    path("", include("armylists.checking.urls")),
    path("", include("armylists.builder.urls")),
    path("print/", include("armylists.printing.urls")),
    path("campaigns/", include("armylists.campaigns.urls")),
    path("events/", include("armylists.events.urls")),
    path("events/<slug:slug>/", include("armylists.tournament.urls")),
    path("seasons/", include("armylists.seasons.urls")),
    path("", include("factions.urls")),
]
