"""QA, Kuriki on the wall (1920 x 1080): a foul in the middle of a round.

Ann declared, then Cy was charged a foul (disrespect) while Bob was still to answer the call. The
wall wrote it under the call as "last: FOUL! Cy: disrespect, 1 foul; ...", as if the foul had
ended the round before, though it belongs to the round still going on (a foul ends no round: the
call stands and the same player is to act). Its line says FOUL itself, unlabelled, as the phone
has it (test_qa_phone_foul_this_round); a pull's verdict is still the last round's ("Last
round:", as on the phone) once the next call stands. Same Chromium and fixtures as test_browser.py."""

from __future__ import annotations

import pytest

from .test_browser import browser, open_pages, served  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser

LINE = "#sb-stage .last-verdict"


def test_a_foul_mid_round_is_not_called_the_last_verdict_on_the_wall(served, browser):
    url, table = served
    board, phone, errors = open_pages(browser, url)
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob", "Cy"]})
    table.act({"by": "Ann", "do": "declare", "call": "9", "dice": [4, 5]})
    table.act({"by": "Cy", "do": "foul", "kind": "disrespect"})
    board.wait_for_selector(f'{LINE}:has-text("disrespect")')
    foul = "FOUL! Cy: disrespect, 1 foul; 0.25 into the foul pot."
    assert board.inner_text(LINE) == foul
    assert board.inner_text(f"{LINE} b") == "FOUL!"
    # The call still stands above it: each name on the stage said once (Bob to act, Ann answers
    # for it, Cy fouled).
    stage = board.inner_text("#sb-stage").replace("\u00ad", "")
    assert "Ann answers for it" in stage
    assert [stage.count(n) for n in ("Ann", "Bob", "Cy")] == [1, 1, 1], stage
    # The phone says the same, unlabelled too.
    phone.page.wait_for_selector('#ctl-verdict:has-text("disrespect")')
    assert phone.page.inner_text("#ctl-verdict") == foul
    # A pull ends the round: under the next call its verdict is the last round's.
    table.act({"by": "Bob", "do": "pull", "dice": [4, 5]})
    table.act({"by": table.public_state()["to_act"], "do": "declare", "call": "5", "dice": [3, 2]})
    board.wait_for_selector(f'#app[data-call="5"] {LINE}')
    assert board.inner_text(LINE).startswith("Last round: NOT A LIE! Ann called 9")
    # ... and a foul in that round is its news again, unlabelled.
    table.act({"by": "Ann", "do": "foul", "kind": "peek"})
    board.wait_for_selector(f'{LINE}:has-text("peek")')
    assert board.inner_text(LINE) == "FOUL! Ann: peek, 1 foul; 0.25 into the foul pot."
    assert errors == []
