# The game's end on CircuitPython where its BG Stats code finds no room
# (firmware/screenkit/playcode.py), even with the undo's copies aside: what
# it lacks is a new pool of interned names, one block of several kB that a
# long game's heap no longer has (docs/circuitpython.md, *The game's end*),
# and only a fresh heap gives it.  The board reloads its code there
# (supervisor.reload: no reset, the standings left on the panel; no module
# is loaded for it, which would need names) and the boot into the ended
# game shows its results and its code again (reopen).  Once a game's end:
# where the reloaded board finds no room for that code either, the crash
# screen, as on MicroPython.
import supervisor  # pyright: ignore[reportMissingImports] - CircuitPython's

from firmware.core.text import t


def reopen(app):
    """The boot after the reload: the ended game's results and its code, as
    the action that ended it left them (Play.act)."""
    if supervisor.runtime.run_reason != supervisor.RunReason.SUPERVISOR_RELOAD:
        return
    from firmware.screenkit.playcode import PlayCode
    play = app.play
    screens = app.screens
    ev = play.session.state["ev"]
    h = getattr(play.ui, "headline", None)
    screens.tell(play.ui.notable(ev), (h(ev) if h is not None else None) or t("m.game_over"))
    code = PlayCode()
    code.reloaded = True    # (not reloaded again for it)
    screens.push(code)
    code.notice = screens.notice
    screens.notice = None
