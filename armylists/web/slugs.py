"""A free address: the one loop that makes a slug unique, for every model whose URLs are its slug (a
campaign's, an event's)."""
from __future__ import annotations

from django.db.models import QuerySet


def unique_slug(base: str, rows: QuerySet) -> str:
    """`base` where no row of `rows` has it as its slug, else the first free of `base-2`, `base-3`...

    The caller makes `base` (slugified, short enough for the `-<n>` to fit its field); the unique index on
    the slug still decides between two requests at once."""
    slug, number = base, 1
    while rows.filter(slug=slug).exists():
        number += 1
        slug = f"{base}-{number}"
    return slug
