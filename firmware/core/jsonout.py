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
