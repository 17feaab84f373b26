# The action vocabulary is one short line of text per action.  This module
# turns a line into tokens; each game reads its own verbs from them.


def tokens(line):
    """Split an action line into words; '#' starts a comment.
    Returns None for a blank or comment-only line."""
    i = line.find("#")
    if i >= 0:
        line = line[:i]
    words = line.split()
    return words or None


def as_tokens(action):
    if isinstance(action, str):
        t = tokens(action)
        return t if t else []
    return [str(w) for w in action]


def line(words):
    return " ".join(str(w) for w in words)
