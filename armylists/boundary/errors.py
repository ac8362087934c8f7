"""The one error for input Muster cannot use: where it is, and what is wrong, in a sentence."""
from __future__ import annotations

from .inwords import page_sentence


class BadInput(Exception):
    """Input that cannot be used as it is; `path` is a JSON path such as entries[3].unit.

    It is said two ways (docs/checking.md, "Bad input"): `str(error)`, the path and the sentence, for `checklist`
    and `POST /api/check`, with a command's hint where one helps; `error.on_page`, for a page, in words of the
    file's units and options and no path or command. A raiser that knows those words better than the path gives
    them as `shown` (an Army Forge unit's name); else they are made from the path.
    """

    def __init__(self, path: str, message: str, *, shown: str | None = None):
        self.path = path
        self.message = message
        self.shown = shown
        super().__init__(f"{path}: {message}" if path else message)

    @property
    def on_page(self) -> str:
        """The sentence a page shows: the file's units and options in words, never a JSON path or a command."""
        return self.shown or page_sentence(self.path, self.message)


def said_on_page(error: Exception) -> str:
    """What a page says of a refusal: a BadInput in words (`on_page`), any other (a service's `Refused`) as it is."""
    return error.on_page if isinstance(error, BadInput) else str(error)
