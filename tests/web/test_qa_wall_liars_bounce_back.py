"""QA, Chinese liar's dice on the wall (1920 x 1080) and a 390 px phone: a bounce back.

Ann called five 4s, Bob six 4s, and Cy bounced it back to Bob: eight 4s, two more, Bob to answer
it again. The wall showed "eight 4s · Cy answers for it", as for any raise, and the room saw Bob
to act twice running with nothing saying why; the phone likewise. The wall now says BOUNCED BACK,
big, under the call (inside the stage, over nothing, also with 40-letter names), each name on the
stage said once (Cy answers for it, Bob to act), and the phone "bounced back by Cy, who answers
for it". Same Chromium and fixtures as test_browser.py."""

from __future__ import annotations

import os

import pytest

from .test_browser import SMALL_PHONE, browser, open_pages, served  # noqa: F401  (fixtures)
from .test_browser_wall_liars_banner import _laid_out

pytestmark = pytest.mark.browser

LONG = ["Bartholomew Fitzwilliam Featherstonehaug", "Maximiliana Montgomery-Wolfeschlegelstei",
        "Constantinopolitanische Dudelsackpfeifer"]

MEASURE = _laid_out(["#call", "#sb-stage .call-small", "#bounced", "#bounced + .answers-line"]) + """
    const seen = (el) => { let zoom = 1;
      for (let e = el; e; e = e.parentElement) zoom *= parseFloat(e.style.zoom || 1);
      return parseFloat(getComputedStyle(el).fontSize) * zoom; };
    const b = document.getElementById('bounced');
    return {inside, overlaps, size: seen(b), tag: seen(b.querySelector('.tag')),
            cut: b.scrollWidth > b.clientWidth + 1,
            text: b.textContent.replace(/\\u00a0/g, ' ')}; }"""


@pytest.mark.parametrize("names", [["Ann", "Bob", "Cy"], LONG], ids=["short", "long"])
def test_the_wall_and_the_phone_say_the_call_was_bounced_back(served, browser, names):
    url, table = served
    board, phone, errors = open_pages(browser, url, phone=SMALL_PHONE)
    page = phone.page
    ann, bob, cy = names
    table.start_game({"game": "liars", "players": names})
    table.act({"by": ann, "do": "call", "count": 5, "face": 4})
    table.act({"by": bob, "do": "call", "count": 6, "face": 4})
    board.wait_for_selector('#sb-stage .call-small:has-text("six 4s")')
    assert board.locator("#bounced").count() == 0            # a plain raise: not bounced
    table.act({"by": cy, "do": "call", "count": 8, "face": 4, "bounce": True})
    board.wait_for_selector("#bounced")
    laid = board.evaluate(MEASURE)
    assert laid["text"].strip() == "BOUNCED BACK", laid
    stage = board.inner_text("#sb-stage").replace("\u00ad", "")
    assert stage.count(cy) == 1 and stage.count(bob) == 1, stage
    assert laid["inside"] and laid["overlaps"] == [] and not laid["cut"], laid
    assert laid["size"] >= 36 and laid["tag"] >= 36, laid        # px at 1080 lines: across a room
    phone.turn(bob)
    page.wait_for_selector("#ctl-bounced")
    where = os.environ.get("DICETABLE_SHOTS")
    if where:                                     # to look at: the wall and the phone
        board.screenshot(path=os.path.join(where, f"liars-bounce-{len(cy)}-wall.png"))
        page.screenshot(path=os.path.join(where, f"liars-bounce-{len(cy)}-phone.png"))
    assert page.inner_text("#ctl-status .call") == f"Call: eight 4s · bounced back by {cy}, who answers for it"
    # The next call, a plain raise, is not bounced.
    table.act({"by": bob, "do": "call", "count": 9, "face": 4})
    board.wait_for_selector('#sb-stage .call-small:has-text("nine 4s")')
    assert board.locator("#bounced").count() == 0
    page.wait_for_selector('#ctl-status .call:has-text("nine 4s")')
    assert page.locator("#ctl-bounced").count() == 0
    assert errors == []
