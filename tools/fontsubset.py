"""A board's font cut down to one language: the printable ASCII, and of the
rest only the characters that language's words use (its table and every
game's), the edition tables and the firmware's own strings.  A board reads
its font file whole into RAM (the text is drawn from those bytes, in native
code), so its part is what RAM holds (the sizes: BENCHMARKS.md,
*Measured apart*).

    python tools/fontsubset.py FONT.fnt OUTDIR     writes OUTDIR/FONT.LANG.fnt
                                                   for every language

flash.sh runs it for the board's font; firmware/core/font.py Font.use(lang)
reads the language's file where there is one (else the whole font).
"""
import ast
import glob
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import mkfont  # noqa: E402

ASCII = range(32, 127)


def languages(root=ROOT):
    return sorted(os.path.basename(p)[:-5] for p in glob.glob(os.path.join(root, "assets", "lang", "*.json")))


def _strings(value, others=()):
    """The strings in a JSON value, but those under another language's key
    (an edition's {"ru": "Железо"}: shown only in that language)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            if k not in others:
                yield k
                yield from _strings(v, others)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v, others)


def characters(lang, root=ROOT):
    """Every character a board may draw in language lang."""
    chars = set(map(chr, ASCII))
    others = [x for x in languages(root) if x != lang]
    tables = [os.path.join(root, "assets", "lang", lang + ".json")]
    tables += glob.glob(os.path.join(root, "firmware", "games", "*", "lang", lang + ".json"))
    tables += glob.glob(os.path.join(root, "assets", "*", "edition.json"))
    for path in tables:
        with open(path, encoding="utf-8") as f:
            for s in _strings(json.load(f), others):
                chars.update(s)
    # what the code draws of its own (marks, arrows): every character of its strings
    for path in glob.glob(os.path.join(root, "firmware", "**", "*.py"), recursive=True):
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                chars.update(node.value)
    return chars


def subset(blob, chars):
    """The .fnt bytes of blob with only the glyphs of chars (those it has)
    and its replacement glyph."""
    info = mkfont.unpack(blob)
    keep = {c: rows for c, rows in info["glyphs"].items()
            if chr(c) in chars or c == info["replacement"]}
    return mkfont.pack(info["width"], info["height"], info["ascent"], keep)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    font, out = argv
    with open(font, "rb") as f:
        blob = f.read()
    name = os.path.basename(font)[:-4]
    for lang in languages():
        data = subset(blob, characters(lang))
        path = os.path.join(out, "%s.%s.fnt" % (name, lang))
        with open(path, "wb") as f:
            f.write(data)
        print("wrote %s: %d glyphs, %d bytes" % (path, len(mkfont.unpack(data)["codes"]), len(data)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
