"""The reader's speed-ups give the same numbers as the plain code they replaced: batched face
patches, the array-based scan for dice in clumps, the hand-made medians and percentile, and the
foreground worked out inside the tray's rim."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

import vision.reader as reader
from vision import outlines, pip_faces, thresholds, tray_foreground
from vision.classifier import ALONE_NO_FACE_MAX, SCAN_EXTENTS, SCAN_MIN, SCAN_STEP, SCAN_SUPPORT, \
    default_classifier, find_faces
from vision.faces import face_patch, face_patches, normalise, normalise_many
from vision.render import render_scene


def _reference_find_faces(classifier, grey, regions, side, taken):
    """find_faces as it was written window by window (before it worked on arrays)."""
    h, w = grey.shape[:2]
    step = SCAN_STEP * side
    points = []
    for bx, by, bw, bh in regions:
        xs = np.arange(bx + 0.3 * side, bx + bw - 0.3 * side + 1e-6, step) if bw > 0.6 * side else [bx + bw / 2]
        ys = np.arange(by + 0.3 * side, by + bh - 0.3 * side + 1e-6, step) if bh > 0.6 * side else [by + bh / 2]
        for y in ys:
            for x in xs:
                if 0 <= x < w and 0 <= y < h and all(np.hypot(x - tx, y - ty) > 0.6 * side for tx, ty in taken):
                    points.extend((float(x), float(y), e * side) for e in SCAN_EXTENTS)
    if not points:
        return []
    guesses = classifier.guess(grey, points)
    sure = [(g.probability, k) for k, g in enumerate(guesses)
            if g.face is not None and g.probability >= SCAN_MIN and g.faceless <= ALONE_NO_FACE_MAX]
    found = []
    for p, k in sorted(sure, reverse=True):
        x, y, _ = points[k]
        value = guesses[k].value
        if any(np.hypot(x - fx, y - fy) < 0.8 * side for _, _, fx, fy in found) or any(
                np.hypot(x - tx, y - ty) < 0.8 * side for tx, ty in taken):
            continue
        near = [j for j, (px, py, _) in enumerate(points) if np.hypot(px - x, py - y) <= 0.25 * side]
        agree = [j for j in near if guesses[j].value == value and guesses[j].probability >= 0.9]
        other = [j for j in near if guesses[j].face not in (value, None) and guesses[j].probability >= 0.5]
        if len(agree) < SCAN_SUPPORT or other:
            continue
        around = [j for j, (px, py, _) in enumerate(points) if np.hypot(px - x, py - y) <= 0.5 * side
                  and guesses[j].value == value and guesses[j].probability >= 0.5]
        cx = float(np.mean([points[j][0] for j in around]))
        cy = float(np.mean([points[j][1] for j in around]))
        if any(np.hypot(cx - fx, cy - fy) < 0.8 * side for _, _, fx, fy in found):
            continue
        found.append((value, p, cx, cy))
    if found:
        steady = classifier.steady_guess(grey, [(x, y, SCAN_EXTENTS[0] * side) for _, _, x, y in found])
        found = [f for f, g in zip(found, steady) if g.value == f[0] and g.faceless <= ALONE_NO_FACE_MAX]
    return found


@pytest.mark.parametrize("seed, n_dice, view", [(20_004, 2, "top"), (20_000, 30, "bottom"), (20_004, 30, "top")])
def test_scan_finds_the_same_dice_as_the_window_by_window_scan(monkeypatch, seed, n_dice, view) -> None:
    calls = []

    def recording(*args):
        calls.append(args)
        return find_faces(*args)

    monkeypatch.setattr("vision.classifier.find_faces", recording)
    # (Chosen reading the whole frame; with the tray inside its rim found, fewer frames need a scan.)
    monkeypatch.setattr(thresholds, "AUTO_TRAY", False)
    scene = render_scene(seed, view=view, width=640, height=480, n_dice=n_dice)
    reader.read_dice(scene.image, scene.view)
    assert calls, "this frame was chosen because the reader scans it"
    found_any = False
    for classifier, grey, regions, side, taken in calls:
        fast = find_faces(classifier, grey, regions, side, taken)
        assert fast == _reference_find_faces(classifier, grey, regions, side, taken)
        # Nothing taken, and windows partly off the frame: the same again.
        grown = [(x - side, y - side, w + 2 * side, h + 2 * side) for x, y, w, h in regions]
        assert find_faces(classifier, grey, grown, side, []) == _reference_find_faces(classifier, grey, grown, side, [])
        found_any |= bool(fast)
    assert found_any


def test_scan_of_nothing_finds_nothing() -> None:
    grey = np.full((100, 100), 128, np.uint8)
    assert find_faces(default_classifier(), grey, [], 30.0, []) == []
    assert find_faces(default_classifier(), grey, [(500, 500, 40, 40)], 30.0, []) == []


def test_batched_patches_are_the_single_patches() -> None:
    rng = np.random.default_rng(1)
    grey = rng.integers(0, 256, (240, 320)).astype(np.uint8)
    grey[100:140, 100:140] = 120                     # a flat patch: its spread is floored
    dice = [(float(rng.uniform(-20, 340)), float(rng.uniform(-20, 260)), float(rng.uniform(5, 150)))
            for _ in range(200)] + [(120.0, 120.0, 20.0), (3.0, 3.0, 0.5)]
    batch = face_patches(grey, dice, context=1.5)
    single = np.stack([face_patch(grey, x, y, e, context=1.5) for x, y, e in dice])
    assert batch.dtype == np.float32 and np.array_equal(batch, single)
    raw = rng.integers(0, 256, (50, 32, 32)).astype(np.uint8)
    assert np.array_equal(normalise_many(raw), np.stack([normalise(p) for p in raw]))
    colour = rng.integers(0, 256, (240, 320, 3)).astype(np.uint8)
    batch = face_patches(colour, dice, context=1.5)
    single = np.stack([face_patch(colour, x, y, e, context=1.5) for x, y, e in dice])
    assert batch.shape == (len(dice), 32, 32, 3) and np.array_equal(batch, single)
    with pytest.raises(ValueError):
        face_patches(np.zeros((10, 10, 4), np.uint8), [(5, 5, 5)])


def test_hand_made_medians_are_numpys() -> None:
    rng = np.random.default_rng(2)
    for t in range(200):
        h, w = (int(v) for v in rng.integers(1, 40, 2))
        pixels = rng.integers(0, 256, (h, w, 3)).astype(np.uint8)
        if t % 2:
            pixels //= 60                            # many ties
        assert np.array_equal(tray_foreground.median_u8(pixels), np.median(pixels.reshape(-1, 3), axis=0))
        k = int(rng.integers(1, 8))
        rows = rng.normal(size=(k, 3)).astype(np.float32)
        assert np.array_equal(tray_foreground.median_rows(rows), np.median(rows, axis=0))
        areas = rng.integers(4, 400, k).astype(float)
        assert tray_foreground.median_rows(areas) == np.median(areas)
        grey = pixels[..., 0].copy()
        for q in (0, 30, 70, 100):
            assert tray_foreground.percentile_u8(grey, q) == np.percentile(grey, q)


def test_the_rims_strip_medians_are_numpys_rounded_down() -> None:
    """The tray painted past its rim takes each strip's median from a sort: numpy's median (the
    middle two's mean) as a whole level, rounded down, as the histograms gave it before."""
    rng = np.random.default_rng(5)
    for t in range(300):
        h, w = (int(v) for v in rng.integers(1, 40, 2))
        pixels = rng.integers(0, 256, (h, w, 3)).astype(np.uint8)
        if t % 2:
            pixels //= 50                            # many ties: the middle two's mean rounds down
        want = np.median(pixels.reshape(-1, 3), axis=0).astype(np.uint8)
        assert np.array_equal(tray_foreground._strip_median(pixels), want)
        assert np.array_equal(tray_foreground._strip_median(pixels), tray_foreground.median_u8(pixels).astype(np.uint8))


def test_strips_ranked_together_have_each_strips_median() -> None:
    """The rim's strips, ranked together by size: each one's median as _strip_median gives it."""
    rng = np.random.default_rng(6)
    for t in range(40):
        strips = []
        for _ in range(int(rng.integers(1, 30))):
            h, w = (int(v) for v in rng.integers(1, 12, 2))
            pixels = rng.integers(0, 256, (h, w, 3)).astype(np.uint8)
            strips.append(pixels // 50 if t % 2 else pixels)
        got = tray_foreground._strip_medians(strips)
        assert got.dtype == np.uint8 and got.shape == (len(strips), 3)
        for pixels, median in zip(strips, got):
            assert np.array_equal(median, tray_foreground._strip_median(pixels))


def _reference_foreground(full, die_side, cache, tray_rect=None, opened_away=None, faint=None,
                          faint_unopened=False, rim_reach=0.0):
    """tray_foreground.foreground as it was, the Lab distance worked out on the whole frame (before only the
    tray inside its rim and the pixels round it were), and the tray's colour everywhere."""
    scale = min(1.0, 320.0 / max(full.shape[:2])) if die_side is None else float(np.clip(32.0 / die_side, 0.25, 1.0))
    img, small, tray_colour = tray_foreground.scaled(full, scale, cache)
    lab = cv2.cvtColor(img, cv2.COLOR_BGR2LAB)
    if die_side is not None:
        die_side = die_side * scale
    k = int(min(small.shape[:2]) / 2.5) if die_side is None else int(die_side * 2.5 / 4)
    k = max(5, min(k, 255)) | 1
    if tray_rect is not None:
        small = tray_foreground._tray_beyond_rim(small, tray_foreground.rect_at(tray_rect, scale * 0.25), k, rim_reach)
    tray_lab = cv2.resize(cv2.cvtColor(cv2.medianBlur(small, k), cv2.COLOR_BGR2LAB), (img.shape[1], img.shape[0]),
                          interpolation=cv2.INTER_LINEAR)
    dist8 = cv2.GaussianBlur(tray_foreground.lab_distance(lab, tray_lab, tray_foreground.FLOOR_06), (5, 5), 0)
    inside = slice(None), slice(None)
    if tray_rect is not None:
        x0, y0, x1, y1 = tray_foreground.rect_at(tray_rect, scale)
        inside = slice(y0, y1), slice(x0, x1)
        kept = dist8[inside].copy()
        dist8[:] = 0
        dist8[inside] = kept
    faint_mask = cv2.threshold(dist8, thresholds.FAINT_LEVEL, 255, cv2.THRESH_BINARY)[1] if faint is not None else None
    otsu, _ = cv2.threshold(dist8[inside], 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    mask = cv2.threshold(dist8, min(max(otsu, 28), thresholds.OTSU_CEILING), 255, cv2.THRESH_BINARY)[1]
    gdist = tray_foreground.lab_distance(lab, (*map(float, tray_colour), 0.0), tray_foreground._CEIL_06)
    unlike_tray = cv2.dilate(cv2.threshold(gdist, 28, 255, cv2.THRESH_BINARY)[1], np.ones((5, 5), np.uint8))
    mask &= unlike_tray
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
    tray_foreground._fill_pip_holes(mask)
    k_open = 3 if die_side is None else max(3, int(die_side * 0.5))
    opening = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k_open, k_open))
    opened = tray_foreground.opened_mask(mask, opening)
    if opened_away is not None:
        opened_away.append(cv2.subtract(mask, opened))
    if faint_mask is not None:
        if thresholds.FAINT_PIPS_FILLED:
            tray_foreground._fill_pip_holes(faint_mask)
        faint.extend((faint_mask, opening) if faint_unopened else (tray_foreground.opened_mask(faint_mask, opening),))
    return opened, scale


@pytest.mark.parametrize("seed, view", [(20_000, "top"), (20_001, "bottom"), (7_003, "bottom")])
def test_foreground_worked_out_inside_the_rim_is_the_whole_frames(seed, view) -> None:
    """The foreground, its Lab distance worked out only inside the rim and 2 pixels round it, and
    the tray's colour only round the pixels the distance kept: the same masks as from the whole
    frame's, for rims inside the frame, cut by its edges or past them, and none."""
    image = render_scene(seed, view=view, width=640, height=480, n_dice=2).image
    for rect in (None, (40, 36, 560, 408), (1, 1, 640, 479), (100, 100, 300, 200), (0, 0, 640, 480),
                 (-30, -20, 400, 300), (300, 200, 400, 300)):
        for die_side in (None, 30.0, 50.0, 70.0):
            for rim_reach in (0.0, 0.5):
                got_away, got_faint, want_away, want_faint = [], [], [], []
                got = tray_foreground.foreground(image, die_side, {}, rect, opened_away=got_away, faint=got_faint,
                                                 rim_reach=rim_reach)
                want = _reference_foreground(image, die_side, {}, rect, opened_away=want_away,
                                             faint=want_faint, rim_reach=rim_reach)
                assert got[1] == want[1] and np.array_equal(got[0], want[0]), (rect, die_side, rim_reach)
                for a, b in zip(got_away + got_faint, want_away + want_faint, strict=True):
                    assert np.array_equal(a, b)


def test_components_on_the_pixels_box_are_opencvs() -> None:
    rng = np.random.default_rng(3)
    for t in range(400):
        rows, cols = (int(v) for v in rng.integers(2, 200, 2))
        mask = np.zeros((rows, cols), np.uint8)
        for _ in range(int(rng.integers(0, 6))):
            centre = (int(rng.integers(0, cols)), int(rng.integers(0, rows)))
            cv2.circle(mask, centre, int(rng.integers(1, 25)), int(rng.integers(1, 256)), -1)
        if t % 5 == 0:
            mask = ((rng.random((rows, cols)) > 0.97) * 255).astype(np.uint8)   # specks, odd corners
        if t % 11 == 0:
            mask[:] = 255
            mask[int(rng.integers(0, rows)), int(rng.integers(0, cols))] = 0
        for connectivity in (4, 8):
            expected = cv2.connectedComponentsWithStats(mask, connectivity=connectivity)
            got = outlines.mask_components(mask, connectivity)
            assert got[0] == expected[0]
            for a, b in zip(got[1:], expected[1:]):
                assert a.dtype == b.dtype and np.array_equal(a, b, equal_nan=True), (t, connectivity)


def test_components_of_empty_full_and_cut_out_masks_are_opencvs() -> None:
    rng = np.random.default_rng(5)
    masks = [np.zeros((61, 80), np.uint8), np.zeros((60, 81), np.uint8), np.full((33, 20), 255, np.uint8),
             np.ones((7, 9), np.uint8)]
    for t in range(60):
        big = ((rng.random((120, 150)) > 0.9) * 255).astype(np.uint8)
        cv2.rectangle(big, (4, 4), (140, 110), 255, int(rng.integers(1, 4)))        # a rim round it
        masks.append(big[int(rng.integers(0, 3)):, int(rng.integers(0, 3)):])      # not contiguous
    for threads in (1, 2):
        cv2.setNumThreads(threads)
        try:
            for mask in masks:
                for connectivity in (4, 8):
                    expected = cv2.connectedComponentsWithStats(mask, connectivity=connectivity)
                    got = outlines.mask_components(mask, connectivity)
                    assert got[0] == expected[0]
                    for a, b in zip(got[1:], expected[1:]):
                        assert a.dtype == b.dtype and np.array_equal(a, b, equal_nan=True)
                    n, labels, stats, centroids = outlines.mask_components(mask, connectivity, labelled=False)
                    assert n == expected[0] and labels is None and np.array_equal(stats, expected[2])
                    assert np.array_equal(centroids, expected[3], equal_nan=True)
        finally:
            cv2.setNumThreads(-1)


def test_lab_distance_is_the_rounded_formula_for_every_difference() -> None:
    # Every (|dL|, |da|, |db|) once: the weighted sum cv2.transform rounds must give what a
    # table of floor (ceil) of 0.6 dL added to da + db with 8-bit saturation gives.
    levels = np.arange(256, dtype=np.uint8)
    diff = np.empty((256, 256, 256, 3), np.uint8)       # built in 8 bits: 50 MB, not 400 of int64
    diff[..., 0], diff[..., 1], diff[..., 2] = levels[:, None, None], levels[None, :, None], levels[None, None, :]
    diff = diff.reshape(4096, 4096, 3)
    zero = np.zeros_like(diff)
    a_plus_b = np.minimum(255, diff[..., 1].astype(np.int32) + diff[..., 2])
    for rounding, table in ((tray_foreground.FLOOR_06, np.floor), (tray_foreground._CEIL_06, np.ceil)):
        expected = np.minimum(255, table(diff[..., 0] * 0.6).astype(np.int32) + a_plus_b)
        got = tray_foreground.lab_distance(diff, zero, rounding)
        assert got.dtype == np.uint8 and got.shape == diff.shape[:2]
        assert np.array_equal(got, expected), table.__name__
        # and against one colour, as the foreground compares the frame with the tray's
        one = tray_foreground.lab_distance(diff[:64], (0.0, 0.0, 0.0, 0.0), rounding)
        assert np.array_equal(one, expected[:64]), table.__name__


def test_opening_round_what_the_erosion_left_is_opencvs() -> None:
    rng = np.random.default_rng(7)
    for t in range(300):
        rows, cols = (int(v) for v in rng.integers(5, 300, 2))
        mask = np.zeros((rows, cols), np.uint8)
        for _ in range(int(rng.integers(0, 8))):            # dice, some off the frame's edge
            centre = (int(rng.integers(-20, cols + 20)), int(rng.integers(-20, rows + 20)))
            cv2.circle(mask, centre, int(rng.integers(1, 50)), 255, -1)
        if t % 3 == 0:
            cv2.rectangle(mask, (2, 2), (cols - 3, rows - 3), 255, int(rng.integers(1, 10)))   # a rim
        if t % 4 == 0:
            mask[rng.random((rows, cols)) < 0.05] = 255
        k = int(rng.integers(2, 30))
        shape = (cv2.MORPH_ELLIPSE, cv2.MORPH_RECT, cv2.MORPH_CROSS)[t % 3]
        kernel = cv2.getStructuringElement(shape, (k, int(rng.integers(2, 30)) if t % 5 == 0 else k))
        if t % 7 == 0:
            kernel = (rng.random((k, k)) < 0.7).astype(np.uint8)        # rows and columns with gaps
            kernel[k // 2, k // 2] = 1
        assert np.array_equal(tray_foreground.opened_mask(mask, kernel),
                              cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel)), t


def test_opening_of_a_few_dice_inside_a_rim_is_opencvs() -> None:
    rng = np.random.default_rng(10)
    for t in range(300):
        rows, cols = int(rng.integers(100, 400)), int(rng.integers(100, 500))
        mask = np.zeros((rows, cols), np.uint8)
        cv2.rectangle(mask, (3, 3), (cols - 4, rows - 4), 255, int(rng.integers(1, 5)))      # the rim
        for _ in range(int(rng.integers(0, 12 if t % 5 == 0 else 4))):                         # dice
            centre = (int(rng.integers(-10, cols + 10)), int(rng.integers(-10, rows + 10)))
            cv2.circle(mask, centre, int(rng.integers(5, 30)), 255, -1)
        if t % 3 == 0:
            cv2.rectangle(mask, (0, 0), (int(rng.integers(5, 40)), int(rng.integers(5, 40))), 255, -1)
        k = int(rng.integers(6, 25))
        kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE if t % 2 else cv2.MORPH_RECT, (k, k))
        assert np.array_equal(tray_foreground.opened_mask(mask, kernel),
                              cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel)), t


def test_laplacian_variance_is_opencvs_mean_std_dev() -> None:
    rng = np.random.default_rng(8)
    greys = [render_scene(20_000 + i, view="top", width=640, height=480, n_dice=2).image[..., 1] for i in range(4)]
    greys += [rng.integers(0, 256, (int(rng.integers(1, 400)), int(rng.integers(1, 400))), dtype=np.uint8)
              for _ in range(100)]
    greys += [np.full((40, 30), 9, np.uint8), np.tile(np.array([0, 255], np.uint8), (480, 320))]
    for grey in greys:
        expected = float(cv2.meanStdDev(cv2.Laplacian(grey, cv2.CV_16S))[1][0, 0] ** 2)
        # (OpenCV 5.1's meanStdDev rounds some frames' last bit otherwise than 5.0's, which it
        # matched exactly: 170.6183984375 against 170.61839843750002.)
        assert tray_foreground.laplacian_variance(grey) == pytest.approx(expected, rel=1e-13, abs=1e-9)


def test_whole_number_patches_normalise_as_numpy_does() -> None:
    rng = np.random.default_rng(9)
    for t in range(60):
        shape = (int(rng.integers(1, 40)), 32, 32) + ((3,) if t % 2 else ())
        raw = rng.integers(0, 256, shape).astype(np.uint8)
        if t % 5 == 0:
            raw //= 60                                  # few levels; flat patches
        got = normalise_many(raw)
        assert got.dtype == np.float32 and np.array_equal(got, normalise_many(raw.astype(np.float32)))
    assert normalise_many(np.zeros((0, 32, 32, 3), np.uint8)).shape == (0, 32, 32, 3)


def _lone_dice():
    """A rendered frame of two dice and the regions of its dice standing alone (squarish)."""
    scene = render_scene(20_011, view="top", width=640, height=480, n_dice=2)
    mask, scale = tray_foreground.foreground(scene.image, None, {})
    blobs = [b for b in outlines.find_blobs(mask, scale, within=scene.image.shape) if b.squarish]
    assert blobs
    return scene, blobs


def test_pip_colours_are_the_mean_of_each_pips_pixels() -> None:
    scene, blobs = _lone_dice()
    for blob in blobs:
        contrast: list = []
        pips = pip_faces.pips_in(scene.image, blob, contrast)
        x, y, w, h = blob.box
        lab = cv2.cvtColor(scene.image[y:y + h, x:x + w], cv2.COLOR_BGR2LAB).astype(np.float32)
        colours, _, _ = contrast[2]
        assert len(pips) == len(colours) >= 1
        dist8, threshold = contrast[0], contrast[1]
        inner = cv2.erode(blob.mask, np.ones((2 * max(1, int(blob.side * 0.06)) + 1,) * 2, np.uint8))
        _, labels = cv2.connectedComponents(((dist8 > threshold) & (inner > 0)).astype(np.uint8), connectivity=8)
        for (px, py, _), colour in zip(pips, colours):
            label = labels[int(py - y), int(px - x)]
            assert label > 0 and colour.dtype == np.float32
            assert np.array_equal(colour, lab[labels == label].mean(axis=0))


def test_a_die_asked_again_for_its_pips_gets_the_first_answer() -> None:
    """pip_faces.pips_in keeps its answer on the blob (a die is asked again whether it lies flat): the same
    pips and contrast as working them out afresh, for that image only."""
    scene, blobs = _lone_dice()
    for blob in blobs:
        first: list = []
        pips = pip_faces.pips_in(scene.image, blob, first)
        fresh, extra = pip_faces._find_pips(scene.image, blob)
        again: list = []
        assert pip_faces.pips_in(scene.image, blob, again) == pips == fresh and len(again) == len(first) == 3
        assert again[0] is first[0] and again[1] == first[1] == extra[1]
        assert np.array_equal(again[2][0], first[2][0])
        again.append("what pip_faces.read_die adds")          # the kept answer is not changed by a caller
        assert len(pip_faces.pips_in(scene.image, blob, [])) == len(pips) and len(blob.pips_found[2]) == 3
        # Another image (the same die darkened): worked out afresh.
        darker = (scene.image // 2).astype(np.uint8)
        assert pip_faces.pips_in(darker, blob) == pip_faces._find_pips(darker, blob)[0]


def test_patches_in_chunks_get_the_probabilities_of_one_at_a_time() -> None:
    classifier = default_classifier()
    rng = np.random.default_rng(4)
    shape = (75, classifier.patch, classifier.patch, classifier.channels)
    patches = normalise_many(rng.integers(0, 256, shape).astype(np.uint8))
    together = classifier.probabilities(patches)
    one_by_one = np.concatenate([classifier.probabilities(p[None]) for p in patches])
    assert together.shape == (75, classifier.classes) and np.array_equal(together, one_by_one)
