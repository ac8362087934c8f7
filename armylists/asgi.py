"""The site as an ASGI application: what the Procfile's `web` process serves.

Under ASGI the server reads requests without tying up a thread, so a client
that trickles its request holds a coroutine, not one of the few workers.
armylists.ops.handler says what Muster's handler changes in Django's.
"""
import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "armylists.settings")
django.setup(set_prefix=False)

from armylists.ops.handler import MusterASGIHandler  # noqa: E402 - needs the settings loaded

application = MusterASGIHandler()
