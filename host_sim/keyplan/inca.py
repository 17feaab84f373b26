"""Inca Empire's key planner: the setup screen (players, variants) and every
action line through the phase menus, the card lists and number fields."""
import sys

from firmware.games.inca.menu import PhaseMenu
from firmware.games.inca.sun import CardList
from firmware.games.inca.setup import Setup
from host_sim import keyplan
from host_sim.keyplan import Stuck, _dismiss, _go_to_row, _press, _set_numbers, _top


def called(r, key):
    """Row r is labelled with the words at key, whole or in a short form
    (key~, key~~: where the whole words do not fit)."""
    from firmware.core.text import get, t
    texts = [t(key)]
    while get(key + "~") is not None:
        key += "~"
        texts.append(get(key))
    return r[0] in texts


def setup(app, line, keys):
    """Press through the setup wizard to start the game of this setup line
    (its seed comes from the device)."""
    words = line.split()
    from firmware.core.text import t
    if not isinstance(_top(app), Setup):
        # the game picker first
        if not _go_to_row(app, lambda r: r[0] == t("g." + words[0]), keys):
            raise Stuck("no game %s in the picker" % words[0])
    players = [w for w in words if w.startswith("players=")][0][8:].split(",")
    scr = _top(app)
    if not isinstance(scr, Setup):
        raise Stuck("not on the setup screen")

    def set_row(label_pred, want_text):
        for _ in range(6):
            r = [r for r in scr.rows if label_pred(r)][0]
            if r[1] == want_text:
                return
            _go_to_row(app, label_pred, keys)
        raise Stuck("cannot set %r" % want_text)

    from firmware.games.inca.words import name
    set_row(lambda r: r[0] == t("s.players"), str(len(players)))
    if len(players) == 3:
        missing = [c for c in ("blue", "orange", "green", "brown") if c not in players][0]
        set_row(lambda r: r[0] == t("s.without"), name(missing))
    else:
        set_row(lambda r: r[0] == t("s.early_fall"), t("s.on") if "early-fall" in words else t("s.off"))
    set_row(lambda r: called(r, "s.pizarro"), t("s.on") if "pizarro" in words else t("s.off"))
    set_row(lambda r: r[0] == t("s.gods"), t("s.on") if "gods" in words else t("s.off"))
    _go_to_row(app, lambda r: r[0] == t("m.start"), keys)
    _dismiss(app, keys)


def action(app, line, keys):
    """Press the buttons that enter one action line."""
    w = line.split()
    if w[0] == "undo":
        _press(app, "undo", keys)
        _dismiss(app, keys)
        return
    _dismiss(app, keys)
    top = _top(app)
    if isinstance(top, CardList):
        # the next sector's cards opened after the last card entered
        if w[0] == "sun" and set(w[1].split("-")) == set(top.sec.split("-")) \
                and _go_to_row(app, lambda r: r[2] == line, keys):
            return
        keyplan.back(app, keys)
    if not isinstance(_top(app), PhaseMenu):
        _press(app, "ok", keys)  # home -> phase menu
    scr = _top(app)
    if not isinstance(scr, PhaseMenu):
        raise Stuck("no phase menu")
    before = len(keys)
    if _go_to_row(app, lambda r: r[2] == line, keys):
        pass
    elif w[0] == "sun":
        from firmware.games.inca.words import ini, name
        sec = w[1]
        a, b = sec.split("-")
        labels = ["%s-%s" % (f(x), f(y)) for f in (ini, name) for x, y in ((a, b), (b, a))]
        if not _go_to_row(app, lambda r: r[0] in labels, keys):
            raise Stuck("no sector row for %s" % sec)
        if not _go_to_row(app, lambda r: r[2] is not None and isinstance(r[2], str)
                          and r[2].split()[2] == w[2], keys):
            raise Stuck("no card %s" % w[2])
    elif w[0] == "conquer":
        from firmware.core.text import t
        _go_to_row(app, lambda r: r[0] == t("b.conquer"), keys)
        if not _go_to_row(app, lambda r: r[2] == line, keys):
            _go_to_row(app, lambda r: r[0] == t("m.by_numbers"), keys)
            _set_numbers(app, [int(x) for x in w[2:5]], keys)
    elif w[0] == "temple":
        from firmware.core.text import t
        _go_to_row(app, lambda r: called(r, "b.site"), keys)
        if not _go_to_row(app, lambda r: r[2] == line, keys):
            _go_to_row(app, lambda r: r[0] == t("m.by_numbers"), keys)
            _set_numbers(app, [int(w[2])], keys)
    elif w[0] == "connected":
        from firmware.core.text import t
        from firmware.games.inca.words import ini, name
        # a row not yet confirmed takes the counts it shows with one press;
        # other counts: Change counts under it (the player the cursor is
        # on), else the row itself (confirmed: OK corrects them)
        rows = _top(app).rows
        i = [k for k in range(len(rows)) if rows[k][0] in (name(w[1]), ini(w[1]))][0]
        if rows[i][2] == line:
            _go_to_row(app, lambda r: r is rows[i], keys)
        else:
            if i + 1 < len(rows) and rows[i + 1][0].strip() == t("m.change_con"):
                i += 1
            _go_to_row(app, lambda r: r is rows[i], keys)
            _set_numbers(app, [int(x) for x in w[2:5]], keys)
    elif w[0] == "adjust":
        from firmware.core.text import t
        from firmware.games.inca.words import name
        _go_to_row(app, lambda r: r[0] == t("m.adjust"), keys)
        _go_to_row(app, lambda r: r[0] == "%s %s" % (name(w[1]), t("f." + w[2])), keys)
        _set_numbers(app, [int(w[3])], keys)
    else:
        raise Stuck("no row for %r" % line)
    if len(keys) == before:
        raise Stuck("nothing pressed for %r" % line)


def play(app, lines):
    return keyplan.play(app, lines, sys.modules[__name__])
