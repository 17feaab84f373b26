# Text drawn in native code into the Canvas's frame: the colour screens'
# GS4_HMSB (4-bit palette indices, two pixels a byte, the left one in the
# high nibble) and the mono screen's MONO_VLSB (a byte a column of 8 rows).
#
# framebuf has no text of our fonts, so firmware.core.font blits each glyph
# (on a colour frame through a palette, pixel by pixel behind C function
# pointers), with the Python loop around it: most of the time a list of
# Sun Event cards takes to draw in colour (BENCHMARKS.md, *Measured
# apart*).  Here one call draws the whole text, UTF-8 decoded and
# glyphs looked up as the font file lays them out (firmware.core.font).
#
# Viper, MicroPython's emitter of machine code: flash.sh compiles this file
# for the board's architecture (the profile's ARCH), as gs4.py.  The Canvas
# falls back to the font's blits where it cannot be imported (CPython, a
# .mpy of another architecture, a port with no native emitter).
import micropython


@micropython.viper
def text(frame: ptr8, fw: int, fh: int, font: ptr8, s: ptr8, chars: int, x: int, y: int, c: int, vlsb: int) -> int:
    """Draw the first chars characters of s (a str: its UTF-8 bytes) with
    their top-left corner at (x, y) in colour c, into frame (fw x fh
    pixels), clipped at its edges; font: a .fnt file's bytes (the header,
    the sorted code points, the glyphs: firmware.core.font).  vlsb: the
    frame is MONO_VLSB (c: 1 lit, 0 dark), else GS4_HMSB (c: a palette
    index).  A glyph's 1 bits take the colour, its 0 bits leave the frame
    as it was.  A code point the font lacks draws its replacement glyph.
    Returns the x after the text."""
    adv = int(font[5])
    h = int(font[6])
    count = int(font[8]) | (int(font[9]) << 8)
    repl = int(font[10]) | (int(font[11]) << 8)
    run = int(font[12]) | (int(font[13]) << 8)
    gsize = int(font[14]) | (int(font[15]) << 8)
    first = int(font[16]) | (int(font[17]) << 8)
    glyphs = 16 + 2 * count
    bpr = (adv + 7) >> 3
    # the last byte of a glyph row: its bits past the advance are padding
    last = (0xFF << ((bpr << 3) - adv)) & 0xFF
    stride = (fw + 1) >> 1
    left = c << 4
    ink = 0xFF if c else 0
    k = 0       # the byte of s
    n = 0       # characters drawn
    while n < chars:
        b = int(s[k])
        if b < 0x80:
            cp = b
            k += 1
        elif b < 0xE0:
            cp = ((b & 0x1F) << 6) | (int(s[k + 1]) & 0x3F)
            k += 2
        elif b < 0xF0:
            cp = ((b & 0x0F) << 12) | ((int(s[k + 1]) & 0x3F) << 6) | (int(s[k + 2]) & 0x3F)
            k += 3
        else:
            cp = 0x10000   # beyond the font's 16-bit code points
            k += 4
        n += 1
        i = cp - first
        if i < 0 or i >= run:
            # a binary search of the code points after the ASCII run
            i = repl
            lo = run
            hi = count - 1
            while lo <= hi:
                mid = (lo + hi) >> 1
                o = 16 + 2 * mid
                v = int(font[o]) | (int(font[o + 1]) << 8)
                if v < cp:
                    lo = mid + 1
                elif v > cp:
                    hi = mid - 1
                else:
                    i = mid
                    break
        if x < fw and x + adv > 0:
            g = glyphs + i * gsize
            j = 0
            while j < h:
                yy = y + j
                if yy >= 0 and yy < fh:
                    row = yy * stride
                    if vlsb:
                        row = (yy >> 3) * fw
                        bit = 1 << (yy & 7)
                        keep = 0xFF ^ bit
                        bit = bit & ink
                    gi = g + j * bpr
                    q = 0
                    while q < bpr:
                        # a byte of the glyph's row, bit 7 leftmost: only
                        # up to its last 1 bit
                        bits = int(font[gi + q])
                        if q == bpr - 1:
                            bits &= last
                        xx = x + (q << 3)
                        while bits:
                            if bits & 0x80 and xx >= 0 and xx < fw:
                                if vlsb:
                                    o = row + xx
                                    frame[o] = (int(frame[o]) & keep) | bit
                                    bits = (bits << 1) & 0xFF
                                    xx += 1
                                    continue
                                o = row + (xx >> 1)
                                if xx & 1:
                                    frame[o] = (int(frame[o]) & 0xF0) | c
                                else:
                                    frame[o] = (int(frame[o]) & 0x0F) | left
                            bits = (bits << 1) & 0xFF
                            xx += 1
                        q += 1
                j += 1
        x += adv
    return x
