"""Campaign forms: the shape and bounds of what a page sends; the rules are the engine's to check."""
from __future__ import annotations

from django import forms
from django.core.validators import MaxValueValidator

from armylists.boundary.numbers import whole_number
from armylists.games.base import Game
from factions.models import GameSystem

from .models import NAME_MAX, Campaign

DIE = {"min_value": 1, "max_value": 6, "required": False}
# House rules: no more than the campaign has numbers to change, each a short line.
MAX_HOUSE_RULES = 40
HOUSE_RULE_CHARS = 80
HOUSE_RULES_CHARS = 2000


class CampaignForm(forms.Form):
    name = forms.CharField(max_length=NAME_MAX)
    game = forms.ModelChoiceField(queryset=GameSystem.objects.all(), to_field_name="slug", empty_label=None)
    kind = forms.ChoiceField(choices=Campaign.KINDS, label="Type",
                             help_text="Game-, point- and time-limited campaigns last D6+4 missions, VP or weeks.")
    length = forms.IntegerField(min_value=5, max_value=10, required=False,
                                help_text="5 to 10, if you rolled it at the table; leave empty and Muster rolls.")
    parallel_play = forms.BooleanField(required=False, help_text="Armies may play missions in parallel; "
                                       "VP are divided by matches played.")
    late_joiners = forms.BooleanField(required=False, help_text="Players may join once the campaign has begun.")
    no_permadeath = forms.BooleanField(required=False, label="No permadeath",
                                       help_text="Dead units lose the match's XP and sit out D3 matches instead.")
    house_rules = forms.CharField(
        required=False, max_length=HOUSE_RULES_CHARS, label="House rules",
        widget=forms.Textarea(attrs={"rows": 4, "placeholder": "loss_points = 200\nwin_points = 100"}),
        help_text="Numbers that differ from the book's, one per line (or separated by commas), e.g. "
                  "loss_points = 200. The campaign page lists every number.")

    def clean_house_rules(self) -> dict[str, int]:
        """"loss_points = 200" per line; commas separate rules too, as people type them on one line."""
        rules = {}
        parts = [p.strip() for line in self.cleaned_data["house_rules"].splitlines() for p in line.split(",")]
        parts = [p for p in parts if p]
        if len(parts) > MAX_HOUSE_RULES:
            raise forms.ValidationError(f"at most {MAX_HOUSE_RULES} house rules")
        for part in parts:
            name, equals, value = (s.strip() for s in part.partition("="))
            number = whole_number(value)
            if not equals or number is None or len(part) > HOUSE_RULE_CHARS:
                raise forms.ValidationError(f"write each as name = number, not “{part[:HOUSE_RULE_CHARS]}”")
            if name in rules:
                raise forms.ValidationError(f"{name} is given twice")
            rules[name] = number
        return rules


class ArmyFromListForm(forms.Form):
    name = forms.CharField(max_length=NAME_MAX, label="Army name")
    army_list = forms.ChoiceField(label="Start from one of your lists")

    def __init__(self, *args, lists=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["army_list"].choices = [(str(a.pk), a.name) for a in lists]


class NameForm(forms.Form):
    name = forms.CharField(max_length=NAME_MAX)


class NotesForm(forms.Form):
    notes = forms.CharField(max_length=2000, required=False, widget=forms.Textarea(attrs={"rows": 3}))


class UpgradeForm(forms.Form):
    unit = forms.RegexField(regex=r"^u[0-9]{1,6}$")
    upgrade = forms.SlugField(max_length=200)
    die = forms.IntegerField(**DIE, help_text="For an item that sells on a roll: the die you rolled, or empty.")


class RecruitForm(forms.Form):
    unit = forms.ChoiceField(label="Unit")
    name = forms.CharField(max_length=NAME_MAX, label="Its name")
    veteran = forms.BooleanField(required=False)

    def __init__(self, *args, home: Game, units=(), params=None, **kwargs):
        """`units`: the faction's, of the game whose home is `home`; `params`: the campaign's rules, whose numbers
        a veteran costs; none for a campaign kept by hand."""
        super().__init__(*args, **kwargs)
        cost = home.library.listed_cost
        self.fields["unit"].choices = [(u.slug, f"{u.name} ({cost(u.details) or '–'})") for u in units]
        if params is None:
            del self.fields["veteran"]
        else:
            self.fields["veteran"].help_text = (f"Pays {params.veteran_fee} points more and starts with "
                                                f"{params.veteran_xp} XP.")


class AdjustForm(forms.Form):
    unit = forms.ChoiceField(required=False, label="Unit (for XP)")
    points = forms.IntegerField(min_value=-100_000, max_value=100_000, required=False, initial=0)
    vp = forms.IntegerField(min_value=-100, max_value=100, required=False, initial=0, label="VP")
    xp = forms.IntegerField(min_value=-1000, max_value=1000, required=False, initial=0, label="XP")
    reason = forms.CharField(max_length=300)

    def __init__(self, *args, units=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["unit"].choices = [("", "–")] + [(u.key, u.name) for u in units]

    def data_for(self, army: str) -> dict:
        data = {"army": army, "reason": self.cleaned_data["reason"]}
        for name in ("points", "vp", "xp"):
            if self.cleaned_data.get(name):
                data[name] = self.cleaned_data[name]
        if self.cleaned_data.get("unit"):
            data["unit"] = self.cleaned_data["unit"]
        return data


class ResultForm(forms.Form):
    winner = forms.RegexField(regex=r"^a[0-9]{1,6}$")
    conceded = forms.MultipleChoiceField(required=False)

    def __init__(self, *args, armies=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["conceded"].choices = [(key, key) for key in armies]


class EventForm(forms.Form):
    # Play Mission: Random Events: one die at the beginning of each round, so one event a round at most.
    round = forms.IntegerField(min_value=1, label="Round",
                               help_text="The round of the mission it happened in: one event a round.")
    number = forms.IntegerField(min_value=11, max_value=66, required=False,
                                help_text="The two dice read as tens and units (2 then 1 is 21); empty: Muster rolls.")
    army = forms.RegexField(regex=r"^a[0-9]{1,6}$", required=False)
    units = forms.CharField(max_length=2000, required=False)
    achieved = forms.BooleanField(required=False, initial=True)
    die = forms.IntegerField(min_value=1, max_value=3, required=False, help_text="The D3, if you rolled it.")

    def __init__(self, *args, rounds: int, **kwargs):
        """`rounds`: how many rounds a mission has under the campaign's rules."""
        super().__init__(*args, **kwargs)
        self.fields["round"].max_value = rounds
        self.fields["round"].validators.append(MaxValueValidator(rounds))
        self.fields["round"].help_text = f"The round of the mission it happened in, 1 to {rounds}: one event a round."

    def clean_number(self):
        number = self.cleaned_data.get("number")
        if number is not None and not (1 <= number // 10 <= 6 and 1 <= number % 10 <= 6):
            raise forms.ValidationError("an event is two dice: 11 to 16, 21 to 26 … 61 to 66")
        return number


def _keys(text: str) -> list[str]:
    """"agile, specialist:melee" -> ["agile", "specialist:melee"]."""
    return [k.strip() for k in text.split(",") if k.strip()][:20]


class TraitsForm(forms.Form):
    traits = forms.CharField(max_length=600, required=False, help_text="e.g. agile, specialist:melee")
    skill_sets = forms.CharField(max_length=200, required=False, help_text="e.g. captain, support")
    skills = forms.CharField(max_length=600, required=False, help_text="e.g. leader, vanguard")
    injuries = forms.CharField(max_length=600, required=False, help_text="e.g. blinded-eye")
    talents = forms.CharField(max_length=600, required=False, help_text="e.g. toughened")
    reason = forms.CharField(max_length=300)

    def data_for(self, army: str, unit: str) -> dict:
        data = {"army": army, "unit": unit, "reason": self.cleaned_data["reason"]}
        for name in ("traits", "skill_sets", "skills", "injuries", "talents"):
            data[name] = _keys(self.cleaned_data[name])
        return data


class StatusForm(forms.Form):
    status = forms.ChoiceField(choices=[("active", "In the army"), ("dead", "Dead"), ("disbanded", "Disbanded")])
    sitting_out = forms.IntegerField(min_value=0, max_value=20, initial=0, label="Matches to sit out")
    reason = forms.CharField(max_length=300)


class UndoForm(forms.Form):
    number = forms.IntegerField(min_value=1, max_value=100_000, required=False, label="Action",
                                help_text="The number of the action in the log; empty: the last.")
    reason = forms.CharField(max_length=300, required=False, label="Reason")
