"""What the tests of the word tables share: a value's placeholders, and
which keys every language must have (a short form, key~, only where the
language needs one; a counted word has its forms in braces, {a|b})."""
import re


def forms(s):
    """The forms of the words s: a counted word's ({a|b} in them, text.form)
    each with the words of one count, in the order of the language's rule;
    else [s]."""
    groups = re.findall(r"\{([^{}]*)\}", s)
    if not groups:
        return [s]
    n = max(g.count("|") + 1 for g in groups)
    return [re.sub(r"\{([^{}]*)\}", lambda m: m.group(1).split("|")[min(i, m.group(1).count("|"))], s)
            for i in range(n)]


def specs(s, pattern=r"%[-+ 0-9]*[sdr%]"):
    """The placeholders of s, the same in each of its forms (a counted word,
    text.form); forms that differ give a list that matches nothing."""
    found = [re.findall(pattern, x) for x in forms(s)]
    return found[0] if all(x == found[0] for x in found) else found


def needed(keys):
    """The keys of keys every language has: not the short forms (key~)."""
    return [k for k in keys if not k.endswith("~")]


def short_forms_match(table):
    """(key, value) of the short forms whose placeholders are not their full
    word's, or that have no full word."""
    return [(k, v) for k, v in table.items() if k.endswith("~")
            and (k[:-1] not in table or specs(v) != specs(table[k[:-1]]))]


# ---------------------------------------------------------------- short forms

# what a token may be wrapped in on a screen (and the mark of a cut text)
_PUNCT = "()[],:;!?¡¿«»\"'✓▲▼→↑↓~=<>…—–-/+"
# the buttons' names, as the hints say them
_BUTTONS = {"A", "B", "OK", "UP", "DOWN", "BACK", "ARRIBA", "ABAJO", "ATRÁS", "ВВЕРХ", "ВНИЗ", "НАЗАД"}
_ROMAN = re.compile(r"^[IVX]+$")
_ORDINAL = re.compile(r"^\d+(st|nd|rd|th|-й|-я|-е|\.º|\.ª|º|ª)$")
_TIMES = re.compile(r"^x\d+$")         # copies of a card: x2


def norm(s):
    """A short form as the glossary knows it: without its full stop, in
    small letters (Доп. and доп are one short form)."""
    return s.rstrip(".").casefold()


def letters(s):
    return "".join(ch for ch in s.casefold() if ch.isalpha())


def abbreviates(short, word):
    """short could stand for word: its letters are word's, in order, from
    its first letter on (Гн: гарнизоны; Гр would be город and гарнизоны)."""
    a, b = letters(short), letters(word)
    if not a or not b or a[0] != b[0]:
        return False
    i = 0
    for ch in b:
        if i < len(a) and ch == a[i]:
            i += 1
    return i == len(a)


def vocabulary(tables):
    """The words of the tables written whole: every word of every value
    (but the players' initials and the short forms, keys i.* and key~)
    not directly followed by a full stop, or ending a sentence: a full stop
    at the end of a text of four words or more, or before the next
    sentence's capital."""
    out = set()
    for tb in tables:
        for k, v in tb.items():
            if k.startswith("_") or k.endswith("~") or re.match(r"(8\.)?i\.", k):
                continue
            for form in forms(v):
                sentence = len(form.split()) >= 4
                for m in re.finditer(r"(?<![%\w])[^\W\d_]+(\.?)(?=(.?))", form):
                    after = form[m.end():m.end() + 2]
                    ends = sentence and (after == "" or re.match(r" [A-ZА-ЯЁÁÉÍÓÚÑ«¿¡]", after))
                    if not m.group(1) or ends:
                        out.add(m.group(0).rstrip(".").casefold())
    return out


def short_forms(lines, vocab, initials, glossary):
    """The short forms on a screen (its text lines, TextShot): a word cut
    by a full stop that is not a whole word of the language (Доп.), letters
    glued to a number (5тр, G1, R2), a player's initials, capitals of one to
    three letters (VP), or any short form the glossary lists."""
    found = []
    keys = set(norm(k) for k in glossary)
    for line in lines:
        if line.startswith("> "):
            line = line[2:]
        for tok in line.split():
            tok = tok.strip(_PUNCT.replace(".", ""))
            if _ORDINAL.match(tok) or _TIMES.match(tok):
                continue
            # a word ends at a closing mark ("ПОРАЖ.!" is "ПОРАЖ."); a
            # sector is two colours (Син-Орн)
            for piece in re.split(r"[-,:;!?()«»\[\]/+>]|(?<=[^\W\d_]\.)(?=[^\W\d_])", tok):
                piece = piece.strip(_PUNCT.replace(".", ""))
                if not piece or not any(ch.isalpha() or ch == "¢" for ch in piece) or piece in _BUTTONS:
                    continue
                glued = re.sub(r"[\d%.]+", " ", piece).split()
                if any(ch.isdigit() for ch in piece):
                    for g in glued:
                        if not _ROMAN.match(g):
                            found.append(g)
                    continue
                word = piece.rstrip(".")
                if _ROMAN.match(word):
                    continue
                if piece.endswith(".") and word.casefold() not in vocab:
                    found.append(piece)
                elif (piece in initials and word.casefold() not in vocab) or norm(piece) in keys:
                    found.append(piece)
                elif word.isupper() and len(word) <= 3 and word.isalpha() and word.casefold() not in vocab:
                    found.append(piece)
    return found


def glossary(lang):
    """The glossary of lang (docs/glossary/LANG.json): {short form: word};
    a short form listed twice (in any case, with or without its full stop)
    is refused."""
    import json
    import os
    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs", "glossary",
                        lang + ".json")

    def pairs(items):
        seen = set()
        for k, _ in items:
            assert norm(k) not in seen, "%s: %r twice" % (path, k)
            seen.add(norm(k))
        return dict(items)
    with open(path, encoding="utf-8") as f:
        found = json.load(f, object_pairs_hook=pairs)
    return dict((k, v) for k, v in found.items() if not k.startswith("_"))


def lookup(gloss):
    """{norm(short form): word} of a glossary."""
    return dict((norm(k), v) for k, v in gloss.items())


def confusable(forms, words):
    """Pairs of the short forms of one screen that look alike (as long as
    each other) and where one could stand for the other's word (Гн and Гр
    of гарнизоны and города: Гр could be either); words: {norm(form):
    word}."""
    out = []
    forms = sorted(set(norm(x) for x in forms))
    for a in forms:
        for b in forms:
            if a < b and len(letters(a)) == len(letters(b)):
                if any(abbreviates(a, w) for w in words[b].split(" / ")) or \
                        any(abbreviates(b, w) for w in words[a].split(" / ")):
                    out.append((a, b))
    return out
