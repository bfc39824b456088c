"""The wall and the phone in a Farkel partners game, High Stakes with a stake, and Deceit's set
number of rounds (Chromium through Playwright, as tests/web/test_browser.py)."""

from __future__ import annotations

import pytest

from .test_browser import SHOTS, browser, served  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser

PARTNERS = {"game": "farkel", "players": ["Ann", "Bob", "Cy", "Dee"],
            "options": {"partners": [["Ann", "Cy"], ["Bob", "Dee"]], "target": 1000, "entry": 0,
                        "high_stakes": True, "high_stakes_stake": 100}}


def turn(table, by: str, dice: list[int], keep: list[int]) -> None:
    table.act({"by": by, "do": "roll", "dice": dice})
    table.act({"by": by, "do": "keep", "dice": keep})
    table.act({"by": by, "do": "bank"})


def card(board, name: str) -> dict:
    return board.evaluate("""(name) => { const c = document.querySelector(`.player[data-name="${name}"]`);
        const big = c.querySelector('.count');
        return { big: big.textContent, bigVh: parseFloat(getComputedStyle(big).fontSize) / innerHeight * 100,
                 own: (c.querySelector('.own-score') || {}).textContent || null,
                 team: (c.querySelector('.tag-team') || {}).textContent || null,
                 winner: c.classList.contains('winner') }; }""", name)


def test_the_wall_shows_each_team_s_score_the_stake_and_the_winning_team(served, browser):
    url, table = served
    table.start_game(PARTNERS)
    turn(table, "Ann", [1, 1, 1, 5, 2, 3], [1, 1, 1, 5])     # Ann 350, two dice left on offer
    board = browser.new_page(viewport={"width": 1920, "height": 1080})
    board.goto(url + "/")
    board.wait_for_selector('#app[data-ready="1"] .player[data-name="Dee"]')
    ann, cy, bob = card(board, "Ann"), card(board, "Cy"), card(board, "Bob")
    # The team's score is the big number on each partner's card, read from across the room; the
    # player's own points are there too, small.
    assert (ann["big"], ann["own"], ann["team"]) == ("350", "350", "Ann & Cy")
    assert (cy["big"], cy["own"], cy["team"]) == ("350", "0", "Ann & Cy")
    assert (bob["big"], bob["team"]) == ("0", "Bob & Dee")
    assert ann["bigVh"] >= 5
    assert "Ann & Cy 350" in board.inner_text("#team-strip")
    # Bob has no points to put up: the stake is shown, and that he cannot take it.
    offer = board.inner_text("#high-stakes")
    assert "2 dice with 350 points" in offer and "puts up 100" in offer and "too few points" in offer
    board.screenshot(path=str(SHOTS / "farkel-partners.png"))

    turn(table, "Bob", [5, 2, 3, 4, 6, 6], [5])               # Bob 50
    turn(table, "Cy", [1, 1, 1, 1, 2, 3], [1, 1, 1, 1])       # Cy 1000: the team reaches 1,350
    turn(table, "Dee", [5, 2, 3, 4, 6, 6], [5])               # the other team's last turns
    turn(table, "Bob", [5, 2, 3, 4, 6, 6], [5])               # Ann & Cy win
    board.wait_for_selector('#app[data-over="1"]')
    assert board.inner_text("#winner .word") == "Ann & Cy"
    assert board.inner_text("#winner .wins") == "WIN"
    assert [card(board, n)["winner"] for n in ("Ann", "Bob", "Cy", "Dee")] == [True, False, True, False]
    assert card(board, "Cy")["big"] == "1,350"
    board.screenshot(path=str(SHOTS / "farkel-partners-won.png"))


def test_a_lone_winner_still_wins_and_deceit_says_which_round_of_how_many(served, browser):
    url, table = served
    board = browser.new_page(viewport={"width": 1920, "height": 1080})
    board.goto(url + "/")
    table.start_game({"game": "farkel", "players": ["Ann", "Bob"], "options": {"target": 50, "entry": 0}})
    turn(table, "Ann", [5, 2, 3, 4, 6, 6], [5])
    turn(table, "Bob", [5, 2, 3, 4, 6, 6], [5])
    board.wait_for_selector('#app[data-over="1"]')
    assert board.inner_text("#winner .wins") == "WINS"        # one name: the verb agrees
    assert board.locator(".tag-team").count() == 0 and board.locator("#team-strip").count() == 0
    assert card(board, "Ann")["winner"] and not card(board, "Bob")["winner"]

    table.start_game({"game": "deceit", "players": ["Ann", "Bob", "Cy"], "options": {"rounds": 3}})
    board.wait_for_selector("#rounds")
    assert board.inner_text("#rounds") == "round 1 of 3"
    table.act({"by": "Ann", "do": "declare", "call": "54", "dice": [3, 2]})
    table.act({"by": "Bob", "do": "pull"})
    board.wait_for_selector('#rounds:has-text("round 2 of 3")')


def test_the_phone_starts_a_partners_game_and_shows_teams_the_stake_and_the_winners(served, browser):
    url, table = served
    from .test_browser import open_pages

    board, phone, errors = open_pages(browser, url)
    page = phone.page
    page.select_option("#ng-game", "farkel")
    page.fill("#ng-players", "Ann\nBob\nCy\nDee")
    # The partners box says how teams are written, and can fill in partners sitting opposite.
    assert page.get_attribute("#opt-partners", "placeholder") == "Ann + Cy; Bob + Dee"
    page.click("#ng-partners-across")
    assert page.input_value("#opt-partners") == "Ann + Cy; Bob + Dee"
    page.check("#opt-high_stakes")
    page.fill("#opt-high_stakes_stake", "100")
    page.fill("#opt-target", "2000")
    page.fill("#opt-entry", "0")
    page.click('#new-game button[type="submit"]')
    phone.turn("Ann")
    state = table.public_state()
    assert state["options"]["partners"] == (("Ann", "Cy"), ("Bob", "Dee"))
    assert state["options"]["high_stakes_stake"] == 100

    turn(table, "Ann", [1, 1, 1, 5, 2, 3], [1, 1, 1, 5])     # Ann 350
    turn(table, "Bob", [1, 1, 1, 1, 2, 3], [1, 1, 1, 1])     # Bob 1,000
    phone.turn("Cy")
    assert page.inner_text('#ctl-teams li[data-team="Ann & Cy"]') == "Ann & Cy 350"
    assert page.inner_text('#ctl-teams li[data-team="Bob & Dee"]') == "Bob & Dee 1,000"
    assert page.inner_text('.roster li[data-name="Cy"] .team-tag') == "Ann & Cy"
    # Cy has no points to put up: no High Stakes roll is offered.
    assert page.locator('#ctl-actions input[data-flag="high_stakes"]').count() == 0
    turn(table, "Cy", [5, 2, 3, 4, 6, 6], [5])
    turn(table, "Dee", [5, 2, 3, 4, 6, 6], [5])               # five dice with 50 points on offer
    phone.turn("Ann")
    page.check('#ctl-actions input[data-flag="high_stakes"]')
    button = page.inner_text('#ctl-actions button[data-do="roll"]')
    assert "High Stakes" in button and "5 dice for 50 points" in button and "puts up 100" in button
    page.screenshot(path=str(SHOTS / "phone-partners.png"), full_page=True)

    table.act({"by": "Ann", "do": "roll", "high_stakes": True, "dice": [1, 1, 1, 1, 1]})
    table.act({"by": "Ann", "do": "keep", "dice": [1, 1, 1, 1, 1]})
    table.act({"by": "Ann", "do": "bank"})                    # Ann 2,400: Ann & Cy reach 2,000
    turn(table, "Bob", [5, 2, 3, 4, 6, 6], [5])
    turn(table, "Dee", [5, 2, 3, 4, 6, 6], [5])
    page.wait_for_selector("#ctl-status h1.winner")
    assert page.inner_text("#ctl-status h1.winner") == "Ann & Cy win"
    assert page.locator(".roster li.won").evaluate_all("(els) => els.map((e) => e.dataset.name)") == ["Ann", "Cy"]
    page.screenshot(path=str(SHOTS / "phone-partners-won.png"), full_page=True)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 412
    assert errors == []


CROWD = {"game": "farkel",
         "players": ["Alexandrina", "Bob", "Christopher", "Dee", "Esmeralda", "Fitzgerald",
                     "Gwendolyn", "Hugo", "Maximilian", "Jo", "Konstantinos", "Lu"],
         "options": {"partners": [["Alexandrina", "Dee", "Gwendolyn"], ["Bob", "Esmeralda"],
                                  ["Christopher", "Hugo", "Jo"]],
                     "high_stakes": True, "high_stakes_stake": 1000}}


def sizes(board) -> dict:
    """Each card's words as seen (font size times the zoom fitPlayers gave its card, in vh) and
    its left edge's colour; the team strip's chips' colours."""
    return board.evaluate("""() => {
        const vh = (el) => {
            if (!el) return null;
            const zoom = parseFloat(el.closest('.who').style.zoom || 1);
            return parseFloat(getComputedStyle(el).fontSize) * zoom / innerHeight * 100; };
        const cards = {};
        document.querySelectorAll('#sb-players .player').forEach((c) => {
            cards[c.dataset.name] = { name: vh(c.querySelector('.name')), big: vh(c.querySelector('.count')),
                own: vh(c.querySelector('.own')), team: vh(c.querySelector('.tag-team')),
                edge: getComputedStyle(c).borderLeftColor, partnered: !!c.querySelector('.tag-team') }; });
        const chips = [...document.querySelectorAll('#team-strip .team-chip')].map((c) =>
            ({ name: c.dataset.team, edge: getComputedStyle(c).borderLeftColor }));
        return { cards, chips }; }""")


@pytest.mark.parametrize("width, height", [(1920, 1080), (1280, 720)])
def test_a_crowd_of_partners_and_lone_players_is_read_from_across_the_room(served, browser, width, height):
    url, table = served
    table.start_game(CROWD)
    table.act({"by": "Alexandrina", "do": "roll", "dice": [1, 1, 1, 5, 2, 3]})
    table.act({"by": "Alexandrina", "do": "keep", "dice": [1, 1, 1, 5]})
    turn(table, "Alexandrina", [1, 5], [1, 5])                 # hot dice: 500 banked
    table.act({"by": "Bob", "do": "roll", "dice": [1, 1, 1, 1, 3, 4]})
    table.act({"by": "Bob", "do": "keep", "dice": [1, 1, 1, 1]})
    table.act({"by": "Bob", "do": "bank"})                     # High Stakes on offer to Christopher
    board = browser.new_page(viewport={"width": width, "height": height})
    board.goto(url + "/")
    board.wait_for_selector('#app[data-ready="1"] .player[data-name="Lu"]')
    seen = sizes(board)
    cards = seen["cards"]
    for name, c in cards.items():
        # Every card as big as a lone player's: before, a partner's four lines (name, team score,
        # own points, team tag under NOT ON THE BOARD YET) overflowed and shrank to 55-60%.
        assert c["name"] >= 3.4 and c["big"] >= 3.2, (name, c)
        if c["partnered"]:
            assert c["own"] >= 2.4 and c["team"] >= 2.0, (name, c)
    # A player alone never wears a team's colour (the seventh side, Lu, wore the first team's).
    team_edges = {cards[n]["edge"] for n in ("Alexandrina", "Bob", "Hugo")}   # (Christopher is to roll: gold)
    assert len(team_edges) == 3
    for lone in ("Fitzgerald", "Maximilian", "Konstantinos", "Lu"):
        assert cards[lone]["edge"] not in team_edges, lone
    # The strip names the teams of partners, each in its cards' colour (a lone player's score is
    # their card's big number; four of them took a third line of the strip off the cards).
    chips = {c["name"]: c["edge"] for c in seen["chips"]}
    assert list(chips) == ["Alexandrina & Dee & Gwendolyn", "Bob & Esmeralda", "Christopher & Hugo & Jo"]
    assert set(chips.values()) == team_edges
    board.screenshot(path=str(SHOTS / f"farkel-partners-crowd-{width}.png"))


def test_deceit_s_rounds_line_at_the_end_says_the_rounds_played_not_a_tie(served, browser):
    """The engine's round counter moves past the last round as the game ends: the wall said
    'round 4 · after 3: the tie plays on' under a winner nobody tied with."""
    url, table = served
    board = browser.new_page(viewport={"width": 1920, "height": 1080})
    board.goto(url + "/")
    table.start_game({"game": "deceit", "players": ["Ann", "Bob", "Cy"], "options": {"rounds": 3}})
    for who, said, dice in (("Ann", "54", [3, 2]), ("Bob", "32", [3, 2]), ("Cy", "54", [3, 2])):
        table.act({"by": who, "do": "declare", "call": said, "dice": dice})
        table.act({"by": table.public_state()["to_act"], "do": "pull"})
    assert table.public_state()["winner"] == "Bob"          # 7 chips to 5 and 3: no tie
    board.wait_for_selector('#app[data-over="1"]')
    assert board.inner_text("#winner .word") == "Bob"
    line = board.inner_text("#rounds")
    assert "tie" not in line
    assert line == "all 3 rounds played"
