"""The login lockout's authentication backend."""
from __future__ import annotations

from axes.backends import AxesStandaloneBackend


class LockoutBackend(AxesStandaloneBackend):
    """django-axes' check, for logins that come from the web.

    authenticate() called by code without a request (a management command, a
    script, a test) is no guess from outside: it is not checked here and goes on
    to the password check, where django-axes' own backend would refuse it.
    """

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username, password, **kwargs)
