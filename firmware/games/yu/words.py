# Legacy of Yu events, results and actions in the players' words (from the
# language table), for the result, event, history and undo screens.
from firmware.core.text import t, f, fn, fit


def phase(name, room=0, width=None):
    """A phase's name as the rules print it; where that is wider than room
    pixels (width: the font's measure), its short form."""
    if width is None:
        return t("y.ph." + name)
    return fit("y.ph." + name, room, width)


def result(rec):
    """A game's result in one word: won, or the cause of the loss."""
    return t("y.win") if rec["result"] == "win" else t("y.cause." + rec["cause"])


def story(rec):
    """Which story to read: the victory card's, or the defeat card's upper
    (a flood) or lower (barbarians, damage) one."""
    return t("y.story." + rec["story"])


def result_title(rec):
    return f("y.r.won" if rec["result"] == "win" else "y.r.lost", rec["game"])


def result_lines(rec, camp=None):
    """The result of a game: why, which card to turn up and which story to
    read on it; and the gold card if it ended the campaign."""
    if rec["result"] == "win":
        lines = [t("y.r.canals"), f("y.r.victory", rec["card"])]
    else:
        lines = [t("y.why." + rec["cause"]), f("y.r.defeat_" + rec["story"], rec["card"])]
    if rec["gold"]:
        lines.append(t("y.r.gold_win" if rec["result"] == "win" else "y.r.gold_loss"))
        if camp is not None:
            lines.append(f("y.r.final", camp["wins"], camp["losses"]))
    return lines


def event(e):
    """Lines (0, 1 or 2) describing one engine event for the player."""
    k = e[0]
    if k == "flood":
        return [f("y.e.flood", e[1])]
    if k == "ran-out":
        return [fn("y.e.ran_out", e[1]), t("y.e.count")]
    if k == "deck-empty":
        return [t("y.e.empty")]
    if k == "barge" and e[1] in ("returned", "none-left"):
        return [t("y.e.barge_" + ("back" if e[1] == "returned" else "stays"))]
    if k == "flood-warning":
        lines = [t("y.e.fw%d" % min(1, max(0, e[1])))]
        if e[2]:
            lines.append(t("y.e.fw_loses"))
        return lines
    if k == "remind":
        return [t("y.e.finish" if e[1] == "finish-round" else "y.e.refresh")]
    if k in ("win", "loss"):
        # the result of the game: [result, cause, card, gold, story]
        rec = {"result": k, "cause": e[1], "card": e[2], "gold": e[3], "story": e[4]}
        return [t("y.e.won" if k == "win" else "y.e.lost")] + result_lines(rec)
    if k == "campaign-over":
        return [f("y.r.final", e[2], e[3])]
    if k == "reshuffle" and e[1]:
        return [f("y.e.reshuffle", e[1])]
    return []


def notable(events):
    lines = []
    for e in events:
        lines.extend(event(e))
    return lines


def action(line):
    """An action line in words, for the history and undo."""
    w = line.split()
    k = w[0]
    arg = w[1] if len(w) > 1 else ""
    if k in ("next", "round", "game-start", "canal", "attack", "flood"):
        return t("y.a." + k)
    if k == "loss" and arg:
        return f("y.a.loss", t("y.cause." + arg))
    if k in ("barbarians", "active", "draw", "destroy", "take", "reshuffle"):
        return f("y.a." + k, arg or "1")
    return line
