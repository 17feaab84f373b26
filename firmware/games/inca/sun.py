# The Sun Event card list, to enter the card revealed in a sector: a module
# of its own, imported when a sector's row is chosen and forgotten at once
# (menu._open), so that the Sun phase's screens hold only this code.
from firmware.games.inca import cards, engine
from firmware.games.inca import words as w
from firmware.games.inca.menu import PhaseMenu
from firmware.ui.widgets import Menu, Rows, Screen, row


class CardList(Menu):
    """The Sun Event cards, to enter the one revealed in sector sec.  Once
    it is entered, the list of the next sector without a card this phase
    opens (if the phase menu is back on top: a reminder comes first), so
    that a phase's cards are entered one after the other."""

    def __init__(self, sec, rows):
        Menu.__init__(self, w.sector(sec), rows)
        self.sec = sec

    def activate(self, app, r):
        if r[3] or not isinstance(r[2], str):
            Screen.activate(self, app, r)
            return
        if not app.act(r[2]) or not isinstance(app.stack[-1], PhaseMenu):
            return
        s = app.session.state
        if engine.phase(s) == "sun":
            for sec in s["sectors"]:
                if sec not in s["placed"]:
                    card_picker(app, sec)
                    return


def card_picker(app, sec):
    def card(i):
        # the card, the copies not yet revealed, greyed if not allowed now
        name = cards.NAMES[i]
        a = "sun %s %s" % (sec, name)
        s = app.session.state
        left = s["copies"][name]
        for x in s["board"].values():
            left -= x.count(name)
        lay = app.lay
        label = w.card(name, lay, lay.w - 6 - lay.font.width(" x4"))
        return row(label, "x%d" % left if left > 0 else "", a, app.check(a))
    app.push(CardList(sec, Rows(len(cards.NAMES), card)))
