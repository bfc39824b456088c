"""`dicetable replay FILE`: the standings as JSON, or one clear line on stderr."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from device.cli import main

HEADER = {"game": "kuriki", "players": ["Ann", "Bob", "Cy"]}


def write(tmp_path: Path, *lines: object, name: str = "game.jsonl") -> Path:
    path = tmp_path / name
    path.write_text("\n".join(line if isinstance(line, str) else json.dumps(line) for line in lines) + "\n",
                    encoding="utf-8")
    return path


def run(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def one_error_line(err: str) -> str:
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


def test_prints_the_standings_as_one_json_object(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, HEADER,
                 {"by": "Ann", "do": "declare", "call": "walnuts", "dice": [6, 3]},
                 {"by": "Bob", "do": "pull"},
                 {"by": "Cy", "do": "foul", "kind": "peek"})
    code, out, err = run(path, capsys)
    assert code == 0 and err == ""
    standings = json.loads(out)
    assert standings["game"] == "kuriki" and standings["over"] is False and standings["to_act"] == "Bob"
    ann, bob, cy = standings["players"]
    assert (ann["name"], ann["lives"], ann["out"]) == ("Ann", 4, False)
    assert bob["lives"] == 5 and cy["fouls"] == 1 and ann["kurikis"] == 0
    assert standings["tarted"] is None and standings["pot"] == 0.25


def test_illegal_action_names_file_and_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, {"game": "kuriki", "players": ["Ann", "Bob"]},
                 {"by": "Ann", "do": "declare", "call": "8", "dice": [4, 4]},
                 {"by": "Bob", "do": "pass"},
                 {"by": "Bob", "do": "pass"})
    code, out, err = run(path, capsys)
    assert code == 1 and out == ""
    assert one_error_line(err) == f"{path}: line 4: Bob already passed on this roll"


@pytest.mark.parametrize("lines,expected", [
    ([HEADER, '{"by": "Ann", "do": "declare", "call": '], "line 2: not valid JSON"),
    (['{"game": "yahtzee", "players": ["Ann", "Bob"]}'], 'line 1: unknown game "yahtzee"'),
    ([HEADER, {"by": "Zed", "do": "pass"}], 'line 2: unknown player "Zed"'),
    ([HEADER, {"by": "Ann", "do": "declare", "call": "pinecones", "dice": [4, 4]}],
     'line 2: unknown call "pinecones"'),
    ([HEADER, {"by": "Ann", "do": "declare", "call": "walnuts", "dice": [4, 9]}],
     "line 2: dice: 9 is not a die face (1-6)"),
    ([HEADER, {"by": "Ann", "do": "declare", "call": "walnuts", "dice": [0, 4]}],
     "line 2: dice: 0 is not a die face (1-6)"),
    ([{"game": "kuriki", "players": ["Ann", "Bob"], "options": {"jokers": 2}}], 'line 1: unknown option "jokers"'),
    ([HEADER, {"by": "Ann", "do": "juggle"}], 'line 2: Kuriki has no action "juggle"'),
    ([HEADER, "[1, 2]"], "line 2: a record line must be a JSON object"),
    ([HEADER, '{"by": "Ann", "do": "pass", "x": ' + "[" * 100_000 + "]" * 100_000 + "}"],
     "line 2: not valid JSON (nested too deeply)"),
    (["", ""], "line 2: the record is empty"),
])
def test_bad_records_get_one_clear_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                       lines: list[object], expected: str) -> None:
    path = write(tmp_path, *lines)
    code, out, err = run(path, capsys)
    assert code == 1 and out == ""
    line = one_error_line(err)
    assert line.startswith(f"{path}: {expected}"), line


def test_empty_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "empty.jsonl"
    path.write_text("", encoding="utf-8")
    code, out, err = run(path, capsys)
    assert code == 1 and out == ""
    assert one_error_line(err) == f"{path}: line 1: the record is empty: it needs a header line"


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "nowhere.jsonl"
    code, out, err = run(path, capsys)
    assert code == 2 and out == ""
    assert one_error_line(err) == f"dicetable replay: cannot read {path}: No such file or directory"


def test_binary_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "photo.jpg"
    path.write_bytes(b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\xff\xfe")
    code, out, err = run(path, capsys)
    assert code == 2 and out == ""
    assert "is not a text file" in one_error_line(err)


def test_a_record_saved_with_a_byte_order_mark_replays(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    # Windows Notepad saves UTF-8 with a BOM: an owner who looked at a record there could not
    # replay it ("line 1: not valid JSON (Unexpected UTF-8 BOM ...)").
    path = tmp_path / "notepad.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(HEADER).encode() + b"\r\n"
                     + json.dumps({"by": "Ann", "do": "declare", "call": "9", "dice": [6, 3]}).encode()
                     + b"\r\n")
    code, out, err = run(path, capsys)
    assert code == 0 and err == "" and json.loads(out)["to_act"] == "Bob"


def test_undo_lines_are_replayed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, HEADER,
                 {"by": "Ann", "do": "declare", "call": "walnuts", "dice": [6, 3]},
                 {"by": "Bob", "do": "pull"},
                 {"do": "undo"})
    code, out, _ = run(path, capsys)
    standings = json.loads(out)
    assert code == 0 and [p["lives"] for p in standings["players"]] == [5, 5, 5]
    assert standings["to_act"] == "Bob"


def test_the_installed_command_runs_as_a_process(tmp_path: Path) -> None:
    good = write(tmp_path, HEADER, {"by": "Ann", "do": "declare", "call": "kuriki", "dice": [1, 2]},
                 name="good.jsonl")
    done = subprocess.run([sys.executable, "-m", "device.cli", "replay", str(good)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    standings = json.loads(done.stdout)
    assert standings["players"][0]["kurikis"] == 1 and standings["players"][1]["lives"] == 4

    bad = write(tmp_path, HEADER, {"by": "Bob", "do": "pull"}, name="bad.jsonl")
    done = subprocess.run([sys.executable, "-m", "device.cli", "replay", str(bad)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and done.stdout == ""
    assert one_error_line(done.stderr) == f"{bad}: line 2: Bob cannot pull now: Ann is the Roller and must roll and declare"


def test_a_line_cut_short_is_told_where_it_breaks_off(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    # A stored line cut short (a damaged line, as dicetable export writes it) was said to break at
    # "column 1": the column counted in the line break after it, where the parser ran out.
    cut = '{"by": "Ann", "do"'
    path = write(tmp_path, HEADER, cut, {"by": "Bob", "do": "pull"})
    code, out, err = run(path, capsys)
    assert code == 1 and out == ""
    assert one_error_line(err) == (f"{path}: line 2: not valid JSON "
                                   f"(Expecting ':' delimiter at column {len(cut) + 1})")
    crlf = tmp_path / "crlf.jsonl"
    crlf.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
    code, out, err = run(crlf, capsys)
    assert code == 1 and f"column {len(cut) + 1})" in one_error_line(err)


def test_a_dash_reads_the_record_from_standard_input(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    # `dicetable export 3 | dicetable replay -` said "cannot read -: No such file or directory".
    import io

    record = (json.dumps(HEADER) + "\n" + json.dumps({"by": "Bob", "do": "pull"}) + "\n").encode()
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"\xef\xbb\xbf" + record)))
    assert main(["replay", "-"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and one_error_line(err).startswith("standard input: line 2: Bob cannot pull now")
    good = json.dumps(HEADER) + "\n" + json.dumps({"by": "Ann", "do": "declare", "call": "9",
                                                   "dice": [6, 3]}) + "\n"
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(good.encode())))
    assert main(["replay", "-"]) == 0
    assert json.loads(capsys.readouterr().out)["to_act"] == "Bob"


def test_a_line_with_a_damaged_byte_is_named_by_its_number(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    # One byte gone wrong in line 3 made the whole record "not a text file" (exit 2, the file
    # unreadable), with no line to look at.
    path = write(tmp_path, HEADER, {"by": "Ann", "do": "declare", "call": "walnuts", "dice": [6, 3]})
    with open(path, "ab") as fh:
        fh.write(b'{"by": "B\xffb", "do": "pass"}\n')
    code, out, err = run(path, capsys)
    assert code == 1 and out == ""
    assert one_error_line(err) == f"{path}: line 3: holds bytes that are not text (a damaged line?)"
    database = tmp_path / "dicetable.sqlite3"         # its first line is UTF-8, but for a NUL
    database.write_bytes(b"SQLite format 3\x00\x10\x00\x02\x02\x00@  \x00\x00\x00\n\xff\xfe")
    code, out, err = run(database, capsys)
    assert code == 2 and out == "" and one_error_line(err).endswith(f"{database} is not a text file")


def test_a_partners_record_prints_the_team_standings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, {"game": "farkel", "players": ["Ann", "Bob", "Cy", "Dee", "Eve"],
                            "options": {"partners": [["Ann", "Cy"], ["Bob", "Dee"]], "entry": 0}},
                 {"by": "Ann", "do": "roll", "dice": [1, 1, 1, 5, 2, 3]},
                 {"by": "Ann", "do": "keep", "dice": [1, 1, 1, 5]},
                 {"by": "Ann", "do": "bank"})
    code, out, err = run(path, capsys)
    standings = json.loads(out)
    assert code == 0 and err == ""
    assert standings["teams"] == [{"name": "Ann & Cy", "players": ["Ann", "Cy"], "score": 350},
                                  {"name": "Bob & Dee", "players": ["Bob", "Dee"], "score": 0},
                                  {"name": "Eve", "players": ["Eve"], "score": 0}]
    assert standings["winners"] is None
    assert [p["team"] for p in standings["players"]] == ["Ann & Cy", "Bob & Dee", "Ann & Cy", "Bob & Dee", "Eve"]


def test_a_deceit_record_with_rounds_prints_which_round_of_how_many(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, {"game": "deceit", "players": ["Ann", "Bob", "Cy"], "options": {"rounds": 3}},
                 {"by": "Ann", "do": "declare", "call": "54", "dice": [3, 2]},
                 {"by": "Bob", "do": "pull"})
    code, out, err = run(path, capsys)
    standings = json.loads(out)
    assert code == 0 and err == ""
    assert (standings["round"], standings["rounds"]) == (2, 3)
    # Without the option nothing new is printed.
    path = write(tmp_path, {"game": "deceit", "players": ["Ann", "Bob", "Cy"]},
                 {"by": "Ann", "do": "declare", "call": "54", "dice": [3, 2]}, name="plain.jsonl")
    code, out, err = run(path, capsys)
    assert code == 0 and "round" not in json.loads(out)
