"""The play clock (firmware/core/playclock.py): its file where the heap
has no block for it."""
from firmware.core import playclock, store

SETUP = "inca players=blue,orange"


def test_no_block_for_the_clocks_file_keeps_the_count_and_the_game_going(tmp_path, monkeypatch):
    """A MemoryError writing time.json (a heap cut up by play has no block
    for a littlefs file's cache) is not a crash: the count stays in memory,
    is not tried again before SAVE_MS more, and is written at the game's end."""
    c = playclock.Clock(str(tmp_path), SETUP, fresh=True)
    c.press(0)
    c.press(playclock.SAVE_MS)
    assert c.due()

    def no_room(*args):
        raise MemoryError("memory allocation failed, allocating 1148 bytes")
    monkeypatch.setattr(store, "save_json", no_room)
    c.save()
    assert c.ms == playclock.SAVE_MS and not c.due()
    assert not (tmp_path / playclock.FILE).exists()
    monkeypatch.undo()
    c.press(playclock.SAVE_MS + 1000)
    c.end(True)
    ok, got = store.read_json(str(tmp_path / playclock.FILE))
    assert ok and got == {"setup": SETUP, "ms": playclock.SAVE_MS + 1000, "over": True}
