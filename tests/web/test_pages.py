"""The pages: scoreboard, history, static assets (all local), HTML errors."""

from __future__ import annotations

import json
import re
from pathlib import Path

import web

from .conftest import AUTH, act, start
from .test_api import play_to_the_end

WEB = Path(web.__file__).resolve().parent


def embedded_state(html: str) -> dict:
    m = re.search(r'<script type="application/json" id="initial-state">(.*?)</script>', html, re.S)
    assert m, "the page embeds the first state"
    return json.loads(m.group(1))


def test_scoreboard_embeds_the_public_state(client):
    start(client)
    r = client.get("/")
    assert r.status_code == 200 and r.mimetype == "text/html"
    state = embedded_state(r.get_data(as_text=True))
    assert state["game"] == "kuriki" and state["to_act"] == "Ann"
    assert state == client.get("/api/state").get_json()


def embedded_call_names(html: str) -> dict:
    m = re.search(r'<script type="application/json" id="call-names">(.*?)</script>', html, re.S)
    assert m, "the page embeds the names of the calls"
    return json.loads(m.group(1))


def test_the_pages_name_a_kuriki_roll_as_its_verdict_does(client):
    """QA: the call line said "The Mime (5-5)", from names of its own in common.js, and the
    verdict under it "double-5". The pages name a call from the engine's names, which its
    verdicts use too, and common.js keeps no list of its own."""
    start(client)
    act(client, {"by": "Ann", "do": "declare", "call": "the mime"})
    act(client, {"by": "Bob", "do": "pull", "dice": [6, 3]})
    for page in ("/", "/table"):
        html = client.get(page).get_data(as_text=True)
        names = embedded_call_names(html)["kuriki"]
        assert names["double-5"] == "The Mime" and names["double-4"] == "Walnuts"
        message = embedded_state(html)["verdict"]["message"]
        assert message.startswith(
            f"LIE! Ann called {names['double-5']} (5-5) and loses a life — the dice show 6-3."), message
    common = (WEB / "static" / "common.js").read_text(encoding="utf-8")
    for name in names.values():
        if name != "Kuriki":      # (the game's own title is named there too)
            assert name not in common, f"common.js names {name} itself"


def test_scoreboard_without_a_game(client):
    state = embedded_state(client.get("/").get_data(as_text=True))
    assert state["game"] is None


def test_names_cannot_break_out_of_the_page(client):
    evil = "</script><script>alert(1)</script>"
    start(client, {"game": "kuriki", "players": [evil, "Bob"]})
    html = client.get("/").get_data(as_text=True)
    assert evil not in html
    assert embedded_state(html)["players"][0]["name"] == evil


def test_every_asset_is_local_and_served(client):
    for page in ("/", "/table", "/history"):
        html = client.get(page).get_data(as_text=True)
        refs = re.findall(r'(?:src|href)="([^"]+)"', html)
        assert refs
        for ref in refs:
            assert not re.match(r"(https?:)?//", ref), f"{page} loads {ref} from the network"
            if ref.startswith("/static/"):
                r = client.get(ref)
                assert r.status_code == 200, ref
                r.close()
    for path in (WEB / "static").iterdir():
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"""(url\(|import|src=|href=)\s*["']?(https?:)?//""", text), path.name


def test_history_lists_games_stats_and_records(client):
    play_to_the_end(client)
    start(client)     # a game in play: no record link yet
    html = client.get("/history").get_data(as_text=True)
    assert "Lies caught" in html and "Hate mail" in html
    assert '<b class="one-name">Bob</b> won' in html
    assert html.count("/record") == 1 and "after the game" in html
    link = re.search(r'href="(/api/games/[^"]+/record)"', html).group(1)
    assert client.get(link).status_code == 200


def test_history_names_games_by_title_and_counts_finished_games(client, table):
    """The history showed game ids ("kuriki", "liars") and counted a player's abandoned and
    in-play games with the finished ones under "Games"."""
    play_to_the_end(client)                                        # Ann and Bob: over
    table.start_game({"game": "liars", "players": ["Ann", "Bob"]})  # abandoned by the next
    table.start_game({"game": "mia", "players": ["Ann", "Cy"]}, replace=True)     # in play
    html = client.get("/history").get_data(as_text=True)
    games = html[html.index('<table class="games">'):]
    cells = [re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)[1]
             for row in re.findall(r"<tr>(.*?)</tr>", games[games.index("<tbody>"):], re.S)]
    assert cells == ["Mia", "Chinese liar&#39;s dice", "Kuriki"]
    rows = {m.group(1): m.group(2) for m in re.finditer(
        r'<tr><td class="name"><span class="one-name">([^<]*)</span></td><td class="num"[^>]*>(.*?)</td>', html)}
    plain = {name: re.sub(r"<[^>]+>", "", cell).strip() for name, cell in rows.items()}
    assert plain == {"Ann": "1 (+1 abandoned, 1 in play)", "Bob": "1 (+1 abandoned)",
                     "Cy": "0 (+1 in play)"}
    assert "<th class=\"num\">Games finished</th>" in html


def test_history_when_empty(client):
    html = client.get("/history").get_data(as_text=True)
    assert "No games yet" in html and "No games played yet" in html


def test_pages_have_html_errors(client):
    r = client.get("/no/such/page")
    assert r.status_code == 404 and r.mimetype == "text/html" and b"no such page" in r.data
    r = client.post("/")
    assert r.status_code == 405 and r.mimetype == "text/html"


def test_state_after_actions_is_what_the_control_page_embeds(client):
    start(client)
    client.post("/api/actions", json={"by": "Ann", "do": "declare", "call": "8"}, headers=AUTH)
    html = client.get("/table").get_data(as_text=True)
    assert embedded_state(html)["call"] == "8"


def test_history_times_are_the_devices_local_time(monkeypatch):
    # The table hands out UTC ("...Z"); the bar reads the history in its own time.
    import time

    from web.history import when

    monkeypatch.setenv("TZ", "America/New_York")
    time.tzset()
    try:
        assert when("2026-11-30T01:18:52Z") == "2026-11-29 20:18"
        assert when(1_796_001_532.0) == "2026-11-29 20:18"       # the same moment as seconds
        assert when("2026-11-29 20:18") == "2026-11-29 20:18"     # no zone: already local
    finally:
        monkeypatch.undo()
        time.tzset()
