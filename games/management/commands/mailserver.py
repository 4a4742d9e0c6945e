"""`manage.py mailserver`: the SMTP (or, with --lmtp, LMTP) listener for self-hosting.

It takes mail for MAIL_DOMAIN only and hands every message to receive_mail (games/mail/doors.py says what
it answers). It listens on loopback unless told otherwise: put it behind the machine's MTA (Postfix:
relay the domain to it, or deliver over LMTP), or bind it to the world on purpose.
"""

from __future__ import annotations

import logging
import signal
import threading
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.mail.doors import start_listener


class Command(BaseCommand):
    help = "Listen for mailed replies over SMTP (or LMTP) until SIGTERM or SIGINT."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--host", default=settings.MAIL_LISTEN_HOST,
                            help="address to listen on (default MAIL_LISTEN_HOST: %(default)s)")
        parser.add_argument("--port", type=int, default=settings.MAIL_LISTEN_PORT,
                            help="port to listen on (default MAIL_LISTEN_PORT: %(default)s)")
        parser.add_argument("--lmtp", action="store_true", help="speak LMTP (RFC 2033) instead of SMTP")

    def handle(self, *args: Any, **options: Any) -> None:
        stop = threading.Event()
        for signum in (signal.SIGTERM, signal.SIGINT):
            signal.signal(signum, lambda *_: stop.set())
        if options["verbosity"] < 2:
            # aiosmtpd logs every connection and command at INFO; each mail's outcome is logged anyway.
            logging.getLogger("mail.log").setLevel(logging.WARNING)
        protocol = "LMTP" if options["lmtp"] else "SMTP"
        try:
            controller = start_listener(options["host"], options["port"], lmtp=options["lmtp"])
        except Exception as exc:
            raise CommandError(f"cannot listen on {options['host']}:{options['port']}: {exc}") from exc
        self.stdout.write(f"Listening for {protocol} mail to *@{settings.MAIL_DOMAIN} on "
                          f"{options['host']}:{options['port']}", ending="\n")
        self.stdout.flush()
        try:
            while not stop.wait(1):
                pass
        finally:
            controller.stop()
        self.stdout.write("Stopped.")
