# The Sun Event card list, to enter the card revealed in a sector: a module
# of its own, imported when a sector's row is chosen and forgotten at once
# (menu._open), so that the Sun phase's screens hold only this code.
from firmware.games.inca import cards, engine
from firmware.games.inca import words as w
from firmware.games.inca.menu import PhaseMenu
from firmware.screenkit.widgets import HELD, Menu, Rows, Screen, row


class CardList(Menu):
    """The Sun Event cards, to enter the one revealed in sector sec, in one
    order all game long (order()).  Once it is entered, the list of the next sector
    without a card this phase opens (if the phase menu is back on top: a
    reminder comes first), so that a phase's cards are entered one after
    the other.  A held UP or DOWN scrolls it (the phase cannot end before
    every sector has its card); on two buttons a held A, as on every list."""
    held = (HELD[0], {})

    def __init__(self, sec, rows, lay):
        Menu.__init__(self, w.sector(sec, lay, lay.w - 2), rows, hint="h.cards")
        self.sec = sec

    def activate(self, app, r):
        if r[3] or not isinstance(r[2], str):
            Screen.activate(self, app, r)
            return
        if not app.play.act(r[2]) or not isinstance(app.screens.stack[-1], PhaseMenu):
            return
        s = app.play.session.state
        if engine.phase(s) == "sun":
            for sec in s["sectors"]:
                if sec not in s["placed"]:
                    card_picker(app, sec)
                    return


def left(s, name):
    """The copies of the card not on the board: the cards revealed since
    the last Sapa Inca lie there (the deck's others are in the players'
    hands, the deck or its discards, which the device does not see)."""
    n = s["copies"][name]
    for x in s["board"].values():
        n -= x.count(name)
    return n


def order(s):
    """The card list's order (indices of cards.NAMES), the same all game
    long, so that a card is always on its row: the most copies in the deck
    first, the likeliest to be revealed (the printed order among equals);
    those not in this game's deck last.  A card with no copy left stays on
    its row, struck through (OK on it says why)."""
    k = len(cards.NAMES)
    copies = s["copies"]
    return sorted(range(k), key=lambda i: i - copies[cards.NAMES[i]] * k)


def card_picker(app, sec):
    by = bytes(order(app.play.session.state))

    def card(i):
        # the card, the copies not yet revealed, greyed if not allowed now
        name = cards.NAMES[by[i]]
        a = "sun %s %s" % (sec, name)
        n = left(app.play.session.state, name)
        lay = app.board.lay
        label = w.card(name, lay, lay.w - 6 - lay.font.width(" x4"))
        return row(label, "x%d" % n if n > 0 else "", a, app.play.check(a))
    app.screens.push(CardList(sec, Rows(len(cards.NAMES), card), app.board.lay))
