"""The words of an evidence photo's banner ("OK: 6 3", the bottom view's note) go with the photo
(device.evidence) into the verdict that shows it, so the wall can write them large: never before
the pull (they say what the dice under the cup are), and not for a photo kept before photos
carried them."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np

from device.events import EventBus
from device.evidence import banner_of, evidence_jpeg, with_banner
from device.referee import Referee
from device.store import Store
from device.table import Table
from vision.annotate import BOTTOM_NOTE, annotate, banner_lines
from vision.reading import Die, Reading, Status, View

from .test_referee import Clock, Script, ok

FRAME = np.full((240, 320, 3), 110, np.uint8)
SIX_THREE = Reading(Status.OK, (Die(6, 100.0, 120.0, 40.0, 0.99), Die(3, 220.0, 120.0, 40.0, 0.99)),
                    view=View.BOTTOM)


class Events(EventBus):
    def __init__(self) -> None:
        super().__init__()
        self.seen: list[tuple[str, object]] = []

    def publish(self, kind, data=None):    # type: ignore[override]
        self.seen.append((kind, json.loads(json.dumps(data))))
        return super().publish(kind, data)


def kuriki_table(path: Path) -> tuple[Table, Events]:
    events = Events()
    table = Table(Store(path), events, has_camera=True)
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob", "Cy"]})
    return table, events


def test_the_photo_carries_the_words_its_banner_draws() -> None:
    jpeg = evidence_jpeg(FRAME, SIX_THREE)
    assert jpeg is not None
    photo = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
    drawn = annotate(FRAME, SIX_THREE)
    assert photo.shape == drawn.shape           # the photo is the annotated frame, banner and all
    assert banner_lines(SIX_THREE) == ["OK: 6 3", BOTTOM_NOTE]
    assert banner_of(jpeg) == {"lines": ["OK: 6 3", BOTTOM_NOTE], "height": drawn.shape[0] - FRAME.shape[0],
                               "ok": True}
    # A photo made before (the same pixels, no words), or not a JPEG: no banner.
    ok_, plain = cv2.imencode(".jpg", drawn)
    assert ok_ and banner_of(plain.tobytes()) is None
    assert banner_of(b"not a photo") is None and banner_of(None) is None
    # Words that make no sense for the photo are not taken: a banner taller than the photo.
    assert banner_of(with_banner(plain.tobytes(), {"lines": ["OK: 6 3"], "height": 10_000, "ok": True})) is None


def test_an_unsure_reading_s_reason_is_a_line_of_its_own() -> None:
    reading = Reading(Status.UNSURE, (Die(4, 100.0, 120.0, 40.0, 0.7),), reason="a die is leaning on the rim")
    assert banner_of(evidence_jpeg(FRAME, reading))["lines"] == ["UNSURE: 4", "a die is leaning on the rim"]
    assert banner_of(evidence_jpeg(FRAME, reading))["ok"] is False


def test_the_words_reach_the_state_with_the_verdict_of_the_pull_only(tmp_path: Path) -> None:
    table, events = kuriki_table(tmp_path)
    table.seal([6, 3], evidence_jpeg(FRAME, SIX_THREE))
    before = [table.public_state(), table.act({"by": "Ann", "do": "declare", "call": "double-6"})]
    for state in before:
        assert state["verdict"] is None
    seen = json.dumps([before, events.seen])
    assert "OK: 6 3" not in seen and BOTTOM_NOTE not in seen and "banner" not in seen

    state = table.act({"by": "Bob", "do": "pull"})
    banner = state["verdict"]["banner"]
    assert banner["lines"] == ["OK: 6 3", BOTTOM_NOTE] and banner["ok"] is True
    assert banner == table.public_state()["verdict"]["banner"]
    photo = table.photo(state["verdict"]["photo"].rsplit("/", 1)[1])
    rows = cv2.imdecode(np.frombuffer(photo, np.uint8), cv2.IMREAD_COLOR).shape[0]
    assert banner["height"] == rows - FRAME.shape[0]
    verdicts = [data for kind, data in events.seen if kind == "verdict"]
    assert verdicts[-1]["banner"] == banner
    # Still there once the table starts again (a power cut): read from the kept photo.
    table.store.close()
    again = Table(Store(tmp_path), EventBus(), has_camera=True)
    assert again.public_state()["verdict"]["banner"] == banner


def test_a_foul_mid_point_shows_no_words_of_the_dice_under_the_cup(tmp_path: Path) -> None:
    table, events = kuriki_table(tmp_path)
    table.seal([6, 3], evidence_jpeg(FRAME, SIX_THREE))
    table.act({"by": "Ann", "do": "declare", "call": "9"})
    state = table.act({"by": "Cy", "do": "foul", "kind": "peek"})
    assert state["verdict"]["outcome"] == "foul" and state["verdict"]["photo"] is None
    assert state["verdict"]["banner"] is None
    assert "OK: 6 3" not in json.dumps([state, events.seen])


def test_a_photo_without_words_gives_a_verdict_without_them(tmp_path: Path) -> None:
    table, _ = kuriki_table(tmp_path)
    ok_, plain = cv2.imencode(".jpg", annotate(FRAME, SIX_THREE))
    table.seal([6, 3], plain.tobytes())
    table.act({"by": "Ann", "do": "declare", "call": "double-6"})
    verdict = table.act({"by": "Bob", "do": "pull"})["verdict"]
    assert verdict["photo"] and verdict["banner"] is None


def test_the_referee_s_photo_of_a_pull_brings_its_banner_s_words(camera_table: Table) -> None:
    table, eyes, clock = camera_table, Script(), Clock()
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob", "Cy"]})
    ref = Referee(table, None, reader=eyes.read, watcher=eyes, clock=clock, skip_unchanged=False,
                  steady_frames=1)
    ref.step(eyes.add(ok(6, 3)))
    ref.step(eyes.add(ok(6, 3), "settled"))
    state = table.act({"by": "Ann", "do": "declare", "call": "double-6"})
    assert "OK: 6 3" not in json.dumps(state) and state["sealed"] is True
    verdict = table.act({"by": "Bob", "do": "pull"})["verdict"]
    assert verdict["outcome"] == "lie" and verdict["banner"]["lines"] == ["OK: 6 3"]
