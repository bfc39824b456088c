"""Players' names in Chinese, Japanese or Korean, and with emoji, on the wall: drawn by the fonts
systemd/install.sh installs on the Pi, not as empty boxes. Chromium is given only those fonts
(a fontconfig holding the files of the font packages install.sh names), as the kiosk has."""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from .test_browser import CHROMIUM_ARGS, REPO, chromium_path, open_pages, served  # noqa: F401  (fixtures)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Playwright

pytestmark = pytest.mark.browser

NAMES = ["Zoë", "李雷", "Ann 🎲"]


def installed_font_packages() -> list[str]:
    """The Debian font packages systemd/install.sh installs."""
    installer = (REPO / "systemd" / "install.sh").read_text(encoding="utf-8")
    return sorted(set(re.findall(r"\bfonts-[a-z0-9-]+", installer)))


@pytest.fixture
def only_the_installed_fonts(tmp_path: Path) -> Path:
    """A fontconfig file holding the font files of install.sh's font packages and nothing else."""
    fonts = tmp_path / "fonts"
    fonts.mkdir()
    for package in installed_font_packages():
        done = subprocess.run(["dpkg", "-L", package], capture_output=True, text=True, timeout=60)
        if done.returncode != 0:
            pytest.fail(f"{package} (which systemd/install.sh installs on the Pi) is not installed "
                        f"here: apt-get install {package} (scripts/test does)")
        for path in done.stdout.splitlines():
            if path.endswith((".ttf", ".ttc", ".otf")):
                (fonts / Path(path).name).symlink_to(path)
    conf = tmp_path / "fonts.conf"
    conf.write_text('<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n'
                    f"  <dir>{fonts}</dir>\n  <cachedir>{tmp_path / 'fontcache'}</cachedir>\n"
                    "</fontconfig>\n", encoding="utf-8")
    return conf


@pytest.fixture
def kiosk_browser(playwright_session: Playwright, only_the_installed_fonts: Path) -> Iterator[Browser]:
    # A Chromium of its own (its fonts are fixed at launch), from the session's Playwright.
    b = playwright_session.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS, headless=True,
                                           env={**os.environ, "FONTCONFIG_FILE": str(only_the_installed_fonts)})
    try:
        yield b
    finally:
        b.close()


def fonts_drawing(page, selector: str) -> dict[str, int]:
    """The fonts Chromium drew the element's text with, and how many glyphs each drew."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument")["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    assert node, selector
    fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    return {f["familyName"]: f["glyphCount"] for f in fonts}


def test_cjk_and_emoji_names_are_drawn_by_the_fonts_the_installer_installs(served, kiosk_browser):
    # The wall showed 李雷 and the 🎲 of "Ann 🎲" as empty boxes: DejaVu has neither, and the Pi
    # had no font that does.
    assert {"fonts-noto-cjk", "fonts-noto-color-emoji"} <= set(installed_font_packages())
    url, table = served
    board, phone, errors = open_pages(kiosk_browser, url)
    table.start_game({"game": "kuriki", "players": NAMES})
    board.wait_for_selector('.player[data-name="Ann 🎲"]')
    # (Zoë is to act: the ▶ before her name is DejaVu's too.)
    assert set(fonts_drawing(board, '.player[data-name="Zoë"] .name')) == {"DejaVu Sans"}
    # Sans, as the rest of the wall: not the serif CJK face fontconfig may find first.
    assert fonts_drawing(board, '.player[data-name="李雷"] .name') == {"Noto Sans CJK SC": 2}
    ann = fonts_drawing(board, '.player[data-name="Ann 🎲"] .name')
    assert ann.get("Noto Color Emoji") == 1 and ann.get("DejaVu Sans", 0) >= 3, ann
    # The phone page shares the font stack (a phone has its own emoji; this Chromium has not).
    phone.page.wait_for_selector('.roster li[data-name="Ann 🎲"]')
    assert set(fonts_drawing(phone.page, '.roster li[data-name="李雷"] b')) == {"Noto Sans CJK SC"}
    assert "Noto Color Emoji" in fonts_drawing(phone.page, '.roster li[data-name="Ann 🎲"] b')
    assert errors == []
