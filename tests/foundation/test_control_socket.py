"""gunicorn (25.1 and later) opens a control socket at ~/.gunicorn/gunicorn.ctl unless told not to: two
`make run`s on one machine, or a bench beside one, would share it. Every gunicorn command line of the
repository turns it off (docs/deploy.md's unit, the benchmarks'; the Procfile's web is uvicorn), and
the Procfile's web process is checked running in tests/foundation/test_embedded_default.py."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def gunicorn_lines() -> dict[str, str]:
    """Each line that starts gunicorn, by the file and line number it is on: the Procfile, the documents'
    examples and the benchmarks' command lists."""
    found = {}
    for path in [ROOT / "Procfile", *(ROOT / "docs").glob("*.md"), *(ROOT / "bench").glob("*.py")]:
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if re.search(r"(^|[\s/:\[])gunicorn[\s,]+(metaltalon\.wsgi|app\b|--)", line):
                found[f"{path.relative_to(ROOT)}:{number}"] = line
    return found


def test_every_gunicorn_command_line_of_the_repository_turns_the_control_socket_off():
    lines = gunicorn_lines()

    # The Procfile's web is uvicorn now (make run serves pages and push from one process): not gunicorn.
    assert {where.split(":")[0] for where in lines} >= {"docs/deploy.md", "bench/web_bench.py",
                                                           "bench/bare_site.py"}
    assert {where: line for where, line in lines.items() if "--no-control-socket" not in line} == {}
