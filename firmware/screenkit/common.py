# The rows every game's menu ends with: Undo (naming the action), Redo,
# History, the game's Corrections if it has them, Settings, New game.
# An action's name is never cut: where it does not fit beside Undo (or
# Redo), it goes whole on the rows under it, which do nothing (a thumb
# aiming at the rows below must not undo); a history's lines likewise go
# on as many rows as they need.  An undo from a menu of more than one
# player's action (a scoring, the end of a phase, a Pizarro flip: the
# game's ui.BIG events among the last action's) asks first, No first.
from firmware.core.text import t, fit
from firmware.screenkit.widgets import MORE, Menu, row


def rows(app, corrections=None):
    """corrections: the function opening the game's corrections screen.
    A game that has ended has its BG Stats code first (firmware/screenkit/playcode.py)."""
    out = []
    if app.play.ended():
        out.append(row(t("q.menu"), ">", open_code))
    undo_rows(app, out)
    out.append(row(t("m.history"), "", lambda app: app.screens.open_history()))
    if corrections is not None:
        out.append(row(t("m.adjust"), "", corrections))
    out.append(row(t("m.settings"), "", lambda app: app.screens.open_settings()))
    out.append(row(t("m.new_game"), "", lambda app: app.screens.confirm_new_game()))
    return out


def undo_rows(app, out, words=None):
    """Undo and, if there is one to redo, Redo, each naming its action
    (words(line): its name; by default the game's, name_last and
    name_from)."""
    ss = app.play.session
    last = ss.tail[-1] if ss.tail else None
    if last:
        last = words(last) if words else name_last(app)
    named(app, out, t("m.undo"), last or "", _ask_undo(last) if last and big(app) else "undo",
          None if last else t("m.nothing"))
    if ss.redo_stack:
        line = ss.redo_stack[-1]
        named(app, out, t("m.redo"), words(line) if words else name_from(app, line), "redo")


def big(app):
    """The last action did more than one player's action (its events hold
    one of the game's ui.BIG kinds): undoing it from a menu asks first."""
    kinds = getattr(app.play.ui, "BIG", ())
    for e in app.play.session.state["ev"]:
        if e[0] in kinds:
            return True
    return False


def _ask_undo(name):
    def ask(app):
        # the action's name under the question, then No (under the cursor)
        # and Yes: the name never reads as part of an answer
        rows = []
        lines(app, rows, name, indent=" ")
        no = len(rows)
        rows.append(row(t("m.no"), "", lambda app: app.screens.pop()))
        rows.append(row(t("m.yes"), "", _undo))
        app.screens.push(_Question(t("m.undo_q"), rows, no))
    return ask


class _Question(Menu):
    # a held DOWN (two buttons: A and B held) does nothing under the
    # question: it does not end the turn or phase behind it, nor move to Yes
    held = ({"end": "none", "up+": "up", "down+": "none"}, {"end": "none", "down+": "none"})


def _undo(app):
    app.screens.pop()
    app.play.act("undo")


def history(app, entries, words=None):
    """The history: Undo and Redo (naming their actions), the last
    action's results, then entries(app, rows), the game's lines, newest
    first.  It opens on its newest entry, not on Undo (BACK then OK on the
    home screen undid a scoring)."""
    first = [0]     # the row after Undo and Redo

    def build(app):
        rows = []
        undo_rows(app, rows, words)
        first[0] = len(rows)
        results(app, rows)
        entries(app, rows)
        return rows
    rows = build(app)
    return Menu(t("m.history"), rows, first[0] if first[0] < len(rows) else 0, build=build)


def name_last(app):
    """The last action taken, in words: a game may name it by where the
    game stands (ui.name_last: Inca Empire's "next" by what it ended)."""
    ss = app.play.session
    f = getattr(app.play.ui, "name_last", None)
    return f(ss.state, ss.tail) if f else app.play.ui.action(ss.tail[-1])


def name_from(app, line):
    """An action to be taken now (a redo, one just undone), in words."""
    f = getattr(app.play.ui, "name_from", None)
    return f(app.play.session.state, line) if f else app.play.ui.action(line)


def results(app, out):
    """The last action's reminders (what the title line showed after it:
    its results), under the label Results, for a history."""
    ss = app.play.session
    found = app.play.ui.notable(ss.state["ev"]) if ss.tail else None
    if found:
        out.append(row(t("m.results"), ""))
        for line in found:
            lines(app, out, line, indent="  ")


def label(app, key, right=""):
    """A row's label, the words at key: whole where they fit beside the
    right text (as Screen._row draws a row), else their short form (key
    + "~", where the language has one)."""
    lay = app.board.lay
    width = lay.font.width
    return fit(key, lay.w - 4 - (width(right) + 2 if right else 0) - width(" "), width)


def named(app, out, label, name, target, why=None):
    """A row with name at its right; a name too long for that on the rows
    under it, indented.  (A row keeps its label and right text a space
    and 4 pixels apart, or 6 if more, as Screen._row draws them.)"""
    lay = app.board.lay
    width = lay.font.width
    if not name or width(label) + width(name) + max(width(" ") + 4, 6) <= lay.w:
        out.append(row(label, name, target, why))
        return
    out.append(row(label, "", target, why))
    lines(app, out, name, MORE, None, "  ")     # rows the cursor passes over


def lines(app, out, text, target=None, why=None, indent=""):
    """text on as many rows as it needs (each row 2 pixels from the edges),
    the rows after the first indented by a space more."""
    lay = app.board.lay
    w = lay.w - 4 - lay.font.width(indent + " ")
    parts = lay.wrap(text, w)
    for i in range(len(parts)):
        out.append(row((indent if i == 0 else indent + " ") + parts[i], "", target, why))


def open_code(app):
    """The QR code of the finished game's play, for BG Stats."""
    from firmware.core.modules import use_once
    app.screens.push(use_once("firmware.screenkit.playcode", "PlayCode")())   # its code kept by the screen while it is shown
