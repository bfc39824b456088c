"""Real-browser tests of the wall at a table of many players: two columns of cards, a narrower
stage for the verdict and the photo of the dice under the cup. Same Chromium and fixtures as
test_browser.py."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from .test_browser import browser, dice_photo, served_camera, verdict_overflow, wait_for_photo  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser

NAMES = ["Annabelle", "Bartholomew", "Cyrano", "Dee", "Everett", "Fitzgerald", "Gus", "Henrietta"]

def camera_frame() -> bytes:
    """A photo as the table's camera takes it, wider than tall (640x480; the virtual table's are
    640x521): the shared photo of the dice, cut to that shape."""
    square = cv2.imdecode(np.frombuffer(dice_photo("IMG_20191208_112648"), np.uint8), cv2.IMREAD_COLOR)
    ok, jpeg = cv2.imencode(".jpg", square[80:560, :])
    assert ok
    return jpeg.tobytes()


# How far each part of the verdict runs past the stage's left or right edge, in pixels (at most
# 0 when it is all on the stage).
RUNS_OFF = """(sels) => { const s = document.getElementById('sb-stage').getBoundingClientRect();
    return Object.fromEntries(sels.map((sel) => { const r = document.querySelector(sel).getBoundingClientRect();
      return [sel, Math.max(r.right - s.right, s.left - r.left)]; })); }"""


@pytest.mark.parametrize("size", [{"width": 1920, "height": 1080}, {"width": 1280, "height": 720}],
                         ids=["1080p", "720p"])
def test_a_pull_s_photo_stays_on_the_stage_at_a_table_of_eight(served_camera, browser, size):
    """Kuriki, eight players: the verdict's two dice and the photo beside them were wider than
    the narrower stage of a big table, and the photo's right part was cut off at its edge."""
    url, table = served_camera
    board = browser.new_page(viewport=size)
    errors: list[str] = []
    board.on("pageerror", lambda exc: errors.append(str(exc)))
    board.goto(url + "/")
    table.start_game({"game": "kuriki", "players": NAMES, "options": {"lives": 7}})
    table.seal([5, 4], camera_frame())
    table.act({"by": "Annabelle", "do": "declare", "call": "9"})
    table.act({"by": "Bartholomew", "do": "pull"})
    board.wait_for_selector("#verdict.outcome-truth #evidence")
    wait_for_photo(board)
    board.wait_for_function("() => document.getElementById('evidence').getBoundingClientRect().width > 0")
    off = board.evaluate(RUNS_OFF, ["#verdict .shown", "#evidence", "#verdict figcaption", "#verdict .message"])
    assert all(v <= 0.5 for v in off.values()), f"cut off at the stage's edge: {off}"
    # Still a photo one can make out, not a thumbnail.
    assert board.evaluate("() => document.getElementById('evidence').getBoundingClientRect().height") >= 0.15 * size["height"]
    assert verdict_overflow(board) <= 0
    assert errors == []



# Each card's name: whether its text is wider than the name's box (then it is cut with "…").
NAMES_CUT = """() => [...document.querySelectorAll('#sb-players .player .name')].filter((n) => {
    const text = document.createRange(); text.selectNodeContents(n);
    return text.getBoundingClientRect().width > n.getBoundingClientRect().width + 0.01; }).map((n) => n.textContent)"""


@pytest.mark.parametrize("size", [{"width": 1920, "height": 1080}, {"width": 1280, "height": 720}],
                         ids=["1080p", "720p"])
def test_a_name_a_hair_too_wide_for_its_card_shrinks_rather_than_lose_its_end(served_camera, browser, size):
    """Eight players at 1080p: "Fitzgerald" was half a pixel wider than its card's room. The
    fit compared whole pixels (scrollWidth, clientWidth), found it fitting, and the card cut it
    to "Fitzgera…" at full size, beside "Bartholomew" shrunk whole."""
    url, table = served_camera
    board = browser.new_page(viewport=size)
    board.goto(url + "/")
    table.start_game({"game": "kuriki", "players": NAMES, "options": {"lives": 7}})
    board.wait_for_selector('#app[data-game="kuriki"] .player[data-name="Henrietta"]')
    assert board.evaluate(NAMES_CUT) == []


# The lines a piece of text is laid out on (the distinct tops of its text's boxes).
TEXT_LINES = """(sel) => { const range = document.createRange(); range.selectNodeContents(document.querySelector(sel));
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size; }"""


@pytest.mark.parametrize("size", [{"width": 1920, "height": 1080}, {"width": 1280, "height": 720}],
                         ids=["1080p", "720p"])
def test_the_player_to_act_on_a_big_table_s_stage_is_one_word(served_camera, browser, size):
    """Liar's dice, eight players, a call standing: the stage's 'TO ACT' name was not fitted
    like the big words, and 'Bartholomew' broke into 'Bartholome' over 'w'."""
    url, table = served_camera
    board = browser.new_page(viewport=size)
    board.goto(url + "/")
    table.start_game({"game": "liars", "players": NAMES})
    table.act({"by": "Annabelle", "do": "call", "count": 9, "face": 5, "zhai": True})
    board.wait_for_selector('#app[data-to-act="Bartholomew"] .turn .who-acts')
    assert board.inner_text(".turn .who-acts") == "Bartholomew"
    assert board.evaluate(TEXT_LINES, ".turn .who-acts") == 1, "the name to act is broken over two lines"
    assert board.evaluate(RUNS_OFF, [".turn .who-acts"])[".turn .who-acts"] <= 0.5
    # Still big: no smaller than a card's name.
    assert board.evaluate("() => parseFloat(getComputedStyle(document.querySelector('.turn .who-acts')).fontSize)") \
        >= board.evaluate("() => parseFloat(getComputedStyle(document.querySelector('.player .name')).fontSize)")
