"""Hostile input at every URL: hypothesis posts to every form and endpoint of the site.

Every URL in WHO (tests/test_url_permissions.py) is walked, as someone allowed to use it, against a small
seeded world (fuzzworld.py). It is sent its own form's fields (fuzzforms.py) with values valid and hostile
(fuzzinput.py), the names its view reads from the request, junk keys, with and without htmx's headers, by
each method it answers. Whatever comes in:

- never a server error, never a traceback;
- a refusal (a 4xx, an error message, a form shown again with its errors, the builder's notice) writes
  nothing: no statement it runs writes to a watched table (fuzzworld.writes_recorded);
- a GET writes nothing;
- what an accepted request wrote reads back (lists are list files, campaign logs replay, event settings
  are the game's).

Beside the random examples, each URL gets each of EVERY_FIELD in all its fields at once, so the classes
of input that once made a 500 ("²", 5,000 digits, NUL, tampered JSON) are tried every run, not by chance.
Each example runs in a savepoint that is rolled back. CI tries a few random examples per URL (6, a smaller
share on GET-only URLs and PDFs); MUSTER_FUZZ_EXAMPLES sets the number for a longer hunt by hand (the
README's test section gives the command).
"""
from __future__ import annotations

import os
import re
from urllib.parse import urlencode

import pytest
from django.conf import settings as django_settings
from django.contrib import messages
from django.db import connection, transaction
from django.forms import BaseForm
from django.test import Client
from django.test.utils import ContextList
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from armylists.builder.models import ArmyList
from armylists.events.models import Event, Organiser
from tests.test_url_permissions import DECLARED, WHO

from .fuzzforms import FORMS, NO_INPUT, QUERY, RAW, Target
from .fuzzinput import EVERY_FIELD, HTMX, payload
from .fuzzworld import Writes, check_written, reset_link, seed, writes_recorded

pytestmark = pytest.mark.django_db

EXAMPLES = int(os.environ.get("MUSTER_FUZZ_EXAMPLES", "6"))
# Pages that render a PDF take a tenth of a second or more each (a judges' pack more): a few examples.
SLOW = re.compile(r"pdf$|pack-start$")
# These take the visitor's own account (they join, with the invitation link); everyone else acts as alice.
NEWCOMER = {"campaigns:campaign-join", "events:join"}
ROUTES = dict((name, route) for route, name in DECLARED)


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """Seeded once for the module, in a transaction rolled back at its end; alice and newcomer logged in once
    there too (`logged_in`)."""
    with django_db_blocker.unblock(), transaction.atomic():
        world = seed()
        world.sessions = {who: logged_in(world.users[who]) for who in ("alice", "newcomer")}
        yield world
        transaction.set_rollback(True)


def logged_in(user) -> str:
    """The key of a session `user` is logged in by. Each example runs in a savepoint rolled back at its end, so
    every request starts from this same session, as it would from a login of its own (a login per example
    took a fifth of the module's time: its session, last_login and django-axes' rows written each time)."""
    client = Client()
    client.force_login(user)
    return client.cookies[django_settings.SESSION_COOKIE_NAME].value


def as_user(world, who: str | None) -> Client:
    """A new client: logged in as `who`, by the session the module made (`world`), or anonymous."""
    client = Client()
    if who:
        client.cookies[django_settings.SESSION_COOKIE_NAME] = world.sessions[who]
    return client


def actor(name: str) -> str | None:
    who = WHO[name][0]
    if name in NEWCOMER:
        return "newcomer"
    if who in ("anyone", "token") or (who == "auth" and name != "logout"):
        return None
    return "alice"


def methods(name: str, target: Target) -> list[str]:
    """The methods the URL answers, as it says itself (an OPTIONS request is answered with Allow)."""
    response = as_user(target.world, "alice").options(reverse(name, kwargs=target.kwargs(name, _route_names(name))))
    allowed = [m.strip() for m in response.get("Allow", "GET").split(",")]
    return [m for m in ("GET", "POST") if m in allowed]


def _route_names(name: str) -> list[str]:
    return re.findall(r"<(?:\w+:)?(\w+)>", ROUTES[name])


def draw_target(data, world) -> Target:
    game = data.draw(st.sampled_from(sorted(world.lists)), label="game")
    army = data.draw(st.sampled_from(sorted(world.armies)), label="army")
    target = Target(world, game, "", army, data.draw(st.sampled_from(world.armies[army]), label="unit"))
    target.entry = data.draw(st.sampled_from([e["id"] for e in target.army_list.document["entries"]]), label="entry")
    return target


def client_for(name: str, world) -> Client:
    client = as_user(world, actor(name))
    if name == "password_reset_confirm":  # the link's token is kept in the session, then the form is shown
        uidb64, token = reset_link(world.users["alice"])
        client.get(reverse(name, kwargs={"uidb64": uidb64, "token": token}))
    return client


def send(client: Client, method: str, url: str, data: dict, headers: dict, urlencoded: bool):
    if method == "GET":
        return client.get(url, data, headers=headers)
    if urlencoded and not any(hasattr(v, "read") for v in data.values()):
        return client.post(url, urlencode(data, doseq=True), content_type="application/x-www-form-urlencoded",
                           headers=headers)
    return client.post(url, data, headers=headers)


def _contexts(response) -> list:
    context = response.context
    if context is None:
        return []
    return [d for c in (context if isinstance(context, ContextList) else [context]) for d in c.dicts]


def refusal(response) -> str | None:
    """Why the request was refused, as the visitor is told; None when it was not."""
    if 400 <= response.status_code < 500:
        return f"status {response.status_code}"
    errors = [str(m) for m in messages.get_messages(response.wsgi_request) if m.level >= messages.ERROR]
    for message in errors:
        assert message.strip() and "Traceback" not in message and "object at 0x" not in message, message
    forms = [v for d in _contexts(response) for v in d.values() if isinstance(v, BaseForm) and v.is_bound]
    errors += [str(f.errors) for f in forms if f.errors]
    errors += [d["notice"] for d in _contexts(response) if d.get("notice")]
    return " ".join(errors) or None


def judge(method: str, response, writes: Writes) -> None:
    assert response.status_code < 500, response.status_code
    if not response.streaming:
        assert b"Traceback" not in response.content and b"Exception Value" not in response.content
    why = refusal(response)
    if why or method == "GET":
        assert not writes, f"{writes.names()} written although {why or 'a GET'}"
    else:
        check_written(writes)


def examples(name: str, allowed: list[str]) -> int:
    if SLOW.search(name):
        return 2
    return EXAMPLES if "POST" in allowed else max(EXAMPLES // 3, 3)


def test_the_recorder_sees_every_write_but_a_cached_verdict(world):
    """What "writes nothing" rests on: an UPDATE, an INSERT and a DELETE are each seen, raw SQL too; a list's
    stored verdict (a cache of its check) is not a write."""
    army_list = ArmyList.objects.get(pk=world.lists["aof-regiments"])
    with transaction.atomic():
        with writes_recorded() as writes:
            ArmyList.objects.filter(pk=army_list.pk).update(verdict={"legal": True}, verdict_version=0)
        assert not writes
        for write in (lambda: ArmyList.objects.filter(pk=army_list.pk).update(name="Renamed"),
                      lambda: Organiser.objects.filter(pk=world.co_organiser).delete(),
                      lambda: Organiser.objects.create(event=Event.objects.get(slug=world.event),
                                                       user=world.users["newcomer"]),
                      lambda: connection.cursor().execute(f'UPDATE "{ArmyList._meta.db_table}" SET "name" = %s',
                                                          ["Raw"])):
            with transaction.atomic(), writes_recorded() as writes:
                write()
                transaction.set_rollback(True)
            assert writes, write
        transaction.set_rollback(True)


def test_every_url_that_takes_a_post_has_its_form_named(world):
    """A URL that answers POST is fuzzed with its own fields: its form (or the names it reads) is named."""
    target = Target(world, "aof-regiments", "e1", "a1", "u1")
    unnamed = [name for name in sorted(WHO) if "POST" in methods(name, target)
               and name not in FORMS and name not in RAW and name not in NO_INPUT]
    assert unnamed == [], "add these URLs' forms to tests/production/fuzzforms.py"


def names_read(name: str, method: str, target: Target) -> list[str]:
    """The form's fields and the names the view reads (for a GET, every query-string name)."""
    if method == "GET":
        return QUERY
    fields = list(FORMS[name](target).fields) if name in FORMS else []
    return fields + (RAW[name](target) if name in RAW else [])


@pytest.mark.parametrize("name", sorted(WHO))
def test_each_hostile_value_in_every_field_at_once_is_answered(name, world):
    """Not left to chance: every field of the URL gets each of EVERY_FIELD, by each method it answers."""
    target = Target(world, "aof-regiments", "e1", "a1", "u1")
    allowed = methods(name, target)
    url = reverse(name, kwargs=target.kwargs(name, _route_names(name)))
    for method in allowed:
        for value in EVERY_FIELD[:2] if SLOW.search(name) else EVERY_FIELD:
            with transaction.atomic():
                client = client_for(name, world)
                body = dict.fromkeys(names_read(name, method, target), value)
                with writes_recorded() as writes:
                    response = send(client, method, url, body, {}, urlencoded=False)
                judge(method, response, writes)
                transaction.set_rollback(True)


@pytest.mark.parametrize("name", sorted(WHO))
def test_no_input_breaks_the_url_or_writes_when_refused(name, world):
    allowed = methods(name, Target(world, "aof-regiments", "e1", "a1", "u1"))

    @settings(max_examples=examples(name, allowed), deadline=None, database=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                     HealthCheck.data_too_large])
    @given(data=st.data())
    def example(data):
        with transaction.atomic():
            try:
                target = draw_target(data, world)
                method = data.draw(st.sampled_from(allowed + ["POST"] * ("POST" in allowed)), label="method")
                fields = FORMS[name](target).fields if method == "POST" and name in FORMS else {}
                raw = [n for n in names_read(name, method, target) if n not in fields]
                body = data.draw(payload(fields, raw, target.words()), label="data")
                headers = data.draw(HTMX, label="headers")
                client = client_for(name, world)
                url = reverse(name, kwargs=target.kwargs(name, _route_names(name)))
                urlencoded = data.draw(st.booleans(), label="urlencoded")
                with writes_recorded() as writes:
                    response = send(client, method, url, body, headers, urlencoded)
                judge(method, response, writes)
            finally:
                transaction.set_rollback(True)

    example()
