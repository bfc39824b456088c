"""QA, Kuriki from a 390 px phone: a foul in the middle of a round.

Ann declared, then Cy was charged a foul (disrespect) while Bob was still to answer the call. The
phone showed "Last round: FOUL! Cy: disrespect, 1 foul; ..." as if the foul had ended the round
before, though it belongs to the round still going on (a foul ends no round: the call stands and
the same player is to act). A foul is shown as the news, unlabelled; the verdict of a pull is
still the last round's once the next call stands. Same Chromium and fixtures as test_browser.py."""

from __future__ import annotations

import pytest

from .test_browser import SMALL_PHONE, browser, open_pages, served  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser


def test_a_foul_mid_round_is_not_called_the_last_round_s_verdict(served, browser):
    url, table = served
    board, phone, errors = open_pages(browser, url, phone=SMALL_PHONE)
    page = phone.page
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob", "Cy"]})
    table.act({"by": "Ann", "do": "declare", "call": "9", "dice": [4, 5]})
    table.act({"by": "Cy", "do": "foul", "kind": "disrespect"})
    page.wait_for_selector('#ctl-verdict:has-text("FOUL!")')
    verdict = page.locator("#ctl-verdict")
    assert verdict.inner_text().startswith("FOUL! Cy: disrespect, 1 foul")
    assert "past" not in verdict.get_attribute("class")
    assert page.locator("#ctl-verdict .label").count() == 0
    # The round's call still stands, with its answerer, above the foul.
    assert "Ann answers for it" in page.inner_text("#ctl-status .call")
    # A pull ends the round: its verdict is the news until the next call, then the last round's.
    table.act({"by": "Bob", "do": "pull", "dice": [4, 5]})
    page.wait_for_selector('#ctl-verdict:has-text("Bob pulled")')
    assert "past" not in verdict.get_attribute("class")
    next_roller = table.public_state()["to_act"]
    table.act({"by": next_roller, "do": "declare", "call": "5", "dice": [3, 2]})
    page.wait_for_selector("#ctl-verdict.past")
    assert verdict.inner_text().startswith("Last round: ")
    # ... and a foul in that round is its news again, unlabelled.
    table.act({"by": "Ann", "do": "foul", "kind": "peek"})
    page.wait_for_selector('#ctl-verdict:has-text("FOUL! Ann: peek")')
    assert "past" not in verdict.get_attribute("class")
    assert errors == []
