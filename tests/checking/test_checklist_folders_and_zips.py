"""`manage.py checklist` on folders and zip archives of list files: read in order, bounded, never trusted."""
from __future__ import annotations

import json
import time
import zipfile

import pytest
from django.core.management import call_command

from armylists.checking import listsources

from .conftest import ILLEGAL, LEGAL

pytestmark = pytest.mark.django_db


def run(capsys, *args):
    with pytest.raises(SystemExit) as exited:
        call_command("checklist", *args, "--json")
    return exited.value.code, [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def zip_of(path, members: dict[str, object]) -> str:
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, content in members.items():
            archive.writestr(name, content if isinstance(content, (str, bytes)) else json.dumps(content))
    return str(path)


def test_a_folder_is_read_whole_in_name_order_json_files_only(kingdom, tmp_path, capsys):
    (tmp_path / "lists" / "round-2").mkdir(parents=True)
    (tmp_path / "lists" / "b.json").write_text(json.dumps(ILLEGAL))
    (tmp_path / "lists" / "a.json").write_text(json.dumps(LEGAL))
    (tmp_path / "lists" / "round-2" / "c.JSON").write_text(json.dumps(LEGAL))
    (tmp_path / "lists" / "notes.txt").write_text("not a list")
    code, lines = run(capsys, str(tmp_path / "lists"))
    folder = tmp_path / "lists"
    assert [line["file"] for line in lines] == [str(folder / "a.json"), str(folder / "b.json"),
                                                 str(folder / "round-2" / "c.JSON")]
    assert [line["legal"] for line in lines] == [True, False, True] and code == 1


def test_a_zip_is_read_in_memory_and_its_files_named_inside_it(kingdom, tmp_path, capsys):
    archive = zip_of(tmp_path / "mail.zip", {"lists/alice.json": LEGAL, "lists/bob.json": LEGAL, "readme.md": "hi"})
    code, lines = run(capsys, archive)
    assert [line["file"] for line in lines] == [f"{archive}:lists/alice.json", f"{archive}:lists/bob.json"]
    assert code == 0 and not (tmp_path / "lists").exists()


@pytest.mark.parametrize("member", ["../escape.json", "/etc/escape.json", "a/../../escape.json", "C:/escape.json",
                                    "a\\..\\escape.json"])
def test_a_member_whose_name_leads_out_of_the_archive_is_refused_and_the_rest_checked(kingdom, tmp_path, capsys,
                                                                                     member):
    archive = zip_of(tmp_path / "x.zip", {member: LEGAL, "ok.json": LEGAL})
    code, lines = run(capsys, archive)
    by_file = {line["file"]: line for line in lines}
    assert by_file[f"{archive}:{member}"] == {
        "file": f"{archive}:{member}", "error": f"{archive}:{member}: a name that leads out of the archive"}
    assert by_file[f"{archive}:ok.json"]["legal"] is True
    assert code == 2 and not (tmp_path.parent / "escape.json").exists()


def test_a_zip_bomb_is_read_no_further_than_a_list_file_can_be(kingdom, tmp_path, capsys):
    bomb = tmp_path / "bomb.zip"
    with zipfile.ZipFile(bomb, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("big.json", b" " * 50_000_000)
    assert bomb.stat().st_size < 100_000
    started = time.perf_counter()
    code, lines = run(capsys, str(bomb))
    assert time.perf_counter() - started < 5
    assert lines == [{"file": f"{bomb}:big.json",
                      "error": f"{bomb}:big.json: over 1,000,000 bytes, the most a list file may have"}]
    assert code == 2


def test_a_big_plain_file_is_refused_before_it_is_parsed(kingdom, tmp_path, capsys):
    big = tmp_path / "big.json"
    big.write_text(json.dumps(dict(LEGAL, meta={"padding": "x" * 1_000_001})))
    code, lines = run(capsys, str(big))
    assert lines[0]["error"] == f"{big}: over 1,000,000 bytes, the most a list file may have" and code == 2


def test_an_archive_that_is_not_a_zip_is_bad_input(kingdom, tmp_path, capsys):
    fake = tmp_path / "lists.zip"
    fake.write_text("not a zip")
    code, lines = run(capsys, str(fake))
    assert lines[0]["error"].startswith(f"{fake}: not a zip archive") and code == 2


def test_an_empty_folder_or_archive_says_so(kingdom, tmp_path, capsys):
    (tmp_path / "empty").mkdir()
    archive = zip_of(tmp_path / "empty.zip", {"readme.txt": "nothing"})
    code, lines = run(capsys, str(tmp_path / "empty"), archive)
    assert [line["error"] for line in lines] == [f"{tmp_path / 'empty'}: no .json list file in it",
                                                 f"{archive}: no .json list file in it"]


def test_a_link_out_of_the_folder_is_not_followed(kingdom, tmp_path, capsys):
    secret = tmp_path / "secret.json"
    secret.write_text(json.dumps(LEGAL))
    (tmp_path / "lists").mkdir()
    (tmp_path / "lists" / "link.json").symlink_to(secret)
    code, lines = run(capsys, str(tmp_path / "lists"))
    assert lines == [{"file": str(tmp_path / "lists" / "link.json"),
                      "error": f"{tmp_path / 'lists' / 'link.json'}: a link to a file outside the folder"}]


def test_the_number_of_files_in_one_run_is_bounded(kingdom, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(listsources, "MAX_FILES", 3)
    for i in range(5):
        (tmp_path / f"{i}.json").write_text(json.dumps(LEGAL))
    code, lines = run(capsys, str(tmp_path))
    assert len(lines) == 4
    assert lines[3]["error"] == f"{tmp_path}: more than 3 list files in one run; the rest is not read"


def test_what_one_archive_unpacks_is_bounded(kingdom, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(listsources, "MAX_UNPACKED", 600)
    archive = zip_of(tmp_path / "x.zip", {f"{i}.json": LEGAL for i in range(3)})
    code, lines = run(capsys, archive)
    assert "legal" in lines[0] and lines[-1]["error"].endswith("bytes of lists; the rest is not read")
