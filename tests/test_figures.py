"""Figures live in BENCHMARKS.md: the firmware's comments and docstrings say
what a choice rests on and point there, and quote no measured heap size or
time ("(4.2 KB less)", "took 38 ms"), which would go stale as the code
changes.  A figure that the code itself sets (a constant's value on its own
line, a datasheet's timing) is allowed by name below.  And every page of
docs/ over 100 lines opens with a contents list of its sections."""
import os
import re
from collections import Counter

from test_micropython import ROOT

# a number and a unit of heap or time: "4 KB", "1.1 kB", "38 ms", "30 us"
FIGURE = re.compile(r"(?<![\w.])\d[\d.,]*[ -]?(?:KB|kB|KiB|MB|ms|us)\b")

# The figures a comment may quote, per file: each is set by the code beside
# it or by a datasheet, not measured.
CONSTANTS = {
    "firmware/hal/virtual.py": ["10 ms"],          # asyncio.sleep_ms(10) on the next line
    "firmware/hal/buttons.py": ["10 ms"],          # asyncio.sleep_ms(10) below it
    "firmware/hal/st7789.py": ["120 ms"],          # the ST7789 datasheet's wait after SWRESET
}

def prose(path):
    """[(line number, text)] of a Python file's comments and docstrings,
    the comment marks taken off."""
    out = []
    in_doc = False
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            s = line.strip()
            quotes = s.count('"""') + s.count("'''")
            if in_doc or quotes:
                out.append((n, s.replace('"""', " ").replace("'''", " ")))
                if quotes % 2:
                    in_doc = not in_doc
            elif "#" in line:
                out.append((n, line[line.index("#") + 1:].strip()))
    return out


def figures(path):
    """[(line number, figure)] quoted in path's prose, a figure split over
    two lines ("118\\n# KB") included."""
    lines = prose(path)
    text = ""
    starts = []
    for n, s in lines:
        starts.append((len(text), n))
        text += s + " "
    found = []
    for m in FIGURE.finditer(text):
        n = [ln for at, ln in starts if at <= m.start()][-1]
        found.append((n, re.sub(r"[ -]+", " ", m.group())))
    return found


def firmware_files():
    for folder, _, names in os.walk(os.path.join(ROOT, "firmware")):
        for name in sorted(names):
            if name.endswith(".py"):
                yield os.path.relpath(os.path.join(folder, name), ROOT).replace(os.sep, "/")


def test_the_scan_finds_a_figure_in_a_comment_and_a_docstring(tmp_path, monkeypatch):
    import test_figures
    monkeypatch.setattr(test_figures, "ROOT", str(tmp_path))
    (tmp_path / "x.py").write_text('x = 1  # kept apart (4.2 KB less)\n"""Took 38\nms."""\ny = "5 ms"\n')
    assert figures("x.py") == [(1, "4.2 KB"), (2, "38 ms")]


def test_firmware_comments_quote_no_measured_figure():
    allowed = dict((p, Counter(f)) for p, f in CONSTANTS.items())
    stray = []
    for path in firmware_files():
        found = figures(path)
        over = Counter(f for _, f in found) - allowed.get(path, Counter())
        stray += ["%s:%d: %s" % (path, n, f) for n, f in found if over[f]]
    assert not stray, ("measured figures in comments: say what the thing is and point to its "
                       "BENCHMARKS.md section instead\n" + "\n".join(stray))


def test_each_constant_figure_is_still_there():
    """An entry of CONSTANTS whose figure has left its file goes too, so
    that the list stays what the files hold."""
    gone = []
    for path, allowed in CONSTANTS.items():
        left = Counter(allowed) - Counter(f for _, f in figures(path))
        gone += ["%s: %s" % (path, f) for f in left.elements()]
    assert not gone, gone


def slug(heading):
    """GitHub's anchor of a heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_every_long_docs_page_has_a_contents_list_of_its_sections():
    missing = []
    docs = os.path.join(ROOT, "docs")
    for folder, _, names in os.walk(docs):
        for name in sorted(names):
            if not name.endswith(".md"):
                continue
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8") as f:
                text = f.read()
            if text.count("\n") <= 100:
                continue
            sections = [slug(h) for h in re.findall(r"^## (.+)$", text, re.M) if h.strip() != "Contents"]
            listed = re.findall(r"^(?:\d+\.|-) \[[^\]]+\]\(#([^)]+)\)", text, re.M)
            where = os.path.relpath(path, ROOT)
            if len(sections) < 2:
                missing.append("%s: %d lines in %d section(s)" % (where, text.count("\n"), len(sections)))
            elif listed != sections:
                missing.append("%s: contents %s, sections %s" % (where, listed, sections))
    assert not missing, missing
