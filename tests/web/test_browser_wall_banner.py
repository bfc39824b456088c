"""The banner of a pull's photo on the wall, read from across a bar room. The referee's photo of
the dice has vision.annotate's banner above the tray ("OK: 5 4", and under it, smaller, the
bottom view's "seen from below: ..."); shown with the photo a third of its size, its words stood
6-12 px high at 1080 lines. The photo carries the banner's words (device.evidence), the verdict
gives them, and the wall writes them large above the dice. Measured on the screenshot, as a
person would see it: the letters' heights in the banner, and the dice of the photo still in
sight. Same Chromium and fixtures as test_browser.py."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from device.evidence import evidence_jpeg
from vision.annotate import BOTTOM_NOTE, GREEN, annotate
from vision.reading import Die, Reading, Status, View

from .test_browser import browser, dice_photo, open_wall, served_camera, verdict_overflow, wait_for_laid, wait_for_photo  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser

FEW = ["Ann", "Bob", "Cy", "Dee"]
MANY = ["Annabelle", "Bartholomew", "Cyrano", "Dee", "Everett", "Fitzgerald", "Gus", "Henrietta"]
MAGENTA = (255, 0, 255)          # BGR: the two dice in the photo, found again on the screenshot
DICE = [(200, 170, 5), (430, 300, 4)]   # x, y, value


def frame_and_reading(view: View) -> tuple[np.ndarray, Reading]:
    """A 640x480 frame of the tray with two dice (painted magenta, to be found on the wall), and
    their reading."""
    square = cv2.imdecode(np.frombuffer(dice_photo("IMG_20191208_112648"), np.uint8), cv2.IMREAD_COLOR)
    frame = np.ascontiguousarray(square[80:560, :640])
    for x, y, _ in DICE:
        cv2.rectangle(frame, (x - 22, y - 22), (x + 22, y + 22), MAGENTA, -1)
    return frame, Reading(Status.OK, tuple(Die(v, float(x), float(y), 44.0, 0.99) for x, y, v in DICE), view=view)


def evidence_photo(view: View) -> bytes:
    """A photo as the referee keeps it: the frame annotated (outlined, valued, the banner above),
    carrying the banner's words."""
    jpeg = evidence_jpeg(*frame_and_reading(view), quality=90)
    assert jpeg is not None
    return jpeg


def photo_of_before(view: View) -> bytes:
    """A photo as the referee kept it before photos carried their banner's words: the same
    pixels, banner and all, and nothing else."""
    ok, jpeg = cv2.imencode(".jpg", annotate(*frame_and_reading(view)), [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert ok
    return jpeg.tobytes()


def blobs(mask: np.ndarray, least: int) -> list[tuple[int, int, int, int, int]]:
    """The connected parts of a mask of at least ``least`` pixels: (x, y, width, height, area)."""
    n, _, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
    return [tuple(int(v) for v in stats[i]) for i in range(1, n) if stats[i][cv2.CC_STAT_AREA] >= least]


def banner_letters(shot: np.ndarray) -> tuple[float, float, tuple[int, int, int, int]]:
    """On a screenshot of the stage: the height of the banner's first line's letters ("OK: 5 4"),
    of its smaller words' tall letters (the ascenders' height), in screen pixels, and the
    banner's box (x0, y0, x1, y1). The banner is the largest patch of its green."""
    green = np.abs(shot.astype(int) - np.array(GREEN)).sum(axis=2) < 60
    x, y, w, h, _ = max(blobs(green, 200), key=lambda b: b[4])
    band = shot[y:y + h, x:x + w].astype(int)
    # The words, dark on the green (a few blank pixels round the edge: its rounded corners).
    ink = band.sum(axis=2) < 250
    ink[:3, :] = ink[-3:, :] = ink[:, :3] = ink[:, -3:] = False
    letters = [b for b in blobs(ink, 4)]
    tallest = max(b[3] for b in letters)
    head = [b for b in letters if b[3] >= 0.8 * tallest]
    rest = sorted(b[3] for b in letters if b[3] < 0.8 * tallest and b[4] >= 6)
    more = float(np.percentile(rest, 75)) if rest else 0.0
    return float(np.median([b[3] for b in head])), more, (x, y, x + w, y + h)


def pull_with_photo(url, table, browser, players, photo):
    board, errors = open_wall(browser, url)
    table.start_game({"game": "kuriki", "players": players, "options": {"lives": 5}})
    table.seal([5, 4], photo)
    table.act({"by": players[0], "do": "declare", "call": "double-6"})
    table.act({"by": players[1], "do": "pull"})
    board.wait_for_selector("#verdict.outcome-lie #evidence")
    wait_for_photo(board)
    wait_for_laid(board)                      # (what is drawn and fitted once the photo is in)
    return board, errors


def stage_shot(board) -> tuple[np.ndarray, dict]:
    box = board.evaluate("() => { const r = document.getElementById('sb-stage').getBoundingClientRect();"
                         " return {x: r.x, y: r.y, width: r.width, height: r.height}; }")
    png = board.screenshot(clip=box)
    return cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_COLOR), box


def dice_in_sight(shot: np.ndarray) -> list[tuple[int, int, int, int, int]]:
    """The photo's two magenta dice as seen on the wall."""
    magenta = np.abs(shot.astype(int) - np.array(MAGENTA)).sum(axis=2) < 120
    return blobs(magenta, 30)


@pytest.mark.parametrize("players, head_least, more_least", [(FEW, 36, 20), (MANY, 32, 14)], ids=["four", "eight"])
def test_a_pull_s_photo_banner_reads_across_the_room(served_camera, browser, players, head_least, more_least):
    url, table = served_camera
    board, errors = pull_with_photo(url, table, browser, players, evidence_photo(View.BOTTOM))
    shot, _ = stage_shot(board)
    head, more, band = banner_letters(shot)
    assert head >= head_least, f"the banner's 'OK: 5 4' stands {head:.0f} px high at 1080 lines"
    assert more >= more_least, f"the banner's 'seen from below: ...' stands {more:.0f} px high"
    # The dice in the photo stay in sight, none under the banner, and not shrunk away.
    dice = dice_in_sight(shot)
    assert len(dice) == 2, dice
    for x, y, w, h, _ in dice:
        assert min(w, h) >= 12, dice
        assert x + w <= band[0] or x >= band[2] or y + h <= band[1] or y >= band[3], (dice, band)
    assert verdict_overflow(board) <= 0
    assert errors == []


def test_a_top_view_photo_s_banner_has_its_one_line_large(served_camera, browser):
    """A camera above the tray: the banner is "OK: 5 4" alone."""
    url, table = served_camera
    board, errors = pull_with_photo(url, table, browser, FEW, evidence_photo(View.TOP))
    shot, _ = stage_shot(board)
    head, _, band = banner_letters(shot)
    assert head >= 36, f"the banner's 'OK: 5 4' stands {head:.0f} px high at 1080 lines"
    dice = dice_in_sight(shot)
    assert len(dice) == 2, dice
    assert verdict_overflow(board) <= 0
    assert errors == []


@pytest.mark.parametrize("players", [["Ann", "Bob"], MANY], ids=["two", "eight"])
def test_the_banner_of_the_pull_that_ends_the_game_reads_across_the_room(served_camera, browser, players):
    """The winner's screen shows the deciding pull's dice and photo: its banner as large."""
    url, table = served_camera
    board, errors = open_wall(browser, url)
    table.start_game({"game": "kuriki", "players": players, "options": {"lives": 1}})
    for _ in players[1:]:
        table.seal([5, 4], evidence_photo(View.BOTTOM))
        table.act({"by": table.public_state()["to_act"], "do": "declare", "call": "double-6"})
        table.act({"by": table.public_state()["to_act"], "do": "pull"})
    assert table.public_state()["over"]
    board.wait_for_selector("#winner #final-evidence #evidence")
    wait_for_photo(board)
    wait_for_laid(board)
    shot, _ = stage_shot(board)
    head, more, band = banner_letters(shot)
    assert head >= 32, f"the banner's 'OK: 5 4' stands {head:.0f} px high at 1080 lines"
    assert more >= 14, f"the banner's 'seen from below: ...' stands {more:.0f} px high"
    dice = dice_in_sight(shot)
    assert len(dice) == 2, dice
    for x, y, w, h, _ in dice:
        assert min(w, h) >= 12, dice
        assert x + w <= band[0] or x >= band[2] or y + h <= band[1] or y >= band[3], (dice, band)
    # All of it on the stage: the name, the dice, the photo and the verdict's words.
    fits = board.evaluate("""() => { const stage = document.getElementById('sb-stage').getBoundingClientRect();
        return ['#winner .word', '#winner .shown', '#evidence', '#winner .message'].map((sel) => {
          const r = document.querySelector(sel).getBoundingClientRect();
          return r.top >= stage.top - 1 && r.bottom <= stage.bottom + 1 && r.left >= stage.left - 1 && r.right <= stage.right + 1; }); }""")
    assert fits == [True, True, True, True], fits
    assert errors == []


def test_the_banner_is_written_from_the_verdict_s_words_not_read_off_the_photo(served_camera, browser):
    """The wall writes the words the verdict gives as text (a screen reader, a search, a copy
    find them), in the banner's colour, and shows the photo without the banner's rows."""
    url, table = served_camera
    board, errors = pull_with_photo(url, table, browser, FEW, evidence_photo(View.BOTTOM))
    strip = board.evaluate("""() => { const b = document.getElementById('evidence-banner');
        return b && {text: b.innerText, colour: getComputedStyle(b).backgroundColor}; }""")
    assert strip is not None, "no banner written above the dice"
    assert strip["text"].split("\n") == ["OK: 5 4", BOTTOM_NOTE] or \
        strip["text"].replace("\n", " ") == f"OK: 5 4 {BOTTOM_NOTE}", strip
    assert strip["colour"] == "rgb(60, 200, 60)"
    photo = board.evaluate("""() => { const img = document.getElementById('evidence');
        const r = img.getBoundingClientRect();
        return {cut: img.classList.contains('cut'), ratio: r.width / r.height,
                natural: img.naturalWidth / img.naturalHeight}; }""")
    # (640 x 480 under the banner: the photo shown as wide as the tray's frame alone.)
    assert photo["cut"] and abs(photo["ratio"] - 640 / 480) < 0.05 and photo["natural"] < 1.2, photo
    assert errors == []


def test_a_photo_kept_before_its_banner_s_words_were_shows_whole(served_camera, browser):
    """A photo with no banner words (kept by an earlier dicetable): nothing is read off its
    pixels; it is shown as it is, its own banner and all, and nothing is written above it."""
    url, table = served_camera
    board, errors = pull_with_photo(url, table, browser, FEW, photo_of_before(View.BOTTOM))
    assert table.public_state()["verdict"]["photo"]
    shown = board.evaluate("""() => { const img = document.getElementById('evidence');
        const r = img.getBoundingClientRect();
        return {strip: document.querySelectorAll('.evidence-banner').length, cut: img.classList.contains('cut'),
                ratio: r.width / r.height, natural: img.naturalWidth / img.naturalHeight}; }""")
    assert shown["strip"] == 0 and not shown["cut"], shown
    assert abs(shown["ratio"] - shown["natural"]) < 0.03, shown
    assert errors == []
