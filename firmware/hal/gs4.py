# Native code for the colour screens' frame (GS4_HMSB: 4-bit palette
# indices, two pixels a byte, the left one in the high nibble): text drawn
# into it, and its rows turned into the panel's RGB565 pixels.
#
# text(): framebuf has no 4-bit text of our fonts, so firmware.core.font
# blits each glyph through a palette, pixel by pixel behind C function
# pointers, with the Python loop around it: 2.3 ms for a row of 25
# characters on a Pico, 27 of the 43 ms a list of Sun Event cards takes to
# draw.  Here one call draws the whole text, UTF-8 decoded and glyphs
# looked up as the font file lays them out (firmware.core.font).
#
# table() and expand(), for the panel:
# The ST7789 driver sends the frame (GS4_HMSB: 4-bit palette indices, two
# pixels a byte, the left one in the high nibble) as RGB565 bands.
# framebuf's palette blit does the conversion in C, but pixel by pixel
# through its get and set functions: 38 ms of a Pico's clock for a whole
# 240x135 frame, more than the SPI bus takes to send it (17 ms at 31.25
# MHz).  Here a table of 256 words gives the two colours of any frame byte
# at once, in the panel's byte order: 6.6 ms for the same frame.
#
# Viper is MicroPython's own emitter of machine code: flash.sh compiles
# this file for the board's architecture (the profile's ARCH: armv6m for
# the RP2040, xtensawin for the ESP32), so it is the one module of the
# firmware that is not plain bytecode.  The Canvas and the driver fall back
# to framebuf where it cannot be imported (CPython, or a .mpy of another
# architecture).
import micropython


@micropython.viper
def table(colours: ptr16, lut: ptr32):
    """Fill lut (1 KB: 256 words) from colours (16 RGB565 values, each
    already byte-swapped, so that it lies in memory high byte first as the
    panel wants it): word b is the two pixels of frame byte b."""
    b = 0
    while b < 256:
        lut[b] = colours[b >> 4] | (colours[b & 15] << 16)
        b += 1


@micropython.viper
def expand(frame: ptr8, start: int, n: int, band: ptr32, lut: ptr32):
    """The n frame bytes from start (2n pixels) into the band's first 4n
    bytes, through lut (table's).  Little-endian chips (RP2040, ESP32): a
    word's low byte is the first in memory."""
    if (uint(frame) + uint(start)) & 3 or n & 3:
        # not on a word boundary: a byte at a time
        src = ptr8(uint(frame) + uint(start))
        i = 0
        while i < n:
            band[i] = lut[src[i]]
            i += 1
        return
    # four frame bytes read as one word: a quarter of the loads
    words = ptr32(uint(frame) + uint(start))
    m = n >> 2
    i = 0
    j = 0
    while i < m:
        w = words[i]
        band[j] = lut[w & 255]
        band[j + 1] = lut[(w >> 8) & 255]
        band[j + 2] = lut[(w >> 16) & 255]
        band[j + 3] = lut[(w >> 24) & 255]
        i += 1
        j += 4


@micropython.viper
def text(frame: ptr8, fw: int, fh: int, font: ptr8, s: ptr8, chars: int, x: int, y: int, c: int) -> int:
    """Draw the first chars characters of s (a str: its UTF-8 bytes) with
    their top-left corner at (x, y) in colour index c, into frame (fw x fh
    pixels), clipped at its edges; font: a .fnt file's bytes (the header,
    the sorted code points, the glyphs: firmware.core.font).  A glyph's 1
    bits take the colour, its 0 bits leave the frame as it was.  A code
    point the font lacks draws its replacement glyph.  Returns the x
    after the text."""
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
