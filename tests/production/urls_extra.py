"""The site's URLs plus views for the tests: one that fails, one that takes its time, one that
would take ten seconds of CPU, one that waits a second in a single call into C, one that finds the
database locked by another writer."""
import threading
import time

from django.db import OperationalError
from django.http import HttpResponse
from django.urls import include, path

from armylists.urls import handler500  # noqa: F401 - Django looks it up on the root URLconf

running: list[str] = []  # what the slow view is doing: "start <thread>", "end <thread>", in order


def fail(request):
    raise RuntimeError("a bug in a view")


def slow(request):
    running.append(f"start {threading.get_ident()}")
    time.sleep(0.2)
    running.append(f"end {threading.get_ident()}")
    return HttpResponse("done")


def spin(request):
    """Ten seconds of Python work, unless it is cut."""
    running.append("spinning")
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        pass
    running.append("spun to the end")
    return HttpResponse("spun")


def asleep(request):
    """A second in one call into C, as a query waiting for a lock: a cut takes effect when it returns."""
    time.sleep(1)
    return HttpResponse("woke")


def refused(request):
    running.append("refused")
    return HttpResponse("too many", status=429)


def costly(request):
    """Marked as cost_limited views are (armylists.ops.ratelimit), without their counting."""
    running.append(f"costly, in a slot: {getattr(request, 'anonymous_slot', None) is not None}")
    return HttpResponse("costly")


costly.cost_limited = True


def locked(request):
    raise OperationalError("database is locked")  # SQLite's words once its busy timeout has passed


urlpatterns = [
    path("fail/", fail),
    path("slow/", slow),
    path("spin/", spin),
    path("asleep/", asleep),
    path("locked/", locked),
    path("refused/", refused),
    path("costly/", costly),
    path("", include("armylists.urls")),
]
