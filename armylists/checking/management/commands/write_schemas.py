import json

from django.core.management.base import BaseCommand

from armylists.checking.published_schemas import SCHEMAS, published


def schema_text(schema: dict) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


class Command(BaseCommand):
    help = "Write the JSON Schemas of the list and faction files to docs/schemas/, from the pydantic models."
    requires_system_checks: list[str] = []

    def handle(self, *args, **options):
        SCHEMAS.mkdir(parents=True, exist_ok=True)
        for name, schema in published().items():
            (SCHEMAS / name).write_text(schema_text(schema), encoding="utf-8")
            self.stdout.write(f"Wrote docs/schemas/{name}")
