"""A deterministic, seeded renderer of labelled dice frames (numpy + cv2 only).

Two views (see :class:`vision.reading.View`):

* ``top``: a camera above the tray looks down on the dice; it sees the top faces.
* ``bottom``: the product's camera under a frosted translucent tray lit by an LED ring, the opaque
  cup above keeping the room's light out. It sees the faces touching the tray (bottom = 7 - top),
  softened by the frosted acrylic, and the picture is mirrored.

Every die's label holds the value **as the players see it** (the top face), where it shows in the
image, its size and angle, and flags for the hard cases (cocked, occluded, touching, glare).
The same seed and options always give the same pixels::

    scene = render_scene(7, view="bottom", n_dice=2)
    scene.image            # BGR uint8, 480 x 640 x 3
    scene.labels[0].value  # the top face, as the players see it
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from .calibrate import Calibration, CalibrationError, calibrate
from .reading import View

STYLES = ("white", "black", "colour", "casino", "asian", "wood")
HARD_CASES = ("touching", "rim", "cocked", "glare", "blur", "noise", "uneven", "occluded")
# Hard cases after which a careful reader should answer unsure rather than read.
UNREADABLE_CASES = ("cocked", "occluded", "cup_lifted")
MIXED_CASES = ("touching", "rim", "glare", "blur", "noise", "uneven")   # the random mix's common cases

# Canonical pip layouts, in units of the face's half side (pips sit at +-0.5 and 0).
_A = 0.52
PIP_LAYOUTS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.0, 0.0),),
    2: ((-_A, -_A), (_A, _A)),
    3: ((-_A, -_A), (0.0, 0.0), (_A, _A)),
    4: ((-_A, -_A), (_A, -_A), (-_A, _A), (_A, _A)),
    5: ((-_A, -_A), (_A, -_A), (0.0, 0.0), (-_A, _A), (_A, _A)),
    6: ((-_A, -_A), (-_A, 0.0), (-_A, _A), (_A, -_A), (_A, 0.0), (_A, _A)),
}


@dataclass(frozen=True)
class DieLabel:
    """The truth about one rendered die."""

    value: int               # the face the players mean (the top face), 1-6
    face: int                # the face the camera sees (bottom view: 7 - value)
    x: float                 # centre of the visible face in the image, pixels
    y: float
    size: float              # side of the face, pixels
    angle: float             # degrees, 0..90 (a square repeats every 90 degrees)
    style: str
    cocked: bool = False     # leaning on another die or the rim: the face is skewed
    occluded: bool = False   # partly hidden by the cup's rim
    touching: bool = False   # touches another die or the tray's rim
    glare: bool = False      # a specular highlight lies on it

    @property
    def readable(self) -> bool:
        """A careful reader can be sure of this die (not cocked, not hidden)."""
        return not (self.cocked or self.occluded)

    def to_dict(self) -> dict[str, Any]:
        return {"value": self.value, "face": self.face, "x": round(self.x, 1),
                "y": round(self.y, 1), "size": round(self.size, 1), "angle": round(self.angle, 1),
                "style": self.style, "cocked": self.cocked, "occluded": self.occluded,
                "touching": self.touching, "glare": self.glare}


@dataclass
class Scene:
    """One rendered frame and its labels."""

    image: np.ndarray                      # BGR uint8, height x width x 3
    labels: tuple[DieLabel, ...]
    view: View
    seed: int
    tray: tuple[int, int, int, int]        # the tray in the image: x, y, width, height
    die_size: float                        # the nominal side of a die, pixels
    style: str
    hard: frozenset[str] = frozenset()
    cup_lifted: bool = False
    exposure: float = 0.0                  # mean grey of the frame
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def values(self) -> tuple[int, ...]:
        """The dice values as the players see them, high to low (as Reading.values)."""
        return tuple(sorted((d.value for d in self.labels), reverse=True))

    @property
    def readable(self) -> bool:
        """A perfect reader should answer ok (no cocked or hidden die, the cup down)."""
        return not self.cup_lifted and all(d.readable for d in self.labels)

    def unreadable_reasons(self) -> list[str]:
        reasons = ["cup_lifted"] if self.cup_lifted else []
        for name in ("cocked", "occluded"):
            if any(getattr(d, name) for d in self.labels):
                reasons.append(name)
        return reasons


# -- colours of each style ---------------------------------------------------------------------

@dataclass(frozen=True)
class _Look:
    body: tuple[int, int, int]
    pip: tuple[int, int, int]
    corner: float = 0.18          # corner radius as a fraction of the side
    translucent: float = 0.0      # how much of the background shows through the body
    one_pip: tuple[int, int, int] | None = None   # colour of the 1 and 4 (Asian dice)
    big_one: bool = False
    wood: bool = False


def _look(style: str, rng: np.random.Generator) -> _Look:
    jitter = rng.integers(-12, 13, 3)

    def j(c: tuple[int, int, int]) -> tuple[int, int, int]:
        return tuple(int(np.clip(v + d, 0, 255)) for v, d in zip(c, jitter))  # type: ignore[return-value]

    if style == "white":
        return _Look(j((232, 234, 236)), (25, 25, 25))
    if style == "black":
        return _Look(j((32, 30, 30)), (238, 238, 238))
    if style == "colour":
        hue = int(rng.integers(0, 180))
        hsv = np.uint8([[[hue, int(rng.integers(150, 230)), int(rng.integers(120, 200))]]])
        body = tuple(int(v) for v in cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)[0, 0])
        return _Look(body, (240, 240, 240))  # type: ignore[arg-type]
    if style == "casino":
        return _Look(j((45, 35, 190)), (245, 245, 245), corner=0.04, translucent=0.3)
    if style == "asian":
        return _Look(j((236, 238, 240)), (30, 30, 30), one_pip=(40, 30, 200), big_one=True)
    if style == "wood":
        return _Look(j((95, 150, 195)), (30, 45, 70), corner=0.12, wood=True)
    raise ValueError(f"unknown dice style {style!r}: choose one of {', '.join(STYLES)}")


# -- geometry ---------------------------------------------------------------------------------

def _rounded_square(half: float, corner: float, steps: int = 4) -> np.ndarray:
    """Outline of a square of half side ``half`` with rounded corners, centred on 0 (N x 2)."""
    r = max(0.0, min(corner, 0.49)) * 2 * half
    inner = half - r
    pts = []
    for cx, cy, start in ((inner, inner, 0), (-inner, inner, 90), (-inner, -inner, 180),
                          (inner, -inner, 270)):
        for k in range(steps + 1):
            a = math.radians(start + 90 * k / steps)
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return np.array(pts, np.float64)


def _transform(points: np.ndarray, cx: float, cy: float, angle: float,
               squash: float = 1.0) -> np.ndarray:
    """Local die coordinates -> image: squash along local y (a leaning die), rotate, move."""
    a = math.radians(angle)
    c, s = math.cos(a), math.sin(a)
    x, y = points[:, 0], points[:, 1] * squash
    return np.stack([cx + c * x - s * y, cy + s * x + c * y], axis=1)


_SHIFT = 4        # sub-pixel drawing: coordinates carry 4 fractional bits
_ONE = 1 << _SHIFT


def _poly(img: np.ndarray, pts: np.ndarray, colour: Sequence[int]) -> None:
    cv2.fillPoly(img, [np.round(pts * _ONE).astype(np.int32)], tuple(int(c) for c in colour),
                 cv2.LINE_AA, _SHIFT)


def _ellipse(img: np.ndarray, cx: float, cy: float, rx: float, ry: float, angle: float,
             colour: Sequence[int]) -> None:
    cv2.ellipse(img, (int(round(cx * _ONE)), int(round(cy * _ONE))),
                (max(1, int(round(rx * _ONE))), max(1, int(round(ry * _ONE)))), angle, 0, 360,
                tuple(int(c) for c in colour), -1, cv2.LINE_AA, _SHIFT)


@dataclass
class _Placed:
    value: int
    x: float
    y: float
    size: float
    angle: float
    touching: bool = False
    cocked: bool = False
    tilt: float = 0.0          # degrees the die leans (cocked)
    occluded: bool = False
    glare: bool = False


def _reach(size: float, angle: float) -> float:
    """Half the width of a die's axis-aligned box at this angle."""
    a = math.radians(angle)
    return size / 2 * (abs(math.cos(a)) + abs(math.sin(a)))


def _place(rng: np.random.Generator, n: int, tray: tuple[int, int, int, int], size: float,
           *, touching: bool, rim: bool, values: Sequence[int] | None,
           size_jitter: float,
           areas: Sequence[tuple[float, float, float, float]] | None = None) -> list[_Placed]:
    """Non-overlapping dice in the tray; with ``touching`` some pairs share an edge. ``areas``:
    for each die, the part of the tray (x, y, width, height) its centre is drawn in."""
    tx, ty, tw, th = tray
    placed: list[_Placed] = []

    def free(x: float, y: float, s: float, a: float) -> bool:
        return _free(placed, x, y, s, a, tray, -1)

    for i in range(n):
        value = int(values[i]) if values is not None else int(rng.integers(1, 7))
        s = size * float(rng.uniform(1 - size_jitter, 1 + size_jitter))
        a = float(rng.uniform(0, 90))
        done = False
        if touching and placed and i % 2 == 1:
            # Next to the previous die, same angle, edges touching (1 px apart at most).
            p = placed[-1]
            for _ in range(12):
                side = int(rng.integers(0, 4))
                d = (p.size + s) / 2 + 0.5
                ang = math.radians(p.angle + 90 * side)
                x, y = p.x + d * math.cos(ang), p.y + d * math.sin(ang)
                # Slide along the shared edge (perpendicular to the line between the
                # centres), so the dice stay edge to edge whatever their angle.
                slide = float(rng.uniform(-0.3, 0.3)) * s
                rng.uniform(-0.3, 0.3)  # the draws per try as before: fewer frames change
                x, y = x - slide * math.sin(ang), y + slide * math.cos(ang)
                if _free(placed, x, y, s, p.angle, tray, len(placed) - 1):
                    placed.append(_Placed(value, x, y, s, p.angle, touching=True))
                    p.touching = True
                    done = True
                    break
        if not done and rim and i == 0:
            # Against the tray's rim: one side of its box on the edge.
            r = _reach(s, a)
            edge = int(rng.integers(0, 4))
            if edge == 0:
                x, y = tx + r + 0.5, float(rng.uniform(ty + r, ty + th - r))
            elif edge == 1:
                x, y = tx + tw - r - 0.5, float(rng.uniform(ty + r, ty + th - r))
            elif edge == 2:
                x, y = float(rng.uniform(tx + r, tx + tw - r)), ty + r + 0.5
            else:
                x, y = float(rng.uniform(tx + r, tx + tw - r)), ty + th - r - 0.5
            placed.append(_Placed(value, x, y, s, a, touching=True))
            done = True
        tries = 0
        while not done:
            r = _reach(s, a)
            if areas is not None:
                # The die's centre anywhere in its area, as far as the die stays on the tray.
                ax, ay, aw, ah = areas[i]
                x0, x1 = max(ax, tx + r + 1), min(ax + aw, tx + tw - r - 1)
                y0, y1 = max(ay, ty + r + 1), min(ay + ah, ty + th - r - 1)
                if x1 > x0 and y1 > y0:
                    x, y = float(rng.uniform(x0, x1)), float(rng.uniform(y0, y1))
                    if free(x, y, s, a):
                        placed.append(_Placed(value, x, y, s, a))
                        done = True
                        break
            elif tw - 2 * r > 2 and th - 2 * r > 2:
                x = float(rng.uniform(tx + r + 1, tx + tw - r - 1))
                y = float(rng.uniform(ty + r + 1, ty + th - r - 1))
                if free(x, y, s, a):
                    placed.append(_Placed(value, x, y, s, a))
                    done = True
                    break
            tries += 1
            if tries % 40 == 0:
                s *= 0.9          # crowded: smaller dice fit
            if tries > 400:
                raise ValueError(f"cannot fit {n} dice of {size:.0f} px in a "
                                 f"{tw}x{th} tray: use fewer or smaller dice")
    return placed


def _free(placed: list[_Placed], x: float, y: float, s: float, a: float,
              tray: tuple[int, int, int, int], partner: int) -> bool:
    """Room for a die: inside the tray, clear of every die but ``placed[partner]`` (which it
    touches; -1 for none)."""
    tx, ty, tw, th = tray
    r = _reach(s, a)
    if x - r < tx + 1 or x + r > tx + tw - 1 or y - r < ty + 1 or y + r > ty + th - 1:
        return False
    for i, p in enumerate(placed):
        if i == partner:
            continue
        if math.hypot(p.x - x, p.y - y) < (s + p.size) / 2 * math.sqrt(2) + 2:
            return False
    return True


# -- drawing ----------------------------------------------------------------------------------

def _body(look: _Look, background: Sequence[int]) -> np.ndarray:
    body = np.array(look.body, np.float64)
    if look.translucent:
        body = (1 - look.translucent) * body + look.translucent * np.array(background, np.float64)
    return body


def _draw_under(img: np.ndarray, d: _Placed, look: _Look, *, view: View,
                background: Sequence[int], centre: tuple[float, float], reach: float) -> None:
    """What lies under and beside a die's face: its shadow, and (top view) the sides a camera
    above sees of a die off the image's centre (perspective)."""
    if view is not View.TOP:
        return
    half = d.size / 2
    squash = math.cos(math.radians(d.tilt)) if d.cocked else 1.0
    outline = _rounded_square(half, look.corner)
    shadow = _transform(outline * 1.04, d.x + 0.08 * d.size, d.y + 0.1 * d.size, d.angle, squash)
    _poly(img, shadow, [int(c * 0.55) for c in background])
    # The top face is seen displaced away from the centre; the base stays put.
    k = 0.35 * d.size / max(reach, 1.0)
    ox, oy = (d.x - centre[0]) * k, (d.y - centre[1]) * k
    if math.hypot(ox, oy) >= 1.0:
        base = _transform(outline, d.x - ox, d.y - oy, d.angle, squash)
        top = _transform(outline, d.x, d.y, d.angle, squash)
        hull = cv2.convexHull(np.concatenate([base, top]).astype(np.float32))[:, 0, :]
        _poly(img, hull.astype(np.float64), np.clip(_body(look, background) * 0.7, 0, 255))


def _draw_die(img: np.ndarray, d: _Placed, face: int, look: _Look, rng: np.random.Generator,
              *, view: View, background: Sequence[int]) -> None:
    half = d.size / 2
    squash = math.cos(math.radians(d.tilt)) if d.cocked else 1.0
    outline = _rounded_square(half, look.corner)
    body = _body(look, background)
    shade = float(rng.uniform(0.9, 1.05))
    if d.cocked and view is View.BOTTOM:
        shade *= 0.7        # lifted off the lit tray on one side: less light comes back
    if d.cocked:
        # The leaning die shows a strip of the side face beyond the skewed top face.
        side = np.array([[-half, half * 0.9], [half, half * 0.9],
                         [half, half + d.size * math.sin(math.radians(d.tilt)) / max(squash, 0.2)],
                         [-half, half + d.size * math.sin(math.radians(d.tilt)) / max(squash, 0.2)]])
        _poly(img, _transform(side, d.x, d.y, d.angle, squash), np.clip(body * 0.62, 0, 255))
    edge = np.clip(body * (0.72 if view is View.TOP else 0.8), 0, 255)
    _poly(img, _transform(outline, d.x, d.y, d.angle, squash), edge)
    _poly(img, _transform(outline * 0.93, d.x, d.y, d.angle, squash), np.clip(body * shade, 0, 255))
    if look.wood:
        for _ in range(3):
            gy = float(rng.uniform(-0.8, 0.8)) * half
            xs = np.linspace(-half * 0.9, half * 0.9, 8)
            ys = gy + 0.06 * half * np.sin(xs / half * 3 + float(rng.uniform(0, 6)))
            pts = _transform(np.stack([xs, np.clip(ys, -half * 0.9, half * 0.9)], 1),
                             d.x, d.y, d.angle, squash)
            cv2.polylines(img, [np.round(pts * _ONE).astype(np.int32)], False,
                          tuple(int(c) for c in np.clip(body * 0.8, 0, 255)),
                          max(1, int(d.size / 40)), cv2.LINE_AA, _SHIFT)
    pip_r = d.size * 0.095
    colour = look.pip
    if look.one_pip is not None and face in (1, 4):
        colour = look.one_pip
    if look.big_one and face == 1:
        pip_r = d.size * 0.2
    centres = _transform(np.array(PIP_LAYOUTS[face]) * half, d.x, d.y, d.angle, squash)
    for px, py in centres:
        _ellipse(img, px, py, pip_r, pip_r * squash, d.angle, colour)


def _motion_kernel(length: float, angle: float) -> np.ndarray:
    """A straight streak of ``length`` pixels at ``angle`` degrees, summing to 1."""
    n = max(3, int(round(length)) | 1)
    kernel = np.zeros((n, n), np.float32)
    c = n // 2
    dx, dy = math.cos(math.radians(angle)) * c, math.sin(math.radians(angle)) * c
    cv2.line(kernel, (int(round(c - dx)), int(round(c - dy))), (int(round(c + dx)), int(round(c + dy))),
             1.0, 1, cv2.LINE_AA)
    return kernel / kernel.sum()


@functools.lru_cache(maxsize=8)
def _led_ring(height: int, width: int, tray: tuple[int, int, int, int]) -> np.ndarray:
    """The LED ring under the tray: brighter towards the tray's edges, darker in the middle."""
    tx, ty, tw, th = tray
    yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
    r = np.hypot((xx - (tx + tw / 2)) / (tw / 2), (yy - (ty + th / 2)) / (th / 2))
    ring = (0.85 + 0.2 * np.clip(r, 0, 1.3) ** 2).astype(np.float32)
    ring.flags.writeable = False
    return ring


def _gradient(h: int, w: int, rng: np.random.Generator, strength: float) -> np.ndarray:
    """A smooth multiplicative light field (uneven light), 1 +- strength."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    a = float(rng.uniform(0, 2 * math.pi))
    ramp = (xx * math.cos(a) + yy * math.sin(a)) / max(h, w)
    cx, cy = float(rng.uniform(0, w)), float(rng.uniform(0, h))
    spot = np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * (0.4 * max(h, w)) ** 2))
    field_ = ramp - ramp.mean() + spot - spot.mean()
    field_ /= max(1e-6, float(np.abs(field_).max()))
    return (1 + strength * field_).astype(np.float32)


def _parse_hard(hard: Any, rng: np.random.Generator) -> frozenset[str]:
    if hard is None or hard is False:
        return frozenset()
    if hard is True or hard == "random":
        # A random mix: each hard case with some chance (cocked and occluded rarer).
        chosen = {c for c in MIXED_CASES if rng.random() < 0.35}
        chosen |= {c for c in ("cocked", "occluded") if rng.random() < 0.1}
        return frozenset(chosen)
    names = {hard} if isinstance(hard, str) else set(hard)
    unknown = names - set(HARD_CASES) - {"cup_lifted"}
    if unknown:
        raise ValueError(f"unknown hard case(s) {', '.join(sorted(unknown))}: "
                         f"choose from {', '.join(HARD_CASES)}, cup_lifted")
    return frozenset(names)


def default_tray(width: int, height: int, view: View | str = View.TOP) -> tuple[int, int, int, int]:
    """Where the tray sits in a frame of this size (the renderer's default)."""
    mx, my = int(round(width * 0.06)), int(round(height * 0.07))
    return (mx, my, width - 2 * mx, height - 2 * my)


def _lean_away_from_neighbour(d: _Placed, placed: Sequence[_Placed]) -> None:
    """Turn a cocked die (by a quarter turn, which leaves its face the same) so the side it
    shows faces away from the die it leans on. A die leaning on another rests its top on that
    die, so the side a camera sees is the far one; drawn on the near side, the strip would look
    like the seam between two flat dice."""
    others = [o for o in placed if o is not d]
    if not others:
        return
    near = min(others, key=lambda o: math.hypot(o.x - d.x, o.y - d.y))
    if math.hypot(near.x - d.x, near.y - d.y) >= 0.6 * (near.size + d.size):
        return      # not touching: nothing to lean on, any side may show

    def reach_toward_near(angle: float) -> float:      # the die's local +y (where the side
        a = math.radians(angle)                         # strip is drawn), toward the neighbour
        return -math.sin(a) * (near.x - d.x) + math.cos(a) * (near.y - d.y)
    d.angle = min((d.angle + 90 * k for k in range(4)), key=reach_toward_near)


def render_scene(seed: int, *, view: View | str = View.TOP, width: int = 640, height: int = 480,
                 n_dice: int | None = 2, values: Sequence[int] | None = None,
                 style: str | None = None, hard: Any = None, die_size: float | None = None,
                 cup_lifted: bool = False, tray: tuple[int, int, int, int] | None = None,
                 areas: Sequence[tuple[float, float, float, float]] | None = None) -> Scene:
    """Render one labelled frame.

    ``values``: the dice as the players see them (top faces); else ``n_dice`` random ones
    (0 or ``values=()`` gives an empty tray). ``style``: one of :data:`STYLES` (random by seed
    when None). ``hard``: None, a hard case name or names from :data:`HARD_CASES`, or True /
    "random" for a seeded random mix. ``die_size``: side of a die in pixels (else picked so the
    dice fit). ``cup_lifted``: bottom view with the cup up, the room's light flooding the tray.
    ``areas``: for each die, where on the tray its centre lies (x, y, width, height in the frame
    as seen from above, before the bottom view's mirror), e.g. liar's dice hands spread round
    the tray; else anywhere on it.
    """
    view = View(view)
    if values is not None:
        values = tuple(int(v) for v in values)
        if any(v < 1 or v > 6 for v in values):
            raise ValueError(f"dice values must be 1 to 6, got {list(values)}")
        n = len(values)
    else:
        n = 2 if n_dice is None else int(n_dice)
    if not 0 <= n <= 60:
        raise ValueError(f"n_dice must be 0 to 60, got {n}")
    if width < 64 or height < 64:
        raise ValueError(f"the frame must be at least 64x64, got {width}x{height}")
    # Separate streams: the tray and light depend on the seed only, so an empty frame and a
    # frame with dice of the same seed share their tray (what calibration needs).
    rng_room = np.random.default_rng([seed, 1])
    rng = np.random.default_rng([seed, 2])
    style = style or STYLES[int(rng.integers(0, len(STYLES)))]
    look = _look(style, rng)
    hard_set = _parse_hard(hard, rng)
    cup_lifted = cup_lifted or "cup_lifted" in hard_set
    tray = tray or default_tray(width, height, view)
    tx, ty, tw, th = tray
    if tw < 16 or th < 16 or tx < 0 or ty < 0 or tx + tw > width or ty + th > height:
        raise ValueError(f"the tray {tray} does not fit in a {width}x{height} frame")

    # The room and the tray.
    if view is View.TOP:
        outside = rng_room.integers(30, 90, 3)
        felt = rng_room.integers(70, 150, 3)
        rim = np.clip(felt + 45, 0, 255)
    else:
        outside = np.full(3, int(rng_room.integers(8, 22)))
        felt = np.full(3, int(rng_room.integers(95, 135))) + rng_room.integers(-6, 7, 3)
        rim = np.clip(felt * 0.55, 0, 255)
    img = np.empty((height, width, 3), np.uint8)
    img[:] = outside.astype(np.uint8)
    border = max(3, int(min(tw, th) * 0.02))
    cv2.rectangle(img, (tx - border, ty - border), (tx + tw + border - 1, ty + th + border - 1),
                  tuple(int(c) for c in rim), -1)
    cv2.rectangle(img, (tx, ty), (tx + tw - 1, ty + th - 1), tuple(int(c) for c in felt), -1)

    # The dice.
    if die_size is None:
        fit = math.sqrt(tw * th / max(n, 1) / 4.5)
        hi = min(200.0, fit, min(tw, th) / 2.2)
        lo = min(20.0, hi)
        die_size = float(rng.uniform(lo, max(lo, hi * 0.8 if n > 2 else hi * 0.6)))
    size = float(die_size)
    if areas is not None and len(areas) != n:
        raise ValueError(f"areas: one for each of the {n} dice, got {len(areas)}")
    placed = _place(rng, n, tray, size, touching="touching" in hard_set, rim="rim" in hard_set,
                    values=values, size_jitter=0.03, areas=areas)
    if "cocked" in hard_set and placed:
        d = placed[int(rng.integers(0, len(placed)))]
        d.cocked, d.tilt = True, float(rng.uniform(22, 40))
        _lean_away_from_neighbour(d, placed)
    centre, reach = (width / 2, height / 2), math.hypot(width, height) / 2
    for d in placed:      # every die's shadow and sides first: no side covers another's face
        _draw_under(img, d, look, view=view, background=felt, centre=centre, reach=reach)
    for d in placed:
        face = d.value if view is View.TOP else 7 - d.value
        _draw_die(img, d, face, look, rng, view=view, background=felt)

    if view is View.BOTTOM or cup_lifted or hard_set & {"uneven", "occluded", "glare"}:
        f = img.astype(np.float32)      # light effects in float (else uint8 stays: fast)
        if view is View.BOTTOM:
            f *= _led_ring(height, width, tray)[..., None]
        if "uneven" in hard_set:
            f *= _gradient(height, width, rng, float(rng.uniform(0.25, 0.45)))[..., None]
        if "occluded" in hard_set and placed:
            _occlude(f, placed, rng, view)
        if "glare" in hard_set:
            _glare(f, placed, rng)
        if cup_lifted:
            # Light floods in from above: much brighter, dice as low-contrast shapes.
            f = 0.35 * f + float(rng.uniform(150, 180))
        img = np.clip(f, 0, 255).astype(np.uint8)

    sigma = 0.0
    if view is View.BOTTOM:
        sigma = max(0.6, size * 0.015)         # the frosted acrylic softens everything
    motion = "blur" in hard_set and rng.random() < 0.5
    if "blur" in hard_set and not motion:
        sigma = max(sigma, size * float(rng.uniform(0.04, 0.07)))     # out of focus
    if sigma > 0:
        img = cv2.GaussianBlur(img, (0, 0), sigma)
    if motion:      # the camera or the tray shook during the exposure
        img = cv2.filter2D(img, -1, _motion_kernel(size * float(rng.uniform(0.08, 0.15)),
                                                   float(rng.uniform(0, 180))))
    if "noise" in hard_set:
        noise = rng.normal(0, float(rng.uniform(6, 14)), (height, width, 1)).astype(np.float32)
        img = np.clip(img.astype(np.float32) + noise, 0, 255).astype(np.uint8)

    labels = []
    for d in placed:
        x, angle = d.x, d.angle % 90
        face = d.value if view is View.TOP else 7 - d.value
        if view is View.BOTTOM:
            x, angle = width - 1 - d.x, (-d.angle) % 90
        labels.append(DieLabel(d.value, face, x, d.y, d.size, angle, style, d.cocked, d.occluded,
                               d.touching, d.glare))
    if view is View.BOTTOM:
        img = np.ascontiguousarray(img[:, ::-1])
        tray = (width - tx - tw, ty, tw, th)
    return Scene(img, tuple(labels), view, seed, tray, size, style, hard_set, cup_lifted,
                 float(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY).mean()))


def _occlude(f: np.ndarray, placed: list[_Placed], rng: np.random.Generator, view: View) -> None:
    """The cup's rim hides a part (a quarter to a half) of one die."""
    d = placed[int(rng.integers(0, len(placed)))]
    a = float(rng.uniform(0, 2 * math.pi))
    cover = float(rng.uniform(0.25, 0.5))         # how deep into the die the rim reaches
    big = 20 * d.size                             # the cup: a huge circle, its edge nearly straight
    edge = d.size / 2 - cover * d.size
    cx, cy = d.x + math.cos(a) * (big + edge), d.y + math.sin(a) * (big + edge)
    colour = (35, 35, 40) if view is View.BOTTOM else tuple(int(c) for c in rng.integers(20, 80, 3))
    mask = np.zeros(f.shape[:2], np.uint8)
    cv2.circle(mask, (int(cx), int(cy)), int(big), 255, -1, cv2.LINE_AA)
    m = (mask.astype(np.float32) / 255)[..., None]
    f *= 1 - m
    f += m * np.array(colour, np.float32)
    d.occluded = True
    for p in placed:   # anything else under the cup's edge is hidden too
        if p is not d and math.hypot(p.x - cx, p.y - cy) < big + p.size * 0.7:
            p.occluded = True


def _glare(f: np.ndarray, placed: list[_Placed], rng: np.random.Generator) -> None:
    """A specular highlight, on a die when there is one."""
    h, w = f.shape[:2]
    if placed:
        d = placed[int(rng.integers(0, len(placed)))]
        cx = d.x + float(rng.uniform(-0.3, 0.3)) * d.size
        cy = d.y + float(rng.uniform(-0.3, 0.3)) * d.size
        radius = d.size * float(rng.uniform(0.15, 0.3))
    else:
        cx, cy, radius = float(rng.uniform(0, w)), float(rng.uniform(0, h)), min(h, w) * 0.05
    x0, x1 = int(max(0, cx - 4 * radius)), int(min(w, cx + 4 * radius + 1))
    y0, y1 = int(max(0, cy - 4 * radius)), int(min(h, cy + 4 * radius + 1))
    yy, xx = np.mgrid[y0:y1, x0:x1].astype(np.float32)
    g = np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * radius ** 2)) * float(rng.uniform(0.5, 0.8))
    f[y0:y1, x0:x1] = f[y0:y1, x0:x1] * (1 - g[..., None]) + 255 * g[..., None]
    for p in placed:
        if math.hypot(p.x - cx, p.y - cy) < p.size * 0.6:
            p.glare = True


def table_calibration(scene: Scene) -> Calibration | None:
    """What ``dicetable calibrate`` would store for the table ``scene`` shows: a
    vision.calibrate.Calibration measured (by vision.calibrate.calibrate, as the command does)
    on a frame of the empty tray and one of four dice apart, both rendered with the scene's seed
    (its room and tray), view, frame size, style and die size, and no hard case. None where that
    calibration fails (dice too big for four to lie apart): the device then reads uncalibrated."""
    height, width = scene.image.shape[:2]
    common = dict(view=scene.view, width=width, height=height, style=scene.style, tray=scene.tray)
    try:
        empty = render_scene(scene.seed, n_dice=0, **common)
        dice = render_scene(scene.seed, n_dice=4, die_size=scene.die_size, **common)
        return calibrate(empty.image, dice.image, scene.view)
    except (CalibrationError, ValueError):
        return None


def dataset(n: int, seed: int = 0, *, view: View | str | None = None, width: int = 640,
            height: int = 480, n_dice: int | tuple[int, int] = (1, 6), styles: Iterable[str] | None = None,
            hard: Any = "random", die_size: tuple[float, float] | None = None) -> Iterator[Scene]:
    """``n`` scenes, seeds ``seed``, ``seed+1``, ...: views, styles, counts and hard cases mixed.

    ``view`` None alternates top and bottom. ``n_dice``: a count, or an inclusive (low, high)
    range. ``die_size``: an inclusive (low, high) range in pixels (capped so the dice fit), else
    fitted to the count.
    """
    pool = tuple(styles) if styles is not None else STYLES
    for i in range(n):
        s = seed + i
        pick = np.random.default_rng([s, 3])
        v = view if view is not None else (View.TOP if i % 2 == 0 else View.BOTTOM)
        count = n_dice if isinstance(n_dice, int) else int(pick.integers(n_dice[0], n_dice[1] + 1))
        size = None
        if die_size is not None:
            _, _, tw, th = default_tray(width, height, v)
            room = math.sqrt(tw * th / max(count, 1) / 4.5)     # many dice: smaller ones fit
            size = min(float(pick.uniform(die_size[0], die_size[1])), max(room, die_size[0]))
        yield render_scene(s, view=v, width=width, height=height, n_dice=count,
                           style=pool[int(pick.integers(0, len(pool)))], hard=hard, die_size=size)


def test_subset() -> list[Scene]:
    """A fixed small set for unit tests (seeds fixed here): every style in both views, each hard
    case alone, a lifted cup, empty trays and a crowded tray and a 1280x960 frame: 25 frames, under a second."""
    scenes = [render_scene(9000 + i * 2 + j, view=v, n_dice=2 + (i + j) % 5, style=st)
              for i, st in enumerate(STYLES) for j, v in enumerate((View.TOP, View.BOTTOM))]
    scenes += [render_scene(9100 + i, view=(View.TOP, View.BOTTOM)[i % 2], n_dice=4, hard=case)
               for i, case in enumerate(HARD_CASES)]
    scenes += [render_scene(9200, view=View.BOTTOM, n_dice=2, cup_lifted=True),
               render_scene(9201, view=View.BOTTOM, n_dice=0),
               render_scene(9202, view=View.TOP, n_dice=0),
               render_scene(9203, view=View.TOP, n_dice=30, style="white", die_size=30),
               render_scene(9204, view=View.BOTTOM, n_dice=6, die_size=160, width=1280, height=960)]
    return scenes


test_subset.__test__ = False  # type: ignore[attr-defined]  # a data helper, not a pytest test
