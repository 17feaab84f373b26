# What every game's rules engine shares: refusing with a reason that screens
# can translate, reading whole numbers the same way on both runtimes, and
# folding one action through a table of handlers so that a refused action
# leaves the state exactly as it was.
#
# A handler is f(state, words, dry): it checks everything that could refuse
# the action (raising IllegalAction), returns at once if dry, and only then
# changes the state, appending what it did to state["ev"].
from firmware.core.errors import IllegalAction
from firmware.core.actions import as_tokens

MAX_NUMBER = 99


def refuse(msg, *args):
    raise IllegalAction(msg, args)


def whole(word, what, lo=0, hi=MAX_NUMBER):
    """word as a whole number from lo to hi.  Plain ASCII digits only: the
    two runtimes' int() disagree on "1_0" and on non-ASCII digits, and a
    transcript must replay the same on both."""
    v = None
    word = str(word)
    if word and len(word) <= 10:
        for ch in word:
            if ch not in "0123456789":
                break
        else:
            v = int(word)
    if v is None or v < lo or v > hi:
        refuse("%s must be a whole number from %d to %d, not %r", what, lo, hi, word)
    return v


def signed(word, what, hi=MAX_NUMBER):
    """+N or -N as a number."""
    word = str(word)
    if not word or word[0] not in "+-":
        refuse("%s must be signed: +N or -N, not %r", what, word)
    d = whole(word[1:], what, 0, hi)
    return -d if word[0] == "-" else d


NAME_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789-"


def names(text, what="players"):
    """A setup line's comma-separated player names (what=...): small
    letters, digits and '-', starting with a letter, at most 10, none
    twice (the games that name players by the players' own words)."""
    ps = text.split(",")
    for c in ps:
        ok = 0 < len(c) <= 10 and c[0] in NAME_CHARS[:26]
        for ch in c:
            if ch not in NAME_CHARS:
                ok = False
        if not ok:
            refuse("%r is not a player name (small letters, digits and '-', "
                   "starting with a letter, at most 10)", c)
    if len(set(ps)) != len(ps):
        refuse("a player is named twice in %s=", what)
    return ps


def options(t, defaults, variants=()):
    """The words of a setup line after the game's name: KEY=VALUE for the
    keys of defaults (a dict, copied), or one of the variants (then True)."""
    o = dict(defaults)
    for w in t[1:]:
        if "=" in w:
            k, v = w.split("=", 1)
            if k not in defaults:
                refuse("unknown setup option %r", k)
            o[k] = v
        elif w in variants:
            o[w] = True
        else:
            refuse("unknown setup word %r (variants: %s)", w, " ".join(variants))
    return o


def handler(verbs, action, over=False, after_end=()):
    """(handler, words) for an action line; after the end of the game only
    the verbs in after_end are taken."""
    t = as_tokens(action)
    if not t:
        refuse("an empty action")
    f = verbs.get(t[0])
    if f is None:
        refuse("unknown action %r (actions: %s)", t[0], " ".join(sorted(verbs)))
    if over and t[0] not in after_end:
        refuse("the game is over")
    return f, t


def fold(s, f, t):
    """Apply handler f to s in place; on a refusal s is left as it was."""
    before = s["ev"]
    s["ev"] = []
    try:
        f(s, t, False)
    except IllegalAction:
        s["ev"] = before
        raise
    return s


def refusal(s, parse, action):
    """The IllegalAction the action would raise, or None; changes nothing."""
    try:
        f, t = parse(s, action)
        f(s, t, True)
    except IllegalAction as e:
        return e
    return None


def check(s, parse, action):
    """Why the action would be refused (in English), or None."""
    e = refusal(s, parse, action)
    return None if e is None else str(e)


def engine(parse):
    """apply, refusal and check for an engine whose parse(state, action)
    gives (handler, words):
      apply(state, action)    changes state in place and returns it, or
                              raises IllegalAction leaving it unchanged;
      refusal(state, action)  the IllegalAction it would raise, or None;
      check(state, action)    the reason in English, or None."""
    def apply_(s, action):
        f, t = parse(s, action)
        return fold(s, f, t)

    def refusal_(s, action):
        return refusal(s, parse, action)

    def check_(s, action):
        return check(s, parse, action)
    return apply_, refusal_, check_
