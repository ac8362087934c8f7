"""`pair_round`, `record_results`, `standings` and `drop_player` (docs/events.md, "The tournament day")."""
from __future__ import annotations

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from armylists.tournament.models import Round, Table

pytestmark = pytest.mark.django_db


def run(capsys, *args) -> list[str]:
    call_command(*args)
    return capsys.readouterr().out.splitlines()


def names(table: Table) -> tuple[str, str]:
    return table.first.display_name, table.second.display_name


def write(tmp_path, *rows: str):
    path = tmp_path / "results.csv"
    path.write_text("round,table,player,opponent,result,destruction,opponent_destruction\n" + "\n".join(rows) + "\n")
    return str(path)


def test_pair_round_prints_one_object_per_table_with_the_bye_last(ready, capsys):
    event = ready(5)
    lines = [json.loads(line) for line in run(capsys, "pair_round", event.slug, "--seed", "3", "--json")]
    assert [line["table"] for line in lines] == [1, 2, 3] and {line["round"] for line in lines} == {1}
    assert lines[-1]["players"][1] is None
    assert sorted(p for line in lines for p in line["players"] if p) == ["Ada", "Bram", "Cleo", "Dov", "Eve"]
    assert Round.objects.get(event=event).seed == 3


def test_the_same_seed_prints_the_same_pairing(ready, capsys):
    one, other = ready(6), ready(6)
    first = run(capsys, "pair_round", one.slug, "--seed", "11")[0].split(": ", 1)[1]
    assert run(capsys, "pair_round", other.slug, "--seed", "11")[0].split(": ", 1)[1] == first


def test_record_results_all_or_nothing_naming_the_row(ready, capsys, tmp_path):
    event = ready(4)
    run(capsys, "pair_round", event.slug, "--seed", "1")
    t1, t2 = Table.objects.filter(round__event=event).select_related("first", "second")
    a, b = names(t1)
    c, d = names(t2)
    bad = write(tmp_path, f"1,1,{a},{b},win,500,200", f"1,2,{c},{a},loss,0,300")
    with pytest.raises(CommandError, match=rf"row 3: table 2 of round 1 is {c} v {d}, not “{c}” v “{a}”"):
        call_command("record_results", event.slug, bad)
    assert not Table.objects.filter(round__event=event, confirmed=True).exists()
    good = write(tmp_path, f"1,1,{a},{b},win,500,200", f"1,2,{d},{c},tie,300,300")
    assert run(capsys, "record_results", event.slug, good) == ["2 results recorded."]
    t1.refresh_from_db()
    assert (t1.outcome, t1.first_destruction, t1.second_destruction, t1.confirmed) == ("first", 500, 200, True)


def test_record_results_refuses_a_result_that_is_not_win_loss_or_tie(ready, capsys, tmp_path):
    event = ready(2)
    run(capsys, "pair_round", event.slug)
    a, b = names(Table.objects.select_related("first", "second").get(round__event=event))
    with pytest.raises(CommandError, match="row 2: result must be win, loss or tie"):
        call_command("record_results", event.slug, write(tmp_path, f"1,1,{a},{b},won,1,1"))


@pytest.mark.parametrize(("cell", "said"), [
    ("5" * 5_001, "row 2: a cell is longer than 1,000 characters"),
    ("5" * 900, "row 2: destruction must be a whole number from 0 to 1,000,000, not “5555"),
    ("²", "row 2: destruction must be a whole number from 0 to 1,000,000, not “²”"),
    ("x" * 200_000, "row 2: not a row of comma-separated values"),
])
def test_record_results_refuses_a_hostile_cell_in_one_sentence_naming_the_row(ready, capsys, tmp_path, cell, said):
    event = ready(2)
    run(capsys, "pair_round", event.slug)
    a, b = names(Table.objects.select_related("first", "second").get(round__event=event))
    with pytest.raises(CommandError) as refused:
        call_command("record_results", event.slug, write(tmp_path, f"1,1,{a},{b},win,{cell},1"))
    message = str(refused.value)
    assert refused.value.returncode == 2 and said in message and "nothing was recorded" in message
    assert len(message) < 400 and "\n" not in message and "Traceback" not in message
    assert not Table.objects.filter(round__event=event, confirmed=True).exists()


def test_standings_in_order_with_shared_ranks_and_opponents_by_name(ready, capsys, tmp_path):
    event = ready(4)
    run(capsys, "pair_round", event.slug, "--seed", "1")
    t1, t2 = Table.objects.filter(round__event=event).select_related("first", "second")
    a, b = names(t1)
    c, d = names(t2)
    run(capsys, "record_results", event.slug, write(tmp_path, f"1,1,{a},{b},win,500,200", f"1,2,{c},{d},tie,0,0"))
    rows = [json.loads(line) for line in run(capsys, "standings", event.slug, "--json")]
    assert rows[0] == {"rank": 1, "player": a, "faction": "Kingdom", "vp": 3, "destruction": 500, "played": 1,
                       "opponents": [b]}
    assert [r["rank"] for r in rows] == [1, 2, 2, 4] and {r["player"] for r in rows[1:3]} == {c, d}


def test_drop_player_before_round_one_and_an_unknown_player(ready, capsys):
    event = ready(3)
    assert run(capsys, "drop_player", event.slug, "ada") == ["Ada dropped from round 1 on."]
    lines = [json.loads(line) for line in run(capsys, "pair_round", event.slug, "--json")]
    assert "Ada" not in {p for line in lines for p in line["players"]} and len(lines) == 1
    with pytest.raises(CommandError, match="no player 'Zed'"):
        call_command("drop_player", event.slug, "Zed")
    with pytest.raises(CommandError, match="no event"):
        call_command("standings", "no-such-event")


def test_the_demo_event_is_ready_for_its_first_round(capsys):
    call_command("seed_demo", verbosity=0)
    lines = [json.loads(line) for line in run(capsys, "pair_round", "demo-event", "--json")]
    assert len(lines) == 3 and all(None not in line["players"] for line in lines)  # six sample players
