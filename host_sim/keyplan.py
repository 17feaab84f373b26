"""Turn a game transcript into the button presses a person would make.

For each action line the planner looks at the screen the device shows (its
rows and their targets), presses down/up to the row that does the action
and OK, through pickers and number fields as a person would.  Tests use it
to play whole games through the UI only, then compare the result with the
replay of the transcript.
"""
from firmware.ui.inca_menu import PhaseMenu
from firmware.ui.inca_setup import Setup
from firmware.ui.widgets import Message, Numbers

LIMIT = 60


class Stuck(Exception):
    pass


def _top(app):
    return app.stack[-1]


def _press(app, k, keys):
    app.key(k)
    keys.append(k)


def _go_to_row(app, pred, keys):
    scr = _top(app)
    for i, r in enumerate(scr.rows):
        if pred(r):
            n = len(scr.rows)
            down = (i - scr.cur) % n
            up = (scr.cur - i) % n
            if not app.has_up:
                up = n + 1
            for _ in range(min(down, up)):
                _press(app, "down" if down <= up else "up", keys)
            _press(app, "ok", keys)
            return True
    return False


def _set_numbers(app, values, keys):
    scr = _top(app)
    if not isinstance(scr, Numbers):
        raise Stuck("expected number fields, found %r" % scr.title)
    for want in values:
        f = scr.fields[scr.cur]
        span = f[3] - f[2] + 1
        up = (want - f[1]) % span
        down = (f[1] - want) % span
        if not app.has_up:
            up = span + 1
        for _ in range(min(up, down)):
            _press(app, "up" if up <= down else "down", keys)
        _press(app, "ok", keys)


def _dismiss(app, keys):
    for _ in range(LIMIT):
        if isinstance(_top(app), Message):
            _press(app, "ok", keys)
        else:
            return
    raise Stuck("messages do not end")


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

    from firmware.core.text import t
    from firmware.ui.inca_words import name
    set_row(lambda r: r[0] == t("s.players"), str(len(players)))
    if len(players) == 3:
        missing = [c for c in ("blue", "orange", "green", "brown") if c not in players][0]
        set_row(lambda r: r[0] == t("s.without"), name(missing))
    else:
        set_row(lambda r: r[0] == t("s.early_fall"), t("s.on") if "early-fall" in words else t("s.off"))
    set_row(lambda r: r[0] == t("s.pizarro"), t("s.on") if "pizarro" in words else t("s.off"))
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
    if not isinstance(_top(app), PhaseMenu):
        _press(app, "ok", keys)  # home -> phase menu
    scr = _top(app)
    if not isinstance(scr, PhaseMenu):
        raise Stuck("no phase menu")
    before = len(keys)
    if _go_to_row(app, lambda r: r[2] == line, keys):
        pass
    elif w[0] == "sun":
        from firmware.ui.inca_words import sector
        sec = w[1]
        a, b = sec.split("-")
        labels = (sector(a + "-" + b), sector(b + "-" + a))
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
        _go_to_row(app, lambda r: r[0] == t("b.site"), keys)
        if not _go_to_row(app, lambda r: r[2] == line, keys):
            _go_to_row(app, lambda r: r[0] == t("m.by_numbers"), keys)
            _set_numbers(app, [int(w[2])], keys)
    elif w[0] == "connected":
        from firmware.ui.inca_words import ini, name
        _go_to_row(app, lambda r: r[0] in (name(w[1]), ini(w[1])), keys)
        _set_numbers(app, [int(x) for x in w[2:5]], keys)
    elif w[0] == "adjust":
        from firmware.core.text import t
        from firmware.ui.inca_words import name
        _go_to_row(app, lambda r: r[0] == t("m.adjust"), keys)
        _go_to_row(app, lambda r: r[0] == "%s %s" % (name(w[1]), t("f." + w[2])), keys)
        _set_numbers(app, [int(w[3])], keys)
    else:
        raise Stuck("no row for %r" % line)
    if len(keys) == before:
        raise Stuck("nothing pressed for %r" % line)


def play(app, lines, planner=None):
    """Play a whole transcript (setup line first) through the buttons;
    returns the list of intents pressed.  planner: the module with the
    game's setup() and action() (this one, for Inca Empire)."""
    setup_, action_ = (setup, action) if planner is None else (planner.setup, planner.action)
    keys = []
    setup_(app, lines[0], keys)
    for line in lines[1:]:
        action_(app, line, keys)
    _dismiss(app, keys)
    return keys
