# The era track, built from the edition table: a list of columns (rounds),
# each [era, column number on the board, [phases top to bottom]].

PHASES = ("inca", "sun", "people", "sapa")


def build(edition, early_fall):
    skip = ()
    if early_fall:
        skip = [tuple(x) for x in edition.get("early_fall_skip", ())]
    cols = []
    number = 0
    for era in edition["eras"]:
        k = 0
        for phases in era["columns"]:
            number += 1
            k += 1
            if (era["era"], k) in skip:
                continue
            for p in phases:
                if p not in PHASES:
                    raise ValueError("edition: unknown phase %r in era %d" % (p, era["era"]))
            cols.append([era["era"], number, list(phases)])
    if not cols:
        raise ValueError("edition: the era track is empty")
    return cols


def era_labor(edition):
    return [e["labor"] for e in edition["eras"]]
