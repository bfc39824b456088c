"""vision.watcher.Watcher fed constructed Readings, frame by frame."""

from __future__ import annotations

import threading

import pytest

from vision.reading import Die, Reading, Status
from vision.watcher import Signal, SignalKind, Watcher, readings_agree

DOWN, UP = 100.0, 190.0      # brightness with the cup down / lifted


def ok(*values: int, at: list[tuple[float, float]] | None = None, size: float = 40,
       brightness: float = DOWN) -> Reading:
    at = at or [(100 + 80 * i, 200) for i in range(len(values))]
    return Reading(Status.OK, tuple(Die(v, x, y, size, 0.99) for v, (x, y) in zip(values, at)),
                   brightness=brightness)


UNSURE = Reading(Status.UNSURE, (), reason="a die is leaning on the rim", brightness=DOWN)


def kinds(signals: list[Signal]) -> list[str]:
    return [s.kind.value for s in signals]


def feed(w: Watcher, *readings: Reading) -> list[str]:
    out: list[str] = []
    for r in readings:
        out += kinds(w.update(r))
    return out


def test_settles_after_n_agreeing_reads_once() -> None:
    w = Watcher(settle_frames=3)
    assert feed(w, ok(6, 3), ok(6, 3)) == []
    assert not w.is_settled
    assert feed(w, ok(6, 3)) == ["new_roll", "settled"]
    assert w.is_settled and w.settled_reading.values == (6, 3)
    assert feed(w, ok(6, 3), ok(6, 3)) == []        # told once


def test_small_jitter_still_agrees_but_moving_dice_do_not_settle() -> None:
    w = Watcher(settle_frames=3, tolerance=0.25)
    jitter = [ok(5, 2, at=[(100 + dx, 200), (180, 200 - dx)]) for dx in (0, 3, -2)]
    assert feed(w, *jitter) == ["new_roll", "settled"]
    w2 = Watcher(settle_frames=3)
    rolling = [ok(5, 2, at=[(100 + 30 * i, 200), (300, 100 + 30 * i)]) for i in range(6)]
    assert feed(w2, *rolling) == [] and not w2.is_settled


def test_unsure_readings_never_settle_and_break_the_run() -> None:
    w = Watcher(settle_frames=3)
    assert feed(w, *[UNSURE] * 10) == []
    assert feed(w, ok(4, 4), ok(4, 4), UNSURE, ok(4, 4), ok(4, 4)) == []
    assert not w.is_settled
    assert feed(w, ok(4, 4)) == ["new_roll", "settled"]
    assert feed(w, UNSURE) == [] and not w.is_settled


def test_different_values_are_a_new_roll_same_dice_again_are_not() -> None:
    w = Watcher(settle_frames=2)
    assert feed(w, ok(6, 3), ok(6, 3)) == ["new_roll", "settled"]
    assert feed(w, UNSURE, ok(6, 3), ok(6, 3)) == ["settled"]          # the same dice, re-seen
    assert feed(w, ok(2, 1), ok(2, 1)) == ["new_roll", "settled"]
    # Re-rolled to the same values elsewhere, nothing sealed: a new roll.
    assert feed(w, ok(2, 1, at=[(400, 300), (500, 300)]), ok(2, 1, at=[(400, 300), (500, 300)])) \
        == ["new_roll", "settled"]


def test_count_changed_when_a_die_falls_out_and_when_the_dice_go() -> None:
    w = Watcher(settle_frames=2, count_frames=2)
    feed(w, ok(6, 3), ok(6, 3))
    assert feed(w, ok(6)) == []                     # one frame is not enough
    signals = w.update(ok(6))
    assert kinds(signals) == ["count_changed", "new_roll", "settled"]   # the one die settled too
    assert signals[0].count == 1 and signals[0].previous == 2
    assert w.count == 1
    assert feed(w, ok(), ok()) == ["count_changed"]
    assert w.count == 0
    assert feed(w, ok(), ok(), ok()) == [] and not w.is_settled    # an empty tray does not settle


def test_moved_after_seal_is_told_once_and_a_new_roll_clears_the_seal() -> None:
    w = Watcher(settle_frames=2, count_frames=2)
    with pytest.raises(ValueError, match="nothing to seal"):
        w.seal()
    feed(w, ok(6, 3), ok(6, 3))
    sealed = w.seal()
    assert w.sealed_reading is sealed and sealed.values == (6, 3)
    nudged = ok(6, 3, at=[(130, 230), (180, 200)])
    assert feed(w, nudged) == []
    assert feed(w, nudged) == ["moved", "settled"]
    assert feed(w, nudged, nudged) == []            # told once per seal
    assert w.sealed_reading is sealed               # the sealed dice still count
    assert feed(w, ok(5, 1), ok(5, 1)) == ["new_roll", "settled"]
    assert w.sealed_reading is None


def test_seal_survives_unsure_frames_and_the_dice_going_clears_it() -> None:
    w = Watcher(settle_frames=2, count_frames=1)
    feed(w, ok(3, 3), ok(3, 3))
    w.seal()
    assert feed(w, UNSURE, UNSURE, ok(3, 3)) == []
    assert w.sealed_reading is not None
    assert feed(w, ok()) == ["count_changed"]
    assert w.sealed_reading is None


def test_cup_lifted_and_down_by_brightness() -> None:
    w = Watcher(settle_frames=2, lift_frames=2)
    feed(w, *[ok(6, 3, brightness=DOWN)] * 3)
    assert not w.is_cup_lifted
    assert feed(w, ok(6, 3, brightness=UP)) == []
    assert feed(w, ok(6, 3, brightness=UP)) == ["cup_lifted"]
    assert w.is_cup_lifted
    assert feed(w, ok(6, 3, brightness=UP + 5)) == []
    assert feed(w, ok(6, 3, brightness=DOWN), ok(6, 3, brightness=DOWN)) == ["cup_down"]
    assert not w.is_cup_lifted


def test_starting_with_the_cup_up_learns_the_cup_down_light() -> None:
    w = Watcher(lift_frames=1)
    feed(w, *[ok(brightness=UP)] * 4)                # the cup up at start: nothing known yet
    feed(w, *[ok(6, 3, brightness=DOWN)] * 4)        # the cup comes down
    assert not w.is_cup_lifted and w.baseline == pytest.approx(DOWN, abs=10)
    assert feed(w, ok(6, 3, brightness=UP)) == ["cup_lifted"]


def test_a_dim_flicker_is_not_the_cup_and_no_brightness_means_no_cup_signal() -> None:
    w = Watcher(lift_frames=1)
    feed(w, *[ok(6, 3, brightness=DOWN)] * 3)
    assert feed(w, ok(6, 3, brightness=DOWN + 15)) == []
    w2 = Watcher(lift_frames=1)
    assert feed(w2, *[ok(6, 3, brightness=0.0)] * 5) == ["new_roll", "settled"]
    assert not w2.is_cup_lifted


def test_callbacks_gpiozero_style() -> None:
    w = Watcher(settle_frames=2)
    got: list[object] = []
    w.when_settled = lambda signal: got.append(signal)
    w.when_new_roll = lambda: got.append("new")
    feed(w, ok(2, 2), ok(2, 2))
    assert got[0] == "new"
    assert isinstance(got[1], Signal) and got[1].kind is SignalKind.SETTLED
    assert got[1].reading.values == (2, 2)
    w.when_settled = None
    feed(w, ok(1, 1), ok(1, 1))
    assert got[-1] == "new"
    with pytest.raises(TypeError, match="no argument or one"):
        w.when_moved = lambda a, b: None


def test_wait_for_settled_from_another_thread() -> None:
    w = Watcher(settle_frames=3)
    assert not w.wait_for_settled(0)
    started, result = threading.Event(), []

    def waiter() -> None:
        started.set()
        result.append(w.wait_for_settled(timeout=30))

    t = threading.Thread(target=waiter)
    t.start()
    assert started.wait(30)
    feed(w, ok(6, 5), ok(6, 5), ok(6, 5))
    t.join(30)
    assert result == [True]
    w.update(UNSURE)
    assert not w.wait_for_settled(0)


def test_bad_options_and_input_are_refused_clearly() -> None:
    with pytest.raises(ValueError, match="settle_frames must be"):
        Watcher(settle_frames=0)
    with pytest.raises(ValueError, match="tolerance"):
        Watcher(tolerance=0)
    with pytest.raises(TypeError, match="needs a vision.reading.Reading"):
        Watcher().update([6, 3])  # type: ignore[arg-type]


def test_readings_agree_matches_dice_by_value_and_place() -> None:
    a = ok(6, 3, at=[(100, 100), (200, 100)])
    assert readings_agree(a, ok(3, 6, at=[(201, 100), (99, 101)]))
    assert not readings_agree(a, ok(6, 3, at=[(200, 100), (100, 100)]))   # swapped places
    assert not readings_agree(a, ok(6, 3, 1))
    assert not readings_agree(a, UNSURE)


def test_same_values_rolled_again_after_the_cup_was_lifted_are_a_new_roll() -> None:
    w = Watcher(settle_frames=2, count_frames=2, lift_frames=1)
    feed(w, ok(6, 3), ok(6, 3))
    w.seal()
    elsewhere = [(300, 120), (420, 300)]
    assert feed(w, ok(6, 3, brightness=UP)) == ["cup_lifted"]
    assert feed(w, UNSURE, ok(6, 3, at=elsewhere), ok(6, 3, at=elsewhere)) == \
        ["cup_down", "new_roll", "settled"]
    assert w.sealed_reading is None


def scene_reading(scene) -> Reading:
    """What a perfect reader would say about a rendered frame."""
    dice = tuple(Die(d.value, d.x, d.y, d.size, 1.0) for d in scene.labels)
    status = Status.OK if scene.readable else Status.UNSURE
    return Reading(status, dice if status is Status.OK else (), brightness=scene.exposure)


def test_a_rendered_game_under_the_cup() -> None:
    """Cup up (empty, bright), the cup down on two dice, sealed; again for three rolls."""
    from vision.render import render_scene

    w = Watcher()
    told: list[str] = []
    for n, dice in enumerate([(6, 3), (6, 3), (2, 1)]):
        up = render_scene(10 * n, view="bottom", values=(), cup_lifted=True)
        down = render_scene(10 * n + 1, view="bottom", values=dice, style="white", die_size=56)
        signals = feed(w, *[scene_reading(up)] * 4)
        assert w.is_cup_lifted or n == 0        # at the start nothing is known of the light
        signals += feed(w, *[scene_reading(down)] * 5)
        assert not w.is_cup_lifted and w.is_settled and w.settled_reading.values == dice
        assert "new_roll" in signals and "moved" not in signals
        told.append(",".join(signals))
        w.seal()
    assert told[1].startswith("cup_lifted")
