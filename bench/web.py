"""The companion in a web page (./simulate web): the site's size, the first
screen after a load, and the time of a press, in headless Chromium (Debian's,
driven by Playwright) with its CPU throttled 4x (Chrome's DevTools
Emulation.setCPUThrottlingRate, as it stands for a mid-range phone), and at
full speed.

    .venv/bin/python -m bench.web          # prints the BENCHMARKS.md section

The presses are the scripted Inca Empire game's (bench/scripts.py), from the
game picker to its end, each sent on its own: the time from the keyboard's
intent to the device waiting for the next press, its frame drawn on the
canvas and the journal's record in the browser's storage (a profile on the
disk: the page's IndexedDB has it there before the next press is taken),
and apart the presses that are an action (a record in the journal, as the
simulator plays the same presses).  The first screen:
from the navigation's start to the same point for the first frame (the
game picker on an empty storage; the game's home screen after a reload
halfway through the game, which resumes it).
"""
import gzip
import os
import shutil
import statistics
import sys
import tempfile
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
PRESS = """async w => { const t = performance.now(); await companion.send([w]); return performance.now() - t; }"""


def run(rate):
    """{size, gzip, first, resumed, presses: [ms]} at CPU throttling `rate`."""
    import http.server
    from playwright.sync_api import sync_playwright
    from bench import scripts
    from firmware.screenkit.nav import PROFILES
    from host_sim import web
    from hostkit import events
    from host_sim import device
    intents = [e for k in scripts.session("inca", "pico_display") for e in events(PROFILES["four"], k)]
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        # the presses that are actions (a record in the journal), as the simulator plays them
        os.mkdir(os.path.join(tmp, "sim"))
        app, _ = device.build("pico_display", os.path.join(tmp, "sim"), scripts.SEED)
        app.board.seed = lambda: scripts.SEED
        acts = []
        for i, e in enumerate(intents):
            r = app.play.journal.records if app.play.journal else 0
            app.key(e)
            if app.play.journal and app.play.journal.records != r:
                acts.append(i)
        out["acts"] = acts
        files = web.build(os.path.join(tmp, "site"))
        out["size"] = sum(len(b) for b in files.values())
        out["gzip"] = sum(len(gzip.compress(b, 9)) for b in files.values())
        out["files"] = {n: len(b) for n, b in files.items()}
        srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), web.handler(os.path.join(tmp, "site"), quiet=True))
        threading.Thread(target=srv.serve_forever, daemon=True).start()
        url = "http://127.0.0.1:%d/?seed=%d" % (srv.server_address[1], scripts.SEED)
        with sync_playwright() as p:
            # a profile on the disk, as a phone's browser has: the storage's writes reach the disk
            ctx = p.chromium.launch_persistent_context(os.path.join(tmp, "profile"),
                                                       executable_path=shutil.which("chromium"), args=ARGS)
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            cdp = page.context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
            page.goto(url)
            page.wait_for_function("companion.firstAt !== null", timeout=60000)
            out["first"] = page.evaluate("companion.firstAt")
            half = len(intents) // 2
            times = []
            for i, e in enumerate(intents):
                times.append(page.evaluate(PRESS, e))
                if i == half:
                    page.reload()
                    page.wait_for_function("!!window.companion && companion.firstAt !== null", timeout=60000)
                    out["resumed"] = page.evaluate("companion.firstAt")
                    page.evaluate("companion.settled()")
            out["presses"] = times
            ctx.close()
        srv.shutdown()
    return out


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main():
    rows = []
    size = None
    for rate in (4, 1):
        r = run(rate)
        size = size or r
        ps = r["presses"]
        acts = [ps[i] for i in r["acts"]]
        rows.append("| %s | %.0f ms | %.0f ms | %.1f ms | %.1f ms | %.0f ms | %.1f ms | %.1f ms | %d, %d actions |" % (
            "4x throttled" if rate == 4 else "full speed", r["first"], r["resumed"], statistics.median(ps),
            pct(ps, 0.9), max(ps), statistics.median(acts), pct(acts, 0.9), len(ps), len(acts)))
    big = sorted(size["files"].items(), key=lambda kv: -kv[1])[:3]
    print("The site: %d files, %d bytes (%.2f MB; %d bytes gzipped, as a server that compresses sends it): %s."
          % (len(size["files"]), size["size"], size["size"] / 1e6, size["gzip"],
             ", ".join("%s %d" % kv for kv in big)))
    print()
    print("| Chromium's CPU | first screen (empty storage) | first screen (a game resumed) | press, median | "
          "press, 90th percentile | press, longest | an action's press, median | an action's press, 90th "
          "percentile | presses |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
