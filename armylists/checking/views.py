"""POST /api/check: one list file in, the check's report out (the checklist command's JSON)."""
from __future__ import annotations

import json

from django.http import HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from armylists.checking.boundary import BadInput

from .check import check_document

MAX_BODY = 1_000_000


@csrf_exempt  # a stateless JSON endpoint for other tools: it reads no session and writes nothing
@require_POST
def check(request: HttpRequest) -> JsonResponse:
    if len(request.body) > MAX_BODY:
        return JsonResponse({"error": f"the list file is over {MAX_BODY} bytes"}, status=400)
    try:
        data = json.loads(request.body)
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        return JsonResponse({"error": f"not valid JSON ({error})"}, status=400)
    try:
        result = check_document(data)
    except BadInput as error:
        return JsonResponse({"error": str(error)}, status=400)
    return JsonResponse(result.report.as_dict())
