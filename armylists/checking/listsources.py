"""The list files one `checklist` run reads: files, folders of them, and zip archives, within bounds.

Organisers who collect lists by email hand over a folder or a zip. Both are
read without trusting them: a folder is walked without following links out
of it; a zip is read in memory, never extracted, and a member whose name
climbs out of the archive (`../x.json`, `/etc/x.json`) is refused by name.
Sizes and counts are bounded, so neither a huge folder nor a zip bomb can
hold the command. Only `.json` files are read; anything else is skipped.
"""
from __future__ import annotations

import os
import zipfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from armylists.boundary.errors import BadInput
from armylists.boundary.jsonfile import LIST_BYTES, parse_json

MAX_FILE = LIST_BYTES  # a list file is at most 1 MB (docs/list-file.md, "Bounds")
MAX_FILES = 10_000  # list files in one run, from every folder and archive together
MAX_UNPACKED = 200_000_000  # bytes read out of one archive
MAX_DEPTH = 20  # folder levels below a folder given


class ListFileError(Exception):
    """A list file that could not be read; the message names it first."""


@dataclass(frozen=True)
class Source:
    name: str  # how reports name it: the path, or "archive.zip:folder/a.json"
    read: Callable[[], Any]  # the parsed JSON, or ListFileError

    def __iter__(self):
        return iter((self.name, self.read))


def _parse(name: str, raw: bytes) -> Any:
    """The file's data, read as every list file is (UTF-8 only, nesting and long numbers bounded)."""
    if len(raw) > MAX_FILE:
        raise ListFileError(f"{name}: over {MAX_FILE:,} bytes, the most a list file may have")
    try:
        return parse_json(raw, MAX_FILE)
    except BadInput as error:
        raise ListFileError(f"{name}: {error}") from None


def _file(path: Path, name: str | None = None) -> Source:
    name = name or str(path)

    def read() -> Any:
        try:
            with path.open("rb") as handle:
                return _parse(name, handle.read(MAX_FILE + 1))
        except FileNotFoundError:
            raise ListFileError(f"{name}: no such file") from None
        except OSError as error:
            raise ListFileError(f"{name}: cannot be read ({error.strerror})") from None

    return Source(name, read)


def _refused(name: str, message: str) -> Source:
    def read() -> Any:
        raise ListFileError(f"{name}: {message}")

    return Source(name, read)


def _is_json(name: str) -> bool:
    return name.lower().endswith(".json")


def _folder(root: Path) -> Iterator[Source]:
    """Every .json file below `root`, in name order; links leading out of it are refused."""
    top = root.resolve()
    for folder, subfolders, files in os.walk(root, followlinks=False):
        depth = len(Path(folder).relative_to(root).parts)
        subfolders.sort()
        if depth >= MAX_DEPTH:
            subfolders.clear()
        for filename in sorted(f for f in files if _is_json(f)):
            path = Path(folder) / filename
            if not path.resolve().is_relative_to(top):
                yield _refused(str(path), "a link to a file outside the folder")
            else:
                yield _file(path)


def _unsafe(member: str) -> bool:
    path = PurePosixPath(member)
    return member.startswith(("/", "\\")) or "\\" in member or ".." in path.parts or ":" in path.parts[0]


def _archive(path: Path) -> Iterator[Source]:
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError) as error:
        yield _refused(str(path), f"not a zip archive ({error})")
        return
    unpacked = 0
    with archive:
        members = sorted((i for i in archive.infolist() if not i.is_dir() and _is_json(i.filename)),
                         key=lambda i: i.filename)
        for info in members:
            name = f"{path}:{info.filename}"
            if _unsafe(info.filename):
                yield _refused(name, "a name that leads out of the archive")
            elif info.flag_bits & 0x1:
                yield _refused(name, "encrypted")
            elif info.file_size > MAX_FILE:
                yield _refused(name, f"over {MAX_FILE:,} bytes, the most a list file may have")
            elif unpacked + info.file_size > MAX_UNPACKED:
                yield _refused(name, f"the archive holds over {MAX_UNPACKED:,} bytes of lists; the rest is not read")
                return
            else:
                unpacked += info.file_size
                # Read now, capped: a member's declared size may lie (a zip bomb).
                try:
                    with archive.open(info) as handle:
                        raw = handle.read(MAX_FILE + 1)
                except (zipfile.BadZipFile, OSError, EOFError) as error:
                    yield _refused(name, f"cannot be read from the archive ({error})")
                    continue
                yield Source(name, lambda raw=raw, name=name: _parse(name, raw))


def _expand(path_text: str) -> Iterator[Source]:
    path = Path(path_text)
    if not path.is_dir() and path.suffix.lower() != ".zip":
        yield _file(path, path_text)
        return
    found = False
    for source in _folder(path) if path.is_dir() else _archive(path):
        found = True
        yield source
    if not found:
        yield _refused(path_text, "no .json list file in it")


def list_sources(paths: Iterable[str]) -> Iterator[Source]:
    """The list files named by `paths` (files, folders, zip archives), in the order given."""
    count = 0
    for path_text in paths:
        for source in _expand(path_text):
            count += 1
            if count > MAX_FILES:
                yield _refused(path_text, f"more than {MAX_FILES:,} list files in one run; the rest is not read")
                return
            yield source
