"""Spots by a die the network's scan found round an unread region, its pips confirming it, are
that die's own, not stray (SCANNED_OWN_SPOTS)."""

from __future__ import annotations

from vision import reasons, thresholds

from .conftest import pinned_frame, read_right_until


def test_light_spots_by_a_die_the_scan_found_are_its_own(monkeypatch) -> None:
    """Frame 10994 of the benchmark's 2,000, from above: a die among six that the network's scan
    found and its pips confirm. Its light pips, out of every region read, were taken for a die of
    the tray's colour."""
    scene, _ = pinned_frame(10994)
    # (Tested on the regions as they were found: one filled out to its hull, BITTEN_DIE_SOLIDITY,
    # holds that die whole.)
    monkeypatch.setattr(thresholds, "BITTEN_DIE_SOLIDITY", None)
    read_right_until(monkeypatch, scene, thresholds, "SCANNED_OWN_SPOTS", False, reasons.LONE_LIGHT_SPOT)
