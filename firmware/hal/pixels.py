# One NeoPixel per player (LED 0 blue, 1 orange, 2 green, 3 brown: label
# them on the case, Inca Empire's colours), behind one object: all LEDs are
# set, then written once (batched refresh).  Where every player's colour has
# its labelled LED, each lights its own; else (Eight-Minute Empire's red,
# Origin's yellow...) LED i is the i-th seat, lit in its colour.  The player
# whose turn it is shines bright, the others dim; short animations mark
# income, the Sun reveal and Pizarro.
COLOURS = ("blue", "orange", "green", "brown")
RGB = {"blue": (0, 60, 255), "orange": (255, 100, 0), "green": (0, 200, 30), "brown": (140, 60, 10),
       "red": (255, 0, 0), "yellow": (255, 170, 0), "purple": (150, 0, 255), "white": (255, 255, 255),
       "black": (40, 40, 40)}
LEVELS = (6, 16, 40, 100, 220)  # brightness 1..5, out of 255


def scale(rgb, level):
    return (rgb[0] * level // 255, rgb[1] * level // 255, rgb[2] * level // 255)


class PlayerPixels:
    def __init__(self, np):
        """np: a neopixel.NeoPixel (indexable by LED, with write())."""
        self.np = np
        self.n = min(len(COLOURS), _len(np))
        self.brightness = 3
        self.colours = []
        self.turn = None
        self.frames = []  # animation: [[ms, [rgb per LED]], ...]
        self.wake = None  # run()'s Event: an animation to play

    def _level(self, bright):
        b = min(max(self.brightness, 1), 5)
        return LEVELS[b - 1] if bright else max(1, LEVELS[b - 1] // 8)

    def players(self, colours, turn):
        """Light the players of the game; the one whose turn it is bright."""
        self.colours = list(colours)
        self.turn = turn
        if not self.frames:
            self._write(self.steady())

    def lit(self):
        """The colour each LED shows, or None (dark): a player's labelled
        LED, or where a colour has none, LED i the i-th seat."""
        cs = self.colours
        for c in cs:
            if c not in COLOURS:
                return [cs[i] if i < len(cs) and cs[i] in RGB else None for i in range(self.n)]
        return [c if c in cs else None for c in COLOURS[:self.n]]

    def steady(self):
        out = []
        for c in self.lit():
            out.append((0, 0, 0) if c is None else scale(RGB[c], self._level(c == self.turn)))
        return out

    def animate(self, kind, view=None):
        hi = self._level(True)
        frames = []
        if kind == "pizarro":
            for k in range(6):
                frames.append([150, [scale((255, 0, 0), hi) if k % 2 == 0 else (0, 0, 0)] * self.n])
        elif kind == "income":
            for k in range(2):
                frames.append([120, [(0, 0, 0) if c is None else scale(RGB[c], hi) for c in self.lit()]])
                frames.append([120, [(0, 0, 0)] * self.n])
        elif kind == "sun":
            for i in range(self.n):
                frames.append([90, [scale((255, 200, 0), hi) if j == i else (0, 0, 0) for j in range(self.n)]])
        elif kind in ("over", "start"):
            for k in range(3):
                frames.append([200, [(0, 0, 0) if c is None else scale(RGB[c], hi) for c in self.lit()]])
                frames.append([200, self.steady()])
        self.frames = frames
        if self.wake is not None:
            self.wake.set()

    def step(self):
        """Show the next animation frame (or the steady state); returns the
        frame's duration in ms, 0 when no animation is running."""
        if not self.frames:
            return 0
        ms, leds = self.frames.pop(0)
        self._write(leds)
        if not self.frames:
            self._write(self.steady())
        return ms

    def _write(self, leds):
        for i in range(self.n):
            self.np[i] = leds[i]
        self.np.write()

    async def run(self):
        """Play the animations as they come; asleep in between."""
        import asyncio
        self.wake = asyncio.Event()
        while True:
            ms = self.step()
            if ms:
                await asyncio.sleep_ms(ms)
            else:
                await self.wake.wait()
                self.wake.clear()


def _len(np):
    try:
        return len(np)
    except TypeError:
        return np.n
