"""An Army Forge share link pasted into Import a list (docs/list-file.md, "Army Forge lists"; docs/deploying.md,
"Fetching from Army Forge").

Only a link of Army Forge's share page is taken (https://army-forge.onepagerules.com/share?id=...), and only
its list is fetched, from the list API the site's setting names (`ARMY_FORGE_LIST_URL`), when the site allows
outbound fetches (`ARMY_FORGE_FETCH`, off by default): with a short timeout (a request never waits long) and
the size bound of every list file. Nothing else is ever fetched: a redirect is not followed (it could point
anywhere, an address inside the site's own network included), it is refused in a sentence.
"""
from __future__ import annotations

import re
import urllib.error
import urllib.request
from urllib.parse import parse_qs, urlsplit

from django.conf import settings

from armylists.boundary.errors import BadInput
from armylists.boundary.jsonfile import LIST_BYTES, parse_json

SHARE_HOST = "army-forge.onepagerules.com"
LIST_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
DOWNLOAD_INSTEAD = ("this site does not fetch lists from Army Forge: open the list in Army Forge, download its "
                    "list file and import that file here")


def list_id(link: str) -> str:
    """The list's id in an Army Forge share link; BadInput for anything else."""
    parts = urlsplit(link.strip())
    found = parse_qs(parts.query).get("id", [""])[0]
    if parts.scheme != "https" or parts.hostname != SHARE_HOST or parts.path.rstrip("/") != "/share" \
            or not LIST_ID.match(found):
        raise BadInput("", f"not an Army Forge share link (https://{SHARE_HOST}/share?id=...)")
    return found


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    """Every 3xx answer stays an answer: urllib then raises it as an HTTPError, refused below."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None


_opener = urllib.request.build_opener(_NoRedirects)


def open_list_url(request: urllib.request.Request, timeout: float):
    """The answer of the list API itself, never of an address it redirects to."""
    return _opener.open(request, timeout=timeout)


def fetch_shared_list(link: str):
    """The list data behind an Army Forge share link, fetched when the site allows it."""
    identifier = list_id(link)
    if not settings.ARMY_FORGE_FETCH:
        raise BadInput("", DOWNLOAD_INSTEAD)
    url = settings.ARMY_FORGE_LIST_URL.format(id=identifier)
    try:
        with open_list_url(urllib.request.Request(url, headers={"Accept": "application/json"}),
                           timeout=settings.ARMY_FORGE_FETCH_TIMEOUT_S) as answer:
            raw = answer.read(LIST_BYTES + 1)
    except urllib.error.HTTPError as error:
        error.close()
        if 300 <= error.code < 400:
            raise BadInput("", "Army Forge answered with a redirect to another address, which this site does not "
                               "follow: download the list file from Army Forge and import that") from None
        raise BadInput("", f"Army Forge did not give the list (it answered {error.code}): try again, or download "
                           "its list file and import that") from None
    except (urllib.error.URLError, TimeoutError, OSError) as error:
        raise BadInput("", f"Army Forge did not give the list ({getattr(error, 'reason', error)}): try again, "
                           "or download its list file and import that") from None
    return parse_json(raw)
