"""Screenshots the browser tests leave in var/screenshots/ (not committed), or in the folder SHOTS_DIR
names, for anyone to look at after `make test`: a desktop and a 390 px phone."""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import Page

SHOTS = Path(os.environ.get("SHOTS_DIR") or Path(__file__).resolve().parents[2] / "var" / "screenshots")
DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}


def shoot(page: Page, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size or DESKTOP
    path = SHOTS / f"{name}-{size['width']}x{size['height']}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
