"""Slugs made from Army Forge's names: "Human Empire" -> human-empire, unique where they must be."""
from __future__ import annotations

import re
import unicodedata

SLUG_MAX = 64


def slugify(name: str, fallback: str = "unnamed") -> str:
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")
    return slug[:SLUG_MAX].strip("-") or fallback


class SlugMaker:
    """Slugs unique among those it made: a clash gets a suffix (-2, -3...)."""

    def __init__(self) -> None:
        self.taken: set[str] = set()

    def __call__(self, name: str, fallback: str = "unnamed") -> str:
        base = slugify(name, fallback)
        slug, n = base, 1
        while slug in self.taken:
            n += 1
            suffix = f"-{n}"
            slug = base[:SLUG_MAX - len(suffix)].rstrip("-") + suffix
        self.taken.add(slug)
        return slug
