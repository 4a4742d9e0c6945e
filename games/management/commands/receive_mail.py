"""`manage.py receive_mail < message.eml`: the door for an MTA that pipes each mail to a command.

Postfix, for example (master.cf), with the envelope as it knows it:
    metaltalon unix - n n - - pipe flags=Rq user=metaltalon argv=/srv/metaltalon/.venv/bin/python
      /srv/metaltalon/manage.py receive_mail --recipient ${recipient} --sender ${sender}

Exit status per sysexits.h: 0 for every mail handled, a dropped one included (any other status makes the
MTA bounce the mail to its sender, likely forged); 75 (EX_TEMPFAIL) when something failed, the database
first of all, so the MTA keeps the mail and tries again later.
"""

from __future__ import annotations

import logging
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.mail.doors import EX_TEMPFAIL, describe
from games.mail.inbound import receive_mail

logger = logging.getLogger(__name__)


class Command(BaseCommand):
    help = ("Read one mail (raw bytes) from standard input and play it as a reply to a seat's address. "
            "Exits 0 when handled (dropped included), 75 when the MTA should try again later.")
    # Run once per mail: no system checks (they cost time and could fail the delivery for nothing).
    requires_system_checks: list[str] = []
    # call_command("receive_mail", stdin=...) in tests; the real door reads the process's stdin.
    stealth_options = ("stdin",)

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--recipient", action="append", default=[], metavar="ADDRESS",
                            help="an envelope recipient (RCPT TO), as the MTA passes it; may be repeated")
        parser.add_argument("--sender", default=None, metavar="ADDRESS",
                            help="the envelope sender (MAIL FROM; empty for a bounce)")

    def handle(self, *args: Any, **options: Any) -> None:
        stdin = options.get("stdin") or sys.stdin
        raw = (stdin.buffer if hasattr(stdin, "buffer") else stdin).read()
        if isinstance(raw, str):
            raw = raw.encode("utf-8", "surrogateescape")
        try:
            received = receive_mail(raw, recipients=options["recipient"], envelope_from=options["sender"])
        except Exception as exc:
            logger.exception("inbound mail failed; the MTA will try again")
            # A fixed text: the MTA may put it in a bounce to the (possibly forged) sender; the log has
            # the details.
            raise CommandError("temporary failure, try again later", returncode=EX_TEMPFAIL) from exc
        self.stdout.write(describe(received))
