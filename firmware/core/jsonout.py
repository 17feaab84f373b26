# Canonical JSON: sorted keys, no spaces.  MicroPython's json.dumps has no
# sort_keys and its dicts do not keep insertion order, so the same view would
# print differently on the two runtimes; this writer makes the replay output
# byte-identical.  Handles what views contain: dict, list, tuple, str, int,
# bool, None.


from json import dumps as _json

try:
    _json("", ensure_ascii=False)
    _KEEP = True       # CPython: non-ASCII as it is, as MicroPython writes it
except TypeError:      # MicroPython: no such option, non-ASCII is written as it is
    _KEEP = False


def _quoted(s):
    return _json(s, ensure_ascii=False) if _KEEP else _json(s)


def _str(s):
    # the usual case, nothing to escape: the runtime's own JSON writer (in C
    # on a board: a Python loop over the characters took most of the time
    # of writing an edition table) gives '"' + s + '"', and only that has
    # the length of s plus the two quotes
    q = _quoted(s)
    if len(q) == len(s) + 2:
        return q
    out = ['"']
    for ch in s:
        if ch == '"' or ch == "\\":
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ord(ch) < 0x20:
            out.append("\\u%04x" % ord(ch))
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def _scalar(v):
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    t = type(v)
    if t is int:
        return str(v)
    if t is str:
        return _str(v)
    raise TypeError("cannot write %r as JSON" % (v,))


_FLAT = 12     # a list this long or shorter, of scalars only, is one piece (a longer one,
               # the tail of actions: item by item, so that no piece needs a big block)
_SCALARS = (int, str, bool, type(None))


def _flat(v):
    for x in v:
        if type(x) not in _SCALARS:
            return False
    return True


def dumps(v):
    """v as canonical JSON text."""
    t = type(v)
    if t is not dict and t is not list and t is not tuple:
        return _scalar(v)
    parts = []
    dump(v, parts.append)
    return "".join(parts)


class Raw:
    """JSON text written as it is by dump() (a part that is JSON already)."""

    def __init__(self, text):
        self.text = text


def dump(v, out):
    """Write v as canonical JSON through out(str), piece by piece: the text
    of a big object is never built whole in RAM.  No recursion: a nested
    table must not run out of the device's small C stack (the rp2 port
    allows a few dozen Python calls deep, and the caller may be deep in the
    UI already), so open containers are kept on a list of
    [container, sorted keys or None, next index]."""
    stack = []
    while True:
        t = type(v)
        if t is dict:
            out("{")
            stack.append([v, sorted(v), 0])
        elif (t is list or t is tuple) and len(v) <= _FLAT and _flat(v):
            # a short list of numbers and words: one piece
            out("[" + ",".join([_scalar(x) for x in v]) + "]")
        elif t is list or t is tuple:
            out("[")
            stack.append([v, None, 0])
        elif t is Raw:
            out(v.text)
        elif hasattr(v, "write_json"):
            v.write_json(out)   # JSON text kept elsewhere, copied piece by piece
        else:
            out(_scalar(v))
        # the next value to write: the next item of the innermost open
        # container, closing those that are done
        while stack:
            top = stack[-1]
            c, keys, i = top
            if i < len(c):
                top[2] = i + 1
                if keys is None:
                    if i:
                        out(",")
                    v = c[i]
                else:
                    k = keys[i]
                    out(("," if i else "") + _str(k) + ":")
                    v = c[k]
                break
            out("}" if keys is not None else "]")
            stack.pop()
        else:
            return
