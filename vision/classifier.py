"""The learned face classifier: a small convolutional network that reads one die patch
(vision.faces) and says which face it shows, or that no readable face is there.

It is run with OpenCV's dnn module (no PyTorch on the device); ``vision.training.train`` trains
it from data in the repo. The reader uses it as a second opinion beside the pip-layout check and
never alone where the two could disagree unnoticed: see ``vision.reader``.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

from .faces import CONTEXT, PATCH, face_patches

MODEL = Path(__file__).resolve().parent / "models" / "faces.onnx"
CHUNK = 32        # patches per forward pass
NO_FACE = 0       # no die here: the bare tray, between two dice, a patch off a die's centre
FACELESS_DIE = 7  # a die is here, but no face of it can be read: leaning, or half hidden


@dataclass(frozen=True)
class FaceGuess:
    """What the network makes of one patch."""

    value: int              # 1-6, NO_FACE (0) or FACELESS_DIE (7)
    probability: float      # of that answer
    probabilities: tuple[float, ...]   # every class, NO_FACE first

    def of(self, value: int) -> float:
        # (a model trained without FACELESS_DIE gives it nothing)
        return self.probabilities[value] if value < len(self.probabilities) else 0.0

    @property
    def face(self) -> int | None:
        """The face it sees, 1-6, or None."""
        return self.value if 1 <= self.value <= 6 else None

    @property
    def faceless(self) -> float:
        """How likely no readable face is there (no die, or a die whose face cannot be read)."""
        return self.of(NO_FACE) + self.of(FACELESS_DIE)


def reader_engine() -> int | None:
    """The OpenCV DNN engine the reader runs the network with, None for OpenCV's only one.

    OpenCV 5.0's classic engine runs this small network twice as fast as its new one (its
    default). 5.1 has only its new one, as fast as 5.0's classic, and OpenCV 4 only its own
    (benchmarks/vision_network.py times each)."""
    return getattr(cv2.dnn, "ENGINE_CLASSIC", None)


def load_net(model: Path | str, engine: int | None) -> cv2.dnn.Net:
    """The ONNX network at ``model`` on ``engine`` (None: OpenCV's default)."""
    return (cv2.dnn.readNetFromONNX(str(model)) if engine is None
            else cv2.dnn.readNetFromONNX(str(model), engine=engine))


class FaceClassifier:
    """Loads the exported network once; ``guess`` is thread-safe (one dnn net is not)."""

    def __init__(self, model: Path | str = MODEL) -> None:
        model = Path(model)
        if not model.is_file():
            raise FileNotFoundError(f"the face model {model} is missing: run python -m vision.training.train")
        meta_path = model.with_suffix(".json")
        meta = json.loads(meta_path.read_text()) if meta_path.is_file() else {}
        # Patches are cut as the model was trained: its size and framing are in its record.
        self.patch = int(meta.get("patch", PATCH))
        self.context = float(meta.get("context", CONTEXT))
        self.channels = int(meta.get("channels", 1))      # 1: grey patches, 3: colour (BGR)
        self.classes = int(meta.get("classes", 7))
        try:
            self._net = load_net(model, reader_engine())
        except cv2.error as exc:
            raise ValueError(f"{model} is not a model OpenCV can load: {exc}") from None
        self.meta = meta
        self._lock = threading.Lock()

    def probabilities(self, patches: np.ndarray) -> np.ndarray:
        """N x ``self.classes`` probabilities for N normalised patches (``self.patch`` square;
        N x size x size x 3 for a colour model)."""
        if len(patches) == 0:
            return np.zeros((0, self.classes), np.float32)
        patches = np.asarray(patches, np.float32)
        if patches.ndim == 3:
            patches = patches[..., None]
        if patches.shape[3] != self.channels:
            raise ValueError(f"the face model reads {self.channels}-channel patches, not {patches.shape[3]}")
        batch = np.ascontiguousarray(patches.transpose(0, 3, 1, 2))
        # In chunks: a scan's hundreds of patches at once spill the layers' outputs out of the
        # cache (700 patches: 260 ms at once, 150 ms in chunks of 32; the same numbers).
        with self._lock:
            logits = np.concatenate([self._forward(batch[k:k + CHUNK]) for k in range(0, len(batch), CHUNK)])
        logits = logits - logits.max(axis=1, keepdims=True)
        e = np.exp(logits)
        return e / e.sum(axis=1, keepdims=True)

    def _forward(self, batch: np.ndarray) -> np.ndarray:
        self._net.setInput(batch)
        return self._net.forward().reshape(len(batch), -1)

    def patches(self, image: np.ndarray, dice: list[tuple[float, float, float]]) -> np.ndarray:
        """The patches of these (centre x, centre y, extent) as this model reads them, from a grey
        or a colour (BGR) image (converted to what the model was trained on)."""
        if self.channels == 3 and image.ndim == 2:
            image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
        elif self.channels == 1 and image.ndim == 3:
            image = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        return face_patches(image, dice, size=self.patch, context=self.context)

    def steady_guess(self, image: np.ndarray, dice: list[tuple[float, float, float]]) -> list[FaceGuess]:
        """Like ``guess``, averaged over the die turned four ways and mirrored: a face reads the
        same every way round, a fluke of one view does not (for the network reading alone)."""
        if not dice:
            return []
        views = []
        for p in self.patches(image, dice):
            views += [np.rot90(p, k) for k in range(4)] + [np.rot90(p[:, ::-1], k) for k in range(4)]
        probs = self.probabilities(np.stack(views)).reshape(len(dice), 8, -1).mean(axis=1)
        out = []
        for p in probs:
            v = int(p.argmax())
            out.append(FaceGuess(v, float(p[v]), tuple(float(q) for q in p)))
        return out

    def wary_steady_guess(self, image: np.ndarray, dice: list[tuple[float, float, float]], *,
                          moved_once: bool = False, asked_from: float = 0.0) -> list[FaceGuess]:
        """``steady_guess``, unless the most doubting of the steady guesses of the patch moved by
        STEADY_JITTER of its extent, each of eight ways, takes it first for a die with no readable
        face, doubting it more than STEADY_JITTER_MAX and than the unmoved look: then that one
        (see STEADY_JITTER). ``moved_once``: the single look (``guess``) at each moved patch
        instead, 8 patches a die rather than 64. ``asked_from``: only of dice the steady look
        doubts at least this."""
        steady = self.steady_guess(image, dice)
        asked = [k for k, guess in enumerate(steady) if guess.faceless >= asked_from]
        if STEADY_JITTER is None or not asked:
            return steady
        moves = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
        look = self.guess if moved_once else self.steady_guess
        moved = look(image, [(x + dx * STEADY_JITTER * e, y + dy * STEADY_JITTER * e, e)
                             for x, y, e in (dice[k] for k in asked) for dx, dy in moves])
        out = list(steady)
        for n, k in enumerate(asked):
            most = max(moved[n * len(moves):(n + 1) * len(moves)], key=lambda g: g.faceless)
            if most.value == FACELESS_DIE and most.faceless > max(steady[k].faceless, STEADY_JITTER_MAX):
                out[k] = most
        return out

    def guess(self, image: np.ndarray, dice: list[tuple[float, float, float]]) -> list[FaceGuess]:
        """One guess per (centre x, centre y, extent) in the image (grey or BGR)."""
        if not dice:
            return []
        probabilities = self.probabilities(self.patches(image, dice))
        return [FaceGuess(v, p[v], tuple(p)) for v, p in zip(probabilities.argmax(axis=1).tolist(),
                                                             probabilities.tolist())]


@lru_cache(maxsize=1)
def default_classifier() -> FaceClassifier:
    """The shipped model, loaded on first use."""
    return FaceClassifier()


# How the reader weighs the network against the pip-layout check (vision.reader). Chosen on the
# training photos and synthetic frames outside the benchmark's seeds; see BENCHMARKS.md.
AGREE_MIN = 0.2        # the pips fit a layout: the network gives that value at least this
RIVAL_MARGIN = 2.0     # ... unless its first choice is another face, this many times as likely
MIDDLE_PIP_RIVAL = 0.5   # the pips read a 2 or a 4: the network's 3 or 5 (the same face and a middle
                         # pip a glare may wash out) this many times its 2 or 4 is a disagreement
                         # (0: no such test)
AGREE_NO_FACE_MAX = 0.05   # and "no readable face here" (no die, or a leaning or half-hidden one) at most this
SQUARE_NO_FACE_MAX = 0.3  # the same for a die whose outline is square round its face
ALONE_MIN = 0.85       # no pip layout fitted: the network alone (a steady guess), at least this sure
OFF_MIDDLE_ALONE_MIN: float | None = 0.9    # ... where the pips lay out a face off the outline's middle
                       # (OFF_MIDDLE): one pip found off it, the others dim, the network reads a
                       # face without them (the test split's IMG_20191209_095526 brighter or cooler:
                       # a blue 3, its middle pip dim, read 2 at 0.86-0.89). 2026-12-01: 2 of the
                       # 200 photos and 1-2 frames of each 2,000 rendered right -> unsure (None:
                       # ALONE_MIN)
OFF_MIDDLE_LONE_PIP_MIN: float | None = 0.6  # ... but from this, seen from above with one pip found
                       # (``judge``'s lone_pip) and read plainly flat (PLAIN_NO_FACE_MAX): a real
                       # die photographed at an angle shows its side, which widens its outline, and
                       # of red pips on a dark die the pip finder finds one. Of 37 such real dice,
                       # the network read 19 plainly at 0.5-0.9, every one right; on the rendered
                       # frames from above, every one at 0.5-0.9 (7). 2026-12-02: 4 more dice of
                       # the 200 photos read right, 2 photos right, not unsure; of 32,000 rendered
                       # readings (the benchmark's and fresh 723000-735000, both ways), 5 right, not
                       # unsure; none wrong, nor as other cameras take the photos (None: not asked)
OFF_MIDDLE_LONE_PIP_FACES = (1, 3, 5, 6)    # ... a 1, 3, 5 or 6: a 3 or a 5 whose middle pip is dim
                       # shows a lone corner pip too, and the network reads it a 2 or a 4 (095526)
OFF_MIDDLE_LONE_PIP_RIVAL: float | None = 0.35  # ... and a 3 or a 5 only where the network's 2 or 4
                       # (the same face without its middle pip) is under this x its own: a swirl
                       # in a marbled 2's middle read it 3 at 0.62, 2 at 0.33 (095735 under warmer
                       # light). None: not asked
ALONE_NO_FACE_MAX = 0.02     # the scan's windows, and their steady guess: "no readable face" at most this
PLAIN_NO_FACE_MAX = 0.03     # a die the pips could not read, read by the network's steady guess alone
NO_LAYOUT_NO_FACE_MAX: float | None = 0.1  # ... the same where its pips were found but lay out no face
                             # and are no more than the face it reads (one smudged or hidden): flat
                             # dice so measure 0.03-0.1 often (of 157 flat ones left unread so at 0.05
                             # in 4,900 rendered frames, 900 of them with a leaning die each, 81
                             # measured 0.05-0.1; the 3 leaning ones 0.36 and more, though fresh
                             # 427976's leaning 1 measures 0.02 and was read wrong at 0.05 already).
                             # More pips than the face may be a leaning die's side in view (fresh
                             # 425864: 5 for a 3, 0.032), and keep PLAIN_NO_FACE_MAX (None:
                             # PLAIN_NO_FACE_MAX always)
NO_LAYOUT_MISSING_MAX: int | None = 3  # ... and at most this many fewer than the face it reads:
                             # fewer pips found than that is no face smudged but one the pips
                             # hardly show (fresh 673052 calibrated: a 6 leaning on a 4 under a
                             # glare, two spots found, the network's 6 at 0.88 doubted 0.084, read ok).
                             # 2026-12-01: that frame unsure; 2 right -> unsure (fresh 673788,
                             # cal's 11899: 6s with two spots found); none of syn, every(c), clean
                             # or the real photos changed (None: any number fewer)
NO_LAYOUT_EXTRA_SURE: float | None = 0.9  # ... and one pip more than the face it reads, where it
                             # reads that face at least this surely: a glare or a glint on the face
                             # found as a pip (fresh 754751: a 3 under a glare, four spots, read 3 at
                             # 0.92, doubted 0.06). Of the dice its steady guess names a face of at
                             # 0.85 and more on 8,000 rendered frames (745000-752999), none was a
                             # leaning die or another face; but a leaning die shows its side's pips as
                             # spots more, and the network can read one flat as surely (fresh 425864:
                             # a 3 leaning, five spots, 0.96, doubted 0.03): not two more
                             # (NO_LAYOUT_EXTRA_MAX). 2026-12-04: of the benchmark's 2,000 both ways
                             # and fresh 741000-753999 (16,000 readings), 40 frames unsure -> right,
                             # none wrong; the lean, hard, every and clean sets and the real photos
                             # read the same (None: not asked, as before)
NO_LAYOUT_EXTRA_MAX = 1      # ... at most this many spots more than the face
NO_LAYOUT_FEW_PIPS_NO_FACE_MAX: float | None = 0.05  # ... and more than NO_LAYOUT_MISSING_MAX
                             # fewer pips than the face: up to this (a 6 a glare left two spots of:
                             # fresh 753545, 6 at 0.95, doubted 0.038; of nine flat ones so left
                             # unread in 745000-752999, five measure 0.030-0.035, the others up to
                             # 0.077), under the leaning 6 of 673052 (0.084).
                             # 2026-12-04: of the benchmark's 2,000 both ways and fresh
                             # 741000-753999 (16,000 readings), 5 frames unsure -> right, none wrong;
                             # the lean, hard, every and clean sets and the real photos read the
                             # same (None: PLAIN_NO_FACE_MAX, 0.03)
GLINT_UNSQUARE_NO_FACE_MAX: float | None = 0.05  # ... but where one of those pips differs in colour
                             # from the others (NO_LAYOUT_GLINT: a glint, a stain, a pip a glare
                             # washed out) on a die not plainly flat, no more than this: a glare
                             # lights a leaning die's face. Fresh 632026 (both ways): a 3 leaning
                             # under a glare, its side in view, measured 0.052 and 0.085 and was read
                             # ok. 2026-12-01: that frame unsure both ways; of the fresh sets
                             # 623000-631000 (both ways, 20,000 readings), 13 frames right ->
                             # unsure; no other judged frame changed (the benchmark's 2,000 both
                             # ways, leaning, hard, every style, clean, the real photos). Asked of
                             # every die not plainly flat read so (not only with such a pip), 27
                             # benchmark frames more unsure (None: NO_LAYOUT_NO_FACE_MAX)
NO_PIPS_NO_FACE_MAX: float | None = 0.07   # ... and where no pips were found on it (a glare, a small
                             # blurred die): flat dice so measure 0.03-0.09 often, dice leaning 0.18 and
                             # more mostly. 0.05 until 2026-11-30: flat 6s the glare or the blur left no
                             # pips on measure 0.062-0.063 (the benchmark's 11321, 10946 calibrated).
                             # 0.09 that morning, 0.07 since the evening: fresh 615550 calibrated, a 6
                             # leaning on a 2, measured 0.08 (flat dice the benchmark reads at 0.09
                             # and not at 0.07: 11640, 11216 calibrated) (None: PLAIN_NO_FACE_MAX)
STEADY_NO_FACE_MAX: float | None = 0.065  # the pips fit a layout, and the network's single look
                             # doubts the face is flat more than it may: its steady guess (turned
                             # four ways and mirrored) of that value, doubting it at most this, reads
                             # it. A single look's doubt of a flat die is often a fluke of how the die
                             # is turned (0.05-0.8 on flat dice, most seen from above, side in view);
                             # of 279 leaning or half-hidden dice so doubted on rendered frames, one
                             # measured under 0.1 steadily (0.071, a die half under the cup's rim), and
                             # 272 over 0.4; of 76 flat ones, 35 under 0.05. A face off its
                             # outline's middle (OFF_MIDDLE) is judged on the network's steady guess
                             # too, as faces the pips read no other way are, up to this: of 160
                             # leaning dice so judged left unread, none under 0.66; two leaning ones
                             # its single look read plainly flat (0.006, 0.021) measure 0.097 and
                             # 0.094 steadily; of 99 flat ones it read so, 5 over 0.05 (None: neither;
                             # a face off its middle judged on a single look, up to PLAIN_NO_FACE_MAX).
                             # 0.05 until 2026-11-28: flat dice cut from a touching neighbour measure
                             # 0.053-0.062 steadily (the benchmark's 10048, 10207, 10348), under the
                             # least a leaning die was seen to (0.071); the lean and hard sets read
                             # no frame ok at 0.065, and only flat dice more
STEADY_SQUARE_NO_FACE_MAX: float | None = 0.1   # ... and up to this for a die lying flat (``square``):
                             # flat 1s and 5s the single look doubts 0.33-0.51, over SQUARE_NO_FACE_MAX,
                             # steadily 0.077-0.086 (the benchmark's frames 10943, 11156; 11088's 0.063
                             # is under STEADY_NO_FACE_MAX since it became 0.065); the
                             # lone leaning dice read flat so far measure 0.35-0.42 steadily, and no
                             # frame of the lean and hard sets was read ok at 0.2 (None: STEADY_NO_FACE_MAX)
STEADY_AGREE_MIN = 0.9       # ... giving that value at least this
STEADY_SQUARE_DOUBTED_MAX: float | None = 0.3   # a die lying flat (``square``) whose pips fit a
                             # layout and whose single look doubts it more than SQUARE_NO_FACE_MAX
                             # (else read on that look): its steady look giving that value first,
                             # at least STEADY_SQUARE_DOUBTED_AGREE, and doubting it at most this,
                             # reads it. Of the 23 flat dice so doubted in the benchmark's 2,000,
                             # hard and lean, 18 measure 0.3 or less steadily, 6 of them over 0.1
                             # and under STEADY_AGREE_MIN sure (black and wooden dice, noise, blur:
                             # the benchmark's 10202, 10513, 11414); the 11 leaning dice square
                             # round their face the single look so doubts, 0.71 and more. 2026-12-02:
                             # 2-11 frames of each 2,000 fewer unsure, none read wrong (the
                             # benchmark's both ways, fresh 723000-729000 both ways; BENCHMARKS.md)
                             # (None: only as STEADY_SQUARE_NO_FACE_MAX says)
STEADY_SQUARE_DOUBTED_AGREE = 0.6   # (the pips' value 0.6 sure is its first choice: the rest of
                             # the steady look, under 0.4, is the doubt and the other five faces)
STEADY_OVERRULES_MAX: float | None = 0.9   # ... where the single look saw a die with no readable
                             # face (FACELESS_DIE) less surely than this: a look that sure is no fluke
                             # of how the die is turned (fresh 558846, a purple 4 leaning by the rim
                             # from above: single 0.975, steady 0.956 a 4) (None: any)
STEADY_LEANING_MIN: float | None = 0.3   # the pips fit a layout and the single look reads that face,
                             # doubting it at least STEADY_ASKED_FROM: its steady guess doubting it
                             # more than this makes it leaning. Lone leaning dice, their side as grey
                             # as the tray, read flat (fresh 363482, 371491, 393710: 0.07-0.17 single,
                             # 0.35-0.42 steady); of the 4,801 dice so read in the benchmark's 2,000
                             # (one leaning), 1,289 doubted 0.01 or more, 4 flat ones of them over 0.3
                             # steadily (None: not asked)
STEADY_ASKED_FROM = AGREE_NO_FACE_MAX   # (the single look's doubt of a plainly flat face: a
                             # face it reads so plainly is not second-guessed. Asked from 0.01, the
                             # steady look doubted a flat white 2 in the tray's corner of clean frame
                             # 40179, 0.30 against 0.04, and the everyday frame was unsure; from 0.05
                             # no other frame's verdict changes in the benchmark's 2,000, fresh
                             # 443000's (one die more read in a frame unsure for its leaning die),
                             # lean or hard, either way. Asked of every die, the steady look would
                             # cost 7 more patches a die)
UNSQUARE_STEADY_ASKED_FROM: float | None = 0.03   # the same, of a die not lying plainly flat
                             # (its outline not square round its face, ``square`` False): fresh
                             # 584436c's 1 leaning on the rim from above, its side past the rim,
                             # was doubted 0.049 by the single look, read. (None: STEADY_ASKED_FROM)
UNSQUARE_STEADY_LEANING_MIN: float | None = 0.2  # ... and the steady doubt over which such a die
                             # is leaning (that 1: 0.21; fresh 496266c's leaning die too). Of the
                             # benchmark's 2,000 both ways, one frame more unsure (10696, a flat
                             # 1); no other set's verdicts changed. Asked of square dice too (0.04
                             # and 0.2), 9 frames more there, 8 of them flat dice square round
                             # their face. (None: STEADY_LEANING_MIN)
SQUARE_STEADY_ASKED_FROM: float | None = 0.03   # a die lying plainly flat (``square``) whose
                             # single look doubts it this much, if less than STEADY_ASKED_FROM, is
                             # asked the steady look too, and is leaning where that doubts it more
                             # than SQUARE_STEADY_LEANING_MIN: fresh 677949, under the cup, an Asian
                             # 4 leaning, square round its face, dimmer than its neighbours: single
                             # 0.041, steady 0.49 (calibrated, doubted 0.26 and 0.53). Of 818 flat
                             # dice so asked in 8,800 frames (syn, fresh 677000-683000
                             # uncalibrated, every, lean, hard, clean), steadily doubted at most
                             # 0.16 but two: 40179's (clean, 0.30) and 681769's (a black die, 0.53,
                             # doubted). (None: asked from STEADY_ASKED_FROM)
SQUARE_STEADY_LEANING_MIN = 0.4
STEADY_JITTER: float | None = 0.04   # x the patch's extent: where the reader judges a face whose
                             # pips fit a layout on the network's steady guess, it asks it again
                             # of the patch moved this far each of eight ways; where one of those
                             # takes it first for a die with no readable face (FACELESS_DIE), over
                             # STEADY_JITTER_MAX, that is the look judged. A leaning die's doubt
                             # hangs on its framing: fresh 407603's leaning 5, 0.094 steadily,
                             # measured 0.047 with its outline two pixels over; fresh 545441's and
                             # 418830c's leaning dice, read flat at 0.05-0.23, measure 0.53-0.58
                             # moved, a faceless die first. Flat dice the benchmark's frames read
                             # moved measure up to 0.48 but mostly keep their face first. Of
                             # dice the network reads alone, asked only as STEADY_JITTER_ALONE_FROM
                             # says: asked of every one as here, 64 patches each, a 30-dice frame's
                             # median went 141 -> 354 ms (None: not asked, on either path)
STEADY_JITTER_MAX = 0.3      # ... (doubting their face at least this)
STEADY_JITTER_ALONE_FROM: float | None = 0.05   # a die the network reads alone whose steady
                             # look doubts it at least this is asked the moved look too, with the
                             # single look at each moved patch (8 patches a die): fresh 517162's
                             # and 473495c's leaning dice, read alone at 0.07 and 0.064, measure
                             # 0.91 and 0.55 moved, a faceless die first. Of 354 dice read alone in
                             # 400 benchmark frames, 25 are doubted this much; asked of all, a
                             # 2-dice frame took about 4% longer, a 30-dice one 20% (None: not asked)
COUNT_AGREE_MIN = 0.6  # no layout fitted, but as many pips found as the network's guess: this sure
NO_LAYOUT = "a face matches no pip layout"   # how vision.reader's reasons for that begin
NO_LAYOUT_GLINT = NO_LAYOUT + " (a glint or a stain looks like a pip)"   # ... where a pip's colour
                                             # stands apart from the others'
NO_PIPS = "a face shows no pips"             # vision.reader's reason for that
OFF_MIDDLE = "a die is leaning (its face is not flat on the tray)"   # ... and for a face off its
                                             # outline's middle

LEANING = "a die is leaning or partly hidden (its face is not flat and whole)"
DISAGREE = "a face is unclear: its pips and its look give different values"


def judge(classic: tuple[int, float, float, float] | str, guess: FaceGuess,
          centre: tuple[float, float], *, square: bool = False,
          pips_seen: int | None = None, steady: FaceGuess | None = None,
          count_fits: bool = True, lone_pip: bool = False) -> tuple[int, float, float, float] | str:
    """The reader's verdict on one die from the pip-layout check (``classic``: value, confidence,
    x, y, or why it could not read the face) and the network's guess. Returns the same shape.
    ``square``: the die's outline is a square with the face in its middle, as a leaning die's
    (its side in view) is not, or its 4+ pips lay out a face seen square on, as a leaning die's
    (foreshortened) do not (see ``vision.reader``): the network's doubt that the face is flat
    counts for less. ``pips_seen``: how many pips the reader found on a face
    they lay out no face of (a pip hidden, a stray one): the network's steady guess of that same
    number is taken less surely. ``steady``: where the pips fit a layout and ``guess`` is the
    network's single look, its steady guess (``steady_guess``) on the same patch: it may clear
    that look's doubt that the face is flat (STEADY_NO_FACE_MAX; for a ``square`` die also
    STEADY_SQUARE_DOUBTED_MAX, less surely), or doubt a face that look read (STEADY_LEANING_MIN;
    UNSQUARE_STEADY_LEANING_MIN where not ``square``). ``count_fits``: the
    pips seen lie as that many of the network's face would (two pips as far apart as a 2's): else
    their count agreeing with it reads nothing (COUNT_AGREE_MIN). ``lone_pip``: seen from above,
    the pips found are one pip, off the outline's middle (OFF_MIDDLE_LONE_PIP_MIN)."""
    if not isinstance(classic, str):
        value, confidence, x, y = classic
        steady_max = STEADY_NO_FACE_MAX
        if square and steady_max is not None and STEADY_SQUARE_NO_FACE_MAX is not None:
            steady_max = max(steady_max, STEADY_SQUARE_NO_FACE_MAX)
        if (steady is not None and steady_max is not None and steady.face == value
                and steady.probability >= STEADY_AGREE_MIN and steady.faceless <= steady_max
                and (STEADY_OVERRULES_MAX is None or guess.of(FACELESS_DIE) < STEADY_OVERRULES_MAX)):
            return value, min(confidence, steady.probability), x, y
        leaning_min = STEADY_LEANING_MIN
        if not square and UNSQUARE_STEADY_LEANING_MIN is not None and leaning_min is not None:
            leaning_min = min(leaning_min, UNSQUARE_STEADY_LEANING_MIN)
        if (square and SQUARE_STEADY_ASKED_FROM is not None and leaning_min is not None
                and guess.faceless < STEADY_ASKED_FROM):
            # (Asked of a face the single look hardly doubts: only a steady doubt well over
            # what flat dice measure makes it leaning.)
            leaning_min = max(leaning_min, SQUARE_STEADY_LEANING_MIN)
        if steady is not None and leaning_min is not None and steady.faceless > leaning_min:
            return LEANING
        no_face_max = SQUARE_NO_FACE_MAX if square else AGREE_NO_FACE_MAX
        # (A glare that washes out a 5's middle pip leaves a 4 the pips fit: the network, seeing
        # the faded pip, gives 4 a quarter and 5 two thirds. That is not agreement; nor is its
        # first choice a 2 of 0.53 beside a 3 of 0.39, for a 3 whose middle pip a glare took.)
        washed_out = (value in (2, 4) and MIDDLE_PIP_RIVAL > 0
                      and guess.of(value + 1) >= MIDDLE_PIP_RIVAL * guess.of(value))
        rival = washed_out or (guess.face is not None and guess.face != value
                               and guess.probability > RIVAL_MARGIN * guess.of(value))
        if guess.of(value) >= AGREE_MIN and guess.faceless <= no_face_max and not rival:
            return value, min(confidence, guess.of(value)), x, y
        doubted = guess.face is None or guess.faceless > no_face_max
        if (doubted and square and steady is not None and STEADY_SQUARE_DOUBTED_MAX is not None
                and steady.face == value and steady.probability >= STEADY_SQUARE_DOUBTED_AGREE
                and steady.faceless <= STEADY_SQUARE_DOUBTED_MAX
                and (STEADY_OVERRULES_MAX is None or guess.of(FACELESS_DIE) < STEADY_OVERRULES_MAX)):
            return value, min(confidence, steady.probability), x, y
        return LEANING if doubted else DISAGREE
    # No face read from the pips: the network's plain "this face, lying flat" reads it alone.
    # That overrules the pips' "a die is leaning" too (its face off its outline's middle): a die
    # leaning shows its side, but so does a flat die photographed at an angle, and on 300
    # rendered frames with leaning dice the network never said so of one.
    no_face_max = PLAIN_NO_FACE_MAX
    # Pips counted on a face they lay out no face of: how many short of the face the network
    # reads (a pip or so smudged; under 0, spots more: one, read surely, a glare found as a pip;
    # far short, a face a glare left a spot or two of).
    short = (guess.face - pips_seen if classic.startswith(NO_LAYOUT) and guess.face is not None
             and pips_seen is not None else None)
    few = short is not None and NO_LAYOUT_MISSING_MAX is not None and short > NO_LAYOUT_MISSING_MAX
    extra_spot = (short is not None and short < 0 and NO_LAYOUT_EXTRA_SURE is not None
                  and guess.probability >= NO_LAYOUT_EXTRA_SURE and -short <= NO_LAYOUT_EXTRA_MAX)
    if NO_LAYOUT_NO_FACE_MAX is not None and short is not None and (short >= 0 or extra_spot) and not few:
        no_face_max = NO_LAYOUT_NO_FACE_MAX
        if not square and GLINT_UNSQUARE_NO_FACE_MAX is not None and classic == NO_LAYOUT_GLINT:
            no_face_max = min(no_face_max, GLINT_UNSQUARE_NO_FACE_MAX)
    elif NO_LAYOUT_FEW_PIPS_NO_FACE_MAX is not None and few:
        no_face_max = NO_LAYOUT_FEW_PIPS_NO_FACE_MAX
    elif NO_PIPS_NO_FACE_MAX is not None and classic == NO_PIPS:
        no_face_max = NO_PIPS_NO_FACE_MAX
    elif STEADY_NO_FACE_MAX is not None and classic == OFF_MIDDLE:
        no_face_max = STEADY_NO_FACE_MAX
    plain = guess.face is not None and guess.faceless <= no_face_max
    alone_min = OFF_MIDDLE_ALONE_MIN if OFF_MIDDLE_ALONE_MIN is not None and classic == OFF_MIDDLE else ALONE_MIN
    # (A 3 or a 5 whose 2 or 4 the network gives nearly as much: its middle pip may be a swirl.)
    middle_in_doubt = (OFF_MIDDLE_LONE_PIP_RIVAL is not None and guess.face in (3, 5)
                       and guess.of(guess.face - 1) >= OFF_MIDDLE_LONE_PIP_RIVAL * guess.probability)
    if (lone_pip and OFF_MIDDLE_LONE_PIP_MIN is not None and classic == OFF_MIDDLE and not middle_in_doubt
            and guess.face in OFF_MIDDLE_LONE_PIP_FACES and guess.faceless <= PLAIN_NO_FACE_MAX):
        alone_min = min(alone_min, OFF_MIDDLE_LONE_PIP_MIN)
    if plain and (guess.probability >= alone_min or (
            classic.startswith(NO_LAYOUT) and count_fits and guess.face == pips_seen
            and guess.probability >= COUNT_AGREE_MIN)):
        return guess.value, guess.probability, centre[0], centre[1]
    return classic


SCAN_STEP = 0.2            # x the die's side between windows
SCAN_EXTENTS = (1.1, 1.35)  # x the side: a die's upright box, square on to turned 45 degrees
SCAN_MIN = 0.98            # a scanning window (one view) must be this sure
SCAN_SUPPORT = 2           # windows round a die that must agree (one lucky window is not a die)
SCAN_OFFSET_PASS = True    # a second grid half a step off the first looks again between its windows


def find_faces(classifier: FaceClassifier, image: np.ndarray, regions: list[tuple[int, int, int, int]],
               side: float, taken: list[tuple[float, float]]) -> list[tuple[int, float, float, float]]:
    """Dice the blobs missed: slide the network over ``regions`` (x, y, w, h boxes, such as a
    clump of touching dice) and keep a die only where several neighbouring windows read the same
    face, very surely, away from every die in ``taken``, and that face is its steady guess too
    (turned four ways and mirrored). Returns (value, probability, x, y).

    The windows lie on a grid; a die between its points can be missed. With ``SCAN_OFFSET_PASS``
    a second grid, half a step off the first, looks again away from the dice the first found:
    the first grid's dice stay as they were, and the second only adds dice of its own."""
    found = _scan(classifier, image, regions, side, taken, 0.0)
    if SCAN_OFFSET_PASS:
        found += _scan(classifier, image, regions, side, list(taken) + [(x, y) for _, _, x, y in found], 0.5)
    return found


def _scan(classifier: FaceClassifier, image: np.ndarray, regions: list[tuple[int, int, int, int]],
          side: float, taken: list[tuple[float, float]], offset: float) -> list[tuple[int, float, float, float]]:
    """One grid of find_faces' windows, ``offset`` x a step from the regions' corners each way."""
    h, w = image.shape[:2]
    step = SCAN_STEP * side
    shift = offset * step
    # Worked out on arrays (hundreds of windows, dozens of dice taken): the same windows in the
    # same order, the same tests, as window-by-window loops would give.
    taken_x = np.array([tx for tx, _ in taken], float)
    taken_y = np.array([ty for _, ty in taken], float)
    centres: list[np.ndarray] = []
    for bx, by, bw, bh in regions:
        xs = (np.arange(bx + 0.3 * side + shift, bx + bw - 0.3 * side + 1e-6, step) if bw > 0.6 * side
              else [bx + bw / 2 + shift])
        ys = (np.arange(by + 0.3 * side + shift, by + bh - 0.3 * side + 1e-6, step) if bh > 0.6 * side
              else [by + bh / 2 + shift])
        grid_x, grid_y = np.meshgrid(np.asarray(xs, float), np.asarray(ys, float))   # row by row
        px, py = grid_x.ravel(), grid_y.ravel()
        keep = (0 <= px) & (px < w) & (0 <= py) & (py < h)
        if len(taken):
            keep &= (np.hypot(px[:, None] - taken_x[None, :], py[:, None] - taken_y[None, :])
                     > 0.6 * side).all(axis=1)
        centres.append(np.stack([px[keep], py[keep]], axis=1))
    at = np.concatenate(centres) if centres else np.zeros((0, 2))
    if not len(at):
        return []
    extents = [e * side for e in SCAN_EXTENTS]
    points = [(float(x), float(y), e) for x, y in at.tolist() for e in extents]
    guesses = classifier.guess(image, points)
    xs_all = np.repeat(at[:, 0], len(extents))
    ys_all = np.repeat(at[:, 1], len(extents))
    values = np.array([g.value for g in guesses])
    probability = np.array([g.probability for g in guesses])
    sure = [(g.probability, k) for k, g in enumerate(guesses)
            if g.face is not None and g.probability >= SCAN_MIN and g.faceless <= ALONE_NO_FACE_MAX]
    found: list[tuple[int, float, float, float]] = []
    for p, k in sorted(sure, reverse=True):
        x, y, _ = points[k]
        value = guesses[k].value
        if any(np.hypot(x - fx, y - fy) < 0.8 * side for _, _, fx, fy in found) or (
                len(taken) and (np.hypot(x - taken_x, y - taken_y) < 0.8 * side).any()):
            continue
        distance = np.hypot(xs_all - x, ys_all - y)
        near = distance <= 0.25 * side
        agree = near & (values == value) & (probability >= 0.9)
        other = near & (values != value) & (values >= 1) & (values <= 6) & (probability >= 0.5)
        if np.count_nonzero(agree) < SCAN_SUPPORT or other.any():
            continue
        # The die's centre: the middle of every window that reads it (they surround it), not the
        # surest one (a window well off centre can still be sure).
        around = (distance <= 0.5 * side) & (values == value) & (probability >= 0.5)
        cx = float(np.mean(xs_all[around]))
        cy = float(np.mean(ys_all[around]))
        if any(np.hypot(cx - fx, cy - fy) < 0.8 * side for _, _, fx, fy in found):
            continue
        found.append((value, p, cx, cy))
    if found:
        # One window's view can be a fluke of its framing (a leaning die whose side the window
        # cut off): a die is kept only if the network sees the same face every way round, plainly.
        steady = classifier.steady_guess(image, [(x, y, SCAN_EXTENTS[0] * side) for _, _, x, y in found])
        found = [f for f, g in zip(found, steady) if g.value == f[0] and g.faceless <= ALONE_NO_FACE_MAX]
    return found
