"""The site's URLs plus one view that fails, for the tests of what a failing request leaves behind."""
from django.urls import include, path

from armylists.urls import handler500  # noqa: F401 - Django looks it up on the root URLconf


def fail(request):
    raise RuntimeError("a bug in a view")


urlpatterns = [
    path("fail/", fail),
    path("", include("armylists.urls")),
]
