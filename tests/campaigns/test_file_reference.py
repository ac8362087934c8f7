"""docs/campaigns.md's campaign-file reference is written from the code: every kind of action with its fields
and an example, every key a die or a choice is stored under. It fails when the document and the code differ."""
from __future__ import annotations

from armylists.campaigns import filedoc
from armylists.campaigns.payloads import PAYLOADS, parse_action


def test_the_documented_reference_is_the_codes():
    assert filedoc.START in filedoc.DOC.read_text(encoding="utf-8")
    assert filedoc.updated(filedoc.DOC.read_text(encoding="utf-8")) == filedoc.DOC.read_text(encoding="utf-8"), (
        "docs/campaigns.md's file reference is out of date: python -m armylists.campaigns.filedoc")


def test_every_kind_has_an_example_that_the_boundary_accepts():
    documented = {kind: example for kind, _, example in filedoc.kinds()}
    assert set(documented) == set(PAYLOADS)
    for kind, example in documented.items():
        parse_action(kind, example)


def test_the_keys_are_those_the_engine_asks_for():
    """AoF Regiments, Campaign Rules, Earn Experience: a hero's level-up rolls its skill under .../skill, and its
    skill set is rolled and chosen under .../skill-set; a regular unit's trait is rolled under the level."""
    keys = {(key, stored) for key, stored, _ in filedoc.stored_keys()}
    for expected in [("u1/level1", "die"), ("u1/level1/skill", "die"), ("u1/level1/skill-set", "die"),
                     ("u1/level1/skill-set", "choice"), ("u1/level1/fast-learner", "choice"),
                     ("u1/casualty", "die"), ("a1/objective", "die"), ("length", "die"), ("u1/sell/banner", "die")]:
        assert expected in keys
    assert not any("<" in key for key, _ in keys), "a key part the reference cannot name"
