"""Play legal games from a stream of choices, any game of the registry.

Used to write the demo transcript, to feed the property tests (hypothesis
supplies the choices), to build the scenario corpus and the benchmarks'
long evenings.  Every action it emits has been accepted by the engine, so
the transcript replays cleanly.  The game's own host-side module
(host_sim/games.py) says what its players may do: candidates(s, pick), or
act(s, pick, aside) where what they hold aside (Aside: Inca Empire's Sun
Event cards) decides it.
"""
import json
import random

from firmware.core.errors import IllegalAction
from host_sim import games

TRIES = 50    # lists of candidates asked for before a state is said to have no legal action


class Game:
    """A game being played at random: its host-side module, its rules, the
    state and what the players hold aside (None, or an Aside whose d is
    JSON-able, kept with the state so that an undo takes it back)."""

    def __init__(self, setup, pick, edition):
        name = setup.split()[0]
        self.host = games.host(name)
        self.rules = games.rules(name)
        self.s = self.rules.new(setup, edition)
        self.aside = self.host.Aside(self.s, pick) if hasattr(self.host, "Aside") else None

    def kept(self):
        """The state and what is held aside, as JSON text."""
        return json.dumps([self.s, self.aside.d if self.aside is not None else None])

    def back_to(self, kept):
        """The state (and what is held aside) as kept()."""
        self.s, d = json.loads(kept)
        if self.aside is not None:
            self.aside.d = d

    def act(self, pick):
        """One legal action applied; its line (AssertionError when no
        candidate is legal)."""
        if hasattr(self.host, "act"):
            a = self.host.act(self.s, pick, self.aside)
        else:
            a = self._legal(pick)
        if a is None:
            raise AssertionError("no legal action in %r" % (self.rules.view(self.s).get("phase"),))
        return a


    def _legal(self, pick):
        """The first candidate the rules take, of up to TRIES lists of them."""
        for _ in range(TRIES):
            for c in self.host.candidates(self.s, pick):
                try:
                    self.rules.apply(self.s, c)
                except IllegalAction:
                    continue
                return c
        return None


def act(game, pick, lines, states):
    """One legal action of game applied, its line appended to lines and the
    state after it to states."""
    lines.append(game.act(pick))
    states.append(game.kept())


def play(setup, pick, edition, limit=2000, undo_every=0):
    """Return the list of action lines of a legal game (setup first).
    pick(n) returns a choice in 0..n-1.  With undo_every, an 'undo' is
    sometimes emitted right after an action."""
    game = Game(setup, pick, edition)
    lines = [setup]
    states = [game.kept()]
    while not game.s["over"] and len(lines) < limit:
        act(game, pick, lines, states)
        if undo_every and pick(undo_every) == 0 and len(states) > 1:
            lines.append("undo")
            states.pop()
            game.back_to(states[-1])
    return lines


def random_game(name, seed, edition, undo_every=0, limit=2000):
    """A legal game of the named game, its setup and actions chosen from seed."""
    rnd = random.Random(seed)
    return play(games.host(name).random_setup(rnd), rnd.randrange, edition, limit=limit, undo_every=undo_every)


def annotated(lines, edition):
    """The transcript with the game's own comments (where each phase begins),
    if its host-side module writes them."""
    host = games.host(lines[0].split()[0])
    return host.annotated(lines, edition) if hasattr(host, "annotated") else list(lines)


if __name__ == "__main__":
    import sys

    setup = sys.argv[1] if len(sys.argv) > 1 else "inca players=blue,orange,green,brown seed=1438 pizarro"
    rnd = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 7)
    ed = games.edition(setup.split()[0])
    for ln in annotated(play(setup, rnd.randrange, ed), ed):
        print(ln)
