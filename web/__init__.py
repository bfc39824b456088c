"""The wall scoreboard, the table control page and the JSON API (Flask).

``create_app(table, pin=..., secret_key=...)`` builds the app around a
:class:`web.services.TableService`; ``device`` hands in its ``Table``, tests hand in theirs.
"""

from .app import create_app, stop_streams

__all__ = ["create_app", "stop_streams"]
