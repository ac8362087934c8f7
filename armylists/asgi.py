"""The site as an ASGI application: what the Procfile's `web` process serves.

Under ASGI the server reads requests without tying up a thread, so a client
that trickles its request holds a coroutine, not one of the few workers.
Request bodies the site refuses are refused from their headers, unread
(armylists.ops.limits).
"""
import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "armylists.settings")
django.setup(set_prefix=False)

from armylists.ops.limits import LimitedASGIHandler  # noqa: E402 - needs the settings loaded

application = LimitedASGIHandler()
