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


def test_the_scripted_game_in_a_browser_is_the_simulators_pixel_for_pixel(tmp_path, tmp_path_factory):
    from playwright.sync_api import sync_playwright
    t0 = time.monotonic()
    files, folder = site_once(tmp_path_factory)
    built = time.monotonic() - t0
    assert {"index.html", "sw.js", "manifest.webmanifest", "micropython.wasm", "companion.rom"} <= set(files)
    assert sum(len(b) for b in files.values()) <= 1_500_000
    srv = serve(folder)
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
    seed = int(os.environ.get("WEB_SEED") or rng.randrange(1 << 30))     # WEB_SEED: a run again
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


def site_once(tmp_path_factory):
    """The site, built once for the run: the workers of pytest-xdist share
    it (a lock on a file in their common temporary folder); {file: bytes}
    and the folder."""
    import fcntl
    import json
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent
    folder = str(root / "web-site")
    with open(str(root / "web-site.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = os.path.join(folder + ".json")
        if not os.path.exists(done):
            files = site.build(folder)
            with open(done, "w") as f:
                json.dump(sorted(files), f)
        with open(done) as f:
            names = json.load(f)
    files = {}
    for n in names:
        with open(os.path.join(folder, n), "rb") as f:
            files[n] = f.read()
    return files, folder


def kill_browser():
    """SIGKILL the browser Playwright launched: its main process and every
    process under it (zygotes, renderers, the storage's), at once, as a
    phone's system kills an app in the background."""
    import signal
    kids = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open("/proc/%s/stat" % d) as f:
                    st = f.read()
            except OSError:
                continue
            kids.setdefault(int(st[st.rindex(")") + 2:].split()[1]), []).append(int(d))

    def under(pid):
        for k in kids.get(pid, ()):
            yield k
            yield from under(k)

    gone = []
    for pid in under(os.getpid()):
        try:
            with open("/proc/%d/cmdline" % pid, "rb") as f:
                exe = f.read().split(b"\0")[0]
        except OSError:
            continue
        if b"chrom" in exe:
            gone.append(pid)
    assert gone, "no browser process found"
    for pid in gone:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    return gone


def old_storage(data):
    """The items a page of the previous version kept in localStorage for
    the data folder's files (firmware/hal/webfs.py over localStorage)."""
    import sys
    import types
    sys.modules.setdefault("js", types.ModuleType("js"))
    from firmware.hal.webfs import Files

    class Items(dict):
        getItem = dict.get
        setItem = dict.__setitem__

        def removeItem(self, k):
            self.pop(k, None)

        def key(self, i):
            return list(self)[i]

        @property
        def length(self):
            return len(self)

        def __bool__(self):
            return True     # a storage, even empty

    items = Items()
    fs = Files(items)
    for top, dirs, names in os.walk(data):
        rel = os.path.relpath(top, data)
        here = "" if rel == "." else "/" + rel
        for d in dirs:
            fs.mkdir(here + "/" + d)
        for n in names:
            with open(os.path.join(top, n), "rb") as f, fs.open(here + "/" + n, "wb") as w:
                w.write(f.read())
    return dict(items)


def touch(page, cdp, name, ms):
    """A thumb on the on-screen button `name` for ms milliseconds."""
    box = page.locator("#pad button[data-b=%s]" % name).bounding_box()
    at = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [at]})
    page.wait_for_timeout(ms)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_a_killed_browser_a_closed_tab_and_the_update_from_localstorage_keep_the_game(tmp_path, tmp_path_factory):
    """A game a page of the previous version kept in localStorage resumes
    after the update; the game is played on, and the browser is killed
    (SIGKILL, every process of it) right after an action's frame: launched
    again on the same profile, the page shows the game with every action
    but at most that last one.  Then on a phone's screen (390x844, touch):
    the buttons are a thumb's size, a tap and a held press by touch work,
    and a tab closed and opened again shows the game; an action whose
    writes the storage refuses is not kept, and the page says so."""
    from playwright.sync_api import sync_playwright
    _, folder = site_once(tmp_path_factory)
    srv = serve(folder)
    url = "http://127.0.0.1:%d/?seed=%d" % (srv.server_address[1], scripts.SEED)
    intents = [e for k in scripts.session("inca", "pico_display") for e in events(PROFILES["four"], k)]
    data = str(tmp_path / "sim")
    os.mkdir(data)
    app, _ = device.build("pico_display", data, scripts.SEED)
    app.board.seed = lambda: scripts.SEED
    app.board.wall = WALL
    # the game as the old page left it: at the first home screen a boot
    # shows after 40 presses
    for e in intents[:40]:
        app.key(e)
    i = 40
    while True:
        app.key(intents[i])
        i += 1
        if len(app.screens.stack) == 1:
            app.render()
            again, copy = resumed(data)
            if again.play.view() == app.play.view() and sim_rgb(again) == sim_rgb(app):
                break
    app, data = again, copy
    old = old_storage(data)
    assert "companion/fs" in old and app.play.journal.records > 5

    def kept():
        r = app.play.journal.records
        shutil.copytree(data, "%s-%d" % (data, r), dirs_exist_ok=True)
        return r

    # the presses after it, to its 12th action on; each action's files kept aside
    first = kept()
    stop = i
    while app.play.journal.records < first + 12:
        app.key(intents[stop])
        stop += 1
        kept()
    last = app.play.journal.records
    profile = str(tmp_path / "profile")
    chromium = shutil.which("chromium")
    with sync_playwright() as p:
        ctx = p.chromium.launch_persistent_context(profile, executable_path=chromium, args=ARGS, timezone_id="UTC")
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        page.set_default_timeout(20000)
        page.goto(url.replace("/?", "/manifest.webmanifest?"))
        page.evaluate("items => { for (const k in items) localStorage.setItem(k, items[k]); }", old)
        page.goto(url)
        page.wait_for_function("!!window.companion")
        page.evaluate("companion.settled()")
        assert canvas_rgb(page) == sim_rgb(resumed("%s-%d" % (data, first))[0]), "the game kept in localStorage"
        left = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('companion/'))")
        assert left == [], "moved over, not left behind: %s" % left
        page.evaluate("w => companion.send(w)", intents[i:stop - 1])
        drawn = page.evaluate("companion.frames")
        page.evaluate("w => { companion.send(w); }", intents[stop - 1:stop])
        page.wait_for_function("n => companion.frames > n", arg=drawn, polling=1)
        t = time.monotonic()
        n = len(kill_browser())
        t = (time.monotonic() - t) * 1000
        try:
            ctx.close()
        except Exception:   # noqa: BLE001 - gone already
            pass
        # launched again on the same profile, on a phone's screen
        ctx = p.chromium.launch_persistent_context(
            profile, executable_path=chromium, args=ARGS, timezone_id="UTC", viewport={"width": 390, "height": 844},
            device_scale_factor=3, is_mobile=True, has_touch=True)
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        page.set_default_timeout(20000)
        page.goto(url)
        page.wait_for_function("!!window.companion")
        page.evaluate("companion.settled()")
        got = canvas_rgb(page)
        at = [r for r in range(last, first - 1, -1) if got == sim_rgb(resumed("%s-%d" % (data, r))[0])]
        assert at and at[0] >= last - 1, "killed after action %d: the page resumed at %s (%d processes killed %.1f ms " \
            "after its frame)" % (last, at[:1] or "no action of the game", n, t)
        app, data = resumed("%s-%d" % (data, at[0]))
        # a phone's screen: the canvas fits its width, crisp; the buttons a thumb's size
        box = page.locator("#screen").bounding_box()
        w = page.evaluate("document.getElementById('screen').clientWidth")
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and w >= 300 and w * 3 % 240 == 0, (w, box)
        for b in ("up", "down", "back", "ok"):
            box = page.locator("#pad button[data-b=%s]" % b).bounding_box()
            assert box["height"] >= 48 and box["width"] >= 100 and box["y"] + box["height"] <= 844, (b, box)
        # a tap of DOWN, then OK held (home), by touch
        cdp = ctx.new_cdp_session(page)
        for name, ms, intent in (("down", 120, "down"), ("ok", 900, "home")):
            before = sim_rgb(app)
            touch(page, cdp, name, ms)
            app.key(intent)
            app.render()
            page.wait_for_timeout(50)
            page.evaluate("companion.settled()")
            assert sim_rgb(app) != before and canvas_rgb(page) == sim_rgb(app), "a touch of %s" % name
        # an action (the last undone), then the tab closed and another opened: the game with it
        r = app.play.journal.records
        page.evaluate("companion.send(['undo'])")
        app.key("undo")
        app.render()
        assert app.play.journal.records == r + 1
        page.close()
        page = ctx.new_page()
        page.goto(url)
        page.wait_for_function("!!window.companion")
        page.evaluate("companion.settled()")
        assert canvas_rgb(page) == sim_rgb(resumed(data)[0]), "the tab closed and opened again"
        # the storage refuses an action's writes (as a full disk does): the
        # page starts again from what is saved, the game before the action,
        # and says that it was not saved
        assert page.inner_text("#status") == ""
        page.evaluate("() => { IDBTransaction.prototype.commit = function () { this.abort(); }; }")
        with page.expect_navigation():
            page.evaluate("() => { companion.send(['undo']); }")
        page.wait_for_function("!!window.companion")
        page.evaluate("companion.settled()")
        assert canvas_rgb(page) == sim_rgb(resumed(data)[0]), "the action the storage refused"
        assert "not saved" in page.inner_text("#status")
        # refused again at once: no second start (a storage that refuses
        # what a start writes would start the page for ever): told instead
        page.evaluate("() => { IDBTransaction.prototype.commit = function () { this.abort(); }; }")
        page.evaluate("companion.send(['undo'])")
        assert "not kept" in page.inner_text("#status")
        ctx.close()
    srv.shutdown()
    print("killed %d processes %.1f ms after action %d's frame: resumed at %d" % (n, t, last, at[0]))
