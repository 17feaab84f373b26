"""A board's font cut down to one language (tools/fontsubset.py, run by
flash.sh) and Font.use, which reads the language's part: every word of the
language draws exactly as with the whole font, in a third of its RAM."""
import glob
import json
import os
import shutil
import subprocess
import sys

import pytest

from test_micropython import ROOT

sys.path.append(os.path.join(ROOT, "host_sim", "fakes"))   # framebuf (MicroPython's, on CPython)
sys.path.insert(0, os.path.join(ROOT, "tools"))
import framebuf  # noqa: E402
import fontsubset  # noqa: E402
import mkfont  # noqa: E402

from firmware.core.font import Font  # noqa: E402

LANGS = fontsubset.languages()


@pytest.fixture(scope="module")
def parts(tmp_path_factory):
    """A folder with both fonts and their parts, as flash.sh stages them."""
    d = tmp_path_factory.mktemp("fonts")
    for name in ("small", "large"):
        shutil.copy(os.path.join(ROOT, "assets", "fonts", name + ".fnt"), d)
        assert fontsubset.main([str(d / (name + ".fnt")), str(d)]) == 0
    return d


def words(lang):
    out = []
    for path in [os.path.join(ROOT, "assets", "lang", lang + ".json")] + \
            glob.glob(os.path.join(ROOT, "firmware", "games", "*", "lang", lang + ".json")):
        with open(path, encoding="utf-8") as f:
            out += list(json.load(f).values())
    return out


def pixels(font, text):
    w = font.advance * len(text)
    buf = bytearray(((w + 7) // 8) * font.height)
    font.draw(framebuf.FrameBuffer(buf, w, font.height, framebuf.MONO_HLSB), text, 0, 0, 1)
    return bytes(buf)


def test_every_language_has_a_part_of_each_font_and_nothing_else(parts):
    assert LANGS == ["en", "es", "ru"]
    assert sorted(os.listdir(parts)) == sorted(["%s.fnt" % n for n in ("small", "large")] +
                                               ["%s.%s.fnt" % (n, lang) for n in ("small", "large") for lang in LANGS])


@pytest.mark.parametrize("name", ["small", "large"])
@pytest.mark.parametrize("lang", LANGS)
def test_a_part_draws_every_word_of_its_language_as_the_whole_font_does(parts, name, lang):
    whole = Font(str(parts / (name + ".fnt")))
    part = Font(str(parts / (name + ".fnt")))
    part.use(lang)
    assert part.loaded.endswith("%s.%s.fnt" % (name, lang))
    assert (part.advance, part.height, part.baseline) == (whole.advance, whole.height, whole.baseline)
    # about three fifths of the whole font's bytes, what the board keeps in
    # RAM (every part has the letters of a player's name in both alphabets)
    assert len(part.file) < len(whole.file) * 0.65, (len(part.file), len(whole.file))
    checked = 0
    for text in [w for w in words(lang) if w] + ["%d" % n for n in range(0, 1000, 37)]:
        for ch in set(text):
            assert part.has(ch) == whole.has(ch), (lang, ch)
        assert pixels(part, text) == pixels(whole, text), (lang, text)
        checked += 1
    assert checked > 100
    # the marks the code draws of its own
    for ch in "\u2713":
        if whole.has(ch):
            assert part.has(ch)


def test_a_part_keeps_the_ascii_run_and_the_replacement_glyph(parts):
    for lang in LANGS:
        info = mkfont.unpack((parts / ("small.%s.fnt" % lang)).read_bytes())
        assert info["codes"][:info["run"]] == list(range(0x20, 0x7F))
        assert info["replacement"] == 0xFFFD
    en = mkfont.unpack((parts / "small.en.fnt").read_bytes())
    assert ord("»") not in en["glyphs"]      # not an English character
    ru = mkfont.unpack((parts / "small.ru.fnt").read_bytes())
    assert ord("»") in ru["glyphs"]
    # a player's name may be in either alphabet, whatever the device speaks
    for part in (en, ru):
        assert ord("Ж") in part["glyphs"] and ord("ñ") in part["glyphs"]


def test_use_goes_back_to_the_whole_font_where_a_language_has_no_part(parts, tmp_path):
    f = Font(str(parts / "small.fnt"))
    whole = len(f.file)
    f.use("ru")
    assert len(f.file) < whole
    f.use("xx")     # no small.xx.fnt
    assert f.loaded == str(parts / "small.fnt") and len(f.file) == whole
    assert pixels(f, "Инки") == pixels(Font(str(parts / "small.fnt")), "Инки")


def test_a_part_of_another_size_is_refused(parts, tmp_path):
    shutil.copy(parts / "small.fnt", tmp_path / "small.fnt")
    shutil.copy(parts / "large.en.fnt", tmp_path / "small.en.fnt")
    f = Font(str(tmp_path / "small.fnt"))
    before = pixels(f, "Inca 3")
    with pytest.raises(ValueError, match="not a part of"):
        f.use("en")
    assert f.loaded == str(tmp_path / "small.fnt") and pixels(f, "Inca 3") == before


def test_flash_sh_stages_the_parts_of_the_boards_font(tmp_path):
    out = tmp_path / "staged"
    r = subprocess.run(["./flash.sh", "--board", "pico_oled", "--stage", "--out", str(out)], cwd=ROOT,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    fonts = sorted(os.listdir(out / "assets" / "fonts"))
    assert [n for n in fonts if n.endswith(".fnt")] == ["small.en.fnt", "small.es.fnt", "small.fnt", "small.ru.fnt"]


def test_a_lazy_font_reads_only_its_header_until_the_language_is_known(parts):
    whole = Font(str(parts / "small.fnt"))
    f = Font(str(parts / "small.fnt"), lazy=True)
    assert (f.advance, f.height, f.baseline) == (whole.advance, whole.height, whole.baseline)
    assert f.file is None and f.loaded is None
    f.use("es")       # the part, without the whole font read first
    assert f.loaded == str(parts / "small.es.fnt")
    assert pixels(f, "¿Año?") == pixels(whole, "¿Año?")
    g = Font(str(parts / "small.fnt"), lazy=True)
    # drawn before any use() (the crash screen at boot): the English part
    assert pixels(g, "Crash E1234") == pixels(whole, "Crash E1234")
    assert g.loaded == str(parts / "small.en.fnt")
    h = Font(os.path.join(ROOT, "assets", "fonts", "small.fnt"), lazy=True)    # no parts beside it: the whole font
    assert pixels(h, "Inca 3") == pixels(whole, "Inca 3") and h.loaded.endswith("small.fnt")


def _no_room(monkeypatch):
    """Every font file read from now on finds no room (a full heap); the
    names of the files tried."""
    tried = []

    def no_room(self, path, fh=None):
        tried.append(os.path.basename(path))
        if fh is not None:
            fh.close()
        raise MemoryError("memory allocation failed")
    monkeypatch.setattr(Font, "_read", no_room)
    return tried


def test_a_part_that_finds_no_room_is_not_replaced_by_the_whole_font(parts, monkeypatch):
    # a full heap at boot: reading the whole font instead (three times the
    # bytes) cannot help; the next drawing tries the part again
    f = Font(str(parts / "large.fnt"), lazy=True)
    read = Font._read
    tried = _no_room(monkeypatch)
    with pytest.raises(MemoryError):
        f.use("en")
    assert tried == ["large.en.fnt"] and f.file is None and f.loaded is None
    monkeypatch.setattr(Font, "_read", read)
    assert f.data() is not None and f.loaded == str(parts / "large.en.fnt")


def test_a_font_whose_part_and_old_glyphs_both_find_no_room_reads_again_when_drawn(parts, monkeypatch):
    f = Font(str(parts / "small.fnt"), lazy=True)
    f.use("en")
    read = Font._read
    _no_room(monkeypatch)
    with pytest.raises(MemoryError):
        f.use("ru")
    assert f.file is None and f.loaded is None      # not "en", which is no longer in RAM
    monkeypatch.setattr(Font, "_read", read)
    assert pixels(f, "Inca 3") == pixels(Font(str(parts / "small.fnt")), "Inca 3")
