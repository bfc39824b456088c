"""dicetable's rules engine: pure Python, no I/O, no third-party imports.

Each game is one module registered by its record name; import this package and look a game up
with :func:`engine.core.game_class` or start one from a record header with
:func:`engine.record.new_game`.
"""

from . import deceit, farkel, kuriki, liars, mia  # noqa: F401  (registers the games)
from .core import GAMES, Game, Options, Outcome, Verdict, game_class
from .errors import EngineError, IllegalAction, LineError, RecordError
from .record import Session, new_game, replay

__all__ = ["GAMES", "Game", "Options", "Outcome", "Verdict", "game_class", "EngineError",
           "IllegalAction", "LineError", "RecordError", "Session", "new_game", "replay"]
