"""The day's forms: shape and bounds only; the services decide what may be done."""
from __future__ import annotations

from django import forms

from armylists.events.models import DISPLAY_NAME_MAX

from .day import SEED_MAX
from .models import DESTRUCTION_MAX, REASON_MAX, ROUNDS_MAX, VP_MAX
from .scoring import TIEBREAKERS

# The orders of tiebreakers an organiser may choose, as words.
TIEBREAK_ORDERS = {
    "destruction": ("destruction",),
    "destruction,opponents_vp": ("destruction", "opponents_vp"),
    "opponents_vp,destruction": ("opponents_vp", "destruction"),
    "none": (),
}


def _order_label(key: str) -> str:
    names = [TIEBREAKERS[n].split(" (")[0] for n in TIEBREAK_ORDERS[key]]
    return ", then ".join(names) if names else "No tiebreaker: equal VP share a rank"


def _vp(label: str) -> forms.IntegerField:
    return forms.IntegerField(label=label, min_value=0, max_value=VP_MAX)


def _destruction(label: str) -> forms.IntegerField:
    return forms.IntegerField(label=label, min_value=0, max_value=DESTRUCTION_MAX, initial=0)


class ScoringForm(forms.Form):
    rounds = forms.IntegerField(label="Rounds", min_value=1, max_value=ROUNDS_MAX)
    win_vp = _vp("VP for a win")
    tie_vp = _vp("VP for a tie")
    loss_vp = _vp("VP for a loss")
    bye_vp = forms.IntegerField(label="VP for a bye", min_value=0, max_value=VP_MAX, required=False,
                                help_text="Blank: a win's VP. A bye scores no destruction points.")
    tiebreakers = forms.ChoiceField(label="Tiebreakers", choices=[(k, _order_label(k)) for k in TIEBREAK_ORDERS])

    def __init__(self, *args, sideboards: tuple[int, int, int] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        if sideboards:
            main, side, most = sideboards
            self.fields["sideboards"] = forms.BooleanField(
                label=f"Sideboard lists (a main list of up to {main}% of the game size, up to {most} sideboard "
                      f"lists of up to {side}% each)", required=False)

    def clean_tiebreakers(self) -> list[str]:
        return list(TIEBREAK_ORDERS[self.cleaned_data["tiebreakers"]])


class PairForm(forms.Form):
    seed = forms.IntegerField(label="Seed", min_value=0, max_value=SEED_MAX - 1, required=False,
                              help_text="Blank: a new random seed. The same seed pairs the same way again.")


class ResultForm(forms.Form):
    said = forms.ChoiceField(label="Result", choices=[("win", "I won"), ("loss", "I lost"), ("tie", "A tie")],
                             widget=forms.RadioSelect)
    mine = _destruction("My destruction points")
    theirs = _destruction("My opponent's destruction points")


class ConfirmForm(forms.Form):
    """The entry the player saw when they pressed Confirm (results.entry_key)."""

    seen = forms.CharField(max_length=64)


class CorrectForm(forms.Form):
    # No winner is chosen until the organiser chooses one: a careless Save records nothing.
    winner = forms.ChoiceField(label="Result", choices=[("first", "First player won"), ("second", "Second player won"),
                                                        ("tie", "Tie")])
    first_destruction = _destruction("First player's destruction points")
    second_destruction = _destruction("Second player's destruction points")
    reason = forms.CharField(label="Reason (needed to correct a confirmed result)", max_length=REASON_MAX,
                             required=False)


class PlayerForm(forms.Form):
    player = forms.IntegerField(min_value=1)


class SwapForm(forms.Form):
    one = forms.IntegerField(min_value=1)
    other = forms.IntegerField(min_value=1)


class MoveForm(forms.Form):
    number = forms.IntegerField(label="Table", min_value=1, max_value=100_000)
    to = forms.IntegerField(label="to table", min_value=1, max_value=100_000)


class LateForm(forms.Form):
    username = forms.CharField(label="Username", max_length=150)
    display_name = forms.CharField(label="Name in the event", max_length=DISPLAY_NAME_MAX)


class SideboardForm(forms.Form):
    """Up to three of the player's own lists, by number; the service checks whose they are."""

    lists = forms.TypedMultipleChoiceField(coerce=int, required=True)

    def __init__(self, *args, choices: list[tuple[int, str]], most: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.most = most
        self.fields["lists"].choices = choices
        self.fields["lists"].label = f"Up to {most} sideboard lists"

    def clean_lists(self) -> list[int]:
        chosen = self.cleaned_data["lists"]
        if len(chosen) > self.most:
            raise forms.ValidationError(f"Choose at most {self.most}.")
        return chosen
