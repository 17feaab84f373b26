# What the Sun Event cards do to one player's costs, VP and allowances.
# `fx` is the player's active cards as {card: copies in their two sectors};
# effects stack, so every rule multiplies by the count.

NAMES = (
    "rural-unrest", "surveyors", "road-crew", "labor-intensity", "el-nino",
    "wilderness-road", "epidemic", "city-restoration", "major-outpost",
    "storehouses", "severe-weather", "mass-construction", "rapid-expansion",
    "popular-support", "military-superiority", "resistance", "religious-zeal",
    "solar-eclipse", "great-pilgrimage", "annual-pilgrimage", "local-pilgrimage",
)

# Cards the device cannot settle: it reminds the players of them.
BOARD_ONLY = ("rural-unrest", "wilderness-road", "solar-eclipse")

# The card each kind of building action needs, if any.
NEEDS = {"outpost": "major-outpost", "zeal": "religious-zeal"}


def n(fx, card):
    return fx.get(card, 0)


def building(base, kind, fx, temple_vp=None):
    """[labor, VP] of one building action of `kind` under the effects fx.
    base is the edition's buildings table."""
    labor, vp = base[kind]
    if kind == "city" or kind == "outpost":
        labor += 2 * n(fx, "epidemic")
        vp += 2 * n(fx, "city-restoration")
    elif kind == "garrison":
        labor += n(fx, "severe-weather")
        vp += n(fx, "storehouses")
    elif kind == "temple" and temple_vp is not None:
        vp = temple_vp
    return [labor, vp]


def conquest(resistance, fx, extra, extra_labor):
    """Labor to conquer a region of this resistance; `extra` for the
    additional conquest that Rapid Expansion allows."""
    cost = resistance + n(fx, "resistance") - n(fx, "military-superiority")
    if cost < 0:
        cost = 0
    if extra:
        cost += extra_labor
    return cost


def free_roads(base, fx):
    r = base + n(fx, "road-crew") - n(fx, "el-nino")
    return r if r > 1 else 1


def extra_road_bonus(fx):
    # Labor Intensity: the extra-road building action brings more free roads;
    # El Nino does not reduce these.
    return n(fx, "labor-intensity")
