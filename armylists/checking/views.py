"""POST /api/check: one list file in, the check's report out (the checklist command's JSON)."""
from __future__ import annotations

import hashlib
import json

from django.core.cache import cache
from django.http import HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from armylists.boundary.errors import BadInput
from armylists.boundary.jsonfile import LIST_BYTES, parse_json
from armylists.boundary.numbers import declared_length
from armylists.ops.ratelimit import cost_limited, limit
from factions.models import GameSystem

from .check import check_document

# A report is kept this long for the same file sent again (a tool checking on every keystroke, or a flood).
REPORT_KEEP_S = 600


@csrf_exempt  # a stateless JSON endpoint for other tools: it reads no session and changes nothing (a report is cached)
@require_POST
@cost_limited
def check(request: HttpRequest) -> JsonResponse:
    refused = limit(request, "check-api")  # per address (and user, if signed in): JSON 429 with Retry-After
    if refused:
        return refused
    # Refused from its declared length before a byte is read; a body without one is read only
    # to one byte past the bound.
    if declared_length(request.META) > LIST_BYTES:
        return JsonResponse({"error": f"the list file must be at most {LIST_BYTES:,} bytes"}, status=413)
    raw = request.read(LIST_BYTES + 1)
    if len(raw) > LIST_BYTES:
        return JsonResponse({"error": f"the list file must be at most {LIST_BYTES:,} bytes"}, status=413)
    key = _report_key(raw)
    report = cache.get(key)
    if report is None:
        try:
            report = check_document(parse_json(raw)).report.as_dict()
        except BadInput as error:
            return JsonResponse({"error": str(error)}, status=400)
        cache.set(key, report, REPORT_KEEP_S)
    return JsonResponse(report)


def _report_key(raw: bytes) -> str:
    """The same file checked against the same unit data gets the same report: kept by the file's bytes and
    every game's data version (an Army Forge list may name books of either AoF game)."""
    versions = sorted(map(str, GameSystem.objects.values_list("data_version", flat=True)))
    return "check-report:" + hashlib.sha256(raw + json.dumps(versions).encode()).hexdigest()
