"""The season form: its details, and its events picked from those its organisers organise."""
from __future__ import annotations

from django import forms
from django.utils import timezone

from armylists.events.models import NAME_MAX
from factions.models import GameSystem

from .models import EVENTS_MAX
from .ranking import SCORINGS


class SeasonForm(forms.Form):
    name = forms.CharField(max_length=NAME_MAX)
    slug = forms.SlugField(label="Address", max_length=56, required=False,
                           help_text="The season's name in its address; blank: made from its name.")
    game = forms.ModelChoiceField(queryset=GameSystem.objects.order_by("position", "name"), required=False,
                                  to_field_name="slug", empty_label="Any game",
                                  help_text="Chosen: only events of this game may be in the season.")
    scoring = forms.ChoiceField(choices=list(SCORINGS.items()), initial="placing",
                                help_text="Placing: the winner of a 16-player event scores 16, the last 1. "
                                          "VP: the VP the event's standings give.")
    best = forms.IntegerField(label="Events that count", min_value=1, max_value=EVENTS_MAX, required=False,
                              help_text="How many of a player's events count, their best; blank: all of them.")
    events = forms.MultipleChoiceField(widget=forms.CheckboxSelectMultiple, required=False,
                                       help_text="Events you (or the season's organisers) organise. Each counts "
                                                 "once its lists are published.")

    def __init__(self, *args, events, editing: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        if editing:
            del self.fields["slug"]
        self.choosable = {str(e.pk): e for e in events}
        self.fields["events"].choices = [
            (str(e.pk), f"{e.name} ({timezone.localtime(e.starts_at, e.zone):%d %b %Y}, {e.game.name}, "
                        f"{e.get_state_display().lower()})") for e in events]

    def chosen_events(self) -> list:
        return [self.choosable[pk] for pk in self.cleaned_data["events"]]
