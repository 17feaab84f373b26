# The rows every game's menu ends with: Undo (naming the action), Redo,
# History, the game's Corrections if it has them, Settings, New game.
from firmware.core.text import t
from firmware.ui.widgets import row


def rows(app, corrections=None):
    """corrections: the function opening the game's corrections screen."""
    ss = app.session
    words = app.ui.action
    out = []
    last = ss.tail[-1] if ss.tail else None
    out.append(row(t("m.undo"), words(last) if last else "", "undo", None if last else t("m.nothing")))
    if ss.redo_stack:
        out.append(row(t("m.redo"), words(ss.redo_stack[-1]), "redo"))
    out.append(row(t("m.history"), "", lambda app: app.open_history()))
    if corrections is not None:
        out.append(row(t("m.adjust"), "", corrections))
    out.append(row(t("m.settings"), "", lambda app: app.open_settings()))
    out.append(row(t("m.new_game"), "", lambda app: app.confirm_new_game()))
    return out
