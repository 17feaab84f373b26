# firmware.core.text on both runtimes: every language table read by the
# device's reader gives the words a JSON reader gives, lookups of missing
# keys find nothing, and a table costs a fraction of a dict of its words.
import gc
import json
import os

from firmware.core import text

LANG = "assets/lang"           # the words every game shares
GAMES = ("inca", "eightmin", "origin", "yu")


def _paths():
    """Every table: the shared ones, and each game's (in its folder)."""
    out = [LANG + "/" + n for n in sorted(os.listdir(LANG)) if n.endswith(".json")]
    for g in GAMES:
        d = "firmware/games/%s/lang" % g
        out += [d + "/" + n for n in sorted(os.listdir(d)) if n.endswith(".json")]
    return out


def test_every_table_reads_as_json():
    paths = _paths()
    assert len(paths) == 15
    for p in paths:
        with open(p) as f:
            want = json.load(f)
        tb = text.read(p)
        for k in want:
            assert tb.get(k) == want[k], (p, k)
            assert tb.get(k + ".") is None, (p, k)
        assert tb.get("") is None


def test_a_table_costs_less_than_half_a_dict_of_it():
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
    assert as_table * 2 < as_dict, (as_table, as_dict)


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


# A table as flash.sh packs it for a board: gzip with a 1 KB window.
PACKED = (b'\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\x03\xab\xe6R\xca\xd5\xabL-V\xb2RP\n>\xbcVI\x07\xc4'
          b'\xcf\xcb\x07q\xfd\xf2A\xbc\x9c\xc4\xbct\x10\xcf\xb5\xb8 \xf1\xf0\xc6\xfc\x1c%\xaeZ.\x00'
          b'\x86\xcd\x9fc5\x00\x00\x00')


def test_a_packed_table_is_read_before_a_plain_one_and_checked():
    from test_journal_fs import scratch
    d = scratch("text")
    with open(d + "/es.json.gz", "wb") as f:
        f.write(PACKED)
    tb = text.read(d + "/es.json")
    assert tb.get("m.yes") == "Sí" and tb.get("lang") == "Español" and tb.get("m.maybe") is None
    # a plain table beside it (left by an older build) is not the one read
    with open(d + "/es.json", "wb") as f:
        f.write('{\n"m.yes": "Sí, claro"\n}\n'.encode())
    assert text.read(d + "/es.json").get("m.yes") == "Sí"
    # with no packed table, the plain one (the simulator's assets)
    with open(d + "/en.json", "wb") as f:
        f.write('{\n"m.yes": "Yes"\n}\n'.encode())
    assert text.read(d + "/en.json").get("m.yes") == "Yes"
    # a flipped bit in the packed text or in its checksum is refused, not
    # read as other words
    for at in (20, len(PACKED) - 6):
        flipped = bytearray(PACKED)
        flipped[at] ^= 0x01
        with open(d + "/flip.json.gz", "wb") as f:
            f.write(bytes(flipped))
        try:
            text.read(d + "/flip.json")
        except (ValueError, OSError, EOFError):
            pass
        else:
            raise AssertionError("a damaged table was read (byte %d)" % at)
    # a packed table cut short is refused, not read in part
    with open(d + "/cut.json.gz", "wb") as f:
        f.write(PACKED[:30])
    try:
        text.read(d + "/cut.json")
    except (ValueError, OSError, EOFError):
        pass
    else:
        raise AssertionError("a cut table was read")
