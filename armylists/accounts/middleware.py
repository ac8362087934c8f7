"""htmx requests and logging in."""
from __future__ import annotations

from django.conf import settings
from django.shortcuts import resolve_url
from django_htmx.http import HttpResponseClientRedirect


class HtmxLoginRedirectMiddleware:
    """An htmx request whose session has ended is sent to the login page as a whole page.

    Without this, htmx would follow the redirect and swap the login form into
    the panel the player was editing.
    """

    def __init__(self, get_response):
        self.get_response = get_response
        self.login_url = resolve_url(settings.LOGIN_URL)

    def __call__(self, request):
        response = self.get_response(request)
        if request.htmx and response.status_code == 302 and response["Location"].startswith(self.login_url):
            return HttpResponseClientRedirect(response["Location"])
        return response
