"""POST /api/check: one list file in, the check's report out (the checklist command's JSON)."""
from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from armylists.boundary.errors import BadInput
from armylists.boundary.jsonfile import LIST_BYTES, parse_json
from armylists.boundary.numbers import declared_length
from armylists.ops.ratelimit import limit

from .check import check_document


@csrf_exempt  # a stateless JSON endpoint for other tools: it reads no session and writes nothing
@require_POST
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
    try:
        result = check_document(parse_json(raw))
    except BadInput as error:
        return JsonResponse({"error": str(error)}, status=400)
    return JsonResponse(result.report.as_dict())
