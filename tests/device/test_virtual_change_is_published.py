"""A change of Table.virtual is published as a state event.

The web layer sends the table's ``virtual`` with every state (web.services.TableService), and the
phone follows it: the virtual table's note in place of the camera preview. The table published
nothing when only ``virtual`` changed (a camera opening late as the virtual table, after the
page was made), unless a note changed with it: the phone kept offering the preview until some
unrelated event came. Now every change of it is published, once; telling it the same again
(device.runtime does at every camera reopened) publishes nothing.
"""

from __future__ import annotations

import pytest

from device.events import Event, Subscription
from device.table import Table


def _states(watch: Subscription) -> list[Event]:
    return [e for e in iter(lambda: watch.get(timeout=0), None) if e.kind == "state"]


@pytest.mark.parametrize("game", [None, "kuriki", "farkel"])
def test_a_change_of_virtual_is_published_once(camera_table: Table, game: str | None) -> None:
    table = camera_table
    if game is not None:
        table.start_game({"game": game, "players": ["Ann", "Bob"]})
    with table.events.subscribe() as watch:
        _states(watch)
        table.virtual = True
        published = _states(watch)
        assert len(published) == 1 and table.virtual is True
        assert published[0].data == table.public_state()
        if game == "kuriki":
            # (What the state says of it: the virtual table rolls on its own, so a roll is
            # under way, never "nobody has rolled yet".)
            assert published[0].data["dice_rolled"] is True
        table.virtual = True                # told again: nothing new to say
        assert _states(watch) == []
        table.virtual = False
        assert len(_states(watch)) == 1 and table.virtual is False
        table.virtual = False
        assert _states(watch) == []
