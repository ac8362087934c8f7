import json
import sys

from armylists.boundary.commands import BAD_INPUT, MusterCommand
from armylists.boundary.errors import BadInput
from armylists.checking.check import Batch
from armylists.checking.listsources import ListFileError, list_sources

LEGAL, ILLEGAL = 0, 1


class Command(MusterCommand):
    help = ("Check list files (armylists/list@1, or Army Forge list files of AoF Regiments and AoF Skirmish, told by "
            "their shape: their books imported first) against their game's construction rules. "
            "Exit status: 0 all legal, 1 any illegal, 2 any bad input.")

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", metavar="LIST.json",
                            help="list files, folders of them, or zip archives of them")
        parser.add_argument("--json", action="store_true", help="one JSON object per file, one per line")

    def handle(self, *args, **options):
        batch = Batch()
        status = LEGAL
        for path, read in list_sources(options["files"]):
            try:
                result = batch.check(read())
            except (BadInput, ListFileError) as error:
                # ListFileError already names the file (it comes from reading it).
                message = str(error) if isinstance(error, ListFileError) else f"{path}: {error}"
                self._bad(path, message, options["json"])
                status = BAD_INPUT
                continue
            report = result.report
            if not report.legal and status == LEGAL:
                status = ILLEGAL
            if options["json"]:
                self.stdout.write(json.dumps({"file": path, **report.as_dict()}, ensure_ascii=False))
            else:
                self._readable(path, result)
        sys.exit(status)

    def _bad(self, path: str, message: str, as_json: bool) -> None:
        if as_json:
            self.stdout.write(json.dumps({"file": path, "error": message}, ensure_ascii=False))
        else:
            self.stdout.write(f"BAD INPUT {message}")

    def _readable(self, path: str, result) -> None:
        report = result.report
        verdict = "legal" if report.legal else "ILLEGAL"
        points = "" if report.points is None else f", {report.points}/{report.points_limit} points"
        name = f" ({result.document.name})" if result.document.name else ""
        self.stdout.write(f"{path}{name}: {verdict}{points}")
        for v in report.violations:
            entries = f" [{', '.join(v.entries)}]" if v.entries else ""
            self.stdout.write(f"  {v.severity:<7} {v.code}: {v.message}{entries} — {v.rule}")
