"""The virtual Pico's core decodes its most run instructions by a table
(vpico/fastcore.js); every other opcode goes to rp2040js's own decoding.
The two must be one core: same registers, flags, cycles, and the same
memory reads and writes in the same order (the bus models see them).  Given
the chip's memories, the table reads and writes them in place: the same
bytes as rp2040js's RP2040 reads and writes, the rest through the bus."""
import json
import os
import subprocess

from host_sim import vpico


def _check(*args):
    why = vpico.ready()
    assert why is None, why
    run = subprocess.run([vpico.node(), os.path.join(vpico.VPICO, "fastcore_check.js")] + list(args),
                         capture_output=True, text=True, timeout=300)
    return run.returncode, json.loads(run.stdout.strip().splitlines()[-1])


def test_the_table_decodes_every_opcode_it_takes_as_rp2040js_does():
    code, got = _check("6", "1")
    assert got["differences"] == [], got["differences"][:3]
    assert code == 0
    # the table takes 44 encodings, about three quarters of the 65,536
    # opcodes, each run from several random states
    assert got["kinds"] == 44
    assert got["opcodes"] > 45000 and got["runs"] >= 6 * got["opcodes"]
    # and again with the memories in place: each opcode thrice, its
    # registers in and around the windows of RAM, flash and boot ROM
    assert got["memory_runs"] >= 3 * got["opcodes"]
