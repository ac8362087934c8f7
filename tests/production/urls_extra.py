"""The site's URLs plus two views for the tests: one that fails, one that takes its time."""
import threading
import time

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


urlpatterns = [
    path("fail/", fail),
    path("slow/", slow),
    path("", include("armylists.urls")),
]
