"""Real-browser tests of the control page on the phones players hold: 390 px wide (an iPhone
12-15) and 360 px (many Androids), narrower than test_browser.py's 412. Same Chromium and fixtures
as test_browser.py."""

from __future__ import annotations

import pytest

from .conftest import PIN
from .test_browser import SHOTS, Table_, browser, served, wait_for_streamed  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser

PHONES = [{"width": 390, "height": 844}, {"width": 360, "height": 740}]

# The lines a piece of text is laid out on (the distinct tops of its text's boxes).
TEXT_LINES = """(el) => { const range = document.createRange(); range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size; }"""


def phone_page(browser, url: str, size: dict):
    page = browser.new_page(viewport=size, is_mobile=True, has_touch=True)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url + "/table")
    page.wait_for_selector('#app[data-ready="1"]')
    wait_for_streamed(page, laid=False)
    return page, errors


def unlock(page) -> Table_:
    page.fill("#pin", PIN)
    page.click(".pin-form button")
    # The unlocked page's script has run, so its stylesheets are in: #new-game alone is there
    # while they may still be loading (the nav's links were once measured unstyled, 19 px).
    page.wait_for_selector('#app[data-ready="1"] #new-game')
    wait_for_streamed(page, laid=False)
    return Table_(page)


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s['width']}px")
def test_the_unlock_button_s_word_stays_whole(served, browser, size):
    """At 390 px the PIN box's width pushed the button into two lines, "Unloc" over "k"."""
    url, _ = served
    page, errors = phone_page(browser, url, size)
    button = page.locator(".pin-form button")
    assert button.inner_text() == "Unlock"
    assert button.evaluate(TEXT_LINES) == 1, "the Unlock button's word is broken over two lines"
    form = page.locator(".pin-form").bounding_box()
    card = page.locator(".pin-form").evaluate("(f) => f.parentElement.getBoundingClientRect().right")
    assert form["x"] + form["width"] <= card + 0.5
    assert button.bounding_box()["x"] + button.bounding_box()["width"] <= card + 0.5
    assert errors == []


# Each toggle's box and the first line of its words: whether they share a line (the box beside the
# words' first line, before it).
TOGGLE_OFF_LINE = """() => [...document.querySelectorAll('#ctl-actions label.toggle')].map((label) => {
    const box = label.querySelector('input').getBoundingClientRect();
    const range = document.createRange(); range.selectNodeContents(label.querySelector('span'));
    const first = range.getClientRects()[0];
    return { text: label.innerText.trim(), beside: box.top < first.bottom && box.bottom > first.top,
             after: first.left >= box.right }; })"""


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s['width']}px")
def test_liars_dice_s_bounce_back_is_named_and_its_box_sits_beside_it(served, browser, size):
    """Liar's dice, a call standing: the toggles were 'zhai (ones are not wild)' and a bare
    'bounce', the key's own name, its box at the end of zhai's line and its word wrapped alone
    under it. Now it says what it does, to whom, beside its own box."""
    url, table = served
    table.start_game({"game": "liars", "players": ["Ann", "Bob", "Cy"]})
    table.act({"by": "Ann", "do": "call", "count": 5, "face": 3})
    page, errors = phone_page(browser, url, size)
    phone = unlock(page)
    phone.turn("Bob")
    page.wait_for_selector('#ctl-actions input[data-flag="bounce"]')
    toggles = page.evaluate(TOGGLE_OFF_LINE)
    assert [t["text"] for t in toggles] == ["zhai (ones are not wild)", "bounce back to Ann (two more)"]
    for t in toggles:
        assert t["beside"] and t["after"], f"the box of {t['text']!r} is not beside its words: {t}"
    # Ticked, the bounce offers the one call it makes: seven 3s, back to Ann.
    page.click('#ctl-actions input[data-flag="bounce"]')
    page.click('#ctl-actions button[data-do="call"][data-count="7"][data-face="3"]')
    phone.turn("Ann")
    assert table.public_state()["call_detail"] == {"count": 7, "face": 3, "zhai": False}
    assert errors == []


IN_VIEW = """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight; }"""


def test_an_open_at_a_table_without_a_camera_brings_the_hands_into_view(served, browser):
    """Liar's dice without a camera: open asks for every hand, entered below the calls. On a
    390 px phone with four players that was below the screen's edge: the tap seemed to do
    nothing. (A pull's dice were already scrolled to.)"""
    url, table = served
    table.start_game({"game": "liars", "players": ["Ann", "Bob", "Cy", "Dee"]})
    table.act({"by": "Ann", "do": "call", "count": 6, "face": 3})
    page, errors = phone_page(browser, url, PHONES[0])
    phone = unlock(page)
    phone.verb("Bob", "open")
    page.wait_for_selector("#ctl-entry .hand-row")
    page.wait_for_function(IN_VIEW, arg="#entry-send", timeout=5000)
    assert page.evaluate(IN_VIEW, '#ctl-entry .hand-row button.cycle[data-name="Ann"]')
    assert errors == []


def test_a_refusal_far_down_the_page_is_shown_on_the_screen(served, browser):
    """The control page says why a tap was refused in a box at its top. Start game and the
    record line are far below it: a refused start (two players called Ann) or a line that is
    not JSON showed the reason out of sight, and the tap seemed to do nothing."""
    url, table = served
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob", "Cy"]})
    page, errors = phone_page(browser, url, PHONES[0])
    phone = unlock(page)
    phone.turn("Ann")
    page.select_option("#ng-game", "mia")
    page.fill("#ng-players", "Ann\nAnn")
    phone.start()
    page.wait_for_selector('#ctl-error:has-text("two players are called")')
    page.wait_for_function(IN_VIEW, arg="#ctl-error", timeout=5000)
    assert table.public_state()["game"] == "kuriki"
    page.click("#raw-form summary" if page.locator("#raw-form summary").count() else "details:has(#raw-form) summary")
    page.fill("#raw-line", '{"by": "Ann", "do": ')
    page.click('#raw-form button[type="submit"]')
    page.wait_for_selector('#ctl-error:has-text("not valid JSON")')
    page.wait_for_function(IN_VIEW, arg="#ctl-error", timeout=5000)
    assert errors == []


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s['width']}px")
def test_the_history_s_games_fit_a_phone(served, browser, size):
    """At 390 px the games' Result and Record columns were off the screen, reached only by
    scrolling the table sideways, and nothing said so: on a phone each game is a card now."""
    url, table = served
    table.start_game({"game": "kuriki", "players": ["Ann", "Bartholomew"], "options": {"lives": 1}})
    table.act({"by": "Ann", "do": "declare", "call": "9", "dice": [6, 1]})
    table.act({"by": "Bartholomew", "do": "pull"})
    table.start_game({"game": "farkel", "players": ["Cy", "Dee", "Esmeralda"]})
    page = browser.new_page(viewport=size, is_mobile=True, has_touch=True)
    page.goto(url + "/history")
    box = page.locator("table.games").evaluate("(t) => [t.parentElement.scrollWidth, t.parentElement.clientWidth]")
    assert box[0] <= box[1], f"the games table is {box[0]} px wide in {box[1]} px"
    for cell in ("Result", "Record"):
        for el in page.locator(f'table.games td[data-label="{cell}"]').all():
            r = el.bounding_box()
            assert r["x"] >= 0 and r["x"] + r["width"] <= size["width"], cell
    assert page.locator('td[data-label="Result"]').first.inner_text() == "in play"
    assert page.get_by_text("record (.jsonl)").is_visible()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"history-{size['width']}.png"), full_page=True)


def test_a_start_the_browser_s_own_check_stops_clears_the_last_refusal(served, browser):
    """A start refused (two players called Ann), then lives 0: the browser's own check of the
    form stops Start and says so beside the field, but the refusal of the tap before stayed on
    the screen above it, as if it were the reason."""
    url, table = served
    page, errors = phone_page(browser, url, PHONES[0])
    phone = unlock(page)
    page.select_option("#ng-game", "kuriki")
    page.fill("#ng-players", "Ann\nAnn")
    phone.start()
    page.wait_for_selector('#ctl-error:has-text("two players are called")')
    page.fill("#ng-players", "Ann\nBob")
    page.fill("#opt-lives", "0")
    phone.start()
    page.wait_for_selector("#ctl-error", state="hidden")
    assert page.locator("#opt-lives").evaluate("(i) => !i.validity.valid")
    assert table.public_state()["game"] is None
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "start-invalid-lives.png"))
    assert errors == []


# Each statistics cell: its figure's box, its name (shown by CSS from data-label) and font sizes.
STATS_CELLS = """() => [...document.querySelectorAll('table.stats td')].map((td) => {
    const r = td.getBoundingClientRect(), after = getComputedStyle(td, '::after');
    // (Without the soft hyphens a name too long for its card is broken at: the name as read.)
    return { name: td.closest('tr').querySelector('td.name').textContent.replaceAll('\\u00ad', ''), cls: td.className,
             text: td.innerText.replaceAll('\\u00ad', ''),
             left: r.left, right: r.right, width: r.width,
             label: after.content === 'none' ? '' : after.content.replace(/^"|"$/g, ''),
             size: parseFloat(getComputedStyle(td).fontSize), labelSize: parseFloat(after.fontSize) }; })"""


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s['width']}px")
def test_the_players_statistics_fit_a_phone_without_scrolling_sideways(served, browser, size):
    """The Players table's eight columns were 755 px wide on a 390 px phone: it scrolled sideways
    and showed the games played and the start of "Wins". Each player is a card now, every figure
    on the screen under its own name."""
    url, table = served
    long_name = "Wolfeschlegelsteinhausenbergerdorffvoral"
    names = ["Ann", long_name, "李雷"]
    table.start_game({"game": "kuriki", "players": names, "options": {"lives": 1}})
    for _ in range(2):
        table.act({"by": table.public_state()["to_act"], "do": "declare", "call": "kuriki", "dice": [1, 2]})
    table.start_game({"game": "liars", "players": ["Ann", "李雷"]}, replace=True)    # abandoned
    table.start_game({"game": "mia", "players": ["Ann", "李雷"]}, replace=True)      # in play
    page = browser.new_page(viewport=size, is_mobile=True, has_touch=True)
    page.goto(url + "/history")
    page.wait_for_selector("table.stats td.name")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"history-stats-{size['width']}.png"), full_page=True)
    box = page.evaluate("""() => { const e = document.querySelector('table.stats').parentElement;
        return { scroll: e.scrollWidth, client: e.clientWidth }; }""")
    assert box["scroll"] <= box["client"], f"the statistics scroll sideways: {box}"
    assert page.evaluate("() => document.documentElement.scrollWidth") <= size["width"]
    cells = page.evaluate(STATS_CELLS)
    labels = ["Games finished", "Wins", "Lies told", "Lies caught", "Wrong pulls", "Kurikis", "Hate mail landed"]
    for name in names:
        mine = [c for c in cells if c["name"] == name]
        assert [c["label"] for c in mine if c["cls"] == "num"] == labels, mine
        for c in mine:
            assert 0 <= c["left"] and c["right"] <= size["width"], c
            assert c["size"] >= 16, c                  # the figures read at arm's length
            if c["label"]:
                assert c["labelSize"] >= 14 and c["width"] >= 90, c
    # The figures are the history's, as on a wide screen (where the table is as it was).
    wide = browser.new_page(viewport={"width": 1280, "height": 800})
    wide.goto(url + "/history")
    wide.wait_for_selector("table.stats td.name")
    assert wide.evaluate("() => getComputedStyle(document.querySelector('table.stats tr')).display") == "table-row"
    assert [c["text"].split() for c in wide.evaluate(STATS_CELLS)] == [c["text"].split() for c in cells]
    assert "(+1 abandoned, 1 in play)" in wide.inner_text("table.stats")


# Every box in the games' cards (each cell, each name in it, each line of a name's text) that
# ends right of its card, and the text of each name as the page holds it.
GAMES_OVERFLOW = """() => {
    const out = [];
    for (const td of document.querySelectorAll('table.games td')) {
        const card = td.closest('tr').getBoundingClientRect();
        const boxes = [td, ...td.querySelectorAll('.one-name')];
        for (const el of boxes) {
            const range = document.createRange(); range.selectNodeContents(el);
            for (const r of [el.getBoundingClientRect(), ...range.getClientRects()])
                if (r.right > card.right + 0.5 || r.left < card.left - 0.5)
                    out.push([td.dataset.label, el.textContent, Math.round(r.left), Math.round(r.right), card.right]);
        }
    }
    return out; }"""


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s['width']}px")
def test_a_long_name_in_the_history_s_games_wraps_inside_its_card(served, browser, size):
    """A 40-letter name (the longest a player may have) was kept on one line in the Games list:
    on a 390 or 360 px phone it ran past its card and the list scrolled sideways. It wraps
    inside the card now, whole, and the short names beside it are still each on one line."""
    url, table = served
    long_name = "Wolfeschlegelsteinhausenbergerdorffvoral"
    assert len(long_name) == 40
    table.start_game({"game": "kuriki", "players": ["Ann 🎲", long_name], "options": {"lives": 1}})
    table.act({"by": "Ann 🎲", "do": "declare", "call": "9", "dice": [6, 1]})
    table.act({"by": long_name, "do": "pull"})                # a lie caught: the long name wins
    table.start_game({"game": "kuriki", "players": ["Cy", long_name], "options": {"lives": 1}})
    table.act({"by": "Cy", "do": "declare", "call": "9", "dice": [6, 1]})
    table.act({"by": long_name, "do": "pull"})                # and again
    table.start_game({"game": "mia", "players": ["Dee", long_name, "Zoë Smith-Jones"]})
    assert [g.get("winner") for g in table.games()] == [None, long_name, long_name]
    page = browser.new_page(viewport=size, is_mobile=True, has_touch=True)
    page.goto(url + "/history")
    page.wait_for_selector("table.games td")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"history-long-name-{size['width']}.png"), full_page=True)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= size["width"]
    box = page.locator("table.games").evaluate("(t) => [t.parentElement.scrollWidth, t.parentElement.clientWidth]")
    assert box[0] <= box[1], f"the games list scrolls sideways: {box[0]} px wide in {box[1]} px"
    assert page.evaluate(GAMES_OVERFLOW) == []
    names = page.eval_on_selector_all("table.games .one-name", "(els) => els.map((e) => e.textContent.replaceAll('\\u00ad', ''))")
    assert names.count(long_name) == 5                        # whole: three games, two wins
    for name in ("Ann 🎲", "Zoë Smith-Jones", "Cy", "Dee"):
        lines = page.locator(f'table.games .one-name:text-is("{name}")').first.evaluate(TEXT_LINES)
        assert lines == 1, f"{name!r} is broken over {lines} lines"
    # A comma stays on the line of its name's end, never the first thing on a line.
    commas = page.evaluate("""() => [...document.querySelectorAll('table.games .player')].flatMap((p) => {
        const comma = [...p.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent === ',');
        if (!comma) return [];
        const name = document.createRange(); name.selectNodeContents(p.querySelector('.one-name'));
        const mark = document.createRange(); mark.selectNodeContents(comma);
        const last = [...name.getClientRects()].pop(), at = mark.getClientRects()[0];
        return [[p.textContent, Math.abs(at.top - last.top) < 2 && at.left >= last.right - 0.5]]; })""")
    assert commas and all(ok for _, ok in commas), commas
    # The label of each field stays beside its value, the value not under the label.
    cell = page.locator('table.games td[data-label="Players"]').first
    label_right = cell.evaluate("(td) => td.getBoundingClientRect().left + parseFloat(getComputedStyle(td, '::before').width)")
    first_name = cell.locator(".one-name").first.bounding_box()
    assert first_name["x"] >= label_right - 0.5


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s['width']}px")
def test_a_long_name_an_11_would_name_stays_inside_its_button(served, browser, size):
    """Deceit: each 11 button names its target, "1-1 / 11 / → NAME". A 40-letter name (the
    longest allowed) was kept whole: it ran out of its button and the page scrolled sideways."""
    url, table = served
    long_name = "Wolfeschlegelsteinhausenbergerdorffvoral"
    table.start_game({"game": "deceit", "players": ["Ann", "Bartholomew-Maximilian Fitzgerald", long_name]})
    page, errors = phone_page(browser, url, size)
    phone = unlock(page)
    phone.turn("Ann")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"deceit-11-buttons-{size['width']}.png"), full_page=True)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= size["width"]
    out = page.evaluate("""() => [...document.querySelectorAll('#ctl-actions button')].flatMap((b) => {
        const box = b.getBoundingClientRect(), range = document.createRange(); range.selectNodeContents(b);
        return [...range.getClientRects()].filter((r) => r.right > box.right + 0.5 || r.left < box.left - 0.5)
          .map((r) => [b.innerText, r.left, r.right, box.left, box.right]); })""")
    assert out == [], out
    button = page.locator(f'#ctl-actions button[data-call="11"]:has-text("{long_name[:12]}")')
    # Whole, if broken (with a hyphen where its syllables meet: soft hyphens, test_browser_phone_hyphen).
    assert button.inner_text().replace("\n", "").replace("\u00ad", "") == f"1-111→\u00a0{long_name}"
    arrow = button.evaluate("""(b) => { const t = b.querySelectorAll('small')[1].firstChild, r = document.createRange();
        r.setStart(t, 0); r.setEnd(t, 3); return new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size; }""")
    assert arrow == 1, "the arrow is on a line of its own, away from the name"
    assert button.evaluate("(b) => b.scrollWidth <= b.clientWidth")
    # The call's own words still never break: "1-1" on one line.
    assert button.locator("small").first.evaluate("(s) => s.previousSibling.textContent") == "1-1"
    assert errors == []


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s['width']}px")
def test_the_page_links_and_lock_are_big_enough_to_tap(served, browser, size):
    """The links to the scoreboard, the table and the history, and Lock, at the top of the phone
    page: each at least 44 px tall (a finger's tap, as phones' own guidelines ask), on one row."""
    url, _table = served
    page, errors = phone_page(browser, url, size)
    unlock(page)
    boxes = page.eval_on_selector_all(
        ".nav a, .nav button", "(els) => els.map((e) => { const r = e.getBoundingClientRect();"
        " return {text: e.textContent.trim(), height: r.height, top: r.top, right: r.right}; })")
    assert [b["text"] for b in boxes] == ["Scoreboard", "Table", "History", "Lock"], boxes
    assert all(b["height"] >= 44 for b in boxes), boxes
    assert len({round(b["top"]) for b in boxes}) == 1 and max(b["right"] for b in boxes) <= size["width"], boxes
    assert errors == []
    page.close()
