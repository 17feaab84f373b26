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
