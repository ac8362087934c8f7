from django.urls import path

from . import views

app_name = "checking"

urlpatterns = [
    path("api/check", views.check, name="api-check"),
]
