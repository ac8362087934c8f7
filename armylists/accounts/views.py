"""Sign-up; logging in, out and changing a password are Django's own auth views."""
from __future__ import annotations

from axes.handlers.proxy import AxesProxyHandler
from django.contrib.auth import login, user_login_failed
from django.contrib.auth.forms import UserCreationForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from .lockout import SIGN_UP, locked_out


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("builder:lists")
    attempt = {"username": SIGN_UP}
    if request.method == "POST" and not AxesProxyHandler.is_allowed(request, attempt):
        return locked_out(request)
    form = UserCreationForm(request.POST or None)
    if request.method == "POST":
        if form.is_valid():
            user = form.save()
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return redirect("builder:lists")
        # Counted by django-axes like a failed login; its middleware answers with the lockout page at the limit.
        user_login_failed.send(sender=__name__, credentials=attempt, request=request)
    return render(request, "registration/signup.html", {"form": form})
