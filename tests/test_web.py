"""The companion in a web page (./simulate web DIR), in a real browser:
Debian's Chromium, headless, driven by Playwright.  The scripted Inca
Empire game is played from the game picker to its end on the page, its
canvas equal pixel for pixel to the simulator's frames for the same
presses; the page is reloaded at random points where the game's home
screen is shown (one of them with the network off: the service worker
serves the site) and lands in the same game; the end's BG Stats link on
the page is the one the QR code holds; the on-screen buttons give short
and held presses by touch, the keyboard the terminal simulator's keys; the
128x64 board shows the same saved game as pico_oled does; the four LEDs are
dots in the players' colours."""
import base64
import os
import random
import shutil
import threading
import time

from bench import scripts
from firmware.screenkit.nav import PROFILES
from host_sim import device, render
from host_sim import web as site
from hostkit import events

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
BATCH = 24      # intents sent at once, then the canvas compared


def WALL():
    """The simulator's clock: the page's (the browser's, in UTC), for the play's date."""
    return tuple(time.gmtime())


def launch(p):
    exe = shutil.which("chromium")
    assert exe, "chromium is missing: Debian's chromium (tools/venv.sh installs it when run as root)"
    return p.chromium.launch(executable_path=exe, args=ARGS)


def serve(folder):
    import http.server
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), site.handler(folder, quiet=True))
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv


def canvas_rgb(page):
    """The page's canvas as RGB bytes, row after row."""
    b64 = page.evaluate("""() => {
        const c = document.getElementById('screen');
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        const out = new Uint8Array(d.length / 4 * 3);
        for (let i = 0, j = 0; i < d.length; i += 4) { out[j++] = d[i]; out[j++] = d[i + 1]; out[j++] = d[i + 2]; }
        let s = '';
        for (let i = 0; i < out.length; i += 8192) s += String.fromCharCode.apply(null, out.subarray(i, i + 8192));
        return btoa(s);
    }""")
    return base64.b64decode(b64)


def sim_rgb(app):
    """The simulator's frame as RGB bytes, as host_sim/render.py colours it."""
    cv = app.board.cv
    if not cv.colour:
        return bytes(c for row in render.pixels(cv) for px in row for c in px)
    pal = [bytes(render.rgb888(v)) for v in cv.palette] + [b"\0\0\0"] * (16 - len(cv.palette))
    pairs = [pal[b >> 4] + pal[b & 15] for b in range(256)]     # a byte: its two pixels
    assert cv.width % 2 == 0
    return b"".join([pairs[b] for b in bytes(cv.buf)])


def resumed(data, board="pico_display"):
    """The simulator booted on a copy of the data folder, as the page boots
    after a reload."""
    copy = data + "+"
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(data, copy)
    app, _ = device.build(board, copy, scripts.SEED)
    app.board.seed = lambda: scripts.SEED
    if app.play.clock is not None:
        app.play.clock.wall = WALL
    app.board.wall = WALL
    return app, copy


def test_the_scripted_game_in_a_browser_is_the_simulators_pixel_for_pixel(tmp_path):
    from playwright.sync_api import sync_playwright
    t0 = time.monotonic()
    files = site.build(str(tmp_path / "site"))
    built = time.monotonic() - t0
    assert {"index.html", "sw.js", "manifest.webmanifest", "micropython.wasm", "companion.rom"} <= set(files)
    assert sum(len(b) for b in files.values()) <= 1_500_000
    srv = serve(str(tmp_path / "site"))
    url = "http://127.0.0.1:%d/?seed=%d" % (srv.server_address[1], scripts.SEED)

    # the simulator: the same board's screen (240x135 colour, 4 buttons), the same presses
    prof = PROFILES["four"]
    intents = [e for k in scripts.session("inca", "pico_display") for e in events(prof, k)]
    data = str(tmp_path / "sim")
    os.mkdir(data)
    app, _ = device.build("pico_display", data, scripts.SEED)
    app.board.seed = lambda: scripts.SEED
    app.board.wall = WALL
    rng = random.Random()
    seed = rng.randrange(1 << 30)
    rng.seed(seed)
    # where to reload: at the first home screen after each of 3 random
    # presses (the last of them with the network off)
    reload_at = sorted(rng.sample(range(40, len(intents) - 40), 3))
    reloads = []
    with sync_playwright() as p:
        browser = launch(p)
        ctx = browser.new_context(timezone_id="UTC")
        page = ctx.new_page()
        page.set_default_timeout(20000)
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(url)
        page.wait_for_function("!!window.companion")
        page.evaluate("companion.settled()")
        assert canvas_rgb(page) == sim_rgb(app), "the first screen"
        kinds = set()
        sent = 0
        link = None
        for i, e in enumerate(intents):
            app.key(e)
            due = reload_at and i >= reload_at[0] and len(app.screens.stack) == 1
            kind = type(app.screens.stack[-1]).__name__
            end = link is None and kind == "PlayCode"
            if i + 1 - sent < BATCH and i + 1 < len(intents) and not due and not end and kind in kinds:
                continue
            app.render()
            page.evaluate("w => companion.send(w)", intents[sent:i + 1])
            sent = i + 1
            kinds.add(kind)     # every kind of screen the game shows compared at least once
            assert canvas_rgb(page) == sim_rgb(app), "after press %d (seed %d)" % (i, seed)
            if end:
                # the game's end: the QR code, and beside it on the page the link it holds
                link = bytes(app.screens.stack[-1].link).decode()
                assert link.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
                assert page.get_attribute("#link", "href") == link and page.is_visible("#link")
            if not due:
                continue
            again, folder = resumed(data)
            if again.play.view() != app.play.view() or sim_rgb(again) != sim_rgb(app):
                continue        # not the screen a boot shows: the next home screen
            reload_at.pop(0)
            offline = not reload_at
            if offline:
                page.evaluate("navigator.serviceWorker.ready")
                page.wait_for_function("!!navigator.serviceWorker.controller")
                ctx.set_offline(True)
            page.reload()
            page.wait_for_function("!!window.companion")
            page.evaluate("companion.settled()")
            assert canvas_rgb(page) == sim_rgb(again), "reloaded after press %d (seed %d)" % (i, seed)
            if offline:
                ctx.set_offline(False)
            app = again         # the simulator goes on from its boot, as the page does
            data = folder
            reloads.append(i)
        assert app.play.view()["over"]
        assert len(reloads) == 3, "reloads after presses %s (seed %d)" % (reloads, seed)
        assert link is not None and page.is_hidden("#link")     # the code left: no link
        assert {"Menu", "Home", "PhaseMenu", "Numbers", "CardList", "Message", "Report", "PlayCode"} <= kinds, kinds
        # the on-screen buttons by touch: a short press of DOWN (the next
        # row), then OK held (home; a short OK would open the row)
        box = page.locator("#pad button[data-b=down]").bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        page.wait_for_timeout(120)
        page.mouse.up()
        before = sim_rgb(app)
        app.key("down")
        app.render()
        page.wait_for_timeout(50)
        page.evaluate("companion.settled()")
        assert sim_rgb(app) != before and canvas_rgb(page) == sim_rgb(app), "a tap of DOWN"
        box = page.locator("#pad button[data-b=ok]").bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        page.wait_for_timeout(900)
        page.mouse.up()
        before = sim_rgb(app)
        app.key("home")
        app.render()
        page.wait_for_timeout(50)
        page.evaluate("companion.settled()")
        assert sim_rgb(app) != before and canvas_rgb(page) == sim_rgb(app), "OK held"
        # the 128x64 OLED board on the same storage: the same game, on pico_oled's screen
        page.goto(url + "&board=web_oled")
        page.wait_for_function("!!window.companion")
        page.evaluate("companion.settled()")
        oled, _ = resumed(data, "pico_oled")
        assert page.evaluate("(c => [c.width, c.height])(document.getElementById('screen'))") == [128, 64]
        assert canvas_rgb(page) == sim_rgb(oled), "the OLED board"
        # the keyboard: the terminal simulator's keys (j: DOWN)
        before = sim_rgb(oled)
        page.keyboard.press("j")
        page.evaluate("companion.settled()")
        oled.key("down")
        oled.render()
        assert sim_rgb(oled) != before and canvas_rgb(page) == sim_rgb(oled), "the key j"
        # the four LEDs, as dots: the players' of the finished game lit
        lit = page.evaluate("[...document.querySelectorAll('#leds .led')].map(d => d.style.background)")
        assert len(lit) == 4 and all(c.startswith("rgb(") for c in lit), lit
        assert not errors, errors
        browser.close()
    srv.shutdown()
    print("web test: %d intents, reloads after presses %s, screens %s, %.1f s (the site's build %.1f s)" % (
        len(intents), reloads, sorted(kinds), time.monotonic() - t0, built))
