"""The end of a game's QR code, read as a phone reads it: the four scripted
games played with the buttons on the simulator (the key planner's presses,
handled and drawn as `python -m host_sim --keys ... --png DIR` does) to
the press that ends them, the screen written as the simulator's PNG and decoded by zxing-cpp (a
real decoder, not the encoder's own round trip), on every board.  The
link is BG Stats' createPlay link, and its JSON agrees with the final
view: every player, score, rank and winner; and the CLI prints the same
play (`replay FILE --bgstats`).  On every board in every language, with
the colours' names and with Cyrillic and Spanish names given to the seats,
the code is read by zxing-cpp and by zbar to the link the device made, and
the link, opened in Chromium at a page that reads its data as BG Stats'
page would, gives back every name and score."""
import html
import json
import os
import re
import shutil
import subprocess
import sys
from urllib.parse import unquote

import pytest
import zxingcpp
from PIL import Image

from bench import qrcode, scripts
from host_sim import device, keyplan, render
from firmware.games.eightmin import host as kp_eightmin
from firmware.games.origin import host as kp_origin
from firmware.games.yu import host as kp_yu
from test_micropython import micropython

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


def play_to_the_end(board, game, png, lang=None, lines=None):
    """Play the scripted game (or the game's transcript lines) on this
    board in the language with the buttons (the key planner's presses) and
    write the screen as the simulator's PNG the moment the end's code is
    on it; (the app, (the end screen, the view then))."""
    planner, script = GAMES[game]
    app, _ = device.build(board, None, SEED, lang=lang)
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
    planner.play(app, lines or script())
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
    # a screen whose code holds no more than version 5 (106 bytes): no
    # link of four players fits it in any form; the winner is on the screen
    # as with a code, and a line says there is none, whole, in the players'
    # language (no command for a player to run)
    from firmware.screenkit import playcode
    monkeypatch.setattr(playcode, "CAPACITY", playcode.CAPACITY[:5])
    for board in ("pico_oled", "pico_display"):
        app, (code, view) = play_to_the_end(board, "inca", str(tmp_path / (board + ".png")), lang="ru")
        assert code.made and code.code is None and code.link is None
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


def test_a_seat_that_scored_nothing_is_sent_with_its_score_of_0(tmp_path):
    # Origin's four, Green's sheet entered with nothing: 0 points, in the
    # end screen's code and in the replay tool's link
    lines = [ln for ln in transcript("origin_four") if not ln.startswith(("score green", "undo"))]
    lines.append("score green hand=0")
    png = str(tmp_path / "end.png")
    app, (code, view) = play_to_the_end("pico_oled", "origin", png, lines=lines)
    assert view["players"]["green"]["total"] == 0
    play = json.loads(unquote(decode(png)[len(PREFIX):]))
    assert play["players"][-1] == {"name": "Green", "score": 0}
    path = tmp_path / "origin_zero.txt"
    path.write_text("\n".join(lines) + "\n")
    r = subprocess.run([sys.executable, "-m", "host_sim", "replay", str(path), "--bgstats"], capture_output=True,
                       text=True, cwd=ROOT, timeout=60)
    assert r.returncode == 0, r.stderr
    play = json.loads(unquote(r.stdout.strip()[len(PREFIX):]))
    assert play["players"][-1] == {"name": "Green", "score": 0, "rank": 4, "winner": False}


# what a name may hold: letters beyond ASCII, what a query or
# URLSearchParams would read otherwise, JSON's own escapes, a no-break
# space and a zero-width joiner (a phone's link finder may end a link at
# them), a control character
AWKWARD = ("Владимир", "Ángel Íñigo", 'a&b+c=d#e%f"g\\h', "x\u00a0y\u200dz", "t\tu", "{[ok]}", "~-._:,")


def test_the_link_is_written_alike_by_micropython_in_every_form(tmp_path):
    # the device writes the link (MicroPython): the same bytes as here, in
    # every form; percent-encoded but the letters beyond ASCII (UTF8) and
    # the JSON's punctuation (JSON)
    from firmware.screenkit import bgstats
    script = tmp_path / "forms.py"
    script.write_text(
        "import sys, json\n"
        "sys.path.insert(0, %r)\n"
        "from firmware.screenkit import bgstats\n"
        "out = []\n"
        "for form in (0, 1, 2):\n"
        "    o = bgstats.Out(8)\n"
        "    o.form = form\n"
        "    for s in json.loads(%r):\n"
        "        o.str(s)\n"
        "    out.append([bytes(o.data()).hex(), o.wide])\n"
        "print(json.dumps(out))\n" % (ROOT, json.dumps(AWKWARD)))
    r = subprocess.run([micropython(), str(script)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout)
    want = []
    for form in (bgstats.PERCENT, bgstats.UTF8, bgstats.JSON):
        o = bgstats.Out(8)
        o.form = form
        for name in AWKWARD:
            o.str(name)
        want.append([bytes(o.data()).hex(), o.wide])
    assert got == want
    percent, utf8, raw = (bytes.fromhex(w[0]) for w in want)
    assert percent.isascii() and not want[0][1] and want[1][1] and want[2][1]
    assert "Владимир".encode() in utf8 and "Íñigo".encode() in utf8 and b"%22" in utf8 and b"{" not in utf8
    assert b'"' in raw and b"[ok]" in raw
    for each in (percent, utf8, raw):
        # what a query cannot carry, never as it is, whatever the form
        assert not set(each) & set(b"&+=# \t'<>"), each
        # and the JSON reads back as the names
        text = unquote(each.decode())
        assert json.loads("[" + text.replace('""', '","') + "]") == list(AWKWARD)
    for each in (percent, utf8):
        assert b"%C2%A0" in each and b"%E2%80%8D" in each and b"%5C" in each and b"%20" in each
    # JSON: no %, what it does not keep in a string a JSON escape
    assert b"%" not in raw and b"\\u00a0" in raw and b"\\u200d" in raw and b"\\u0020" in raw and b"\\u0025" in raw


# zxing-cpp's HexECI text of what the code says before its bytes: "]Q2\000026"
# (the ECI designator 26, UTF-8) or "]Q1" (no ECI)
HEX_UTF8 = "5D 51 32 5C 30 30 30 30 32 36 "
HEX_NO_ECI = "5D 51 31 "
# BG Stats' page, in the link; a local page in its stead reads the link's
# data as a web page does and hands what it got to the page that opened it
PAGE = "https://app.bgstatsapp.com/createPlay.html"
READER = """<!doctype html><meta charset="utf-8"><script>
var got = {href: location.href};
try { got.play = JSON.parse(new URLSearchParams(location.search).get("data")); }
catch (e) { got.error = String(e); }
parent.postMessage(JSON.stringify(got), "*");
</script>
"""
# every link in a frame of one page: what each frame got, in a <pre> once all have told
OPENER = """<!doctype html><meta charset="utf-8"><body><script>
var links = %s, frames = [], got = [], left = links.length;
window.addEventListener("message", function (e) {
  for (var i = 0; i < frames.length; i++) if (frames[i].contentWindow === e.source) got[i] = JSON.parse(e.data);
  if (--left === 0) {
    var out = document.createElement("pre");
    out.id = "got";
    out.textContent = JSON.stringify(got);
    document.body.appendChild(out);
  }
});
for (var i = 0; i < links.length; i++) {
  var f = document.createElement("iframe");
  frames.push(f);
  f.src = links[i];
  document.body.appendChild(f);
}
</script>
"""
CHROMIUM = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
            "--no-first-run", "--disable-sync", "--virtual-time-budget=20000", "--dump-dom")


def zbar(paths):
    """[the text zbar read from each PNG]: one zbarimg for them all, which
    reads them in turn (its XML output, which names each file, garbles
    bytes beyond ASCII: zbar 0.23.92)."""
    exe = shutil.which("zbarimg")
    assert exe, "zbarimg is missing: Debian's zbar-tools (tools/venv.sh installs it when run as root)"
    r = subprocess.run([exe, "-q"] + paths, capture_output=True, timeout=120)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.decode().splitlines()
    assert len(lines) == len(paths) and all(ln.startswith("QR-Code:") for ln in lines), lines
    return [ln[len("QR-Code:"):] for ln in lines]


def browse(links, folder):
    """What the reader page got from each link, opened in one Chromium."""
    exe = shutil.which("chromium")
    assert exe, "chromium is missing: Debian's chromium (tools/venv.sh installs it when run as root)"
    reader = os.path.join(folder, "createPlay.html")
    with open(reader, "w", encoding="utf-8") as f:
        f.write(READER)
    opened = ["file://" + reader + link[len(PAGE):] for link in links]
    opener = os.path.join(folder, "opener.html")
    with open(opener, "w", encoding="utf-8") as f:
        f.write(OPENER % json.dumps(opened))
    r = subprocess.run([exe] + list(CHROMIUM) + ["--user-data-dir=" + os.path.join(folder, "profile"), "file://" + opener],
                       capture_output=True, timeout=120)
    m = re.search(rb'<pre id="got">(.*?)</pre>', r.stdout, re.S)
    assert m, (r.returncode, r.stderr.decode(errors="replace")[-2000:])
    return json.loads(html.unescape(m.group(1).decode()))


def test_every_board_and_language_gives_a_code_two_decoders_and_a_browser_read_to_the_letter(tmp_path):
    # the scripted Inca game played to its end, then resumed on every
    # board in every language: its end's code with the seats' colours, and
    # with four 8-letter names in Cyrillic and with Spanish letters
    # (bench/qrcode.py; the end screen as the game's last press shows it:
    # the test above)
    from firmware.screenkit import bgstats
    folder = str(tmp_path / "data")
    os.mkdir(folder)
    qrcode.finished(folder)
    shots = []
    for board in device.BOARDS:
        for lang in qrcode.LANGS:
            words = device.words(lang, "inca")
            png = str(tmp_path / ("%s-%s-%%s.png" % (board, lang)))
            for names, screen, view in qrcode.end_codes(board, lang, folder, png):
                where = (board, lang, names)
                assert screen.code is not None, ("no code on the end screen", where)
                want = list(qrcode.NAMES[names]) if names else [words["c." + c] for c in view["standings"]]
                scores = [view["players"][c]["vp"] for c in view["standings"]]
                if screen.form == bgstats.JSON:
                    assert b"%" not in screen.link, where     # nothing to percent-encode over again
                shots.append((where, png % (names or "colours"), screen.link, want, scores))
    assert len(shots) == len(device.BOARDS) * 3 * 3
    # names beyond ASCII carried both as their UTF-8 bytes and percent-encoded
    assert any(not s[2].isascii() for s in shots)
    assert any(s[2].isascii() and not "".join(s[3]).isascii() for s in shots)
    # zxing-cpp reads the link the device made, and the code says UTF-8
    # (the ECI) where the link holds bytes beyond ASCII, and nothing where not
    for where, png, link, want, scores in shots:
        assert decode(png) == link.decode(), where
        hexeci = zxingcpp.read_barcodes(Image.open(png), text_mode=zxingcpp.TextMode.HexECI)[0].text
        assert hexeci.startswith(HEX_NO_ECI if link.isascii() else HEX_UTF8), (where, hexeci[:40])
        play = json.loads(unquote(link.decode()[len(PREFIX):]))
        assert [p["name"] for p in play["players"]] == want, where
        assert [p["score"] for p in play["players"]] == scores, where
    # zbar too (without the ECI it takes these bytes for Shift JIS)
    for (where, png, link, want, scores), read in zip(shots, zbar([s[1] for s in shots])):
        assert read == link.decode(), (where, read)
    # the links in a browser: every name back letter for letter, every
    # score, and the whole play as Python reads the link
    links = sorted(set(s[2].decode() for s in shots))
    got = dict(zip(links, browse(links, str(tmp_path))))
    for where, png, link, want, scores in shots:
        g = got[link.decode()]
        assert "error" not in g, (where, g)
        assert [p["name"] for p in g["play"]["players"]] == want, where
        assert [p["score"] for p in g["play"]["players"]] == scores, where
        assert g["play"] == json.loads(unquote(link.decode()[len(PREFIX):])), where


def _state(app):
    return json.dumps(app.play.session.state, sort_keys=True)


def _play_to_the_code(board, data, monkeypatch=None):
    """The scripted Inca game played with a journal in data to the end's
    code, made (the screen's later work); (app, the state before the last
    action, the state at the end).  monkeypatch: the code's first making
    runs out of memory, as a board's can at the end of a long game."""
    if monkeypatch is not None:
        from firmware.core import qr
        encode = qr.encode
        short = []

        def first_short(*a):
            if not short:
                short.append(1)
                raise MemoryError("memory allocation failed")
            return encode(*a)
        monkeypatch.setattr(qr, "encode", first_short)
    planner, script = GAMES["inca"]
    app, _ = device.build(board, str(data), SEED)
    app.board.seed = lambda: SEED
    states = []
    key = app.key

    class AtTheCode(Exception):
        pass

    def press(k, at=None):
        if app.play.session is not None and not app.play.view().get("over"):
            states.append(_state(app))
        key(k, at)
        app.render()        # the frame, then what the screen makes after it (the code)
        if type(app.screens.stack[-1]).__name__ == "PlayCode":
            raise AtTheCode
    app.key = press
    with pytest.raises(AtTheCode):
        planner.play(app, script())
    app.key = key
    assert app.screens.stack[-1].code is not None
    return app, states[-1], _state(app)


def test_a_game_whose_code_has_room_keeps_its_undo_in_the_heap(tmp_path):
    app, before, end = _play_to_the_code("pico_oled", tmp_path)
    assert app.play.session.base is not None and not (tmp_path / "game" / "undo-aside.txt").exists()
    assert app.play.act("undo") and _state(app) == before


def test_the_undo_at_the_end_comes_back_from_flash_where_it_was_while_the_code_was_made(tmp_path, monkeypatch):
    # where the end's code finds no room, it is made again with the
    # session's two kept copies (the undo checkpoint, the state before the
    # last action) on flash only, in a file of their own: an undo then
    # takes them back and the game goes on
    app, before, end = _play_to_the_code("pico_oled", tmp_path, monkeypatch)
    j = app.play.journal
    assert app.play.session.base is None and app.play.session.prev is None
    assert (tmp_path / "game" / "undo-aside.txt").read_text().split()[0] == str(j.records)
    app.key("undo")
    s = app.play.session
    assert s.base is not None and s.prev is not None
    assert not app.play.view()["over"] and _state(app) == before
    assert app.play.act("undo")     # further back: replayed from the checkpoint taken back
    assert app.play.act("redo") and app.play.act("redo")
    assert app.play.view()["over"] and _state(app) == end
    # the journal holds what the board resumes: the same game after a restart
    again, _ = device.build("pico_oled", str(tmp_path), SEED)
    assert _state(again) == end


def test_an_undo_kept_aside_that_cannot_be_read_back_is_lost_not_the_game(tmp_path, monkeypatch):
    app, before, end = _play_to_the_code("pico_oled", tmp_path, monkeypatch)
    for _ in range(3):      # the code and the game's results closed: the final standings
        if type(app.screens.stack[-1]).__name__ != "Home":
            app.key("ok")
            app.render()
    assert type(app.screens.stack[-1]).__name__ == "Home"
    f = tmp_path / "game" / "undo-aside.txt"
    f.write_bytes(f.read_bytes()[:-1] + b" ")     # its last byte changed
    records = app.play.journal.records
    app.key("undo")
    assert _state(app) == end and app.play.view()["over"]
    assert app.play.journal.records == records      # the refused undo wrote nothing
    assert any("could not be read back (its text is damaged)" in n for n in app.play.journal.notes)
    # the standings, their view let go of for the undo, drawn again with the note
    app.render()
    home = app.screens.stack[0]
    assert type(home).__name__ == "Home" and home.view and home.view["over"]
