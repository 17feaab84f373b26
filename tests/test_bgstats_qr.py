"""The end of a game's QR code, read as a phone reads it: the four scripted
games played with the buttons on the simulator (the key planner's presses,
handled and drawn as `python -m host_sim --keys ... --png DIR` does) to
the press that ends them, the screen written as the simulator's PNG and decoded by zxing-cpp (a
real decoder, not the encoder's own round trip), on every board.  The
link is BG Stats' createPlay link, and its JSON agrees with the final
view: every player, score, rank and winner; and the CLI prints the same
play (`replay FILE --bgstats`)."""
import json
import os
import subprocess
import sys
from urllib.parse import unquote

import pytest
import zxingcpp
from PIL import Image

from bench import scripts
from host_sim import device, keyplan, render
from firmware.games.eightmin import host as kp_eightmin
from firmware.games.origin import host as kp_origin
from firmware.games.yu import host as kp_yu

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PREFIX = "https://app.bgstatsapp.com/createPlay.html?data="
COLOURS = {"blue": "Blue", "orange": "Orange", "green": "Green", "brown": "Brown", "red": "Red", "yellow": "Yellow"}


def transcript(name):
    with open(os.path.join(ROOT, "tests", "scenarios", name + ".txt")) as f:
        lines = [ln.split("#")[0].strip() for ln in f.read().splitlines()]
    return [ln for ln in lines if ln]


def _yu_first_game():
    lines = transcript("yu_campaign")
    second = [i for i, ln in enumerate(lines) if ln == "game-start"][1]
    return lines[:second]       # the campaign's first game, to its end


GAMES = {
    "inca": (keyplan, scripts.transcript),
    "eightmin": (kp_eightmin, lambda: transcript("eightmin_three")),
    "origin": (kp_origin, lambda: transcript("origin_four")),
    "yu": (kp_yu, _yu_first_game),
}
SEED = scripts.SEED


def play_to_the_end(board, game, png):
    """Play the scripted game on this board with the buttons (the key
    planner's presses) and
    write the screen as the simulator's PNG the moment the end's code is
    on it; (the app, the view then)."""
    planner, lines = GAMES[game]
    app, _ = device.build(board, None, SEED)
    app.board.seed = lambda: SEED      # the scripted Inca game is dealt from it
    seen = []
    key = app.key

    def press(k, at=None):
        key(k, at)
        if not seen and type(app.screens.stack[-1]).__name__ == "PlayCode":
            app.render()        # the frame of the press, as the simulator draws it
            render_png(app, png)
            seen.append((app.screens.stack[-1], app.play.view()))
    app.key = press
    planner.play(app, lines())
    assert seen, "the code never came on the screen"
    return app, seen[0]


def render_png(app, path):
    render.png(app.board.cv, path)


def decode(path):
    found = [r.text for r in zxingcpp.read_barcodes(Image.open(path)) if r.format == zxingcpp.BarcodeFormat.QRCode]
    assert found, "no QR code read from %s" % path
    assert len(set(found)) == 1
    return found[0]


def expected(view):
    """[(name, score, rank, winner)] of the final view, best first."""
    g = view["game"]
    if g == "yu":
        rec = view["last_result"]
        return [("Me", None, None, rec["result"] == "win")]
    out = []
    for c in view["standings"]:
        p = view["players"][c]
        if g == "inca":
            score, rank, won = p["vp"], p["rank"], c == view["winner"]
        elif g == "eightmin":
            score, rank, won = p["score"]["points"], p["score"]["rank"], c in view["winners"]
        else:
            score, rank, won = p["total"], p["rank"], c in view["winners"]
        out.append((COLOURS[c], score, rank, won))
    return out


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("board", ["pico_oled", "pico_display", "esp32_tdisplay"])
def test_the_end_screen_code_reads_as_the_final_standings(board, game, tmp_path):
    png = str(tmp_path / "end.png")
    app, (code, view) = play_to_the_end(board, game, png)
    text = decode(png)
    assert text.startswith(PREFIX)
    play = json.loads(unquote(text[len(PREFIX):]))
    want = expected(view)
    got = play["players"]
    assert [p["name"] for p in got] == [w[0] for w in want]
    assert [p.get("score") for p in got] == [w[1] for w in want]
    assert [p.get("winner", False) for p in got] == [w[3] for w in want]
    if game == "yu":
        # a solo play: no score, no rank (noPoints), its place in the campaign
        assert play["game"]["noPoints"] is True and got[0]["role"] == "Game 1"
        assert all("rank" not in p for p in got)
    elif any("rank" in p for p in got):
        assert [p["rank"] for p in got] == [w[2] for w in want]
    else:
        # left out only where the screen's code could not hold them (three
        # or four players): the players come in the standings' order
        assert len(got) >= 3 and [w[2] for w in want] == sorted(w[2] for w in want)
    name = {"inca": "Inca Empire", "eightmin": "Eight-Minute Empire", "origin": "Origin", "yu": "Legacy of Yu"}[game]
    assert play["game"]["name"] == name
    # the screen's code is as large as it holds: a pixel a module on the
    # 128x64 screen at least, two on the 240x135 ones; the quiet zone at
    # least one module, the standard's four where there is room
    assert code.px >= (2 if board != "pico_oled" else 1)
    assert 1 <= code.quiet <= 4
    assert (code.code.size + 2 * code.quiet) * code.px <= app.board.lay.h
    # nothing empty, no date (the simulator has no clock), no minutes (its
    # presses have no times)
    assert "playDate" not in play and "durationMin" not in play
    for p in got:
        assert all(v not in ("", None) for v in p.values())


def test_the_cli_prints_the_whole_play(tmp_path):
    r = subprocess.run([sys.executable, "-m", "host_sim", "replay", os.path.join(ROOT, "tests", "scenarios",
                        "origin_four.txt"), "--bgstats"], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert r.returncode == 0, r.stderr
    play = json.loads(unquote(r.stdout.strip()[len(PREFIX):]))
    assert play["sourceName"] == "Tabletop companion"
    assert play["game"] == {"name": "Origin", "highestWins": True}
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in play["players"]] == [
        ("Red", 51, 1, True), ("Yellow", 48, 2, False), ("Blue", 45, 3, False), ("Green", 32, 4, False)]
    # the youngest, seat 1, started
    assert [p.get("startPlayer", False) for p in play["players"]] == [False, True, False, False]
    # a game that has not ended has no play to log
    r = subprocess.run([sys.executable, "-m", "host_sim", "replay", os.path.join(ROOT, "tests", "scenarios",
                        "yu_campaign.txt"), "--bgstats"], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert r.returncode == 2 and "not ended" in r.stderr


def test_a_play_too_long_for_the_screen_names_the_winner_and_says_there_is_no_code(tmp_path, monkeypatch):
    # four players in Russian colour words (six bytes a letter in the link)
    # fit no code these screens show: the winner is on the screen as with a
    # code, and a line says there is none, whole, in the players' language
    # (no command for a player to run)
    build = device.build
    monkeypatch.setattr(device, "build", lambda board, data=None, seed=1, report=None, lang=None:
                        build(board, data, seed, report, lang="ru"))
    for board in ("pico_oled", "pico_display"):
        app, (code, view) = play_to_the_end(board, "inca", str(tmp_path / (board + ".png")))
        assert code.made and code.code is None
        from firmware.core.text import t
        drawn = []
        text = app.board.cv.text
        app.board.cv.text = lambda x, y, s, c: (drawn.append(s), text(x, y, s, c))
        code.draw(app.board.cv, app.board.lay, app)
        app.board.cv.text = text
        said = " ".join(drawn)
        assert code.lines[0] == t("q.winner") == "Победил:" and len(code.lines) >= 2, code.lines
        for line in code.lines + [t("q.too_long")]:
            assert line in said, (line, drawn)
        assert "bgstats" not in said and "README" not in said, said
        assert not zxingcpp.read_barcodes(Image.open(str(tmp_path / (board + ".png"))))
