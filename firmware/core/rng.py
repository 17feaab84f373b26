# Seeded random numbers whose whole state is one small int kept in the game
# state, so a replay (or a resume from a snapshot) draws exactly the same
# numbers on CPython and on MicroPython.  The `random` module cannot do this:
# its generators differ between the two runtimes and its state is not a value
# we can store in a journal, hence this xorshift32 of our own.

MASK = 0xFFFFFFFF


def seed_state(seed):
    # Spread any integer seed over 32 bits; xorshift must never hold 0.
    s = (int(seed) * 2654435761 + 0x9E3779B9) & MASK
    return s or 0x6D2B79F5


def step(s):
    s ^= (s << 13) & MASK
    s ^= s >> 17
    s ^= (s << 5) & MASK
    return s & MASK


def below(s, n):
    """Return (new_state, r) with 0 <= r < n."""
    s = step(s)
    return s, s % n


def shuffle(s, items):
    """Fisher-Yates in place; returns the new RNG state."""
    i = len(items) - 1
    while i > 0:
        s, j = below(s, i + 1)
        items[i], items[j] = items[j], items[i]
        i -= 1
    return s
