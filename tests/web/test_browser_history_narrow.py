"""The history on a small tablet upright or a phone held sideways (600-1024 px): the players'
table, a name and seven figures a row, was 755-860 px wide in a 593-976 px page and scrolled
sideways inside its box, the last columns out of sight. No table scrolls now: where the eight
columns do not fit, each name has a line of its own and its figures go under it, in the columns
under their names (and the games, where they do not fit, are cards as on a phone). Nothing
smaller than 14 px, no cell's text cut, no cell over another. Same Chromium and fixtures as
test_browser.py."""

from __future__ import annotations

import pytest

from .test_browser import SHOTS, browser, served  # noqa: F401  (fixtures)
from .test_browser_history_hyphen import games_with_the_long_name, history

pytestmark = pytest.mark.browser

BART = "Bartholomew-Maximilian Fitzgerald"
WIDTHS = [600, 641, 700, 768, 820, 1024]


def games_that_fill_the_table(table) -> None:
    """The long name's two games (one over, one in play), then that one abandoned for a game in
    play with a 33-letter name: 'Zoë Smith-Jones' is '0 (+1 abandoned, 1 in play)', the widest
    figure the table has."""
    games_with_the_long_name(table)
    table.start_game({"game": "liars", "players": ["Ann", "李雷", "Zoë Smith-Jones", BART]}, replace=True)


# Every table in main: how wide it is in its box; every cell laid out (not a header hidden for
# a screen reader): whether its text is cut, and its box; every piece of text in a table and
# every label drawn from data-label (a phone's card): its font size.
LAID_OUT = """() => {
    const hidden = (el) => { for (let e = el; e; e = e.parentElement) if (getComputedStyle(e).clipPath !== 'none') return true; return false; };
    const tables = [...document.querySelectorAll('main table')];
    const cells = tables.flatMap((t) => [...t.querySelectorAll('th, td')]).filter((c) => !hidden(c)).map((c) => {
        const r = c.getBoundingClientRect();
        return { table: c.closest('table').classList[0], row: [...c.closest('table').querySelectorAll('tr')].indexOf(c.closest('tr')),
                 text: c.innerText.replaceAll('\\u00ad', ''), tag: c.tagName, cls: c.className, label: c.dataset.label || '',
                 scroll: c.scrollWidth, client: c.clientWidth,
                 left: r.left, right: r.right, top: r.top, bottom: r.bottom }; });
    const sizes = [];
    for (const t of tables) {
        const walk = document.createTreeWalker(t, NodeFilter.SHOW_TEXT);
        for (let n = walk.nextNode(); n; n = walk.nextNode())
            if (n.data.trim() && !hidden(n.parentElement)) sizes.push([n.data, parseFloat(getComputedStyle(n.parentElement).fontSize)]);
        for (const c of t.querySelectorAll('td'))
            for (const pseudo of ['::before', '::after']) {
                const label = getComputedStyle(c, pseudo);
                if (label.content !== 'none' && label.content !== 'normal') sizes.push([label.content, parseFloat(label.fontSize)]);
            }
    }
    return { page: document.documentElement.scrollWidth,
             boxes: tables.map((t) => [t.className, t.parentElement.scrollWidth, t.parentElement.clientWidth]),
             cells, sizes,
             heads: [...document.querySelectorAll('table.stats th.num')].map((th) => {
                 const r = th.getBoundingClientRect(); return [th.innerText, r.left, r.right]; }) }; }"""


def assert_whole_and_readable(page, width: int) -> dict:
    seen = page.evaluate(LAID_OUT)
    assert seen["page"] <= width, seen["page"]
    for table, scroll, client in seen["boxes"]:
        assert scroll <= client, f"the {table} table scrolls sideways: {scroll} px in {client} px"
    for text, size in seen["sizes"]:
        assert size >= 14, (text, size)
    cells = seen["cells"]
    for c in cells:
        assert c["scroll"] <= c["client"], f"cut: {c}"
        assert 0 <= c["left"] and c["right"] <= width, f"off the screen: {c}"
    # No two cells of a row over each other.
    for a in cells:
        for b in cells:
            if a is not b and (a["table"], a["row"]) == (b["table"], b["row"]):
                across = min(a["right"], b["right"]) - max(a["left"], b["left"])
                down = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
                assert across <= 0.5 or down <= 0.5, (a, b)
    # Each player's seven figures, on the screen; from a tablet up, each in its header's column.
    figures = [c for c in cells if c["table"] == "stats" and c["tag"] == "TD" and c["cls"] == "num"]
    assert len(figures) == 7 * 6, figures
    if width > 640:
        heads = seen["heads"]
        assert len(heads) == 7, heads
        for i, c in enumerate(figures):
            _, left, right = heads[i % 7]
            assert abs(c["left"] - left) <= 1 and abs(c["right"] - right) <= 1, (heads[i % 7], c)
    return seen


@pytest.mark.parametrize("width", WIDTHS, ids=lambda w: f"{w}px")
def test_the_players_table_fits_a_tablet_whole_and_readable(served, browser, width):
    url, table = served
    games_that_fill_the_table(table)
    page, errors = history(browser, url, {"width": width, "height": 1000}, mobile=width < 641)
    seen = assert_whole_and_readable(page, width)
    # (A full page's shot resizes the page, and it is fitted again: whole then too.)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"history-narrow-{width}.png"), full_page=True)
    assert_whole_and_readable(page, width)
    # Every figure there, as it is on a wide screen.
    rows = {}
    for c in seen["cells"]:
        if c["table"] == "stats" and c["tag"] == "TD":
            rows.setdefault(c["row"], []).append(" ".join(c["text"].split()))
    assert ["Zoë Smith-Jones", "0 (+1 abandoned, 1 in play)", "0", "0", "0", "0", "0", "0"] in rows.values(), rows
    assert errors == []


def test_the_players_table_fits_as_the_tablet_turns(served, browser):
    # Sideways (1280 px) the eight columns fit as they are; upright (700 px) they did not, and
    # turned back they are a table again.
    url, table = served
    games_that_fill_the_table(table)
    page, errors = history(browser, url, {"width": 1280, "height": 800}, mobile=False)
    row = "() => getComputedStyle(document.querySelector('table.stats tbody tr')).display"
    assert page.evaluate(row) == "table-row"
    assert_whole_and_readable(page, 1280)
    page.set_viewport_size({"width": 700, "height": 1000})
    page.wait_for_function("() => document.querySelector('table.stats').parentElement.scrollWidth <= 652", timeout=10000)
    assert_whole_and_readable(page, 700)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_function(f"() => ({row})() === 'table-row'", timeout=10000)
    assert_whole_and_readable(page, 1280)
    assert errors == []
