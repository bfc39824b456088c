"""The phone page on the virtual table (dicetable run with no camera: it rolls the dice itself on
the sample frames it ships): it offered "Camera preview (for calibration)", which showed a
sample frame, and there is no camera to calibrate. It says plainly what the table is instead.
The web layer learns it from the table it is handed (TableService's ``virtual``: device.table.Table's,
which device.runtime sets once the camera is open), read when the page is made and sent with every
state, which the page follows: a camera that opens late may turn out to be the virtual table."""

from __future__ import annotations

import re
from typing import get_type_hints

import pytest

from web.services import TableService

from .conftest import KURIKI, make_app
from .test_browser import browser, open_pages, served_camera  # noqa: F401  (fixtures)
from .test_control_auth import log_in


def test_the_virtual_table_offers_no_camera_preview(camera_client, camera_table):
    log_in(camera_client)
    camera_table.virtual = True
    page = camera_client.get("/table").get_data(as_text=True)
    assert hidden(page, "preview-card") and not hidden(page, "virtual-note")
    assert "virtual table" in page and "sample" in page
    # A camera table (the camera found, or not yet open) keeps its preview, and no such note.
    camera_table.virtual = False
    page = camera_client.get("/table").get_data(as_text=True)
    assert not hidden(page, "preview-card") and hidden(page, "virtual-note")


def hidden(page: str, element_id: str) -> bool:
    """Whether the page's element ``element_id`` is there with the ``hidden`` attribute (both
    are on a camera table's page, one hidden: the page's script shows the other when the state's
    ``virtual`` changes)."""
    match = re.search(rf'<[a-z]+ [^>]*id="{element_id}"[^>]*>', page)
    assert match is not None, f"no #{element_id}"
    return re.search(r"\shidden[\s>]", match.group(0)) is not None


class Plain:
    """Any TableService may be handed in, not only device.table.Table: this one passes every
    call on to a real table but says itself whether it is the virtual table."""

    def __init__(self, table, *, virtual: bool) -> None:
        self._table = table
        self.virtual = virtual

    def __getattr__(self, name):
        return getattr(self._table, name)


def test_the_table_service_says_whether_it_is_the_virtual_table():
    # control.py read it with getattr(table, "virtual", False), the Protocol not having it.
    assert get_type_hints(TableService)["virtual"] is bool


def test_a_table_that_does_not_say_whether_it_is_virtual_is_refused(camera_table):
    class Silent:
        def __init__(self, table) -> None:
            self._table = table

        def __getattr__(self, name):
            if name == "virtual":
                raise AttributeError(name)
            return getattr(self._table, name)

    silent = Silent(camera_table)
    with pytest.raises(TypeError, match="TableService"):
        make_app(silent)


@pytest.mark.parametrize("virtual", [False, True])
def test_the_page_follows_what_the_table_says(camera_table, virtual):
    client = make_app(Plain(camera_table, virtual=virtual)).test_client()
    log_in(client)
    page = client.get("/table").get_data(as_text=True)
    assert hidden(page, "virtual-note") is not virtual
    assert hidden(page, "preview-card") is virtual


def test_every_state_the_web_layer_sends_says_whether_the_table_is_virtual(camera_client, camera_table,
                                                                            table):
    # The phone learnt it only from the page as it was made: a camera opening late as the virtual
    # table left the preview offered (and no note) until the page was loaded again.
    assert camera_client.get("/api/state").get_json()["virtual"] is False
    before = camera_client.get("/api/state").get_json()["version"]
    camera_table.virtual = True
    state = camera_client.get("/api/state").get_json()
    assert state["virtual"] is True
    assert state["version"] == before      # not the game: an undo decided on before still goes
    # and with what a change answers (any table: this one's dice come in the actions)
    client = make_app(Plain(table, virtual=True)).test_client()
    token = log_in(client)
    headers = {"X-CSRF-Token": token}
    assert client.post("/api/games", json=KURIKI, headers=headers).status_code == 201
    r = client.post("/api/actions", json={"by": "Ann", "do": "declare", "call": "walnuts", "dice": [6, 3]},
                    headers=headers)
    assert r.status_code == 200 and r.get_json()["virtual"] is True, r.get_json()
    r = client.post("/api/undo", headers=headers)
    assert r.status_code == 200 and r.get_json()["virtual"] is True, r.get_json()


@pytest.mark.browser
def test_the_phone_on_the_virtual_table_says_what_it_is(served_camera, browser):
    url, table = served_camera
    table.virtual = True
    board, phone, errors = open_pages(browser, url)
    page = phone.page
    assert page.locator("#preview-card").is_hidden()
    assert not page.get_by_text("Camera preview").is_visible()
    note = page.locator("#virtual-note")
    assert note.is_visible()
    assert "virtual table" in note.inner_text() and "sample" in note.inner_text()
    # On the phone's screen, not wider than it.
    box = note.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 412
    note.scroll_into_view_if_needed()
    from .test_browser import SHOTS
    page.screenshot(path=str(SHOTS / "phone-virtual-table.png"))
    assert errors == []


@pytest.mark.browser
def test_the_phone_follows_a_table_that_turns_out_virtual(served_camera, browser):
    # dicetable run with no camera there yet: the phone offers the preview. The camera that opens
    # then is the virtual table (device.runtime says so, then the referee says the camera is
    # fine): the phone says what the table is, with no reload, and offers no preview.
    url, table = served_camera
    table.set_camera_status("lost", "the camera is not there yet")
    board, phone, errors = open_pages(browser, url)
    page = phone.page
    assert page.locator("#preview-card").is_visible() and page.locator("#virtual-note").is_hidden()
    table.virtual = True
    table.set_camera_status("ok")
    page.wait_for_selector("#virtual-note", state="visible")
    assert page.locator("#preview-card").is_hidden()
    # and back (a real camera found after a restart of the device's camera, say)
    table.virtual = False
    table.note("a camera")
    page.wait_for_selector("#preview-card", state="visible")
    assert page.locator("#virtual-note").is_hidden()
    assert errors == []
