from django.urls import path

from . import views

app_name = "printing"

urlpatterns = [
    path("lists/<int:pk>/roster.pdf", views.list_pdf, name="list-pdf"),
    path("lists/<int:pk>/roster/", views.list_preview, name="list-preview"),
    path("shared/<str:token>/roster.pdf", views.shared_pdf, name="shared-pdf"),
]
