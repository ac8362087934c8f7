from pathlib import Path

from armylists.boundary.commands import MusterCommand
from armylists.boundary.errors import BadInput
from armylists.boundary.jsonfile import read_json
from armylists.printing.pdf import PAPERS
from armylists.printing.service import file_roster


class Command(MusterCommand):
    help = ("Print a list file (armylists/list@1) as a PDF roster. "
            "Exit status: 0 written, 2 bad input or the PDF could not be written.")

    def add_arguments(self, parser):
        parser.add_argument("file", metavar="LIST.json")
        parser.add_argument("-o", "--output", metavar="ROSTER.pdf",
                            help="where to write the PDF (default: the list file's name with .pdf)")
        parser.add_argument("--paper", choices=sorted(PAPERS), default="a4")

    def handle(self, *args, **options):
        path = options["file"]
        output = Path(options["output"] or Path(path).with_suffix(".pdf"))
        try:
            roster = file_roster(read_json(path), paper=options["paper"])
        except BadInput as error:
            self.refuse(f"{path}: {error}")
        try:
            output.write_bytes(roster.pdf)
        except OSError as error:
            self.refuse(f"{output}: cannot write the PDF ({error.strerror or error})")
        verdict = "legal" if roster.sheet.legal else "NOT LEGAL"
        verdict += " with sample data" if roster.sheet.sample_data else ""
        self.stdout.write(f"{output}: roster of {roster.sheet.list_name} ({verdict}, "
                          f"{len(roster.sheet.cards)} entries, {options['paper']})")
