"""The person's seasons on their events page (templates/events/event_index.html): the events app lies below the
seasons (pyproject.toml, the layers), so its page asks for them by this tag instead of importing them."""
from __future__ import annotations

from django import template
from django.db.models import Q

from armylists.events.models import Player

from ..models import Season, SeasonOrganiserInvitation

register = template.Library()


@register.inclusion_tag("seasons/_my_seasons.html", takes_context=True)
def my_seasons(context) -> dict:
    user = context["request"].user
    played = Player.objects.filter(user=user).values("event_id")
    seasons = (Season.objects.filter(Q(organisers__user=user) | Q(published=True, events__in=played))
               .distinct().order_by("-created", "name"))
    organised = set(Season.objects.filter(organisers__user=user).values_list("pk", flat=True))
    invitations = SeasonOrganiserInvitation.objects.filter(user=user).select_related("season", "invited_by")
    return {"seasons": [(s, s.pk in organised) for s in seasons], "invitations": invitations,
            "csrf_token": context.get("csrf_token")}
