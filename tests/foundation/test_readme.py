"""The README's `make run` says what really starts: every process of the Procfile, and the mail port."""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]


def procfile_processes() -> list[str]:
    lines = (ROOT / "Procfile").read_text().splitlines()
    return [line.split(":", 1)[0] for line in lines if re.match(r"^\w+:", line)]


def make_run_section() -> str:
    readme = (ROOT / "README.md").read_text()
    return readme.split("## On a fresh machine", 1)[1].split("## Other commands", 1)[0]


def test_the_readme_names_every_process_make_run_starts():
    section = make_run_section()
    processes = procfile_processes()

    [comment] = [line for line in section.splitlines() if line.startswith("make run")]
    assert all(name in comment for name in processes), (comment, processes)
    count = ["one", "two", "three", "four", "five", "six"][len(processes) - 1]
    assert f"the {count} processes of the `Procfile`" in section


def test_the_readme_gives_the_mail_listeners_port_where_make_run_is_explained():
    section = make_run_section().split("Then open:", 1)[0]

    assert f"127.0.0.1:{settings.MAIL_LISTEN_PORT}" in section and "MAIL_LISTEN_PORT" in section
