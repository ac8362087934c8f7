from django.contrib.auth.views import LoginView
from django.urls import include, path

from . import views
from .forms import LoginForm

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("login/", LoginView.as_view(authentication_form=LoginForm), name="login"),
    path("password_reset/", views.LimitedPasswordResetView.as_view(), name="password_reset"),
    path("", include("django.contrib.auth.urls")),
]
