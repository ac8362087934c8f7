"""A retried edit is recognised, never applied twice (docs/architecture.md, "One edit, one way").

A phone that loses an edit's answer (a timeout, a dropped connection) cannot tell whether the edit
was saved; the player taps again. So the builder's script sends each edit with a random key, the
X-Edit-Key header, and sends the same key again when it repeats an edit that got no answer. The key is
saved on the version the edit wrote (`ListVersion.edit_key`, unique per list); an edit whose key a
version of the list already carries is a replay: nothing is applied, and the answer shows the list
as it is. Only the last `ListVersion.KEPT` versions are kept, so a key is forgotten after that many
more changes to its list (a retry comes seconds later, not thirty edits later).

The script makes the key with `crypto.randomUUID()`, or 32 hex digits from `crypto.getRandomValues`
where the page is not a secure context (plain http on a LAN), and drops it on any answer, so a second
tap after an answer is a second edit. A replay writes no version, so undo still takes back the edit
itself. The history is not looked up before an edit: a replay is applied as any edit, and its save
hits the unique key, is rolled back, and the list read again finds the key (saving.py), as does the
loser of two identical requests at once. An edit without a key behaves as it always did.
"""
from __future__ import annotations

import re

from django.http import HttpRequest

from .models import EDIT_KEY_MAX, ListVersion

EDIT_KEY_HEADER = "X-Edit-Key"
_EDIT_KEY = re.compile(rf"[A-Za-z0-9_-]{{1,{EDIT_KEY_MAX}}}")


class BadEditKey(Exception):
    """An X-Edit-Key that is not a key: the edit is refused (400), since applying it unkeyed could
    apply a retry twice."""

    def __init__(self) -> None:
        super().__init__(f"the {EDIT_KEY_HEADER} header must be 1 to {EDIT_KEY_MAX} letters, digits, '-' or '_'")


class Replayed(Exception):
    """The edit had been saved already, by a request with the same key whose answer was lost."""


def edit_key(request: HttpRequest) -> str:
    """The edit's key, "" when it has none (a page without JavaScript, an older script)."""
    value = request.headers.get(EDIT_KEY_HEADER)
    if value is None:
        return ""
    if not _EDIT_KEY.fullmatch(value):
        raise BadEditKey
    return value


def is_retry_of_a_saved_edit(request: HttpRequest, list_pk: int) -> bool:
    """Whether the list's history has the request's key: asked when the request is refused (a retried
    move whose entry is first already, say), so a retry is answered as a replay, not as a refusal."""
    try:
        key = edit_key(request)
    except BadEditKey:
        return False
    return bool(key) and ListVersion.objects.filter(army_list_id=list_pk, edit_key=key).exists()
