"""The device's screen and LEDs on a terminal (Unicode half blocks, true
aspect: one character is one pixel wide and two tall) and as PNG files."""
import struct
import zlib

OLED_ON = (130, 220, 255)
OLED_OFF = (0, 0, 0)


def rgb888(v):
    """An RGB565 colour as (r, g, b)."""
    return (((v >> 11) & 31) * 255 // 31, ((v >> 5) & 63) * 255 // 63, (v & 31) * 255 // 31)


def pixels(cv):
    """The canvas as rows of (r, g, b).  A colour canvas holds 4-bit indices
    (GS4_HMSB: two pixels a byte, the left one in the high nibble) into its
    palette of RGB565 colours."""
    w, h, buf = cv.width, cv.height, cv.buf
    rows = []
    if cv.colour:
        pal = [rgb888(v) for v in cv.palette]
        pal += [(0, 0, 0)] * (16 - len(pal))
        # each byte value -> the colours of its two pixels
        pairs = [(pal[b >> 4], pal[b & 15]) for b in range(256)]
        half = (w + 1) // 2
        for y in range(h):
            r = []
            for b in bytes(buf[y * half:(y + 1) * half]):
                r += pairs[b]
            rows.append(r[:w])
    else:
        for y in range(h):
            r = []
            for x in range(w):
                on = buf[(y >> 3) * w + x] >> (y & 7) & 1
                r.append(OLED_ON if on else OLED_OFF)
            rows.append(r)
    return rows


def terminal(cv, leds=None, legend=""):
    rows = pixels(cv)
    out = []
    for y in range(0, len(rows), 2):
        top = rows[y]
        bot = rows[y + 1] if y + 1 < len(rows) else [(0, 0, 0)] * len(top)
        line = []
        cur = None
        for x in range(len(top)):
            ab = (top[x], bot[x])
            if ab != cur:  # colour codes only where the colours change
                line.append("\x1b[38;2;%d;%d;%dm\x1b[48;2;%d;%d;%dm" % (ab[0] + ab[1]))
                cur = ab
            line.append("\u2580")
        out.append("".join(line) + "\x1b[0m")
    if leds is not None:
        dots = []
        for rgb in leds:
            lit = rgb if any(rgb) else (40, 40, 40)
            vis = tuple(min(255, c * 4 + 30) for c in lit) if any(rgb) else lit
            dots.append("\x1b[38;2;%d;%d;%dm\u25cf\x1b[0m" % vis)
        out.append(" LEDs " + " ".join(dots))
    if legend:
        out.append(legend)
    return "\n".join(out)


def png(cv, path, scale=None):
    write_png(pixels(cv), path, scale or (2 if cv.colour else 4))


def panel_rows(width, height, pixels):
    """A panel's picture (host_sim.vpico.Pico.picture: 0/1 or (r, g, b) a
    pixel, row by row) as rows of (r, g, b), mono as the OLED lights it."""
    rows = []
    for y in range(height):
        r = pixels[y * width:(y + 1) * width]
        rows.append([(OLED_ON if p else OLED_OFF) if isinstance(p, int) else tuple(p) for p in r])
    return rows


def write_png(rows, path, scale):
    w, h = len(rows[0]) * scale, len(rows) * scale
    raw = bytearray()
    for r in rows:
        line = bytearray([0])
        for rgb in r:
            line += bytes(rgb) * scale
        raw += bytes(line) * scale
    def chunk(kind, data):
        c = struct.pack(">I", len(data)) + kind + data
        return c + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
    data += chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(data)
