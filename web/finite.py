"""JSON every browser can parse: a number that is not finite is written as null.

Python's json writes Infinity and NaN, which are not JSON: JSON.parse refuses the whole state,
and the wall and the phones stop following the game (a foul pot overflowed by a fine of 1e308
did it). The guard is here, where the state leaves for the browsers, whatever made the number.
"""

from __future__ import annotations

import json
import math
from typing import Any

from flask.json.provider import DefaultJSONProvider


def finite(value: Any) -> Any:
    """``value`` with every float that is not finite (inf, -inf, nan) replaced by None."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [finite(v) for v in value]
    return value


def dumps(value: Any, **kwargs: Any) -> str:
    """json.dumps, with numbers that are not finite written as null."""
    try:
        return json.dumps(value, allow_nan=False, **kwargs)
    except ValueError:          # only then walk the whole value: a state is nearly always finite
        return json.dumps(finite(value), allow_nan=False, **kwargs)


class FiniteJSONProvider(DefaultJSONProvider):
    """Flask's JSON (jsonify, the templates' tojson) through ``dumps`` above."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        kwargs.setdefault("default", self.default)
        kwargs.setdefault("ensure_ascii", self.ensure_ascii)
        kwargs.setdefault("sort_keys", self.sort_keys)
        return dumps(obj, **kwargs)
