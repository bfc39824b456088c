"""A leaning die's doubt hangs on how its patch is framed: moved a few pixels, the network's steady
look at fresh 407603's leaning 5 doubted it half as much. Where the reader judges a face on the
steady look, it asks it again of the patch moved a little each of eight ways, and where one of
those takes it first for a die with no readable face, that is the look judged
(classifier.STEADY_JITTER)."""

from __future__ import annotations

import numpy as np
import pytest

from vision import classifier, reader
from vision.classifier import FACELESS_DIE, FaceClassifier, FaceGuess, default_classifier
from vision.reading import Status

from .conftest import boxed_near, pinned_frame


def _guess(value: int, faceless: float) -> FaceGuess:
    p = np.full(8, 0.0)
    p[FACELESS_DIE] = faceless
    p[value] = 1.0 - faceless
    return FaceGuess(int(p.argmax()), float(p.max()), tuple(float(q) for q in p))


@pytest.fixture
def network_doubting_at(monkeypatch):
    """A network whose steady look doubts a patch by where it is centred: ``doubt[(x, y)]``
    (0.01 elsewhere); the wary look moves a patch of extent 50 by 2 pixels."""
    doubt: dict[tuple[float, float], float] = {}

    def steady_guess(self, image, dice):
        return [_guess(4, doubt.get((round(x, 3), round(y, 3)), 0.01)) for x, y, _ in dice]

    monkeypatch.setattr(FaceClassifier, "steady_guess", steady_guess)
    monkeypatch.setattr(classifier, "STEADY_JITTER", 0.04)
    return doubt


def test_the_steady_look_is_kept_where_no_moved_look_doubts_far_more(network_doubting_at) -> None:
    network_doubting_at[(102.0, 100.0)] = classifier.STEADY_JITTER_MAX - 0.01
    (guess,) = default_classifier().wary_steady_guess(np.zeros((200, 200, 3), np.uint8), [(100.0, 100.0, 50.0)])
    assert guess.faceless == pytest.approx(0.01)


def test_the_most_doubting_moved_look_is_taken_over_the_bound(network_doubting_at) -> None:
    network_doubting_at[(98.0, 102.0)] = 0.4
    network_doubting_at[(100.0, 98.0)] = 0.6
    looks = default_classifier().wary_steady_guess(np.zeros((200, 200, 3), np.uint8),
                                                   [(100.0, 100.0, 50.0), (50.0, 50.0, 50.0)])
    assert looks[0].faceless == pytest.approx(0.6) and looks[1].faceless == pytest.approx(0.01)


def test_a_moved_look_that_still_reads_the_face_first_is_not_taken(network_doubting_at) -> None:
    # (Flat dice moved may be doubted a good deal, but keep their face first; leaning ones
    # moved are taken for a die with no readable face.)
    network_doubting_at[(98.0, 98.0)] = 0.45
    (guess,) = default_classifier().wary_steady_guess(np.zeros((200, 200, 3), np.uint8), [(100.0, 100.0, 50.0)])
    assert guess.faceless == pytest.approx(0.01)


def test_with_no_jitter_the_steady_look_is_the_wary_one(network_doubting_at, monkeypatch) -> None:
    network_doubting_at[(100.0, 98.0)] = 0.6
    monkeypatch.setattr(classifier, "STEADY_JITTER", None)
    (guess,) = default_classifier().wary_steady_guess(np.zeros((200, 200, 3), np.uint8), [(100.0, 100.0, 50.0)])
    assert guess.faceless == pytest.approx(0.01)


@pytest.mark.parametrize("seed, calibrated", [(545_441, False), (473_495, True)])
def test_a_leaning_die_doubted_only_when_its_patch_moves_is_not_read(monkeypatch, seed: int,
                                                                      calibrated: bool) -> None:
    """Fresh 545441 (under the cup, uncalibrated): a faded white 5 leaning, read flat on its
    steady look, which doubts it only at one framing; fresh 473495 (under the cup, calibrated): a
    lone 1 leaning, its pip off its outline's middle, read by the network alone. Each was read ok
    with a leaning die in it (the README's list of frames still wrong until 2026-11-29). Asked
    of the patch moved 0.04 of its size each way, the steady look doubts each over 0.3: the frame
    is unsure, the die boxed; without that look, read ok."""
    scene, table = pinned_frame(seed)
    calibration = table if calibrated else None
    (leaning,) = [d for d in scene.labels if d.cocked]
    assert not scene.readable
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert reading.status is Status.UNSURE and boxed_near(reading, leaning, reading.reason), reading.reason
    monkeypatch.setattr(classifier, "STEADY_JITTER", None)
    assert reader.read_dice(scene.image, scene.view, calibration=calibration).ok   # confidently wrong
