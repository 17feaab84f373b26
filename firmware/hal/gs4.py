# Native code for the colour screens' frame (GS4_HMSB: 4-bit palette
# indices, two pixels a byte, the left one in the high nibble): its rows
# turned into the panel's RGB565 pixels (text drawn into it: glyphs.py).
#
# The ST7789 driver sends the frame (GS4_HMSB: 4-bit palette indices, two
# pixels a byte, the left one in the high nibble) as RGB565 bands.
# framebuf's palette blit does the conversion in C, but pixel by pixel
# through its get and set functions: on a Pico longer than the SPI bus
# takes to send the frame.  Here a table of 256 words gives the two colours
# of any frame byte at once, in the panel's byte order (the times of both:
# BENCHMARKS.md, *Measured apart*).
#
# Viper is MicroPython's own emitter of machine code: flash.sh compiles
# this file for the board's architecture (the profile's ARCH: armv6m for
# the RP2040, xtensawin for the ESP32), so it is, with glyphs.py, a module of
# the firmware that is not plain bytecode.  The Canvas and the driver fall back
# to framebuf where it cannot be imported (CPython, or a .mpy of another
# architecture).
import micropython


@micropython.viper
def table(colours: ptr16, lut: ptr32):
    """Fill lut (256 words) from colours (16 RGB565 values, each
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
