"""The campaign file's reference in docs/campaigns.md, written from the code so it cannot drift.

Two tables: every kind of action with the fields of its `data` (from the
boundary's models, `payloads.PAYLOADS`) and an example, and every key under
which an action stores a die (`rolls`) or a player's choice (`choices`), read
from the campaign rules' source (the engine's and each game's in use): each call that rolls or asks (`Dice.roll`,
`Choices.pick`, and the helper that re-rolls what a unit holds) names its key.
`python -m armylists.campaigns.filedoc` rewrites the section; a test fails
when the document and the code differ.
"""
from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

from armylists.games.registry import campaigns
from armylists.rules.campaign import rules_code

from .payloads import PAYLOADS

DOC = Path(__file__).resolve().parents[2] / "docs" / "campaigns.md"
START = "<!-- generated from the code by armylists/campaigns/filedoc.py: do not edit by hand -->"
END = "<!-- end of the generated reference -->"
# How a key's parts read in the examples: unit and army keys, a level reached, the thing rolled for.
SAMPLES = {"unit.key": "u1", "army.key": "a1", "key": "u1", "new_level": "1", "offer.slug": "banner",
           "row.key": "specialist"}
WORDS = {"owner": "alice", "name": "Red Host", "faction": "human-empire", "unit": "infantrymen",
         "unit_name": "Infantrymen", "reason": "entered for the wrong army", "notes": "Held the bridge",
         "upgrade": "spears"}
ASKS = {"roll": "die", "pick": "choice", "_roll_unheld": "die"}


def _render(node: ast.expr, names: dict[str, ast.expr]) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        parts = [_render(v.value if isinstance(v, ast.FormattedValue) else v, names) for v in node.values]
        return None if None in parts else "".join(parts)
    if isinstance(node, ast.Name) and node.id in names:
        return _render(names[node.id], names)
    source = ast.unparse(node)
    return SAMPLES.get(source, f"<{source}>")


def _asked(call: ast.Call) -> tuple[str, ast.expr] | None:
    name = call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")
    if name not in ASKS or not call.args:
        return None
    return ASKS[name], call.args[1] if name == "_roll_unheld" else call.args[0]


def stored_keys() -> list[tuple[str, str, str]]:
    """(key, die or choice, what asks for it) for every die and choice the engine may store."""
    found = set()
    for path in (p for folder in rules_code(campaigns()) for p in sorted(folder.glob("*.py"))):
        for function in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(function, ast.FunctionDef):
                continue
            names = {t.id: n.value for n in ast.walk(function) if isinstance(n, ast.Assign)
                     for t in n.targets if isinstance(t, ast.Name) and isinstance(n.value, ast.JoinedStr)}
            doc = (ast.get_docstring(function) or function.name.strip("_").replace("_", " ").capitalize())
            doc = doc.split("\n")[0].split(";")[0].rstrip(".,: ")
            for call in (n for n in ast.walk(function) if isinstance(n, ast.Call)):
                asked = _asked(call)
                if asked and isinstance(asked[1], ast.Name) and asked[1].id not in names:
                    continue  # a helper's own parameter: its callers name the key
                if asked and (key := _render(asked[1], names)) is not None:
                    found.add((key, asked[0], doc))
    return sorted(found)


def _example(schema: dict, name: str, defs: dict) -> Any:
    if "$ref" in schema:
        return _object(defs[schema["$ref"].split("/")[-1]], defs)
    if "anyOf" in schema:
        return _example(next(s for s in schema["anyOf"] if s.get("type") != "null"), name, defs)
    kind = schema.get("type")
    if kind == "array":
        return [_example(schema["items"], name, defs)] * max(1, schema.get("minItems", 1))
    if kind == "object":
        return _object(schema, defs)
    if kind == "integer":
        return max(schema.get("minimum", 1), 1)
    if kind == "boolean":
        return True
    if "enum" in schema:
        return schema["enum"][0]
    if schema.get("pattern"):  # an army's or a unit's key in the campaign
        return "u1" if name in ("unit", "units") else "a1"
    return WORDS.get(name, name)


def _object(schema: dict, defs: dict) -> dict:
    return {name: _example(field, name, defs) for name, field in schema.get("properties", {}).items()
            if name in schema.get("required", ()) or len(schema.get("properties", {})) <= 2}


def kinds() -> list[tuple[str, list[str], dict]]:
    """(kind, its data's fields with * for the required ones, an example of its data)."""
    rows = []
    for kind, model in PAYLOADS.items():
        schema = model.model_json_schema()
        required = set(schema.get("required", ()))
        fields = [name + ("*" if name in required else "") for name in schema.get("properties", {})]
        rows.append((kind, fields, _object(schema, schema.get("$defs", {}))))
    return rows


def section() -> str:
    lines = [START, "", "| Kind | `data` fields (* required) | Example `data` |", "|---|---|---|"]
    for kind, fields, example in kinds():
        lines.append(f"| `{kind}` | {', '.join(fields) or '(none)'} | `{json.dumps(example)}` |")
    lines += ["", "| Key (for unit u1 of army a1) | Stored in | Asked for by |", "|---|---|---|"]
    for key, asked, where in stored_keys():
        lines.append(f"| `{key}` | {'rolls' if asked == 'die' else 'choices'} | {where} |")
    return "\n".join([*lines, "", END])


def updated(text: str) -> str:
    before, _, rest = text.partition(START)
    _, _, after = rest.partition(END)
    return before + section() + after


if __name__ == "__main__":
    import os

    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "armylists.settings")
    django.setup()  # the games in use, whose campaign rules ask for the dice listed
    DOC.write_text(updated(DOC.read_text(encoding="utf-8")), encoding="utf-8")
