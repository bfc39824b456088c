"""The phone page on the virtual table (dicetable run with no camera: it rolls the dice itself on
the sample frames it ships): it offered "Camera preview (for calibration)", which showed a
sample frame, and there is no camera to calibrate. It says plainly what the table is instead.
The web layer learns it from the table it is handed (device.table.Table's ``virtual``, which
device.runtime sets once the camera is open), read when the page is made."""

from __future__ import annotations

from typing import get_type_hints

import pytest

from web.services import TableService

from .conftest import make_app
from .test_browser import browser, open_pages, served_camera  # noqa: F401  (fixtures)
from .test_control_auth import log_in


def test_the_virtual_table_offers_no_camera_preview(camera_client, camera_table):
    log_in(camera_client)
    camera_table.virtual = True
    page = camera_client.get("/table").get_data(as_text=True)
    assert 'id="preview-card"' not in page and "for calibration" not in page
    assert 'id="virtual-note"' in page and "virtual table" in page and "sample" in page
    # A camera table (the camera found, or not yet open) keeps its preview, and no such note.
    camera_table.virtual = False
    page = camera_client.get("/table").get_data(as_text=True)
    assert 'id="preview-card"' in page and 'id="virtual-note"' not in page


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
    assert ('id="virtual-note"' in page) is virtual
    assert ('id="preview-card"' in page) is not virtual


@pytest.mark.browser
def test_the_phone_on_the_virtual_table_says_what_it_is(served_camera, browser):
    url, table = served_camera
    table.virtual = True
    board, phone, errors = open_pages(browser, url)
    page = phone.page
    assert page.locator("#preview-card").count() == 0
    assert page.get_by_text("Camera preview").count() == 0
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
