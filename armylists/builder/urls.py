from django.urls import path

from .views import api

app_name = "builder"

urlpatterns = [
    path("api/check", api.check, name="api-check"),
]
