# One RGB LED instead of a NeoPixel per player (the Pico Display Pack): it
# shows the colour of the player whose turn it is (the winner at the end),
# dark between turns; the animations flash it as they flash the strip.
from firmware.hal.pixels import RGB, PlayerPixels, scale


class RgbLed:
    """neopixel.NeoPixel's interface (one LED: [0] = (r, g, b), write())
    over three PWM outputs.  pwms: objects with duty_u16(); active_low for
    a common-anode LED (lit when its pin is low)."""

    def __init__(self, pwms, active_low=True):
        self.pwms = pwms
        self.active_low = active_low
        self.rgb = (0, 0, 0)
        self.n = 1

    def __len__(self):
        return 1

    def __setitem__(self, i, rgb):
        self.rgb = tuple(rgb)

    def __getitem__(self, i):
        return self.rgb

    def write(self):
        for k in range(3):
            d = self.rgb[k] * 257          # 0..255 -> 0..65535
            self.pwms[k].duty_u16(65535 - d if self.active_low else d)


class TurnPixels(PlayerPixels):
    """PlayerPixels on a single LED: the steady state is the colour of the
    player whose turn it is."""

    def steady(self):
        t = self.turn
        if t in self.colours and t in RGB:
            return [scale(RGB[t], self._level(True))]
        return [(0, 0, 0)]

