from django.apps import AppConfig


class CampaignsConfig(AppConfig):
    name = "armylists.campaigns"
    # Pinned: table names and migrations are keyed on the label, not the package path.
    label = "campaigns"
    verbose_name = "Campaigns"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # Each game in use with campaign rules gets its campaign rules row from its package
        # (armylists/campaigns/gamerules.py), after the game library's own rows.
        from django.db.models.signals import post_migrate

        from .gamerules import sync_after_migrate

        post_migrate.connect(sync_after_migrate, sender=self)

        from factions.signals import replacing

        from .replacing import armies_broken

        replacing.connect(armies_broken, dispatch_uid="campaigns-armies-broken")
