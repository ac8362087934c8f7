"""The site as an ASGI application: what the Procfile's `web` process serves.

Under ASGI the server reads requests without tying up a thread, so a client
that trickles its request holds a coroutine, not one of the few workers.
"""
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "armylists.settings")
application = get_asgi_application()
