"""A card's tags on the wall (LAST LIFE, IN THE SHIT, NOT ON THE BOARD YET) read from across a bar
room, 4-5 m: they stood 2.8 vh with up to four players and 2.2 vh with more (30 and 24 px at 1080
lines) under names of 54-78 px. Now at least 40 px, with two players and with twelve, a 40-letter
name among them, nothing cut at a card's edge. A card with more tags than it holds shrinks its tags
first, never its name and score past what they had before.
Same Chromium and fixtures as test_browser.py."""

from __future__ import annotations

import pytest

from .test_browser import SHOTS, browser, served, served_camera  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser

LONG = "Wolfeschlegelsteinhausenbergerdorffvoral"
TWELVE = [LONG, "Bob", "Cy", "Dee", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lu"]

# Each card as seen: its name's and tags' sizes (font size times the zoom fitPlayers gave the
# card's words, px), whether any of its words runs past the card's edges, and whether its words
# were zoomed at all.
CARDS = """() => [...document.querySelectorAll('#sb-players .player')].map((card) => {
    const who = card.querySelector('.who');
    const zoom = parseFloat(who.style.zoom || 1);
    const box = card.getBoundingClientRect();
    const px = (el) => parseFloat(getComputedStyle(el).fontSize) * zoom;
    const cut = [...card.querySelectorAll('.name, .counter, .tag')].some((el) => {
        const r = el.getBoundingClientRect();
        return r.top < box.top - 1 || r.bottom > box.bottom + 1 || r.left < box.left - 1 || r.right > box.right + 1; });
    return { name: card.dataset.name, namePx: px(card.querySelector('.name')), zoom, cut,
             tags: [...card.querySelectorAll('.tag')].map((t) => ({ text: t.innerText, px: px(t),
                 own: parseFloat(getComputedStyle(t).fontSize) })) }; })"""


@pytest.mark.parametrize("game, players, options, word", [
    ("mia", [LONG, "Bob"], {"lives": 1}, "LAST LIFE"),
    ("liars", TWELVE, {"lives": 1}, "LAST LIFE"),
    ("kuriki", [LONG, "Bob"], {"lives": 1}, "IN THE SHIT"),
    ("kuriki", TWELVE, {"lives": 1}, "IN THE SHIT"),
    ("farkel", [LONG, "Bob"], {"entry": 500}, "NOT ON THE BOARD YET"),
    ("farkel", TWELVE, {"entry": 500}, "NOT ON THE BOARD"),
], ids=["mia-2", "liars-12", "kuriki-2", "kuriki-12", "farkel-2", "farkel-12"])
def test_a_card_s_tag_is_read_across_the_room(served, browser, game, players, options, word):
    url, table = served
    table.start_game({"game": game, "players": players, "options": options})
    board = browser.new_page(viewport={"width": 1920, "height": 1080})
    board.goto(url + "/")
    board.wait_for_selector(f'#app[data-ready="1"][data-game="{game}"] .player[data-name="Bob"] .tag')
    cards = board.evaluate(CARDS)
    board.screenshot(path=str(SHOTS / f"wall-tags-{game}-{len(players)}.png"))
    assert len(cards) == len(players)
    for card in cards:
        assert [t["text"] for t in card["tags"]] == [word], card
        assert card["tags"][0]["px"] >= 40, f"{word} stands {card['tags'][0]['px']:.1f} px at 1080 lines: {card}"
        assert not card["cut"] and card["zoom"] == 1, card
    # The names keep their size: 54 px and more (45 in a crowd of nine or more), the 40-letter one
    # shrunk to fit its card (down to 2.8 vh) and past that on up to three lines where the card
    # holds them at that size (test_browser_wall_hyphen.py), else cut with "…" as before.
    least = 45 if len(players) >= 9 else 54
    assert all(c["namePx"] >= least for c in cards if c["name"] != LONG), cards


def _three_tags_on_cy(served, browser, players):
    """The wall once Cy, on his last life, answers a call he passed on (three tags on his card,
    two on others'): the page, ready."""
    url, table = served
    table.start_game({"game": "kuriki", "players": players, "options": {"lives": 1}})
    table.act({"by": LONG, "do": "declare", "call": "double-6", "dice": [6, 6]})
    table.act({"by": "Bob", "do": "pass"})
    table.act({"by": "Cy", "do": "pass"})
    board = browser.new_page(viewport={"width": 1920, "height": 1080})
    board.goto(url + "/")
    board.wait_for_selector('#app[data-ready="1"] .player.answers[data-name="Cy"] .tag-passed')
    return board


@pytest.mark.parametrize("players", [TWELVE[:3], TWELVE[:8], TWELVE], ids=["three", "eight", "twelve"])
def test_a_card_of_many_tags_shrinks_its_tags_before_its_name(served, browser, players):
    """On a last life, passed and answering: three tags, more than a crowd's card holds at 40 px.
    The tags give way first (down to 2.2 vh, their old size in a crowd); only past that the card's
    words shrink together, as they did before."""
    board = _three_tags_on_cy(served, browser, players)
    cards = {c["name"]: c for c in board.evaluate(CARDS)}
    board.screenshot(path=str(SHOTS / f"wall-tags-many-{len(players)}.png"))
    assert [t["text"] for t in cards["Cy"]["tags"]] == ["IN THE SHIT", "ANSWERS", "PASSED"]
    for card in cards.values():
        assert not card["cut"], card
        if card["zoom"] < 1:                 # the words shrank: the tags had given way first
            assert all(t["own"] <= 2.2 * 10.8 + 0.5 for t in card["tags"]), card
        if len(card["tags"]) == 1:
            assert card["tags"][0]["px"] >= 40, card


@pytest.mark.parametrize("players", [TWELVE[:3], TWELVE[:8], TWELVE], ids=["three", "eight", "twelve"])
def test_a_card_of_many_tags_is_still_read_across_the_room(served, browser, players):
    """The same three tags (and two on the roller's and a passer's cards) stood 24 px with eight
    players and 20 px with twelve (shrunk under the score down to 2.2 vh, the card's words zoomed
    to 85% too), 26 px on a crowd's card of two. The card makes room for them first: they go on
    the score's line, set closer, and the life marker gives way; now at least 30 px on every
    card, the names at their size, nothing zoomed or cut."""
    board = _three_tags_on_cy(served, browser, players)
    cards = board.evaluate(CARDS)
    board.screenshot(path=str(SHOTS / f"wall-tags-read-{len(players)}.png"))
    least = min(t["px"] for c in cards for t in c["tags"])
    assert least >= (40 if len(players) <= 4 else 30), f"a tag stands {least:.1f} px: {cards}"
    for card in cards:
        assert not card["cut"] and card["zoom"] == 1, card
    names = 45 if len(players) >= 9 else 54
    assert all(c["namePx"] >= names for c in cards if c["name"] != LONG), cards


# "under the cup" / "under the cups" under a verdict's photo, as seen: its size (font size times
# the zoom the stage's fitting gave it), whether its words lie on the stage and clear of the photo.
CAPTION = """() => {
    const cap = document.querySelector('#verdict .evidence figcaption, #winner .evidence figcaption');
    let zoom = 1;
    for (let e = cap; e; e = e.parentElement) zoom *= parseFloat(e.style.zoom || 1);
    const box = (el) => el.getBoundingClientRect();
    const c = box(cap), stage = box(document.getElementById('sb-stage')), img = box(document.getElementById('evidence'));
    return { text: cap.innerText.replace(/\\s+/g, ' '), px: parseFloat(getComputedStyle(cap).fontSize) * zoom,
             inside: c.top >= stage.top - 0.5 && c.bottom <= stage.bottom + 0.5 && c.left >= stage.left - 0.5 && c.right <= stage.right + 0.5,
             clear: c.left >= img.right - 0.5 || c.top >= img.bottom - 0.5 }; }"""


@pytest.mark.parametrize("ends", [False, True], ids=["verdict", "winner"])
def test_under_the_cup_is_read_across_the_room(served_camera, browser, ends):
    """The words under a pull's photo stood 2.4 vh (26 px at 1080 lines, 25 once the verdict was
    fitted to the stage); now at least 40 px, beside the photo where the stage has the room."""
    from vision.reading import View

    from .test_browser import dice_photo, open_wall, verdict_overflow, wait_for_laid, wait_for_photo
    from .test_browser_wall_banner import evidence_photo

    url, table = served_camera
    board, errors = open_wall(browser, url)
    table.start_game({"game": "kuriki", "players": ["Bob", "Ann"], "options": {"lives": 1 if ends else 3}})
    table.seal([5, 4], evidence_photo(View.BOTTOM) if not ends else dice_photo("IMG_20191208_112648"))
    table.act({"by": "Bob", "do": "declare", "call": "double-6"})
    table.act({"by": "Ann", "do": "pull"})                   # a lie: Bob loses a life
    board.wait_for_selector("#winner #evidence" if ends else "#verdict.outcome-lie #evidence")
    wait_for_photo(board)
    wait_for_laid(board)                                     # (what is fitted once the photo is in)
    seen = board.evaluate(CAPTION)
    board.screenshot(path=str(SHOTS / f"wall-under-the-cup-{'winner' if ends else 'verdict'}.png"))
    assert seen["text"] == "under the cup"
    assert seen["px"] >= 40, f"'under the cup' stands {seen['px']:.1f} px at 1080 lines"
    assert seen["inside"] and seen["clear"], seen
    if not ends:
        assert verdict_overflow(board) <= 0
    assert errors == []


def test_under_the_cups_is_read_across_the_room(served_camera, browser):
    """An open's photo of every hand: "under the cups" stood 2.4 vh (26 px at 1080 lines)."""
    from .test_browser_wall_liars_banner import hands_photo, open_with_photo

    url, table = served_camera
    board, errors = open_with_photo(url, table, browser, ["Ann", "Bob"], hands_photo(2))
    seen = board.evaluate(CAPTION)
    board.screenshot(path=str(SHOTS / "wall-under-the-cups.png"))
    assert seen["text"] == "under the cups"
    assert seen["px"] >= 40, f"'under the cups' stands {seen['px']:.1f} px at 1080 lines"
    assert seen["inside"] and seen["clear"], seen
    assert errors == []
