"""tests/bench_builder.py's settings for the web process: the site's own, with the bench's timing first."""
from armylists.settings import *  # noqa: F403

MIDDLEWARE = ["tests.bench_builder.ServerTiming", *MIDDLEWARE]  # noqa: F405
