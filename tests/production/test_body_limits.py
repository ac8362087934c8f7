"""Request bodies are refused from their headers, before they are read: too large by the declared
Content-Length (413), sent in chunks without a length (411), a length that is not a number (400)."""
from __future__ import annotations

import json
import socket
import time

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from armylists.ops.handler import MusterASGIHandler
from tests.bench_slow_clients import free_port, prepare, procfile_web, start_server, stop_server, wait_until_up

from .asgi_client import http_scope, run

pytestmark = pytest.mark.django_db
HUNDRED_MB = str(100 * 1024 * 1024)


class Unreadable:
    """A request body that fails the test if anything reads it."""

    def read(self, *args):
        raise AssertionError("the body was read")

    readline = read


def post(client: Client, path: str, **meta):
    return client.generic("POST", path, **{"wsgi.input": Unreadable(), "CONTENT_TYPE": "application/json", **meta})


def test_a_list_file_upload_declared_too_large_gets_a_clear_page_unread(make_user):
    client = Client()
    client.force_login(make_user())
    response = post(client, reverse("builder:list-import"), CONTENT_LENGTH=HUNDRED_MB)
    assert response.status_code == 413
    page = response.content.decode()
    assert "Request refused" in page
    assert "The request must be at most 2,000,000 bytes (it declares 104,857,600)." in page


def test_the_api_answers_a_declared_oversize_body_with_json_413_unread():
    response = post(Client(), reverse("checking:api-check"), CONTENT_LENGTH=HUNDRED_MB)
    assert response.status_code == 413
    assert response.json() == {"error": "the request must be at most 1,000,000 bytes (it declares 104,857,600)"}


def test_the_api_reads_a_list_file_of_1_mb_and_refuses_a_byte_more_unread():
    """docs/checking.md: a list file is at most 1 MB; /api/check answers 413 without reading a larger body."""
    largest = settings.REQUEST_BODY_MAX_BYTES["/api/"]
    read = Client().post(reverse("checking:api-check"), data=b" " * (largest - 2) + b"{}",
                         content_type="application/json")
    assert read.status_code == 400 and "format" in read.json()["error"]  # read and checked: not a list file
    assert post(Client(), reverse("checking:api-check"), CONTENT_LENGTH=str(largest + 1)).status_code == 413


def test_a_form_may_send_a_1_mb_list_file_with_its_multipart_wrapping(make_user):
    client = Client()
    client.force_login(make_user())
    upload = SimpleUploadedFile("list.json", b" " * 1_000_000, content_type="application/json")
    response = client.post(reverse("builder:list-import"), {"file": upload})
    assert response.status_code == 200 and "This list file cannot be used: not valid JSON" in response.content.decode()


def test_a_chunked_body_is_refused_with_411_not_read_as_empty():
    response = post(Client(), reverse("checking:api-check"), HTTP_TRANSFER_ENCODING="chunked")
    assert response.status_code == 411
    assert "Content-Length" in response.json()["error"]


@pytest.mark.parametrize("length", ["-1", "12abc", "1e9", " 5x", "²", "9" * 5000])
def test_a_content_length_that_is_not_a_number_of_bytes_is_refused(length):
    response = post(Client(), reverse("checking:api-check"), CONTENT_LENGTH=length)
    assert response.status_code == 400 and "must be a number of bytes" in response.json()["error"]


# --- under ASGI, where Django reads the body before any middleware runs ----------------------------


def asgi_request(headers: list[tuple[bytes, bytes]]) -> tuple[dict, int]:
    """One POST /api/check through the ASGI application: its response start, and how often it asked for the body."""
    asked, sent = [0], []

    async def receive():
        asked[0] += 1
        return {"type": "http.request", "body": b"{}", "more_body": True}  # a body that never ends

    async def send(message):
        sent.append(message)

    scope = http_scope("POST", "/api/check", [(b"content-type", b"application/json"), *headers])
    run(MusterASGIHandler()(scope, receive, send))
    return sent[0], asked[0]


@pytest.mark.parametrize("header, status", [((b"content-length", HUNDRED_MB.encode()), 413),
                                            ((b"transfer-encoding", b"chunked"), 411)])
def test_the_asgi_application_refuses_from_the_headers_without_asking_for_the_body(header, status):
    start, asked = asgi_request([header])
    assert (start["status"], asked) == (status, 0)


# --- raw bytes on a socket, against the Procfile's web process ------------------------------------


@pytest.fixture(scope="module")
def web(tmp_path_factory, site_files):
    directory = tmp_path_factory.mktemp("web")
    port = free_port()
    env = prepare(directory, port, seeded=site_files.path("seeded")) | {"WEB_CONCURRENCY": "1"}
    server = start_server(f"{procfile_web()} --bind 127.0.0.1:$PORT", env, directory / "server.log")
    try:
        wait_until_up(port, server, directory / "server.log")
        yield port
    finally:
        stop_server(server)


def raw_exchange(port: int, head: str, body: bytes = b"") -> tuple[bytes, float]:
    """Send a request's bytes; everything the server sends back until it closes, and how long that took."""
    started = time.perf_counter()
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(head.replace("\n", "\r\n").encode() + body)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    return answer, time.perf_counter() - started


def test_a_declared_100_mb_upload_is_answered_at_once_and_the_connection_closed(web):
    answer, took = raw_exchange(web, f"POST /api/check HTTP/1.1\nHost: 127.0.0.1\nContent-Type: application/json\n"
                                     f"Content-Length: {HUNDRED_MB}\n\n", b"{")
    assert answer.startswith(b"HTTP/1.1 413 ") and took < 5
    assert b"the request must be at most 1,000,000 bytes" in answer


def test_a_chunked_upload_is_answered_411_at_once(web):
    answer, took = raw_exchange(web, "POST /lists/import/ HTTP/1.1\nHost: 127.0.0.1\nTransfer-Encoding: chunked\n"
                                     "Connection: close\n\n", b"5\r\nhello\r\n0\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 411 ") and took < 5
    assert b"a body sent in chunks is not accepted" in answer


def test_a_body_within_the_limit_still_gets_its_answer(web):
    body = json.dumps({"format": "armylists/list@1"}).encode()
    answer, _ = raw_exchange(web, f"POST /api/check HTTP/1.1\nHost: 127.0.0.1\nContent-Type: application/json\n"
                                  f"Content-Length: {len(body)}\nConnection: close\n\n", body)
    assert answer.startswith(b"HTTP/1.1 400 ") and b"error" in answer
