"""The framework internals Muster relies on (armylists/ops/private_apis.py) are those of the releases installed
and locked: on a release the module does not name, or with a part gone or changed, these fail before the web
process does."""
from __future__ import annotations

import importlib
import inspect
import re
import sys
from importlib.metadata import version
from pathlib import Path

import pytest

from armylists.ops.private_apis import FRAMEWORKS, Framework, Internal

LOCKS = sorted((Path(__file__).resolve().parents[2] / "requirements").glob("*.txt"))
INTERNALS = [(framework, internal) for framework in FRAMEWORKS for internal in framework.internals]


def installed(framework: Framework) -> str:
    if framework.distribution is None:
        return f"{sys.version_info.major}.{sys.version_info.minor}"
    return version(framework.distribution)


def resolve(where: str):
    module, _, path = where.partition(":")
    found = importlib.import_module(module)
    for name in path.split("."):
        found = getattr(found, name)
    return found


@pytest.mark.parametrize("framework", FRAMEWORKS, ids=lambda framework: framework.name)
def test_the_installed_release_is_one_the_internals_were_read_in(framework):
    assert installed(framework) in framework.versions, (
        f"{framework.name} {installed(framework)} is installed, but Muster's use of its internals was read in "
        f"{', '.join(framework.versions)}: check each one in armylists/ops/private_apis.py against it")


@pytest.mark.parametrize(("framework", "internal"), INTERNALS, ids=[i.where for _, i in INTERNALS])
def test_each_internal_is_still_there_as_it_was(framework: Framework, internal: Internal):
    found = resolve(internal.where)
    if internal.signature is not None:
        assert str(inspect.signature(found)) == internal.signature, f"{internal.where} takes other arguments"
    for text in internal.source_has:
        assert text in inspect.getsource(found), f"{internal.where} no longer has `{text}` ({internal.why})"


def test_there_are_lock_files():
    assert {lock.name for lock in LOCKS} == {"site.txt", "test.txt"}


@pytest.mark.parametrize("lock", LOCKS, ids=lambda lock: lock.name)
@pytest.mark.parametrize("framework", [f for f in FRAMEWORKS if f.distribution], ids=lambda f: f.name)
def test_the_lock_pins_each_framework_to_a_release_the_internals_were_read_in(lock: Path, framework: Framework):
    pins = re.findall(rf"^{re.escape(framework.distribution)}==(\S+)", lock.read_text(), re.MULTILINE | re.IGNORECASE)
    assert len(pins) == 1 and pins[0] in framework.versions, (
        f"{lock.name} pins {framework.name} to {pins or 'nothing'}, not one of {', '.join(framework.versions)}")


def test_a_release_not_named_fails(monkeypatch):
    """The check above is real: another release of gunicorn is refused."""
    gunicorn = next(f for f in FRAMEWORKS if f.name == "gunicorn")
    monkeypatch.setattr(sys.modules[__name__], "version", lambda distribution: "28.0.0")
    with pytest.raises(AssertionError, match="gunicorn 28.0.0 is installed"):
        test_the_installed_release_is_one_the_internals_were_read_in(gunicorn)


@pytest.mark.parametrize("changed", [
    Internal("gunicorn.arbiter:Arbiter.stop", "", "", signature="(self)"),
    Internal("gunicorn.arbiter:Arbiter.stop", "", "", source_has=("self.no_such_thing = ",)),
])
def test_a_part_changed_fails(changed):
    """The check above is real: a method taking other arguments, or no longer doing what was relied on, fails."""
    gunicorn = next(f for f in FRAMEWORKS if f.name == "gunicorn")
    with pytest.raises(AssertionError, match="gunicorn.arbiter:Arbiter.stop"):
        test_each_internal_is_still_there_as_it_was(gunicorn, changed)


def test_a_part_gone_fails():
    with pytest.raises(AttributeError):
        resolve("gunicorn.arbiter:Arbiter._no_such_method")
