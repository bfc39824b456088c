"""The pip reader: finds each die on the tray, finds its pips, and validates the face against the
six canonical pip layouts. It never guesses: any doubt makes the whole reading unsure, with a
reason a person understands.

How it works, briefly:

1. Foreground. The tray is the large uniform surface; a median-filtered copy of the frame is the
   tray without the dice. Pixels far (in Lab colour) from it are dice, pips or shadows. A first
   pass with a wide filter finds the die size; a second pass with a filter sized to the dice
   separates dice from the tray's rim.
2. Dice. Connected regions of the foreground that are square enough and thick enough are dice;
   a region the size of two or more dice is split at its waist (touching dice), or, with no waist
   (dice side by side), into as many compact parts as it holds dice along the colour seams. A
   thick region that is not a die, or a part of touching dice that is not one clean die, makes
   the reading unsure. Dice too close to the tray's colour for the foreground (white on a light
   tray) are looked for around groups of pip-like spots; pip-like spots left off every die make
   the reading unsure.
3. Pips. Inside each die, pixels far in colour from the die's own face colour are pips; round,
   similar-sized blobs only.
4. Layout. The six canonical layouts are centrally symmetric, so the pips' centroid is the face
   centre; the layout is fitted over rotation and scale, and a face whose pips sit more than a
   third of a pip step from their slots, or whose pip step does not fit the die's size, is
   rejected ("a face matches no pip layout").

The bottom view (camera under the translucent tray) is read on the mirrored frame and reports
7 - the face seen, so values are always what the players see.

Where each part lives: read_dice (here) runs the stages in order on one frame (_Frame); the
foreground against the tray is vision.tray_foreground, the regions and what their outlines say
vision.outlines, pips and layouts vision.pip_faces, whether a die read lies flat
vision.leaning_signs, and the dice looked for beyond the regions (from their pips, the network's
scan) vision.scan. Every threshold they are tuned by is in vision.thresholds, read at call time
(``thresholds.NAME``), and the reasons an unsure reading gives are in vision.reasons.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from . import classifier, leaning_signs, outlines, pip_faces, reasons, scan, thresholds, tray_foreground
from .classifier import (
    FACELESS_DIE,
    LEANING,
    NO_FACE,
    NO_LAYOUT,
    NO_PIPS,
    default_classifier,
    judge,
)
from .faces import extent
from .reading import Die, Reading, Status, View

# Doubts of a region not shaped like one die: its pips were never read on a die's own outline.
UNSHAPED = (reasons.TOUCHING, reasons.NOT_READABLE)


@dataclass
class _Frame:
    """What the stages of one reading share: the frame as read (cropped to the calibrated tray,
    mirrored for the bottom view) and what each stage found in it."""

    image: np.ndarray               # the frame as given
    view: View
    img: np.ndarray                 # the pixels read, BGR
    grey: np.ndarray
    brightness: float
    sharpness: float
    offset: tuple[int, int]         # of img in the frame
    inner: tuple[int, int, int, int] | None     # the tray inside its rim (calibrated or found), in img
    scaled: dict                    # the frame's shrunk copies, by scale (tray_foreground.scaled)
    auto_tray: bool                 # inner was found in the frame, not calibrated
    cup_rim: tuple[int, int, int, int] | None   # under the cup: the cup's rim seen over the tray
    bitten: tuple[int, int, int, int] | None    # uncalibrated: where a cup's rim bites off the tray found
    rim_reach: float                # tray_foreground.foreground's rim_reach
    # The regions (_regions):
    die_side: float = 0.0
    size_calibrated: bool = False
    all_first: list[outlines.Blob] = field(default_factory=list)     # the first, coarse look's blobs
    coarse: tuple[np.ndarray, float] | None = None      # the first look's mask and scale
    taken: list[np.ndarray] = field(default_factory=list)   # what the foreground's opening took
    # The hulls dice the foreground bit into were filled out to (thresholds.BITTEN_DIE_SOLIDITY),
    # in img's pixels. (Not ``bitten``: that is where a cup's rim bites off the tray.)
    bitten_hulls: list[np.ndarray] = field(default_factory=list)
    faint_squares: bool = False
    faint_look: list[np.ndarray] | None = None
    whole: np.ndarray | None = None     # the foreground at the die size, and its scale
    scale: float = 1.0
    side_by_side: list[tuple[int, int, int, int]] = field(default_factory=list)
    cut: np.ndarray | None = None
    blobs: list[outlines.Blob] = field(default_factory=list)
    dark: list[tuple[float, float]] = field(default_factory=list)      # pip-like spots
    light: list[tuple[float, float]] = field(default_factory=list)
    lit_face: bool = False
    lit_under_cup: list[tuple[float, float]] = field(default_factory=list)
    faint: list[outlines.Blob] = field(default_factory=list)           # dice found by their pips alone
    # The dice read (_candidates, _judged, _unread_scanned, _leftovers):
    found: list[tuple[int, float, float, float, float, float]] = field(default_factory=list)
    candidates: list[tuple[outlines.Blob, tuple[int, float, float, float] | str]] = field(default_factory=list)
    read_blobs: set[int] = field(default_factory=set)
    doubts: dict[int, str] = field(default_factory=dict)
    doubts_kept: set[int] = field(default_factory=set)
    alone_read: list[tuple[int, outlines.Blob]] = field(default_factory=list)
    pipless: list[outlines.Blob] = field(default_factory=list)
    middle: tuple[float, float] = (0.0, 0.0)
    reach: float = 0.0
    faces: Any = None                   # the face classifier (None: not consulted)
    look: np.ndarray | None = None      # what it looks at
    blurred_leftovers: bool = False
    scanned: list[tuple] = field(default_factory=list)
    by_pips: list[tuple] = field(default_factory=list)
    in_light: list[tuple] = field(default_factory=list)
    let_go: list[outlines.Blob] = field(default_factory=list)   # regions with pips the network let go

    def unsure(self, reason: str, dice: tuple[Die, ...] = ()) -> Reading:
        return Reading(Status.UNSURE, dice, reason, self.brightness, self.sharpness, view=self.view)

    def patch(self, blob: outlines.Blob) -> tuple[float, float, float]:
        """The patch the face classifier is shown of ``blob``: its middle and side."""
        return (*blob.rect[0], max(blob.box[2], blob.box[3]) / thresholds.FRAMING)

    def patch_as_die(self, blob: outlines.Blob) -> tuple[float, float, float]:
        # A piece of a die (what a glare left of it) framed by itself fills the patch with one
        # colour the network takes for the bare tray; framed as a whole die round it, it shows
        # the die's edge and pips.
        x, y, size = self.patch(blob)
        return x, y, max(size, self.die_side / thresholds.FRAMING)


def read_dice(image: np.ndarray, view: View | str = View.TOP, *, expected: int | None = None,
              calibration: Any = None, learned: bool = True) -> Reading:
    """Read every die in a frame. Values are what the players see.

    ``expected``: how many dice should be there (a different count makes the reading unsure).
    ``calibration``: a vision.calibrate.Calibration; its tray limits the search and its die size
    replaces the estimate. (Without one, the tray inside its rim, where the frame shows it, is
    found in the frame and limits the search the same way.)
    ``learned``: consult the learned face classifier (False: pips and layouts only, as the
    benchmark compares).
    The places it could not make out are in ``reading.extra["unclear"]`` (x, y, w, h boxes), why
    in ``reading.extra["unclear_why"]``.
    """
    view = View(view)
    if image is None or not isinstance(image, np.ndarray) or image.ndim not in (2, 3) or image.size == 0:
        raise ValueError("read_dice needs an image (a numpy array of pixels)")
    frame = _looked_at(image, view, calibration)
    if isinstance(frame, Reading):
        return frame
    if frame.brightness < thresholds.TOO_DARK:
        return frame.unsure("too dark: the tray light may be off")
    # Under the cup only the ring below lights the tray: far brighter than that (than the
    # calibrated empty tray), light comes in from above, the cup is lifted.
    exposure = getattr(calibration, "exposure", None)
    lifted = (view is View.BOTTOM and frame.brightness > (thresholds.CUP_LIFTED_BRIGHTNESS if exposure is None
                                                          else exposure + thresholds.CUP_LIFTED_RISE))
    if view is View.BOTTOM and (frame.brightness > thresholds.TOO_BRIGHT or lifted):
        return frame.unsure("too bright: the cup may be lifted, or the light is too strong")
    if view is View.TOP and frame.brightness > thresholds.TOO_BRIGHT_TOP:
        return frame.unsure("too bright: the light is too strong or the camera's exposure too long")
    too_blurred = "too blurred: the dice are moving or the camera is out of focus"
    if frame.sharpness < thresholds.NO_SHARPNESS or (frame.sharpness < thresholds.MIN_SHARPNESS and not learned):
        return frame.unsure(too_blurred)

    stopped = _regions(frame, calibration)
    if stopped is not None:
        return stopped
    _candidates(frame)
    _judged(frame, calibration, learned)
    _outsized_alone_unread(frame)
    _unread_scanned(frame)
    _leftovers(frame)
    problems = list(frame.doubts.values())
    # Where a cup's rim over the tray is looked for, and how far in a dark piece must reach.
    middle = tray_foreground.middle_box(frame.img.shape)
    thick = thresholds.COVERED_FOUND_TRAY if frame.auto_tray else 0.0
    if frame.inner is not None and (not frame.auto_tray or thresholds.COVERED_FOUND_TRAY):
        covered_in = frame.inner
    elif view is View.BOTTOM and thresholds.COVERED_UNCALIBRATED:
        # Uncalibrated, under the cup (the camera sees little but the tray): the frame's middle.
        covered_in = middle
    elif (view is View.TOP and frame.inner is None and calibration is None
          and thresholds.COVERED_TOP_UNFOUND):
        # Uncalibrated, from above, no tray found (a cup's rim biting into it hides it as well
        # as the dice under it): the frame's middle, asked as a tray found is.
        covered_in, thick = middle, thresholds.COVERED_FOUND_TRAY
    else:
        covered_in = None
    covered = (outlines.tray_covered(frame.scaled[frame.scale][0], frame.scale, covered_in, frame.blobs,
                                     frame.found, frame.die_side, thick)
               if covered_in is not None else None)
    if covered is None:
        covered = frame.cup_rim
    if covered is None:
        # (The rim far wider on one side of the tray found than on the other: a cup's rim lying
        # straight along the tray's edge, a die under it left out with the rim.)
        covered = frame.bitten
    width = frame.img.shape[1]    # (the bottom view's boxes are flipped back)
    unclear, unclear_why = [], []
    if (covered is None and thresholds.COVERED_DIMMING and exposure
            and frame.brightness < thresholds.COVERED_DIMMING * exposure):
        # Far darker than the empty tray was at calibration, though nothing dark enough to box
        # shows (a grey cup over most of the tray, seen from above, is hardly darker than the
        # tray's shaded side).
        problems.insert(0, reasons.DIMMED)
    if covered is not None:
        problems.insert(0, reasons.COVERED)
        x, y, w, h = covered
        if view is View.BOTTOM:
            x = width - x - w
        unclear.append((x + frame.offset[0], y + frame.offset[1], w, h))       # shown on the evidence photo
        unclear_why.append(reasons.COVERED)
    for blob in frame.blobs:
        if id(blob) in frame.doubts:
            x, y, w, h = blob.box
            if view is View.BOTTOM:
                x = width - x - w
            unclear.append((x + frame.offset[0], y + frame.offset[1], w, h))
            unclear_why.append(frame.doubts[id(blob)])

    _stray_spots(frame, problems, unclear, unclear_why)
    dice = []
    for value, confidence, x, y, side, angle in frame.found:
        if view is View.BOTTOM:
            x = width - 1 - x
            value = 7 - value
        dice.append(Die(value=value, x=x + frame.offset[0], y=y + frame.offset[1], size=side,
                        confidence=confidence, angle=angle))
    dice.sort(key=lambda d: (d.y, d.x))
    if not dice and not problems:
        problems.append("no dice found on the tray")
    if expected is not None and not problems and len(dice) != expected:
        problems.append(f"expected {expected} dice, saw {len(dice)}")
    if frame.sharpness < thresholds.MIN_SHARPNESS and not problems and (
            any(d.confidence < thresholds.BLURRED_SURE for d in dice) or frame.blurred_leftovers):
        # A blur can run two pips together, or a die into the tray round it (its pieces left
        # over): a blurred frame is taken only where the pips and the network are both sure of
        # every die, and nothing die-sized is left unread.
        problems.append(too_blurred)
    if problems:
        reading = frame.unsure(problems[0], tuple(dice))
        reading.extra["problems"] = problems
        reading.extra["unclear"] = unclear
        reading.extra["unclear_why"] = unclear_why       # each box's reason
        return reading
    return Reading(Status.OK, tuple(dice), None, frame.brightness, frame.sharpness, view=view)


def _looked_at(image: np.ndarray, view: View, calibration: Any) -> _Frame | Reading:
    """The frame as read: cropped to the calibrated tray with its rim (or the tray found inside
    its rim), mirrored for the bottom view; unsure if the calibrated tray is not in the frame."""
    img = image if image.ndim == 3 else cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    if img.dtype != np.uint8:
        img = np.clip(img, 0, 255).astype(np.uint8)
    # The frame's brightness and sharpness are the whole frame's, calibrated or not: the
    # thresholds were set on whole frames, the calibrated exposure is the whole empty frame's, and
    # a crop's edge across the rim's gradient adds a Laplacian spike of its own (a blurred frame
    # measured sharp).
    grey = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    brightness = float(cv2.mean(grey)[0])
    # A 3x3 Laplacian of 8-bit pixels fits in 16 bits exactly (a quarter of the 64-bit cost).
    sharpness = tray_foreground.laplacian_variance(grey)
    offset = (0, 0)
    inner = None          # the calibrated tray inside the rim, in the crop's pixels
    tray = getattr(calibration, "tray", None)
    if tray:
        tx, ty, tw, th = (int(v) for v in tray)
        if tw > 0 and th > 0:
            # The calibrated tray stops at its rim; a die touching the rim lies on the crop's
            # edge, where the foreground's median takes it for the tray. Taking in the rim (as
            # an uncalibrated frame does) shows such a die whole.
            die_size = getattr(calibration, "die_size", None)
            margin = int(math.ceil(thresholds.TRAY_MARGIN * (die_size or 0.1 * min(tw, th))))
            x0, y0 = max(0, tx - margin), max(0, ty - margin)
            img = img[y0:ty + th + margin, x0:tx + tw + margin]
            grey = grey[y0:ty + th + margin, x0:tx + tw + margin]
            offset = (x0, y0)
            inner = (tx - x0, ty - y0, tw, th)
            seen_w = min(tx + tw, image.shape[1]) - max(tx, 0)
            seen_h = min(ty + th, image.shape[0]) - max(ty, 0)
            if min(seen_w, seen_h) < thresholds.MIN_DIE_PX or seen_w * seen_h < 0.5 * tw * th:
                # A calibration made with another camera or resolution: say so, do not guess.
                # (No numbers: the wall shows only reasons without any, see device.referee.)
                return Reading(Status.UNSURE, (), reasons.TRAY_NOT_IN_FRAME, brightness, sharpness, view=view)
    if view is View.BOTTOM:
        img = cv2.flip(img, 1)
        grey = cv2.flip(grey, 1)
        if inner is not None:
            inner = (img.shape[1] - inner[0] - inner[2], inner[1], inner[2], inner[3])
    if not thresholds.RIM_LEFT_OUT:
        inner = None
    scaled: dict = {}
    # Uncalibrated, the tray the frame shows inside its rim is found and read as a calibrated one
    # (the rim's dark strips and corners are not regions, nor in the median a die near them is
    # compared with). What stays the uncalibrated reader's own: the die size, and where a cup's
    # rim or a lone spot is looked for (a tray a cup bites into is not found).
    auto_tray = False
    cup_rim = None
    bitten = None
    if thresholds.AUTO_TRAY and thresholds.RIM_LEFT_OUT and inner is None and not tray:
        coarse_scale = min(1.0, 320.0 / max(img.shape[:2]))
        coarse_img, _, tray_colour = tray_foreground.scaled(img, coarse_scale, scaled)
        found_tray = tray_foreground.found_tray(coarse_img, tray_colour)
        if found_tray is not None:
            fx, fy, fw, fh = found_tray
            # Grown by the pixel the blur took off each edge: then within the 2 pixels of the
            # rim's edge that calibrating leaves out too.
            x0, y0 = max(0, int((fx - 1) / coarse_scale)), max(0, int((fy - 1) / coarse_scale))
            x1 = min(img.shape[1], int(math.ceil((fx + fw + 1) / coarse_scale)))
            y1 = min(img.shape[0], int(math.ceil((fy + fh + 1) / coarse_scale)))
            if (thresholds.CUP_RIM_AS_TRAY and view is View.BOTTOM
                    and tray_foreground.darker_than_round(coarse_img, found_tray)):
                cup_rim = (x0, y0, x1 - x0, y1 - y0)
            else:
                inner, auto_tray = (x0, y0, x1 - x0, y1 - y0), True
                strip = tray_foreground.lopsided_strip(found_tray, coarse_img.shape)
                if strip is not None:
                    sx, sy, sw, sh = strip
                    bitten = (int(sx / coarse_scale), int(sy / coarse_scale),
                              int(math.ceil(sw / coarse_scale)), int(math.ceil(sh / coarse_scale)))
    # (Calibrated only: uncalibrated, the longer strip read fresh 11072's leaning die, its side
    # as grey as the tray, as flat.)
    rim_reach = thresholds.RIM_STRIP_REACH if inner is not None and not auto_tray else 0.0
    return _Frame(image=image, view=view, img=img, grey=grey, brightness=brightness, sharpness=sharpness,
                  offset=offset, inner=inner, scaled=scaled, auto_tray=auto_tray, cup_rim=cup_rim,
                  bitten=bitten,
                  rim_reach=rim_reach)


def _regions(frame: _Frame, calibration: Any) -> Reading | None:
    """The die size, the foreground at it, its regions (touching dice cut apart), the pip-like
    spots and the dice found by their pips alone; unsure if no die size can be measured."""
    img, scaled, inner, rim_reach, cup_rim = frame.img, frame.scaled, frame.inner, frame.rim_reach, frame.cup_rim
    offset, sharpness, view, grey = frame.offset, frame.sharpness, frame.view, frame.grey
    frame.die_side = getattr(calibration, "die_size", None)
    frame.size_calibrated = bool(frame.die_side)
    frame.all_first = []
    frame.coarse = None      # the first look's mask and scale
    if not frame.die_side:
        frame.coarse = tray_foreground.foreground(img, None, scaled, inner, rim_reach=rim_reach)
        frame.all_first = outlines.find_blobs(*frame.coarse, within=img.shape)
        frame.die_side = outlines.outline_side(frame.all_first)
        if frame.die_side is None:
            # Never "ok, no dice": a die the reader cannot see (white on a white tray, under
            # a glare) would look the same. (Nor "no dice" where the cup's rim was seen over
            # the middle: dice may lie in the strip it leaves, all taken for the tray's edge.)
            if cup_rim is None:
                return frame.unsure("no dice found on the tray")
            reading = frame.unsure(reasons.COVERED)
            x, y, w, h = cup_rim            # (under the cup: flipped back for the evidence photo)
            reading.extra.update(problems=[reasons.COVERED],
                                 unclear=[(img.shape[1] - x - w + offset[0], y + offset[1], w, h)],
                                 unclear_why=[reasons.COVERED])
            return reading
    elif sharpness < thresholds.MIN_SHARPNESS:
        # Blurred: the coarse look the die size is found by is taken anyway, to see no die
        # fades from the finer one (outlines.faded_outlines).
        frame.all_first = outlines.find_blobs(*tray_foreground.foreground(img, None, scaled, inner,
                                                                          rim_reach=rim_reach),
                                              within=img.shape)
    frame.taken = []
    # The faint look: under the cup the whole of it (outlines.faint_squares); from above unopened,
    # opened only round the dice leaning_signs.faint_side asks about (and off every die, FAINT_LEFT_OVER_TOP).
    frame.faint_squares = thresholds.FAINT_SQUARES and view is View.BOTTOM
    frame.faint_look = [] if frame.faint_squares or (
        thresholds.FAINT_SIDE_TOP and thresholds.FAINT_SIDE_MAX is not None and view is View.TOP) else None
    frame.whole, frame.scale = tray_foreground.foreground(img, frame.die_side, scaled, inner, opened_away=frame.taken,
                                                          faint=frame.faint_look,
                                                          faint_unopened=not frame.faint_squares, rim_reach=rim_reach,
                                                          bitten=frame.bitten_hulls)
    components = outlines.mask_components(frame.whole, connectivity=4)
    uncut: list[outlines.Blob] | None = None       # the blobs of ``whole``, where they were needed
    if thresholds.TOP_OUTLINE_MEASURED and frame.size_calibrated and view is View.TOP:
        # Seen from above a die shows its sides round its face (more the further it lies from
        # the picture's middle), and the calibration measured its face alone: touching dice were
        # cut as if a die were smaller than its outline, one of them in two. The die's outline
        # here is measured as uncalibrated (outlines.outline_side), between the face and 1.4 times it.
        uncut = outlines.find_blobs(frame.whole, frame.scale, components, within=img.shape)
        frame.die_side = float(np.clip(outlines.outline_side(uncut) or frame.die_side, frame.die_side,
                                       1.4 * frame.die_side))
    frame.side_by_side = []
    mask = outlines.split_touching(frame.whole, frame.die_side * frame.scale, scaled[frame.scale][0], components,
                                   frame.side_by_side)
    frame.cut = cv2.subtract(frame.whole, mask)         # where touching dice were cut apart
    if frame.cut.any():
        frame.blobs = outlines.find_blobs(mask, frame.scale, None, within=img.shape)
    else:
        frame.blobs = uncut if uncut is not None else outlines.find_blobs(mask, frame.scale, components,
                                                                          within=img.shape)
    # Specks smaller than a quarter die are not dice, but they must not hide pips either.
    frame.dark, frame.light = scan.pip_spots(grey, frame.die_side,
                                             [b for b in frame.blobs if b.area >= 0.25 * frame.die_side ** 2],
                                             light_spots=True, shrunk=scaled)
    if thresholds.OFF_TRAY_SPOTS and inner is not None:
        # Off the tray inside its rim (calibrated or found), a pip-like spot is the rim's or the
        # table's: a die's pips lie inside its outline, and a die lying on the tray inside the
        # tray. (Uncalibrated, the rim was a region and hid them; found, it no longer does.)
        frame.dark, frame.light = (tray_foreground.on_rect(spots, inner) for spots in (frame.dark, frame.light))
    frame.lit_face = False
    frame.lit_under_cup = []     # light spots under the cup (see LIT_PAIR_ASKED)
    if view is View.BOTTOM:
        # Under the cup the LED ring's reflections are light spots too: there, light spots only
        # count when they lay out a face (a dark die the foreground lost, its pips lit).
        frame.lit_face = scan.lays_out_a_face(frame.light, frame.die_side)
        frame.lit_under_cup, frame.light = frame.light, []
    # (Light spots too: a die of the tray's colour under a glare shows only its light pips. Not
    # those beside dark ones: a white die's glint there would take the die its pips find.)
    frame.faint = scan.faint_dice(img, frame.die_side, frame.blobs,
                                  frame.dark + [p for p in frame.light if not outlines.near_any(p, frame.dark,
                                                                                                frame.die_side)],
                                  scaled)
    frame.blobs += frame.faint
    return None


def _candidates(frame: _Frame) -> None:
    """Each region shaped like a die, read by its pips; what is not one clean die is doubted."""
    image, offset, blobs, view, die_side = frame.image, frame.offset, frame.blobs, frame.view, frame.die_side
    cut, scale, img = frame.cut, frame.scale, frame.img
    frame.found = []   # value, confidence, x, y, side, angle
    frame.candidates = []
    frame.read_blobs = set()
    frame.doubts = {}        # blob -> why it was not read (cleared if the dice in it are)
    # Blobs whose doubt what the network's scan reads round them never clears: a face plainly off
    # flat (the network sees it leaning, or its whole face sits aside), or a middle a glare made
    # unclear (the scan would read the same face again).
    frame.doubts_kept = set()
    frame.alone_read = []   # dice the network read alone: (index in found, blob)
    frame.pipless = []
    # The frame's middle in the pixels read (a calibrated frame is cropped to its tray), and its
    # half diagonal: where a camera above sees a flat die's side (outlines.side_in_perspective).
    frame.middle = (image.shape[1] / 2 - offset[0], image.shape[0] / 2 - offset[1])
    frame.reach = math.hypot(image.shape[1], image.shape[0]) / 2
    for blob in blobs:
        die_like = (blob.squarish or (thresholds.PERSPECTIVE_OUTLINE is not None and view is View.TOP
                                      and outlines.outline_in_perspective(blob, frame.middle, frame.reach))
                    ) and 0.75 * die_side <= blob.side <= 1.4 * die_side
        if not die_like:
            # A part of touching dice that is not one clean die may be a die we cannot see whole.
            if blob.area >= 0.25 * die_side ** 2 and outlines.beside(cut, blob, scale):
                frame.doubts[id(blob)] = reasons.TOUCHING
                continue
            # Rim fragments, screws and stains have no pips; a region with pips that is not one
            # clean die is dice we cannot separate or see whole.
            if (blob.thickness >= 0.3 * die_side and blob.area > 1.6 * die_side ** 2) or (
                    blob.thickness >= 0.15 * die_side and blob.area >= 0.12 * die_side ** 2
                    and pip_faces.pips_in(img, blob)):
                if blob.area > 1.6 * die_side ** 2:
                    frame.doubts[id(blob)] = reasons.TOUCHING
                else:
                    frame.doubts[id(blob)] = reasons.NOT_READABLE
            elif thresholds.PIPLESS_PIECE is not None and blob.area >= thresholds.PIPLESS_PIECE * die_side ** 2:
                frame.pipless.append(blob)
            continue
        frame.candidates.append((blob, pip_faces.read_die(img, blob)))


def _judged(frame: _Frame, calibration: Any, learned: bool) -> None:
    """Each candidate judged with the face classifier's opinion, and whether it lies flat: read
    (frame.found), or doubted (frame.doubts; frame.doubts_kept where the network's scan cannot
    clear it)."""
    img, grey, candidates, view, inner = frame.img, frame.grey, frame.candidates, frame.view, frame.inner
    die_side, faint_look, sharpness, scale = frame.die_side, frame.faint_look, frame.sharpness, frame.scale
    blobs, side_by_side, doubts, doubts_kept = frame.blobs, frame.side_by_side, frame.doubts, frame.doubts_kept
    middle, reach, found, read_blobs = frame.middle, frame.reach, frame.found, frame.read_blobs
    alone_read = frame.alone_read
    # The learned face classifier gives every die a second opinion (vision.classifier.judge);
    # where the pips fit no layout it may read the die alone, from its steadier guess (the
    # patch turned four ways and mirrored).
    frame.faces = default_classifier() if learned else None
    if frame.faces is not None:
        frame.look = img if frame.faces.channels == 3 else grey       # what the model was trained on
        guesses = frame.faces.guess(frame.look, [frame.patch(blob) for blob, _ in candidates])
        # (A face off its outline's middle too: its single look has read leaning dice plainly
        # flat that its steady one doubts; see classifier.STEADY_NO_FACE_MAX.)
        alone = [k for k, (_, result) in enumerate(candidates)
                 if isinstance(result, str) and (not result.startswith("a die is leaning") or (
                     classifier.STEADY_NO_FACE_MAX is not None and result == reasons.FACE_OFF_MIDDLE))]
        # Asked again with the patch moved where the steady look doubts a die a little: a
        # leaning die's doubt hangs on its framing (classifier.STEADY_JITTER_ALONE_FROM).
        read_alone = [frame.patch(candidates[k][0]) for k in alone]
        steady_looks = (frame.faces.steady_guess(frame.look, read_alone) if classifier.STEADY_JITTER_ALONE_FROM is None
                        else frame.faces.wary_steady_guess(frame.look, read_alone, moved_once=True,
                                                           asked_from=classifier.STEADY_JITTER_ALONE_FROM))
        for k, steady in zip(alone, steady_looks):
            guesses[k] = steady
        # A leaning die's blob takes in its side, so a patch framed by the blob is off the face,
        # and a patch framed on the face the pips lay out is the network's second look. The more
        # doubtful of the two is the one judged: on a die by itself the blob-framed look is the
        # one that sees a lean (of 118 leaning dice, none under 0.237; the face-framed one five
        # under 0.05).
        # (A die whose outline is square round its face shows no side: both framings are the
        # same patch but for a pixel or two, and the second look is skipped.)
        read = [k for k, (blob, result) in enumerate(candidates) if not isinstance(result, str)
                and not (thresholds.SKIP_SQUARE_SECOND_LOOK and outlines.square_round_face(blob, result[2], result[3]))]
        for k, second in zip(read, frame.faces.guess(frame.look, [
                (candidates[k][1][2], candidates[k][1][3],
                 extent(candidates[k][0].side, candidates[k][0].rect[2])) for k in read])):
            if second.faceless > guesses[k].faceless:
                guesses[k] = second
    # A die lying flat shows a square outline round its face, or (its side in view) a face of 4+
    # pips seen square on; a leaning die shows neither.
    flat = [not isinstance(result, str) and (
                (outlines.square_round_face(blob, result[2], result[3])
                 and not (thresholds.SQUARE_OFF_RIM and view is View.TOP and inner is not None
                         and outlines.against_edge(blob, inner, thresholds.SQUARE_OFF_RIM_REACH * die_side)))
                or leaning_signs.flat_face(img, blob, result[0], result[2], result[3]))
            for blob, result in candidates]
    faint_asked = thresholds.FAINT_SIDE_MAX is not None and bool(faint_look) and inner is not None
    faint_side_max = (thresholds.FAINT_SIDE_MAX_BLURRED
                      if thresholds.FAINT_SIDE_MAX_BLURRED is not None and sharpness < thresholds.MIN_SHARPNESS
                      else thresholds.FAINT_SIDE_MAX)
    side_reach: dict[int, float] = {}

    def faint_side(k: int) -> float:
        """How far candidate k's faint outline reaches out on one side (leaning_signs.faint_side), asked once."""
        if k not in side_reach:
            blob = candidates[k][0]
            side_reach[k] = leaning_signs.faint_side(
                faint_look[0], scale, blob, [b.rect[0] for b in blobs if b is not blob],
                faint_look[1] if len(faint_look) > 1 else None) if faint_asked else 0.0
        return side_reach[k]

    def lighter_side(k: int) -> float:
        """How far candidate k's faint outline lighter than the tray reaches out away from the
        frame's middle (leaning_signs.lighter_side_away)."""
        small = frame.scaled.get(scale)
        if not faint_asked or small is None or small[0].shape[:2] != faint_look[0].shape[:2]:
            return 0.0
        blob = candidates[k][0]
        return leaning_signs.lighter_side_away(faint_look[0], small[0], scale, blob,
                                               [b.rect[0] for b in blobs if b is not blob],
                                               faint_look[1] if len(faint_look) > 1 else None, middle)

    def side_shows(k: int) -> bool:
        if not faint_asked:
            return False
        bound = faint_side_max
        if (thresholds.FAINT_SIDE_MAX_APART is not None and view is View.BOTTOM and calibration is None
                and outlines.apart(candidates[k][0], blobs, thresholds.FAINT_SIDE_APART * die_side)
                and not outlines.against_edge(candidates[k][0], inner, thresholds.FAINT_SIDE_OFF_RIM * die_side)):
            # By itself, off the rim, no other faint outline joins its own: a flat die's reaches
            # out less.
            bound = min(bound, thresholds.FAINT_SIDE_MAX_APART)
        return faint_side(k) > bound

    top_unsquare_max = (thresholds.FAINT_SIDE_TOP_NOT_FLAT_CALIBRATED if calibration is not None
                        else thresholds.FAINT_SIDE_TOP_NOT_FLAT)

    if faint_asked:
        # ... unless its side shows after all: under the cup a leaning die's side, lit less than
        # its face, can fall out of the foreground and leave an outline square round the face
        # (fresh frames 150443, 150913, 151305: the network doubted the face 0.06-0.18, under
        # SQUARE_NO_FACE_MAX). Faint, the side still shows, on one side of the face only.
        # (Only on the tray inside its rim, calibrated or found: read whole, the frame's rim
        # differs faintly from the tray beside a die against it, on that side only.)
        # Asked only where the answer counts: of a die cut from its neighbour, or one whose face
        # the network doubts more than it may doubt a die not lying plainly flat.
        def counts(k: int, blob: outlines.Blob) -> bool:
            return outlines.inside_any(blob, side_by_side, scale) or (
                frame.faces is not None and guesses[k].faceless > classifier.AGREE_NO_FACE_MAX)

        flat = [lying_flat and not (counts(k, blob) and side_shows(k))
                for k, (lying_flat, (blob, _)) in enumerate(zip(flat, candidates))]
    painted: dict[int, classifier.FaceGuess | None] = {}

    def painted_look(k: int, blob: outlines.Blob) -> classifier.FaceGuess | None:
        """leaning_signs.look_alone of candidate k, asked once."""
        if k not in painted:
            painted[k] = leaning_signs.look_alone(frame.faces, frame.look, blob, blobs, frame.patch(blob))
        return painted[k]

    def reads_painted(k: int, blob: outlines.Blob, value: int) -> bool:
        """Whether the network, shown candidate k with its neighbours painted over, reads ``value``
        doubting it at most SIDE_BY_SIDE_ALONE."""
        alone = painted_look(k, blob)
        return alone is not None and alone.face == value and alone.faceless <= thresholds.SIDE_BY_SIDE_ALONE

    cut_asked: set[int] = set()

    def cut_reads_painted(k: int, blob: outlines.Blob, value: int) -> bool:
        """reads_painted, asked of candidate k as a die cut from its neighbour (``cut_asked``)."""
        cut_asked.add(k)
        return reads_painted(k, blob, value)

    def neighbours_doubt(k: int, blob: outlines.Blob, value: int) -> bool:
        """Whether the network reads ``value`` of candidate k shown alone, and painting its
        neighbours over took its doubt down (to at most NEIGHBOUR_ALONE_DROP of its steady look's
        at the same patch as it is): the doubt was theirs."""
        if not reads_painted(k, blob, value):
            return False
        if thresholds.NEIGHBOUR_ALONE_DROP is None:
            return True
        as_is = frame.faces.steady_guess(frame.look, [frame.patch(blob)])[0]
        alone = painted_look(k, blob)       # (not None, as it read; the test is for the type checker)
        return alone is not None and alone.faceless <= thresholds.NEIGHBOUR_ALONE_DROP * as_is.faceless

    beside_flat = [False] * len(candidates)
    if thresholds.SIDE_BY_SIDE_AS_BRIGHT is not None and view is View.BOTTOM:
        beside_flat = leaning_signs.as_bright_as_flat_neighbour(candidates, flat, side_by_side, scale)
    for k, (blob, classic) in enumerate(candidates):
        result = classic
        lying_flat = flat[k]
        if (thresholds.PIP_BY_RIM is not None and inner is not None and not isinstance(result, str)
                and leaning_signs.pip_by_rim(img, blob, inner, thresholds.PIP_BY_RIM * die_side)):
            # Whatever the network's scan reads round it: it sees the face whole, but the pips
            # that would confirm its read are still cut off by the tray's edge.
            doubts[id(blob)] = LEANING
            doubts_kept.add(id(blob))
            continue
        over_rim = thresholds.SIDE_OVER_RIM if view is View.BOTTOM else thresholds.SIDE_OVER_RIM_TOP
        if (over_rim is not None and inner is not None and not isinstance(result, str)
                and leaning_signs.side_over_rim(img, blob, inner, die_side) > over_rim):
            # Whatever the network's scan reads round it: its face may be whole, but it does not
            # lie flat.
            doubts[id(blob)] = LEANING
            doubts_kept.add(id(blob))
            continue
        if (thresholds.LONE_FACE_OFF_MIDDLE is not None and view is View.BOTTOM and not isinstance(result, str)
                and math.hypot(result[2] - blob.rect[0][0], result[3] - blob.rect[0][1])
                > thresholds.LONE_FACE_OFF_MIDDLE * blob.side
                and outlines.apart(blob, blobs, thresholds.FAINT_SIDE_APART * die_side)
                and not (inner is not None and outlines.against_edge(blob, inner,
                                                                     thresholds.LONE_FACE_OFF_RIM * die_side))):
            # Under the cup a die by itself shows no side, its face in its outline's middle; one
            # whose face sits off it shows its side.
            doubts[id(blob)] = LEANING
            doubts_kept.add(id(blob))
            continue
        if (not isinstance(result, str) and not lying_flat and not beside_flat[k]
                and outlines.inside_any(blob, side_by_side, scale)
                and not (thresholds.SIDE_BY_SIDE_SURE is not None and frame.faces is not None
                         and guesses[k].face == result[0] and guesses[k].faceless <= thresholds.SIDE_BY_SIDE_SURE)
                and not (thresholds.SIDE_BY_SIDE_ALONE is not None and frame.faces is not None
                         and cut_reads_painted(k, blob, result[0]))):
            # A die cut from its neighbour by a straight line: one leaning on the other looks
            # like one lying beside it, and the network's doubt of the two overlaps (see
            # SIDE_BY_SIDE_SURE). Only a die plainly lying flat is read, or under the cup one as
            # light as a neighbour that is (SIDE_BY_SIDE_AS_BRIGHT).
            doubts[id(blob)] = LEANING
            if (thresholds.SIDE_BY_SIDE_KEPT is not None and frame.faces is not None
                    and guesses[k].faceless > thresholds.SIDE_BY_SIDE_KEPT):
                doubts_kept.add(id(blob))
            continue
        if frame.faces is not None:
            if result == NO_PIPS and guesses[k].of(NO_FACE) >= thresholds.NOT_A_DIE:
                # Die-sized and square but no pips, and the network sure no die is there: a
                # dark corner of the tray, a shadow (the same test as for any blob left unread).
                continue
            # The network's doubt that the face is flat counts for less on a die lying flat.
            pips_seen = (len(pip_faces.pips_in(img, blob)) if isinstance(result, str) and result.startswith(NO_LAYOUT)
                         else None)
            # From above, a die off the frame's middle showing the side a camera sees of a flat die
            # there lies flat as plainly (only for the network's doubt: a die cut from its
            # neighbour is not read for it).
            in_perspective = (not lying_flat and view is View.TOP and not isinstance(result, str)
                              and outlines.side_in_perspective(blob, result[2], result[3], middle, reach))
            if (view is View.TOP and not lying_flat and not in_perspective and not isinstance(result, str)
                    and outlines.face_toward_middle(blob, result[2], result[3], middle)):
                # Its face sits off its oblong outline toward the middle, where a flat die's sits
                # away from it: foreshortened, leaning, whatever the network's scan reads there.
                doubts[id(blob)] = LEANING
                doubts_kept.add(id(blob))
                continue
            lying_flat = lying_flat or in_perspective
            count_fits = True
            if thresholds.TWO_PIPS_APART is not None and pips_seen == 2:
                (ax, ay, _), (bx, by, _) = pip_faces.pips_in(img, blob)
                # Two pips as near as a 3's corner and middle pip are no 2's (a 3, its other
                # corner pip lost: the test split's IMG_20191209_095526 turned a quarter).
                count_fits = math.hypot(ax - bx, ay - by) >= thresholds.TWO_PIPS_APART * blob.side
            # One pip found, off the outline's middle (the pips' "leaning"): from above, read by the
            # network less surely (classifier.OFF_MIDDLE_LONE_PIP_MIN), or guided (GUIDED_LONE_PIP).
            lone_pip = (classic == reasons.FACE_OFF_MIDDLE
                        and len(pip_faces.inside_outline(pip_faces.pips_in(img, blob), blob)) == 1)
            result = judge(result, guesses[k], blob.rect[0], square=lying_flat, pips_seen=pips_seen,
                           count_fits=count_fits, lone_pip=lone_pip and view is View.TOP)
            if (thresholds.GUIDED_LAYOUT_MIN is not None and isinstance(result, str) and isinstance(classic, str)
                    and (classic.startswith(NO_LAYOUT) or classic == NO_PIPS
                         or (thresholds.GUIDED_LONE_PIP and lone_pip))
                    and guesses[k].face is not None and guesses[k].probability >= thresholds.GUIDED_LAYOUT_MIN
                    and guesses[k].faceless <= classifier.PLAIN_NO_FACE_MAX):
                # The network reads a face plainly flat, if not surely enough alone: read where
                # the pips, faint or not, lay out that very face and no other.
                face = guesses[k].face
                shown = pip_faces.layouts_shown(img, blob)
                rival = {2: 3, 3: 2, 4: 5, 5: 4}.get(face)
                middle_doubted = (thresholds.GUIDED_MIDDLE_RIVAL is not None and rival is not None
                                  and guesses[k].of(rival) >= thresholds.GUIDED_MIDDLE_RIVAL * guesses[k].probability)
                if list(shown) == [face] and not middle_doubted:
                    result = (face, guesses[k].probability, *shown[face])
            if (thresholds.COLOUR_PIPS is not None and isinstance(result, str) and isinstance(classic, str)
                    and (classic.startswith(NO_LAYOUT) or classic == NO_PIPS)
                    and guesses[k].face is not None and guesses[k].probability >= thresholds.COLOUR_PIPS_MIN
                    and guesses[k].faceless <= classifier.PLAIN_NO_FACE_MAX):
                # ... or where its pips, told from the face by their colour, lay out that face.
                by_colour = pip_faces.colour_pips_read(img, blob)
                if by_colour is not None and (by_colour[0] == guesses[k].face or (
                        thresholds.COLOUR_PIPS_RUNNER_UP
                        and guesses[k].of(by_colour[0]) >= thresholds.COLOUR_PIPS_MIN)):
                    sure = (guesses[k].probability if by_colour[0] == guesses[k].face
                            else guesses[k].of(by_colour[0]))
                    result = (by_colour[0], sure, by_colour[2], by_colour[3])
            if (thresholds.NEIGHBOUR_ALONE_NO_LAYOUT and isinstance(result, str) and isinstance(classic, str)
                    and (classic.startswith(NO_LAYOUT) or classic == NO_PIPS) and thresholds.SIDE_BY_SIDE_ALONE is not None
                    and guesses[k].face is not None and guesses[k].probability >= classifier.ALONE_MIN
                    and neighbours_doubt(k, blob, guesses[k].face)):
                # ... or where the network reads its face surely, and, shown it with its neighbours
                # painted over, plainly: its doubt was the neighbour's.
                result = (guesses[k].face, guesses[k].probability, blob.rect[0][0], blob.rect[0][1])
            single = result
            # ... but where the single look doubts it more than a die not plainly flat may be, its
            # faint side is still asked, as it would have been: a die leaning toward the middle
            # with its side as grey as the tray passes for one in perspective (fresh 432270).
            doubted_unsquare = single == LEANING or (in_perspective and judge(
                classic, guesses[k], blob.rect[0], square=False, pips_seen=pips_seen) == LEANING)
            # A second, steadier look at a face whose pips fit, before doubting it, or before
            # reading one the single look doubts at all (only here: eight patches a die), and of
            # the patch moved a little (classifier.STEADY_JITTER: 64 more).
            # (Of a die not plainly flat, from a smaller doubt: UNSQUARE_STEADY_ASKED_FROM.)
            asked_from = (classifier.STEADY_ASKED_FROM if lying_flat or classifier.UNSQUARE_STEADY_ASKED_FROM is None
                          else classifier.UNSQUARE_STEADY_ASKED_FROM)
            if lying_flat and classifier.SQUARE_STEADY_ASKED_FROM is not None:
                asked_from = min(asked_from, classifier.SQUARE_STEADY_ASKED_FROM)
            if not isinstance(classic, str) and (
                    (result == LEANING and classifier.STEADY_NO_FACE_MAX is not None)
                    or (not isinstance(result, str) and classifier.STEADY_LEANING_MIN is not None
                        and guesses[k].faceless >= asked_from)):
                result = judge(classic, guesses[k], blob.rect[0], square=lying_flat,
                               steady=frame.faces.wary_steady_guess(frame.look, [frame.patch(blob)])[0])
            if (result == LEANING and not isinstance(classic, str) and thresholds.SIDE_BY_SIDE_ALONE is not None
                    and ((thresholds.NEIGHBOUR_ALONE_OVERRULES and neighbours_doubt(k, blob, classic[0]))
                         or (thresholds.SIDE_BY_SIDE_ALONE_OVERRULES and k in cut_asked
                             and reads_painted(k, blob, classic[0])))):
                # Read by the network shown it alone, its neighbours painted over: its looks with a
                # neighbour in view doubt it for the neighbour's sake (one leaning on its neighbour,
                # the network doubts alone too).
                result = classic
            doubted_once = doubted_unsquare and thresholds.FAINT_SIDE_KEEPS
            read_unsquare = (view in thresholds.FAINT_SIDE_NOT_FLAT and not lying_flat
                             and not isinstance(result, str))
            # ... and from above, a die read but not plainly flat, whose side reaches out further
            # (FAINT_SIDE_TOP_NOT_FLAT).
            read_unsquare_top = (view is View.TOP and top_unsquare_max is not None and not lying_flat
                                 and not isinstance(result, str))
            # ... and from above, one plainly flat by its outline, whose side lighter than the
            # tray reaches out away from the middle further still (FAINT_SIDE_TOP_FLAT, and
            # FAINT_SIDE_TOP_FLAT_CALIBRATED calibrated):
            # a white die's side as grey as the tray falls out of its outline, not out of the
            # faint look.
            square_top_max = (thresholds.FAINT_SIDE_TOP_FLAT if calibration is None
                              else thresholds.FAINT_SIDE_TOP_FLAT_CALIBRATED)
            read_square_top = (view is View.TOP and square_top_max is not None
                               and lying_flat and not isinstance(result, str))
            # ... and under the cup, one its pips read no face of, read by the network alone though
            # it doubts it more than a die plainly flat (the leeway NO_LAYOUT_NO_FACE_MAX gives a
            # face with a pip smudged), whose side reaches out further than a flat die's blur
            # (FAINT_SIDE_ALONE).
            read_by_pips = not isinstance(classic, str)
            read_alone_doubted = (thresholds.FAINT_SIDE_ALONE is not None and view in thresholds.FAINT_SIDE_NOT_FLAT
                                  and not lying_flat and not read_by_pips and not isinstance(result, str)
                                  and guesses[k].faceless > classifier.PLAIN_NO_FACE_MAX)
            pips_asked = read_by_pips and (doubted_once or read_unsquare or read_unsquare_top or read_square_top)
            if (faint_asked and (pips_asked or read_alone_doubted)
                    and outlines.apart(blob, blobs, thresholds.FAINT_SIDE_APART * die_side)
                    and not outlines.against_edge(blob, inner, thresholds.FAINT_SIDE_OFF_RIM * die_side)
                    and ((pips_asked and (((doubted_once or read_unsquare) and side_shows(k))
                                          or (read_unsquare_top and faint_side(k) > top_unsquare_max)
                                          or (read_square_top and lighter_side(k) > square_top_max)))
                         or (read_alone_doubted and faint_side(k) > thresholds.FAINT_SIDE_ALONE))):
                # Its side shows faintly: neither its steady look nor the network's scan reading
                # the face plainly makes it lie flat.
                result = LEANING
                doubts_kept.add(id(blob))
            if result == LEANING and guesses[k].of(FACELESS_DIE) >= thresholds.LEANING_SURE:
                # The network plainly sees a die whose face cannot be read: its scan, framing
                # the face alone, may still read that face, but that does not make it lie flat.
                doubts_kept.add(id(blob))
        if isinstance(result, str):
            doubts[id(blob)] = result
            continue
        if (isinstance(classic, str) and result[0] in (2, 4)
                and pip_faces.middle_may_hide_a_pip(img, blob, result[2], result[3], classic == reasons.SMUDGED,
                                                    guesses[k].of(result[0] + 1) / guesses[k].of(result[0]))):
            doubts[id(blob)] = reasons.SMUDGED
            continue
        if (thresholds.WHOLE_FACE_ASIDE and classic == reasons.FACE_OFF_MIDDLE
                and leaning_signs.whole_face_aside(img, blob, result[0])):
            # The pips lay out the very face the network read, plainly, off the outline's middle:
            # a die leaning, its side in view. Whatever the network's scan finds round it later
            # does not make it lie flat.
            doubts[id(blob)] = reasons.FACE_OFF_MIDDLE
            doubts_kept.add(id(blob))
            continue
        if (thresholds.BESIDE_OFF_MIDDLE is not None and isinstance(classic, str) and classic.startswith(NO_LAYOUT)
                and frame.faces is not None and guesses[k].faceless > classifier.PLAIN_NO_FACE_MAX
                and outlines.near_any(blob.rect[0], [neighbour.rect[0] for neighbour, other in candidates
                                                     if other == reasons.FACE_OFF_MIDDLE],
                                      thresholds.BESIDE_OFF_MIDDLE * die_side)):
            # Its pips fit no face, the network reads it only on the allowance for a pip hidden,
            # and its neighbour's face is off that one's outline's middle: a die leaning on
            # another hides part of it, and shows its own face askew. (Read plainly alone, such
            # dice lay flat: fresh 597958, 598240, 598488, 597671 calibrated.)
            doubts[id(blob)] = LEANING
            doubts_kept.add(id(blob))
            continue
        if (thresholds.FACE_TOWARD_MIDDLE_ALONE and view is View.TOP
                and isinstance(classic, str) and classic.startswith(NO_LAYOUT)):
            # Read by the network, its pips laying out no face (so never plainly flat by them):
            # where they are as many as that face's (all found, their middle is the face's) and
            # lie off its oblong outline toward the frame's middle, as a leaning die's face does
            # (see outlines.face_toward_middle), it leans whatever the network read.
            pips = pip_faces.inside_outline(pip_faces.pips_in(img, blob), blob)
            if len(pips) == result[0] >= thresholds.FACE_TOWARD_MIDDLE_ALONE_PIPS and outlines.face_toward_middle(
                    blob, *(float(c) for c in np.mean([p[:2] for p in pips], axis=0)), middle):
                doubts[id(blob)] = LEANING
                doubts_kept.add(id(blob))
                continue
        if not isinstance(classic, str) or classic == reasons.FACE_OFF_MIDDLE:
            squashed = leaning_signs.foreshortened(img, blob, result[0], result[2], result[3])
        else:
            squashed = (bool(thresholds.SQUASH_NETWORK_READ) and classic.startswith(NO_LAYOUT)
                        and leaning_signs.foreshortened(
                            img, blob, result[0], result[2], result[3],
                            fit_within=None if thresholds.BLURRED_SQUASH and sharpness < thresholds.MIN_SHARPNESS
                            else thresholds.SQUASH_NETWORK_READ))
        if squashed:
            # Pips that lay out a face cleanly (read by them, or off the outline's middle and
            # read by the network), foreshortened: the face is not lying flat. Read by the
            # network over pips that fit no layout as a whole (one taken for the outline's),
            # only if the pips near its face lay that face out cleanly: one a glare smudged lies
            # squashed on a flat die (fresh 41454's 4 leant, its side as grey as the tray).
            doubts[id(blob)] = LEANING
            continue
        if (thresholds.SIDE_OVER_RIM_NETWORK is not None and view is View.TOP and inner is not None
                and isinstance(classic, str)
                and leaning_signs.side_over_rim(img, blob, inner, die_side, thresholds.SIDE_OVER_RIM_NETWORK_REACH,
                                                thresholds.SIDE_OVER_RIM_NETWORK_SHARE)
                > thresholds.SIDE_OVER_RIM_NETWORK):
            # Read by the network (its pips laid out no face, so never plainly flat by them) by
            # the tray's edge, with something over the rim beside it: its side, leaning on the rim.
            doubts[id(blob)] = LEANING
            doubts_kept.add(id(blob))
            continue
        if pip_faces.middle_unclear(img, blob, result[0], result[2], result[3], by_network=isinstance(classic, str)):
            doubts[id(blob)] = reasons.GLARED_MIDDLE
            doubts_kept.add(id(blob))
            continue
        if _side_step_shows(frame, (result[2], result[3]), blob.side, float(blob.rect[2]), blob):
            # Beyond its square, away from the middle, its side ends in a straight step: a white
            # die's side as grey as the tray falls out of its outline and out of the faint look.
            doubts[id(blob)] = LEANING
            doubts_kept.add(id(blob))
            continue
        found.append((*result, blob.side, float(blob.rect[2])))
        read_blobs.add(id(blob))
        if isinstance(classic, str):
            alone_read.append((len(found) - 1, blob))


def _side_step_shows(frame: _Frame, centre: tuple[float, float], side: float, angle: float,
                     blob: outlines.Blob) -> bool:
    """From above, on the tray inside its rim: whether a die read at ``centre`` (its square
    ``side`` and ``angle``, in ``blob``) shows its side's straight far edge more plainly than
    thresholds.SIDE_STEP_AWAY (leaning_signs.side_step_away; the other blobs' boxes not asked)."""
    if thresholds.SIDE_STEP_AWAY is None or frame.view is not View.TOP or frame.inner is None:
        return False
    others = [b.rect for b in frame.blobs if b is not blob]
    return leaning_signs.side_step_away(frame.img, centre, side, angle, frame.middle, others,
                                        frame.inner) > thresholds.SIDE_STEP_AWAY


def _outsized_alone_unread(frame: _Frame) -> None:
    """A die the network read alone far bigger than the dice read by their pips is left unread."""
    alone_read, read_blobs, doubts = frame.alone_read, frame.read_blobs, frame.doubts
    if thresholds.ALONE_OUTSIZED is not None and alone_read:
        # A die the network read alone (its pips lay out no face) whose outline is far bigger
        # than the dice read by their pips: two touching dice taken whole, one of them read. Left
        # unread, as touching dice are: the network's scan looks round it for the dice in it.
        by_pips = [f[4] for i, f in enumerate(frame.found) if i not in {k for k, _ in alone_read}]
        if len(by_pips) >= 2:
            usual = float(np.median(by_pips))
            outsized = {k for k, blob in alone_read if blob.side > thresholds.ALONE_OUTSIZED * usual}
            for k, blob in alone_read:
                if k in outsized:
                    read_blobs.discard(id(blob))
                    doubts[id(blob)] = reasons.TOUCHING
            frame.found = [f for i, f in enumerate(frame.found) if i not in outsized]


def _unread_scanned(frame: _Frame) -> None:
    """Round the regions left unread, the network's scan looks for the dice itself."""
    blobs, read_blobs, die_side, faces = frame.blobs, frame.read_blobs, frame.die_side, frame.faces
    doubts, look, img, whole, scale = frame.doubts, frame.look, frame.img, frame.whole, frame.scale
    doubts_kept = frame.doubts_kept
    # Where blobs were left unread (touching dice, a face the pips could not fit), the network
    # looks for dice itself, round them. An unread blob counts as read only when the dice found
    # cover it, and the pips in each of those dice fit the face the network saw; else the dice
    # are reported and the frame stays unsure.
    unread = [b for b in blobs if id(b) not in read_blobs and b.area >= thresholds.UNREAD_AREA * die_side ** 2
              and b.thickness >= 0.2 * die_side]     # not a strip of the rim
    frame.blurred_leftovers = bool(unread)
    frame.scanned = []        # dice the network's scan found round them, their pips confirming
    if unread and faces is not None:
        # A die-sized thing nobody read and nothing flagged (a leaning die whose side shows, a
        # die under a glare) must not vanish silently: unless the network is sure no die is
        # there (not merely that no face can be read), the frame is unsure.
        quiet = [b for b in unread if id(b) not in doubts and b.area >= thresholds.QUIET_AREA * die_side ** 2
                 and b.thickness >= thresholds.QUIET_THICKNESS * die_side]
        for blob, face_guess in zip(quiet, faces.guess(look, [frame.patch_as_die(blob) for blob in quiet])):
            if face_guess.of(NO_FACE) < thresholds.NOT_A_DIE:
                doubts[id(blob)] = (LEANING if face_guess.value == FACELESS_DIE
                                    else reasons.NOT_READABLE)
        # Spots on something not shaped like a die (noise in a dark corner of the tray): the
        # network, looking at it every way round, sure no die is there, lets it go too (but
        # see ODD_LET_GO_COVERED: two touching dice framed as one are no die to it either).
        odd = [b for b in unread if doubts.get(id(b)) == reasons.NOT_READABLE]
        for blob, face_guess in zip(odd, faces.steady_guess(look, [frame.patch_as_die(blob) for blob in odd])):
            if face_guess.of(NO_FACE) >= thresholds.NOT_A_DIE:
                del doubts[id(blob)]
                frame.let_go.append(blob)
        # Only what made the frame unsure is searched (a shadow or a piece of the rim nobody
        # doubted holds no die: the guard above asked the network about every die-sized one).
        unread = [b for b in unread if id(b) in doubts]
        seen = classifier.find_faces(faces, look, [scan.scan_box(b, die_side) for b in unread], die_side,
                                     [(f[2], f[3]) for f in frame.found]) if unread else []
        sure = {k for k, (v, _, x, y) in enumerate(seen) if scan.confirmed(img, whole, scale, v, x, y, die_side)}
        # A region not shaped like one die (touching dice, a die a glare cut short) had its pips
        # read on no die's outline: the disc round a die the scan finds there is their first
        # reading, and as many pips as its face will do there (SCANNED_BY_COUNT), as for a die
        # found by its pips alone (CONFIRM_BY_COUNT). (Not where a die's own outline read its
        # pips as no face: that doubt is the pips', and the count does not answer it.)
        counted = ({k for k, (v, _, x, y) in enumerate(seen) if k not in sure and scan.confirmed(
                        img, whole, scale, v, x, y, die_side, count_will_do=True)}
                   if thresholds.SCANNED_BY_COUNT and any(doubts[id(b)] in UNSHAPED for b in unread) else set())
        centres = [(f[2], f[3]) for f in frame.found] + [(x, y) for _, _, x, y in seen]
        for value, confidence, x, y in seen:
            frame.found.append((value, confidence, x, y, die_side, 0.0))
        if thresholds.SCANNED_OWN_SPOTS:
            frame.scanned = [frame.found[-len(seen) + k] for k in sorted(sure)]
        nothing_seen = []        # blobs the scan found no die round
        for blob in unread:
            mine = [k for k, (_, _, x, y) in enumerate(seen)
                    if np.hypot(x - blob.rect[0][0], y - blob.rect[0][1]) < _read_in_reach(blob, die_side)]
            if not mine:
                nothing_seen.append(blob)
            # (With no die found in it, a blob the read dice round it cover is a strip one of
            # them lost when touching dice were cut apart.)
            if id(blob) in doubts_kept:
                continue      # what the network saw there does not settle it
            if (thresholds.SCAN_OFF_LONE_BLOB is not None
                    and thresholds.LONE_BLOB_AREA[0] * die_side ** 2 <= blob.area <= thresholds.LONE_BLOB_AREA[1] * die_side ** 2
                    and any(seen[k][0] == 1 and np.hypot(seen[k][2] - blob.rect[0][0], seen[k][3] - blob.rect[0][1])
                            > thresholds.SCAN_OFF_LONE_BLOB * die_side for k in mine)):
                # One whole die's blob, and the scan's 1 lies off its middle: a window centred on one of
                # its pips (another lost to a glint) reads a 1 there, and that pip confirms it.
                continue      # its doubt stays
            if thresholds.SIDE_STEP_SCANNED and any(
                    _side_step_shows(frame, (seen[k][2], seen[k][3]), die_side, float(blob.rect[2]), blob)
                    for k in mine):
                # A die the scan reads there shows its side's straight edge: its doubt stays.
                doubts[id(blob)] = LEANING
                continue
            confirming = sure | counted if doubts[id(blob)] in UNSHAPED else sure
            if all(k in confirming for k in mine) and outlines.covered_by_dice(blob, centres, die_side) and not (
                    thresholds.PIPS_BEYOND_DICE and scan.pips_beyond(img, blob, centres, die_side)) and not (
                    thresholds.UNHELD_DIE_AREA and outlines.unheld_die(blob, centres, die_side)):
                doubts.pop(id(blob), None)
            elif mine:
                doubts.setdefault(id(blob), "a die I could only make out by its look (touching others, or unclear)")
        if thresholds.UNREAD_SCAN_BIGGER:
            # A photo taken at a slant: round a blob where the scan found no die, a near die may
            # be bigger than the die size, measured on the far ones. Looked for again at
            # STRAY_SCAN_BIGGER x it, a die found there whose pips confirm it is reported; the
            # blob's doubt stays (the frame is unsure as before). (Only round a blob still
            # doubted: one the dice read cover is a strip they lost, and the frame may be ok.)
            empty = [b for b in nothing_seen if id(b) in doubts]
            side = thresholds.STRAY_SCAN_BIGGER * die_side
            if empty:
                frame.found += scan.confirmed_in_discs(
                    img, classifier.find_faces(faces, look, [scan.scan_box(b, side) for b in empty], side,
                                               [(f[2], f[3]) for f in frame.found]), side)


def _read_in_reach(blob: outlines.Blob, die_side: float) -> float:
    """How far from ``blob``'s middle a die read counts as read in it: half its box, and a die
    whose corner (0.71 side out) reaches into it."""
    return 0.75 * die_side + 0.5 * max(blob.box[2], blob.box[3])


def _leftovers(frame: _Frame) -> None:
    """Dice no region holds (found by their pips), and pieces that may be dice faded or lost:
    the dice found are read, the rest doubted."""
    img, look, faces, die_side, dark = frame.img, frame.look, frame.faces, frame.die_side, frame.dark
    blobs, size_calibrated, sharpness, all_first = frame.blobs, frame.size_calibrated, frame.sharpness, frame.all_first
    doubts, coarse, inner, auto_tray, whole = frame.doubts, frame.coarse, frame.inner, frame.auto_tray, frame.whole
    blurred_leftovers, taken, scale, faint_look = frame.blurred_leftovers, frame.taken, frame.scale, frame.faint_look
    faint_squares, grey, view = frame.faint_squares, frame.grey, frame.view
    # Pips that no region holds: a white die on a light tray can differ from it too little for
    # the foreground, and for scan.faint_dice's local threshold too. The network looks round each
    # group of them; a die it sees there surely, whose pips fit that face, is read.
    frame.by_pips = scan.dice_by_pips(img, look, faces, die_side, dark, blobs, frame.found) if faces is not None else []
    frame.found += frame.by_pips
    if thresholds.STRAY_SCAN and faces is not None:
        by_stray = scan.dice_by_stray_pips(img, look, faces, die_side, dark, blobs, frame.found,
                                           bigger=thresholds.STRAY_SCAN_BIGGER_CALIBRATED or not size_calibrated)
        frame.found += by_stray
        frame.by_pips += by_stray
    if sharpness < thresholds.MIN_SHARPNESS:
        for blob in outlines.faded_outlines(all_first, blobs, [(f[2], f[3]) for f in frame.found], die_side):
            blobs.append(blob)
            doubts[id(blob)] = reasons.FADED
    # (A calibrated tray's rim is painted out as the tray: the median there is the tray's own.)
    if thresholds.EDGE_LOST and coarse is not None and (inner is None or auto_tray):
        for blob in outlines.lost_outlines(coarse, whole, [(f[2], f[3]) for f in frame.found], die_side, img.shape):
            blobs.append(blob)
            doubts[id(blob)] = reasons.LOST_BY_EDGE
    frame.in_light = []         # dice read round a piece the opening took
    if faces is not None and frame.pipless and not (sharpness < thresholds.MIN_SHARPNESS and blurred_leftovers):
        # Skipped: pieces already doubted (the quiet look above asks the thicker ones), and
        # pieces a die read since covers (the network's scan may have read them). Not asked in a
        # blurred frame with pieces left over: it is unsure anyway, and "too blurred" says why.
        centres = [(f[2], f[3]) for f in frame.found]
        frame.pipless = [b for b in frame.pipless
                         if id(b) not in doubts and not outlines.covered_by_dice(b, centres, die_side)]
        for blob, face_guess in zip(frame.pipless,
                                    faces.steady_guess(look, [frame.patch_as_die(b) for b in frame.pipless])):
            if face_guess.of(NO_FACE) < thresholds.NOT_A_DIE:
                doubts[id(blob)] = LEANING
    if faces is not None:
        # A die-like piece the foreground's opening took off every die: unless the network is
        # sure no die is there, the frame is unsure.
        gone = outlines.taken_by_opening(taken[0], scale, img.shape, blobs, [(f[2], f[3]) for f in frame.found],
                                         die_side,
                                         whole)
        for blob, face_guess in zip(gone, faces.steady_guess(look, [frame.patch_as_die(b) for b in gone])):
            if face_guess.of(NO_FACE) < thresholds.NOT_A_DIE:
                if thresholds.READ_FADED_IN_LIGHT:
                    read = scan.read_in_light(img, look, faces, blob, die_side, frame.found)
                    frame.found += read
                    frame.in_light += read
                    if read and outlines.covered_by_dice(blob, [(f[2], f[3]) for f in read], die_side):
                        continue
                blobs.append(blob)
                doubts[id(blob)] = reasons.FADED_IN_LIGHT
        if faint_look and faint_squares:
            # A die-sized shape a little unlike the tray, off every die: unless the network
            # is sure no die is there, a die faded (leaning, only its edge on the tray).
            squares = outlines.faint_squares(faint_look[0], scale, img.shape, blobs,
                                             [(f[2], f[3]) for f in frame.found],
                                             die_side)
            for blob, face_guess in zip(squares, faces.steady_guess(look, [frame.patch_as_die(b) for b in squares])):
                if face_guess.of(NO_FACE) < thresholds.NOT_A_DIE:
                    blobs.append(blob)
                    doubts[id(blob)] = reasons.FADED
        if faint_look and thresholds.FAINT_LEFT_OVER is not None and (faint_squares or thresholds.FAINT_LEFT_OVER_TOP):
            left = outlines.faint_left_over(faint_look[0], scale, img.shape, blobs, frame.found, die_side)
            asked = look
            if (left and thresholds.NOISY_LOOK_SIGMA is not None
                    and tray_foreground.noise(grey)[0] > thresholds.NOISY_LOOK_SIGMA):
                asked = cv2.GaussianBlur(look, (0, 0), thresholds.NOISY_LOOK_SMOOTHING)
            for blob, face_guess in zip(left, faces.steady_guess(asked, [frame.patch_as_die(b) for b in left])):
                if face_guess.of(NO_FACE) < thresholds.FAINT_LEFT_OVER_SEEN:
                    blobs.append(blob)
                    doubts[id(blob)] = reasons.FADED
    if thresholds.ODD_LET_GO_COVERED and frame.let_go:
        # A region with pips the network let go (_unread_scanned) where a die was read since,
        # is let go only if the dice read cover it: framed round its middle, two touching dice
        # are two halves, "no die" to the network, and the die read there may be one of the two.
        # (One no die was read in stays let go: a stain or noise in a corner of the photo.)
        centres = [(f[2], f[3]) for f in frame.found]
        for blob in frame.let_go:
            if (outlines.near_any(blob.rect[0], centres, _read_in_reach(blob, die_side))
                    and not outlines.covered_by_dice(blob, centres, die_side)):
                doubts[id(blob)] = reasons.NOT_READABLE
    if thresholds.COARSE_COVERED and coarse is not None and view is View.BOTTOM and not doubts:
        # Nothing doubted, yet a region of the first, coarse look the dice read do not account
        # for: a die the finer look lost whole (fresh 351535: a black die touching another
        # under the cup, the finer median as dark as the two and their shadows, the die a thin
        # ring the opening took). Solid and a half die or more: not the rim's L, not a shadow.
        # (Under the cup only: from above, phone photos' coarse regions take in shadows and
        # the table, and 12 of the 200 real photos read right went unsure.)
        centres = [(f[2], f[3]) for f in frame.found]
        for blob in all_first:
            if (outlines.solid(blob, 0.25 * die_side) and blob.area >= 0.5 * die_side ** 2
                    and not outlines.covered_by_dice(blob, centres, die_side)):
                blobs.append(blob)
                doubts[id(blob)] = reasons.NOT_READABLE


def _stray_spots(frame: _Frame, problems: list[str], unclear: list, unclear_why: list[str]) -> None:
    """Pip-like spots off every die read: the frame is unsure for them (``problems``), boxed
    round each group of them (``unclear``, ``unclear_why``)."""
    lit_under_cup, die_side, found, faces = frame.lit_under_cup, frame.die_side, frame.found, frame.faces
    look, doubts, dark, faint, by_pips = frame.look, frame.doubts, frame.dark, frame.faint, frame.by_pips
    in_light, scanned, view, inner, auto_tray = frame.in_light, frame.scanned, frame.view, frame.inner, frame.auto_tray
    img, sharpness, offset = frame.img, frame.sharpness, frame.offset
    width = img.shape[1]    # (the bottom view's boxes are flipped back)
    lit_off_dice = [p for p in lit_under_cup if not any(
        np.hypot(p[0] - f[2], p[1] - f[3]) < 0.75 * max(die_side, f[4]) for f in found)]
    if thresholds.LIT_FACE_OFF_DICE and frame.lit_face:
        frame.lit_face = scan.lays_out_a_face(lit_off_dice, die_side)
    if thresholds.LIT_PAIR_ASKED and faces is not None and not frame.lit_face and len(lit_under_cup) >= 2:
        frame.light = scan.lit_pairs_seen(look, faces, lit_off_dice, die_side)
    # (One lit spot alone, off every die, where the network sees a die round it: a black die
    # under a glare, its other pips too near a neighbour or washed out. The LED ring's
    # reflections: the network sees no die there.)
    lit_alone = False
    if (thresholds.LIT_ALONE_ASKED and faces is not None and not frame.lit_face and not frame.light and not doubts
            and lit_off_dice):
        # (One look first: the everyday frame's reflections cost a patch each.)
        frame.light = [p for p, is_die in zip(lit_off_dice, scan.seen_as_dice(look, faces, lit_off_dice, die_side,
                                                                     one_look_first=True)) if is_die]
        lit_alone = bool(frame.light)
    # (A die read at the frame's die size may be bigger than that: its pips are taken for its
    # own as far out as 0.75 of the frame's size, as before STRAY_DIE_REACH.)
    # (So too a die read in a region filled out to its hull, BITTEN_OWN_SPOTS: the part of it the
    # hull left out, beyond the bite, is its own.)
    bitten = ([d for d in found if any(cv2.pointPolygonTest(hull, (float(d[2]), float(d[3])), False) >= 0
                                       for hull in frame.bitten_hulls)]
              if thresholds.BITTEN_OWN_SPOTS else [])
    stray = [(px, py) for px, py in dark + frame.light if not outlines.by_any(px, py, faint, 0.2 * die_side)
             and not any(np.hypot(px - d[2], py - d[3]) < (max(0.75 * die_side, thresholds.STRAY_DIE_REACH * d[4])
                                                           if thresholds.STRAY_SCAN else 0.75 * die_side)
                         for d in by_pips + (in_light if thresholds.PIPS_OF_DICE_IN_LIGHT else []) + scanned + bitten)]
    # (One spot alone may be a speck of noise; in a blurred frame the noise is smoothed away and
    # a faded die's pips run together into one. Under the cup (no glare on the lit tray) a lone
    # dark spot is a die's pip, a leaning die faded but for its one pip, or dirt on the tray.)
    lone_dark = thresholds.LONE_PIP_UNDER_CUP and view is View.BOTTOM and any(p in dark for p in stray)
    # (In the top view a die of the tray's colour can show nothing but its light pips: with one
    # pip, the 1, nothing lays out a face. Glints are by the rim; the tray's middle holds none.)
    on_tray = inner if inner is not None and not auto_tray else tray_foreground.middle_box(img.shape)
    lone_light = thresholds.LONE_LIGHT_PIP and view is View.TOP and any(
        p in frame.light and outlines.inside_rect(p, on_tray) for p in stray)
    lone = bool(stray) and (sharpness < thresholds.MIN_SHARPNESS or lone_dark or lone_light)
    # (Seen from above, a die of the tray's colour shows only its pips; a 1 shows one, and by
    # the rim the faint outline round it is not looked for: fresh 40996. Dirt, the rim's
    # corners, noise: the network, shown a die's frame round the spot, sees no die there first.)
    paired = scan.paired(stray, die_side)

    asked = view is View.TOP and faces is not None and not (lone or paired or frame.lit_face)
    asked_dark = thresholds.LONE_DARK_ASKED and asked and any(scan.seen_as_dice(look, faces,
                                                                                [p for p in stray if p in dark],
                                                                                die_side))
    asked_light = (thresholds.LONE_LIGHT_ASKED and asked and not asked_dark
                   and any(scan.seen_as_dice(look, faces, [p for p in stray if p in frame.light and p not in dark],
                                             die_side)))
    if paired or frame.lit_face or lone or asked_dark or asked_light or lit_alone:
        why = (reasons.STRAY_PIPS if paired or frame.lit_face or sharpness < thresholds.MIN_SHARPNESS
               else reasons.LONE_SPOT if lone_dark
               else reasons.LONE_DARK_SPOT if asked_dark else reasons.LONE_LIGHT_SPOT)
        problems.append(why)
        # Shown on the evidence photo: one box round each group of spots a die's reach apart
        # (a face's pips), not one per spot: boxed one by one, a missed die's five pips drew
        # five boxes and five marks over it.
        # (A lit face's spots too: under the cup they are not stray spots, but they are what the
        # frame is doubted for.)
        for group in scan.spot_groups(stray + (lit_off_dice if frame.lit_face else []), 0.8 * die_side):
            (gx0, gy0), (gx1, gy1) = group.min(axis=0), group.max(axis=0)
            if view is View.BOTTOM:
                gx0, gx1 = width - 1 - gx1, width - 1 - gx0
            x, y = gx0 - die_side / 2, gy0 - die_side / 2
            unclear.append((int(x) + offset[0], int(y) + offset[1],
                            int(gx1 - gx0 + die_side), int(gy1 - gy0 + die_side)))
            unclear_why.append(why)
