from django.apps import AppConfig


class CheckingConfig(AppConfig):
    name = "armylists.checking"
    # Pinned, as every app's label is; this app has no models.
    label = "checking"
    verbose_name = "Checking"
