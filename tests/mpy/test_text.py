# firmware.core.text on both runtimes: every language table read by the
# device's reader gives the words a JSON reader gives, lookups of missing
# keys find nothing, and a table costs a fraction of a dict of its words.
import gc
import json
import os

from firmware.core import text

LANG = "assets/lang"


def _paths():
    return [LANG + "/" + n for n in sorted(os.listdir(LANG)) if n.endswith(".json")]


def test_every_table_reads_as_json():
    paths = _paths()
    assert len(paths) == 12
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
    p = LANG + "/ru.json"
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
    assert tb.get("lang") == "Русский" and d is None
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
