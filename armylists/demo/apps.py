from django.apps import AppConfig


class DemoConfig(AppConfig):
    name = "armylists.demo"
    # Pinned, as every app's label is; this app has no models, only the `seed_demo` command.
    label = "demo"
    verbose_name = "Demo"
