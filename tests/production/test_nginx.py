"""The nginx in front, configured as docs/deploying.md says ("The proxy in front": this test reads its config
block from there, so the doc and what is tested are one), keeps an anonymous reader's shared page: the second
reader is answered by nginx (X-Cache-Status: HIT) without reaching `web`. Debian's nginx (.ci/install --test)."""
from __future__ import annotations

import http.client
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.bench_processes import share_a_list
from tests.bench_slow_clients import (
    ROOT,
    free_port,
    prepare,
    procfile_web,
    start_server,
    stop_server,
    wait_until_up,
)

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
pytestmark = pytest.mark.skipif(not Path(NGINX).exists(), reason="nginx is not installed (.ci/install --test)")


def documented_config() -> str:
    """The nginx block of docs/deploying.md's "The proxy in front"."""
    doc = (ROOT / "docs" / "deploying.md").read_text()
    section = doc[doc.index("### The proxy in front"):]
    return re.search(r"```nginx\n(.*?)```", section, re.S)[1]


def nginx_config(folder: Path, nginx_port: int, web_port: int) -> Path:
    """A whole nginx.conf around the documented block: its own folder, ports and cache, in the foreground."""
    block = (documented_config().replace("127.0.0.1:8000", f"127.0.0.1:{web_port}")
             .replace("listen 80;", f"listen 127.0.0.1:{nginx_port};")
             .replace("/var/cache/nginx/muster", str(folder / "cache")))
    (folder / "muster.conf").write_text(block)
    config = folder / "nginx.conf"
    # Started by root (a CI container), its worker would run as nobody, who cannot enter the test's folder.
    user = "user root;" if os.geteuid() == 0 else ""
    config.write_text(f"""
        {user}
        daemon off;
        worker_processes 1;
        pid {folder}/nginx.pid;
        error_log {folder}/error.log;
        events {{}}
        http {{
            access_log {folder}/access.log;
            client_body_temp_path {folder}/body;
            proxy_temp_path {folder}/proxy;
            include {folder}/muster.conf;
        }}
    """)
    return config


def get(port: int, path: str, headers: dict[str, str] | None = None) -> http.client.HTTPResponse:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", path, headers=headers or {})
    response = connection.getresponse()
    response.read()
    connection.close()
    return response


def test_a_second_anonymous_reader_of_a_shared_page_is_answered_by_nginx(tmp_path, site_files):
    web_port, nginx_port = free_port(), free_port()
    env = prepare(tmp_path, web_port, seeded=site_files.path("seeded")) | {
        "WEB_CONCURRENCY": "1", "TRUSTED_PROXIES": "127.0.0.1"}
    token = share_a_list(env)
    log = tmp_path / "server.log"
    server = start_server(f"{procfile_web()} --bind 127.0.0.1:$PORT", env, log)
    nginx = subprocess.Popen([NGINX, "-c", str(nginx_config(tmp_path, nginx_port, web_port)), "-p", str(tmp_path)],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        wait_until_up(web_port, server, log)
        path = f"/lists/shared/{token}/"
        first = get(nginx_port, path)
        second = get(nginx_port, path)
        assert first.status == second.status == 200
        assert first.getheader("X-Cache-Status") == "MISS" and second.getheader("X-Cache-Status") == "HIT"
        # The answer web made for the first reader, kept: the second never reached web.
        assert second.getheader("X-Request-Id") == first.getheader("X-Request-Id")
        signed_in = get(nginx_port, path, {"Cookie": "sessionid=not-a-session"})
        assert signed_in.getheader("X-Cache-Status") == "BYPASS"  # a session cookie is the site's to answer
    finally:
        nginx.terminate()
        nginx.wait(15)
        stop_server(server)
