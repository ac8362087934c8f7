"""What the rate and cost limits have counted (armylists/ops/tallies.py)."""
from __future__ import annotations

from django.db import models


class Tally(models.Model):
    """How much one bucket (a limit's key, a user or an address, a period) used in one slot of its period.

    Its own table, not the cache: nothing else stored can push it out (docs/deploying.md, "Caching and rate
    limits"). A row is added to atomically, by the database (`tallies.add`), and deleted once `expires`
    (seconds since the epoch) has passed, when its slot no longer counts."""

    pk = models.CompositePrimaryKey("bucket", "slot")
    bucket = models.CharField(max_length=200)
    slot = models.BigIntegerField()
    amount = models.BigIntegerField()
    expires = models.BigIntegerField(db_index=True)

    class Meta:
        verbose_name_plural = "tallies"

    def __str__(self) -> str:
        return f"{self.bucket} in slot {self.slot}: {self.amount}"
