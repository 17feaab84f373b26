# firmware.core.store.write_json on both runtimes: the streamed file is byte
# for byte what encode() gives, whatever the size of its buffer.
import os

from firmware.core import store

PATH = "stream-test.json"


def _objects():
    big = []
    for i in range(300):
        big.append([i, "x" * (i % 7), i % 3 == 0, None])
    return [{}, [], {"a": 1}, {"ñandú": "«Pizarro»" * 50, "n": [None, True, False, -12]},
            {"state": {"p": {"blue": {"vp": 3}}, "rows": big}}]


def test_streamed_file_equals_the_encoded_bytes():
    try:
        for obj in _objects():
            want = store.encode(obj)
            for chunk in (8, 64, 1024):
                store.write_json(PATH, obj, chunk=chunk)
                with open(PATH, "rb") as f:
                    got = f.read()
                assert got == want, (chunk, len(got), len(want))
                ok, back = store.read_json(PATH)
                assert ok and back == obj
    finally:
        try:
            os.remove(PATH)
        except OSError:
            pass


def _nested(depth):
    """A table `depth` containers deep: dicts and lists in turn."""
    v = "leaf"
    for i in range(depth):
        v = {"k%d" % i: v, "n": i} if i % 2 else [i, v, ()]
    return v


def test_a_deeply_nested_table_is_written_without_recursion():
    # the rp2 port runs out of C stack a few dozen Python calls deep; a
    # writer that recursed per level failed on the edition table when
    # called from deep in the UI.  Here: 400 levels, beyond any
    # interpreter's recursion limit for a recursive writer.
    from firmware.core import jsonout
    text = jsonout.dumps(_nested(400))
    assert text.count("[") == 400 and text.count("{") == 200   # a list and a tuple every other level
    assert text.startswith('{"k399":[398,{"k397":') and text.endswith(',"n":399}')
    parts = []
    jsonout.dump(_nested(400), parts.append)
    assert "".join(parts) == text


def test_canonical_text_sorted_keys_no_spaces():
    from firmware.core import jsonout
    assert jsonout.dumps({"b": [1, (2, None)], "a": {"y": True, "x": False}, "c": ""}) == \
        '{"a":{"x":false,"y":true},"b":[1,[2,null]],"c":""}'
    assert jsonout.dumps({}) == "{}" and jsonout.dumps([]) == "[]" and jsonout.dumps([[], {}]) == "[[],{}]"
    assert jsonout.dumps('q"\\\n\x01') == '"q\\"\\\\\\n\\u0001"'
    try:
        jsonout.dumps({"a": 1.5})
    except TypeError:
        pass
    else:
        raise AssertionError("a float was written")
