from django.apps import AppConfig


class PrintingConfig(AppConfig):
    name = "armylists.printing"
    label = "printing"
    verbose_name = "Printing"
