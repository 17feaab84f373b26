# Canonical JSON: sorted keys, no spaces.  MicroPython's json.dumps has no
# sort_keys and its dicts do not keep insertion order, so the same view would
# print differently on the two runtimes; this writer makes the replay output
# byte-identical.  Handles what views contain: dict, list, tuple, str, int,
# bool, None.


def _plain(s):
    for ch in s:
        if ch == '"' or ch == "\\" or ord(ch) < 0x20:
            return False
    return True


def _str(s):
    if _plain(s):
        # the usual case: nothing to escape, one allocation
        return '"' + s + '"'
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


def dumps(v):
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
    if t is dict:
        keys = sorted(v)
        return "{" + ",".join(_str(k) + ":" + dumps(v[k]) for k in keys) + "}"
    if t is list or t is tuple:
        return "[" + ",".join(dumps(x) for x in v) + "]"
    raise TypeError("cannot write %r as JSON" % (v,))


class Raw:
    """JSON text written as it is by dump() (a part that is JSON already)."""

    def __init__(self, text):
        self.text = text


def dump(v, out):
    """Write v as canonical JSON through out(str), piece by piece: the text
    of a big object is never built whole in RAM."""
    t = type(v)
    if t is dict:
        out("{")
        first = True
        for k in sorted(v):
            if not first:
                out(",")
            first = False
            out(_str(k))
            out(":")
            dump(v[k], out)
        out("}")
    elif t is list or t is tuple:
        out("[")
        first = True
        for x in v:
            if not first:
                out(",")
            first = False
            dump(x, out)
        out("]")
    elif t is Raw:
        out(v.text)
    elif hasattr(v, "write_json"):
        v.write_json(out)   # JSON text kept elsewhere, copied piece by piece
    else:
        out(dumps(v))
