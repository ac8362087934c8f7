from django.apps import AppConfig


class OpsConfig(AppConfig):
    """The ops layer's one table, the rate and cost limits' tallies (armylists/ops/tallies.py), and the
    migration that makes the kept cache's table (armylists/ops/state.py)."""

    name = "armylists.ops"
    label = "ops"
    verbose_name = "Running in production"
