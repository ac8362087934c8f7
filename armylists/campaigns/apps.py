from django.apps import AppConfig


class CampaignsConfig(AppConfig):
    name = "armylists.campaigns"
    # Pinned: table names and migrations are keyed on the label, not the package path.
    label = "campaigns"
    verbose_name = "Campaigns"
    default_auto_field = "django.db.models.BigAutoField"
