"""A request Muster will not do as asked: one exception for every app (a builder edit, an event's
entry, a campaign action), raised where the refusal is decided and shown by the view that asked."""
from __future__ import annotations


class Refused(Exception):
    """Nothing was done; `message` is one sentence for the person who asked, and `rule` the book and
    section that says no, where a rule does (e.g. "Campaign Rules: Campaign Length")."""

    def __init__(self, message: str, rule: str = ""):
        self.message, self.rule = message, rule
        super().__init__(f"{message} ({rule})" if rule else message)
