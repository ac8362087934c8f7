"""The one error for input Muster cannot use: where it is, and what is wrong, in a sentence."""
from __future__ import annotations


class BadInput(Exception):
    """Input that cannot be used as it is; `path` is a JSON path such as entries[3].unit."""

    def __init__(self, path: str, message: str):
        self.path = path
        self.message = message
        super().__init__(f"{path}: {message}" if path else message)
