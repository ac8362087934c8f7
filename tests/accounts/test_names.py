"""Names people read (armylists/boundary/names.py; docs/events.md, "Names"): no invisible character, no
lookalike of a name in use; usernames are ASCII. Real names of every script pass."""
from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from armylists.boundary.names import BLANKS, INVISIBLE_CATEGORIES, lookalike, name_fault, skeleton

REAL_NAMES = ["Zoë", "Łukasz", "Ólafur", "Chloé", "Ingrid Bergström", "山田太郎", "やまだ", "Ольга", "Дмитрий",
              "Σωκράτης", "محمد", "דוד", "Nguyễn Thị Minh Khai", "O'Brien", "Anne-Marie"]
# A Cyrillic е; a small capital ᴅ (its own prototype in Unicode's confusables, so mapped by the module);
# fullwidth and mathematical letters; a digit zero for the letter o; a different case.
LOOKALIKES_OF_DEMO = ["dеmo", "ᴅemo", "ｄｅｍｏ", "𝐝𝐞𝐦𝐨", "dem0", "DEMO", "ꭰemo"]
HIDDEN = ["de\u200bmo", "\u202eomed", "demo\u200f", "de\u2066mo", "\u3164", "de\u2800mo", "de\ufe0fmo", "\u0301demo"]


@pytest.mark.parametrize("name", LOOKALIKES_OF_DEMO)
def test_a_lookalike_of_a_name_reads_as_that_name(name):
    assert skeleton(name) == skeleton("demo")
    assert lookalike(name, ["ada", "demo"]) == "demo"


@pytest.mark.parametrize("name", REAL_NAMES)
def test_real_names_of_every_script_are_acceptable_and_their_own(name):
    assert name_fault(name) is None
    assert lookalike(name, [n for n in REAL_NAMES if n != name] + ["demo"]) is None


@pytest.mark.parametrize("name", HIDDEN)
def test_a_name_with_a_character_nobody_sees_is_refused_and_the_character_named(name):
    fault = name_fault(name)
    assert fault is not None and "U+" in fault


# Every invisible category but surrogates, which no Python string read from a form holds.
INVISIBLE = (st.characters(categories=sorted(INVISIBLE_CATEGORIES - {"Cs"})) | st.sampled_from(sorted(BLANKS)))
NAME = st.text(st.characters(categories=["L", "N", "P", "Zs", "S"]), min_size=1, max_size=30)


@given(NAME, INVISIBLE, st.data())
def test_any_name_with_an_invisible_character_anywhere_is_refused(name, invisible, data):
    where = data.draw(st.integers(0, len(name)))
    assert name_fault(name[:where] + invisible + name[where:]) is not None


@given(st.text(max_size=30))
def test_a_skeleton_is_its_own_skeleton(name):
    assert skeleton(skeleton(name)) == skeleton(name)


# Latin letters and the Cyrillic, Greek and small-capital letters drawn the same.
TWINS = {"a": "аɑᴀ", "c": "сᴄ", "e": "еᴇ", "o": "оοᴏ", "p": "рρᴘ", "x": "х", "y": "уʏ", "i": "іɪ", "j": "јᴊ"}


@given(st.text("acdeijlmnopstxy", min_size=1, max_size=20), st.data())
def test_any_latin_name_with_letters_swapped_for_their_twins_reads_as_the_original(name, data):
    swapped = "".join(data.draw(st.sampled_from(TWINS[c])) if c in TWINS and data.draw(st.booleans()) else c
                      for c in name)
    assert skeleton(swapped) == skeleton(name) and lookalike(swapped, ["zed", name]) == name
    assert skeleton(swapped.upper()) == skeleton(name)


def sign_up(client, username: str):
    return client.post(reverse("signup"), {"username": username, "password1": "a-long-test-password",
                                           "password2": "a-long-test-password"})


@pytest.mark.django_db
@pytest.mark.parametrize(("username", "said"), [
    ("dеmo", "unaccented"),  # Cyrillic е: not ASCII
    ("ᴅemo", "unaccented"),  # a small capital: not ASCII
    ("de\u200bmo", "invisible or direction-control character (U+200B ZERO WIDTH SPACE)"),
    ("\u202eomed", "invisible or direction-control character (U+202E RIGHT-TO-LEFT OVERRIDE)"),
    ("dem0", "too like an existing one"),
    ("Demo", "already exists"),
    ("ｄｅｍｏ", "already exists"),  # Django takes fullwidth letters to ASCII (NFKC) before checking
])
def test_a_sign_up_beside_demo_with_a_lookalike_or_invisible_username_is_refused(client, make_user, username, said):
    make_user("demo")
    response = sign_up(client, username)
    assert response.status_code == 200 and said in response.context["form"].errors["username"][0]
    assert list(get_user_model().objects.values_list("username", flat=True)) == ["demo"]


@pytest.mark.django_db
def test_a_username_is_ascii_and_the_sign_up_says_where_a_real_name_goes(client, make_user):
    make_user("demo")
    assert "display name in each event" in client.get(reverse("signup")).text
    assert sign_up(client, "Zoe.Martin-2").status_code == 302
    assert get_user_model().objects.filter(username="Zoe.Martin-2").exists()
