"""A roll or a call in the table's words ("the dice show 6-3") is read whole on the wall and the
phone: Chromium broke it after its hyphen, "6-" at a line's end and "3" under it (the wall at
1920x1080, a phone 486 px wide), or "(4-" over "4)". The API's message is the engine's, unchanged.
Same Chromium and fixtures as test_browser.py."""

from __future__ import annotations

import pytest

from .conftest import PIN
from .test_browser import SHOTS, browser, served  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser

MESSAGE = "LIE! Ann called Walnuts (4-4) and loses a life — the dice show 6-3. Bob pulled and rolls."

# Every roll or call ("6-3", "1-1-3-3-3") in the page's text laid out over more than one line.
BROKEN = r"""() => { const out = [];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n; (n = walk.nextNode()); ) {
        for (const m of n.textContent.matchAll(/\d+(?:-\d+)+/g)) {
            const r = document.createRange();
            r.setStart(n, m.index); r.setEnd(n, m.index + m[0].length);
            const tops = new Set([...r.getClientRects()].filter((b) => b.width > 0).map((b) => Math.round(b.top)));
            if (tops.size > 1) out.push(`${m[0]} (${innerWidth}x${innerHeight})`);
        } }
    return out; }"""


def lie(table) -> None:
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob", "Cy"], "options": {"lives": 5}})
    table.act({"by": "Ann", "do": "declare", "call": "double-4", "dice": [6, 3]})
    table.act({"by": "Bob", "do": "pull"})
    assert table.public_state()["verdict"]["message"] == MESSAGE     # the data keeps its hyphens


def test_the_wall_never_breaks_a_roll_at_its_hyphen(served, browser):
    url, table = served
    lie(table)
    board = browser.new_page(viewport={"width": 1920, "height": 1080})
    board.goto(url + "/")
    board.wait_for_selector("#verdict .message")
    assert board.inner_text("#verdict .message") == MESSAGE
    SHOTS.mkdir(parents=True, exist_ok=True)
    board.screenshot(path=str(SHOTS / "verdict-rolls-whole-1920.png"))
    broken = board.evaluate(BROKEN)
    for width in range(1000, 1940, 20):
        laid = board.get_attribute("body", "data-laid")
        board.set_viewport_size({"width": width, "height": 1080})
        # The wall fits itself again on the resize's next frame: a render newer than the last,
        # at this width. (Polled each frame, after that frame's resize has been handled.)
        board.wait_for_function("([laid, width]) => { const now = document.body.dataset.laid;"
                                " return now !== undefined && now !== laid && innerWidth === width; }",
                                arg=[laid, width])
        broken += board.evaluate(BROKEN)
    assert broken == []


def test_the_phone_never_breaks_a_roll_at_its_hyphen(served, browser):
    url, table = served
    lie(table)
    page = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page.goto(url + "/table")
    page.fill("#pin", PIN)
    page.click(".pin-form button")
    page.wait_for_selector("#ctl-verdict")
    assert page.inner_text("#ctl-verdict") == MESSAGE
    broken = []
    for width in range(300, 520, 2):
        page.set_viewport_size({"width": width, "height": 844})
        broken += page.evaluate(BROKEN)
    assert broken == []
    # The message is still text, not markup: a name's "<" or "'" is shown as typed, and a roll
    # run into an escaped character is not taken for part of it.
    shown = page.evaluate("""() => { const p = document.createElement('p');
        p.innerHTML = DT.message("<b>Ann's</b>-2 said 1-1-3-3-3 \\u202e");
        return [p.textContent, [...p.querySelectorAll('.whole')].map((s) => s.textContent)]; }""")
    assert shown == ["<b>Ann's</b>-2 said 1-1-3-3-3 ", ["1-1-3-3-3"]]
