"""tests/bench_edit_cpu.py's settings for a profiled run: the site's own, with cProfile around each edit first."""
from armylists.settings import *  # noqa: F403

MIDDLEWARE = ["tests.bench_edit_cpu.ProfileEdits", *MIDDLEWARE]  # noqa: F405
