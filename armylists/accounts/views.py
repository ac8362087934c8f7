"""Sign-up and a rate-limited password reset; logging in, out and changing a password are Django's own views.

Failed logins of an existing account are django-axes' business (settings: AXES_LOCKOUT_PARAMETERS):
a refused sign-up is a form error, never a guess, so it counts towards no lockout. Sign-ups and
reset requests are limited per address instead, at rates no club room reaches (armylists.ops.ratelimit).
"""
from __future__ import annotations

from django.conf import settings
from django.contrib.auth import REDIRECT_FIELD_NAME, login
from django.contrib.auth.views import PasswordResetView
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render, resolve_url
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods

from armylists.ops.ratelimit import limit

from .forms import SignUpForm, SiteAddressPasswordResetForm


def safe_next(request: HttpRequest) -> str:
    """Where the visitor was going (`next`), if it is a page of this site; else ''."""
    target = request.POST.get(REDIRECT_FIELD_NAME) or request.GET.get(REDIRECT_FIELD_NAME) or ""
    allowed = url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()},
                                              require_https=request.is_secure())
    return target if allowed else ""


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    going_to = safe_next(request)
    if request.user.is_authenticated:
        return redirect(going_to or "builder:lists")
    if request.method == "POST" and (refused := limit(request, "signup", settings.SIGN_UP_RATE)):
        return refused
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(going_to or resolve_url(settings.LOGIN_REDIRECT_URL))
    return render(request, "registration/signup.html", {"form": form, "next": going_to})


class LimitedPasswordResetView(PasswordResetView):
    """Django's password reset, its form limited per address: each request may send an email."""

    form_class = SiteAddressPasswordResetForm

    def post(self, request, *args, **kwargs):
        if refused := limit(request, "password-reset", settings.PASSWORD_RESET_RATE):
            return refused
        return super().post(request, *args, **kwargs)
