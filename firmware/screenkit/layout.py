# Sizes and colours of one display.  A screen asks the layout, never the
# board, how big things are: the same screens serve 128x64 mono and
# 240x135 colour.
#
# Colours are what the screens hand the Canvas.  Mono: 0 (dark) and 1
# (lit).  Colour: indices 0..15 into Layout.palette, the tuple of RGB565
# values the Canvas turns them into on the way to the panel (its frame
# holds 4 bits per pixel, not 16).


# RGB565 of an RGB colour.
def rgb(r, g, b):
    return ((r & 0xF8) << 8) | ((g & 0xFC) << 3) | (b >> 3)


# The colour layout's palette, index -> (r, g, b): the screen's own colours
# first (the Layout attributes of the same names hold their indices), then
# the players' (Layout.player).  At most 16 entries.  Tuples, not dicts:
# the order fixes the indices, the same on MicroPython and CPython.
UI_RGB = ((0, 0, 0),          # bg
          (235, 235, 235),    # fg
          (110, 110, 110),    # grey
          (75, 75, 100),      # sel_bg: dark, so a player's colour reads on it
          (255, 255, 255),    # sel_fg
          (120, 70, 0),       # title_bg (no player's turn)
          (255, 230, 160))    # title_fg
# Inca Empire's four, then the other games' (Eight-Minute Empire: red,
# yellow, purple; Origin: red, yellow).  Black and white players are drawn
# in the screen's own fg: on a black screen a black name would not show.
# Brown is a dark earth and orange a bright one: told apart at a glance.
PLAYER_RGB = (("blue", (40, 110, 255)), ("orange", (255, 140, 0)),
              ("green", (40, 200, 60)), ("brown", (165, 100, 50)),
              ("red", (240, 60, 50)), ("yellow", (245, 225, 40)), ("purple", (175, 90, 230)))


class Layout:
    def __init__(self, w, h, font, colour):
        self.w = w
        self.h = h
        self.font = font
        self.lh = font.height + 1          # one text line, with a pixel between
        self.rows = h // self.lh           # text lines on the screen
        self.colour = colour
        # a hint line at the bottom only where there is room for it
        self.footer = 1 if self.rows >= 7 else 0
        self.turn = None    # the colour of the player whose turn it is (App.render): the title band's
        if colour:
            self.bg = 0
            self.fg = 1
            self.grey = 2
            self.sel_bg = 3
            self.sel_fg = 4
            self.title_bg = 5
            self.title_fg = 6
            pal = [rgb(*c) for c in UI_RGB]
            self.player = {}
            self.on_player = {}     # a player's colour index -> the text colour that reads on it
            for name, c in PLAYER_RGB:
                self.player[name] = len(pal)
                self.on_player[len(pal)] = self.bg if 299 * c[0] + 587 * c[1] + 114 * c[2] > 150000 else self.sel_fg
                pal.append(rgb(*c))
            self.palette = tuple(pal)          # index -> RGB565
        else:
            self.palette = None
            self.bg = 0
            self.fg = 1
            self.grey = 1
            self.sel_bg = 1
            self.sel_fg = 0
            self.title_bg = 1
            self.title_fg = 0
            self.player = {}
            self.on_player = {}
            for name, c in PLAYER_RGB:
                self.player[name] = 1

    def fit(self, text, width):
        """text cut to fit width pixels (with '~' at the end if cut)."""
        f = self.font
        if f.width(text) <= width:
            return text
        while text and f.width(text + "~") > width:
            text = text[:-1]
        return text + "~"

    def wrap(self, text, width):
        """text broken into lines of at most width pixels."""
        lines = []
        line = ""
        for word in text.split(" "):
            cand = word if not line else line + " " + word
            if self.font.width(cand) <= width:
                line = cand
            else:
                if line:
                    lines.append(line)
                line = self.fit(word, width)
        if line:
            lines.append(line)
        return lines
