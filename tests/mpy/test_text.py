# firmware.core.text on both runtimes: every language table read by the
# device's reader gives the words a JSON reader gives, lookups of missing
# keys find nothing, and a table costs a fraction of its file: the words
# are read in the file, where they lie.
import gc
import json
import os

from firmware.core import text
from firmware.games import NAMES

LANG = "assets/lang"           # the words every game shares
GAMES = NAMES     # every game of the registry


def _paths():
    """Every table: the shared ones, and each game's (in its folder)."""
    out = [LANG + "/" + n for n in sorted(os.listdir(LANG)) if n.endswith(".json")]
    for g in GAMES:
        d = "firmware/games/%s/lang" % g
        out += [d + "/" + n for n in sorted(os.listdir(d)) if n.endswith(".json")]
    return out


def test_every_table_reads_as_json():
    paths = _paths()
    # the shared words and every game's, in each language the shared ones have
    shared = len([p for p in paths if p.startswith(LANG + "/")])
    assert shared == 3 and len(paths) == shared * (1 + len(GAMES)), paths
    for p in paths:
        with open(p) as f:
            want = json.load(f)
        tb = text.read(p)
        for k in want:
            assert tb.get(k) == want[k], (p, k)
            assert tb.get(k + ".") is None, (p, k)
        assert tb.get("") is None


def test_a_table_costs_less_than_half_its_file():
    if not hasattr(gc, "mem_alloc"):
        return  # CPython: the heap is MicroPython's concern
    p = "firmware/games/inca/lang/ru.json"
    gc.collect()
    a = gc.mem_alloc()
    with open(p) as f:
        d = json.load(f)
    gc.collect()
    as_dict = gc.mem_alloc() - a
    d = None
    gc.collect()
    a = gc.mem_alloc()
    tb = text.read(p)
    gc.collect()
    as_table = gc.mem_alloc() - a
    assert tb.get("c.blue") == "Синий" and d is None
    assert as_table * 2 < os.stat(p)[6] and as_table * 4 < as_dict, (as_table, os.stat(p)[6], as_dict)


def test_a_lookup_allocates_only_its_word():
    if not hasattr(gc, "mem_alloc"):
        return
    text.load(LANG + "/en.json")
    gc.collect()
    a = gc.mem_alloc()
    for _ in range(100):
        text.t("m.refused")
    gc.disable()
    a = gc.mem_alloc()
    w = text.t("m.refused")
    used = gc.mem_alloc() - a
    gc.enable()
    assert w and used <= 96, used


def test_the_words_are_read_in_the_file_where_they_lie():
    # the table keeps the file open and reads a word from it when asked:
    # a word changed in the file (same length) is the new word
    from test_journal_fs import scratch
    d = scratch("text")
    p = d + "/es.json"
    with open(p, "wb") as f:
        f.write('{\n"m.yes": "Sí",\n"lang": "Español"\n}\n'.encode())
    tb = text.Table(open(p, "rb", 0), p)    # unbuffered on CPython too, as on a board
    assert tb.get("m.yes") == "Sí" and tb.get("lang") == "Español" and tb.get("m.maybe") is None
    with open(p, "r+b") as f:
        f.seek(len('{\n"m.yes": "'.encode()))
        f.write(b"Yup")         # "Sí" is 3 bytes too
    assert tb.get("m.yes") == "Yup"
    tb.close()


class _Counted:
    """A file that counts the places a table reads it at."""

    def __init__(self, f):
        self.f = f
        self.seeks = 0

    def readline(self):
        return self.f.readline()

    def read(self, n):
        return self.f.read(n)

    def seek(self, o):
        self.seeks += 1
        return self.f.seek(o)

    def readinto(self, b):
        return self.f.readinto(b)

    def close(self):
        self.f.close()


def test_a_word_takes_one_read_of_the_file_and_a_missing_key_seldom_one():
    # the index holds each key's length beside its place: the file is read
    # only at a key that is likely the one asked for, not at every key
    # the probe passes.  Counted over every table (CPython hashes a str
    # differently in each process, so one table's count varies; without
    # the lengths a missing key would take one read or more, a word 1.5)
    reads = misses = keys_in_all = 0
    for p in _paths():
        with open(p) as f:
            keys = list(json.load(f))
        f = _Counted(open(p, "rb"))
        tb = text.Table(f, p)
        f.seeks = 0     # the index is made in two passes over the file: a seek back to its start
        for k in keys:
            tb.get(k)
        hits = f.seeks
        f.seeks = 0
        for k in keys:
            tb.get(k + "_")
        assert hits <= len(keys) * 3 // 2 and f.seeks <= len(keys) * 3 // 4 + 1, (p, hits, f.seeks, len(keys))
        reads += hits
        misses += f.seeks
        keys_in_all += len(keys)
        tb.close()
    assert reads <= keys_in_all * 115 // 100 and misses <= keys_in_all * 3 // 10, (reads, misses, keys_in_all)


def test_a_language_that_goes_closes_its_files():
    text.load(LANG + "/en.json")
    text.add("firmware/games/inca/lang/en.json")
    gone = list(text._tables)
    assert text.t("m.yes") == "Yes"
    text.load(LANG + "/ru.json")
    assert text.t("m.yes") != "Yes"
    assert len(gone) == 2
    for tb in gone:
        try:
            tb.f.read(1)
        except (OSError, ValueError):
            pass
        else:
            raise AssertionError("the table of the language gone still reads its file")
    text.load(LANG + "/en.json")


def test_a_count_takes_its_languages_form_of_the_word():
    # two forms (English, Spanish): one, other; three (Russian): one, few, many
    text.use({"en": "%d {road|roads}", "ru": "%d {дорога|дороги|дорог}", "x": "%s: %d VP",
              "s": "No se {pudo|pudieron} leer %d {acción|acciones}", "t": "%d {a|b} {c"})
    assert [text.fn("en", n) for n in (0, 1, 2, 5, 21)] == ["0 roads", "1 road", "2 roads", "5 roads", "21 roads"]
    ru = dict((n, text.fn("ru", n)) for n in (0, 1, 2, 4, 5, 11, 12, 14, 15, 21, 22, 25, 101, 111, 112, 122, -1))
    assert ru == {0: "0 дорог", 1: "1 дорога", 2: "2 дороги", 4: "4 дороги", 5: "5 дорог", 11: "11 дорог",
                  12: "12 дорог", 14: "14 дорог", 15: "15 дорог", 21: "21 дорога", 22: "22 дороги", 25: "25 дорог",
                  101: "101 дорога", 111: "111 дорог", 112: "112 дорог", 122: "122 дороги", -1: "-1 дорога"}, ru
    # a word of one form, the words put in beside the count, two words
    # counted, a brace left open
    assert text.fn("x", 3, "Blue", 3) == "Blue: 3 VP"
    assert text.fn("s", 1) == "No se pudo leer 1 acción" and text.form("s", 2) == "No se pudieron leer %d acciones"
    assert text.fn("t", 2) == "2 b {c"


def test_a_word_too_wide_for_its_place_gives_its_short_form():
    text.use({"b.road": "Extra road crew", "b.road~": "Road crew", "b.road~~": "Crew", "b.city": "City"})

    def width(s):
        return 6 * len(s)
    assert text.fit("b.road", 90, width) == "Extra road crew"
    assert text.fit("b.road", 89, width) == "Road crew"
    assert text.fit("b.road", 53, width) == "Crew"
    # the shortest there is, where none fits
    assert text.fit("b.road", 10, width) == "Crew"
    # no short form: the word as it is (the screen cuts it)
    assert text.fit("b.city", 10, width) == "City"
    text.load(LANG + "/en.json")
