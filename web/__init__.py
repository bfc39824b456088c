"""The wall scoreboard, the table control page and the JSON API (Flask)."""
