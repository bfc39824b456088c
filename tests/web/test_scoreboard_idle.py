"""The scoreboard with no game on: the whole screen says so and how to start one; the game's
panels (players, stage) are hidden rather than shown empty, and come back when a game starts."""

from __future__ import annotations

from html.parser import HTMLParser

from .conftest import start


class Elements(HTMLParser):
    """Every element with an id: its tag's attributes, and the text inside it."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.attrs: dict[str, dict[str, str | None]] = {}
        self.text: dict[str, str] = {}
        self._open: list[tuple[str, str | None]] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if "id" in found:
            self.attrs[found["id"]] = found
            self.text[found["id"]] = ""
        if tag not in ("meta", "link", "br", "img", "input"):
            self._open.append((tag, found.get("id")))

    def handle_endtag(self, tag: str) -> None:
        while self._open:
            if self._open.pop()[0] == tag:
                break

    def handle_data(self, data: str) -> None:
        for _, element_id in self._open:
            if element_id:
                self.text[element_id] += data

    def shown(self, element_id: str) -> bool:
        return element_id in self.attrs and "hidden" not in self.attrs[element_id]


def test_no_game_fills_the_screen_with_how_to_start_one(client) -> None:
    page = Elements(client.get("/").get_data(as_text=True))
    assert page.shown("sb-idle")
    assert " ".join(page.text["sb-idle"].split()).startswith("No game on Start one from a phone")
    # The test client asks for http://localhost/: no address a phone could use, so the path only.
    assert page.text["sb-idle-url"].split()[0] == "/table" and "localhost" not in page.text["sb-idle"]
    # The players' and the stage's panels are not drawn empty beside it.
    assert "sb-main" in page.attrs and not page.shown("sb-main")


def test_no_game_shows_the_phone_address_the_screen_was_opened_with(client) -> None:
    html = client.get("/", base_url="http://192.168.1.20:8000").get_data(as_text=True)
    page = Elements(html)
    assert page.text["sb-idle-url"].strip() == "http://192.168.1.20:8000/table"


def test_in_a_game_the_idle_screen_is_hidden_and_the_panels_shown(client) -> None:
    start(client)
    page = Elements(client.get("/").get_data(as_text=True))
    assert page.shown("sb-main") and page.shown("sb-players") and page.shown("sb-stage")
    assert "sb-idle" in page.attrs and not page.shown("sb-idle")


def test_the_games_listed_on_the_idle_screen_come_from_the_catalogue(client) -> None:
    # scoreboard.js lists them from /api/catalogue, readable without the PIN.
    r = client.get("/api/catalogue")
    assert r.status_code == 200
    names = {g["name"] for g in r.get_json()["games"]}
    assert {"kuriki", "mia", "farkel"} <= names
    assert all(g["min_players"] <= g["max_players"] for g in r.get_json()["games"])
