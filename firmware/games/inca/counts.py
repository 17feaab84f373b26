# The connected counts of one player at Sapa Inca (garrisons, cities and
# temples connected to the player's roads), entered when they changed: a
# module of its own, imported when the row is chosen and forgotten at once
# (menu._open), so that the Sapa Inca phase's number field holds only this
# code, not the other pickers' (pickers.py).
from firmware.games.inca import words as w
from firmware.screenkit.widgets import Numbers


def connected(app, c, vals):
    def done(app, v):
        app.play.act("connected %s %d %d %d" % (c, v[0], v[1], v[2]))
    app.screens.push(Numbers(w.name(c), [["f.garrisons", vals[0], 0, 20], ["f.cities", vals[1], 0, 20],
                                  ["f.temples", vals[2], 0, 20]], done))
