"""Who may see and change a season: its organisers everything; everybody its page once it is published.

Before that, an anonymous visitor is sent to log in (the organisers may be among them) and anybody else gets
a 404, as if there were no such season (docs/events.md, "Seasons").
"""
from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse

from .models import Season, SeasonOrganiser


def is_organiser(season: Season, user) -> bool:
    return bool(getattr(user, "is_authenticated", False)) and \
        SeasonOrganiser.objects.filter(season=season, user=user).exists()


def seen(request: HttpRequest, slug: str) -> tuple[Season, bool] | HttpResponse:
    """The season and whether the user organises it; the login page for an anonymous visitor of one not yet
    published (or of none); a 404 for anyone else."""
    season = Season.objects.select_related("game").filter(slug=slug).first()
    organiser = season is not None and is_organiser(season, request.user)
    if season is not None and (season.published or organiser):
        return season, organiser
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    raise Http404("No such season.")


def organised(user, slug: str) -> Season:
    """A season the user organises; a 404 for one they cannot see, a 403 for a published one they do not run."""
    season = Season.objects.select_related("game").filter(slug=slug).first()
    if season is None:
        raise Http404("No such season.")
    if not is_organiser(season, user):
        if season.published:
            raise PermissionDenied("Only the season's organisers may do this.")
        raise Http404("No such season.")
    return season
