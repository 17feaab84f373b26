"""The footer's hints name the buttons the board has: OK, BACK, UP and DOWN
on four buttons; A and B, pressed or held, on the two-button T-Display."""
import random
import re

import pytest

from host_sim import autoplay, device, keyplan
from tests.test_ui_game import EDITION

LANGS = ("en", "es", "ru")
HINTS = ("menu", "back", "ok", "pick", "num", "letters")
# the names of the four-button boards' buttons, as the hints say them
FOUR = ("OK", "BACK", "UP", "DOWN", "ATRÁS", "ARRIBA", "ABAJO", "НАЗАД", "ВВЕРХ", "ВНИЗ")
TWO = ("A", "B")


def names(text):
    """The button names a hint says (words in capitals)."""
    return set(re.findall(r"[A-ZÁÉÍÓÚÑА-ЯЁ]+", text))


@pytest.mark.parametrize("lang", LANGS)
def test_each_hint_names_only_the_buttons_of_its_board(lang):
    t = device.words(lang)
    for h in HINTS:
        four = names(t["h." + h])
        two = names(t["h2." + h])
        assert four and four <= set(FOUR), (lang, h, t["h." + h])
        assert two and two <= set(TWO), (lang, h, t["h2." + h])
    # while a game with an end of turn is played, the menu and back hints
    # say that a held DOWN ends it (four buttons), or A and B together (two)
    for h in ("menu", "back"):
        text = t["h.%s_end" % h]
        assert text.startswith(t["h." + h].split(":")[0]) and "↓" in text, (lang, h, text)
        assert names(text) <= set(FOUR), (lang, h, text)
        text = t["h2.%s_end" % h]
        assert text.startswith(t["h2." + h]) and "A+B" in text, (lang, h, text)
    # a number field on two buttons: A up, a held B down
    assert "A" in names(t["h2.num"]) and "-1" in t["h2.num"], (lang, t["h2.num"])


@pytest.mark.parametrize("board,lang", [("esp32_tdisplay", "en"), ("esp32_tdisplay", "ru"),
                                        ("pico_display", "es")])
def test_every_footer_of_a_game_names_the_boards_buttons(board, lang, tmp_path, monkeypatch):
    """A whole Inca game through the buttons, each press drawn: every
    footer is a hint of the board's own buttons."""
    from firmware.app import App, Screens
    shown = []
    real = Screens.footer_text

    def footer_text(self, hint):
        s = real(self, hint)
        shown.append(s)
        return s
    monkeypatch.setattr(Screens, "footer_text", footer_text)
    key = App.key

    def key_and_draw(self, k):
        key(self, k)
        self.render()
    monkeypatch.setattr(App, "key", key_and_draw)
    lines = autoplay.play("inca players=blue,orange,green pizarro seed=5", random.Random(5).randrange,
                          EDITION, undo_every=9)
    app, prof = device.build(board, str(tmp_path / "device"), 5, lang=lang)
    keyplan.play(app, lines)
    assert app.play.view()["over"]
    t = device.words(lang)
    own = set(t[("h2." if prof["profile"] == "two" else "h.") + h] for h in HINTS)
    # Inca Empire has an end of turn: held DOWN, or A and B together
    ends = "h2." if prof["profile"] == "two" else "h."
    own |= set((t[ends + "menu_end"], t[ends + "back_end"]))
    assert t[ends + "back_end"] in shown
    allowed = set(TWO if prof["profile"] == "two" else FOUR)
    assert len(set(shown) & own) >= 3         # the game's screens show most hints
    for s in set(shown):
        assert names(s) <= allowed, (board, s)
