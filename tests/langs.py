"""What the tests of the word tables share: a value's placeholders, and
which keys every language must have (a short form, key~, only where the
language needs one; a counted word has its forms apart by "|")."""
import re


def specs(s, pattern=r"%[-+ 0-9]*[sdr%]"):
    """The placeholders of s, the same in each of its forms (a counted word,
    text.form); forms that differ give a list that matches nothing."""
    found = [re.findall(pattern, x) for x in s.split("|")]
    return found[0] if all(x == found[0] for x in found) else found


def needed(keys):
    """The keys of keys every language has: not the short forms (key~)."""
    return [k for k in keys if not k.endswith("~")]


def short_forms_match(table):
    """(key, value) of the short forms whose placeholders are not their full
    word's, or that have no full word."""
    return [(k, v) for k, v in table.items() if k.endswith("~")
            and (k[:-1] not in table or specs(v) != specs(table[k[:-1]]))]
