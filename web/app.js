// The page around the firmware: MicroPython's WebAssembly port runs the
// device's own code (companion.rom: its firmware, board profiles and assets,
// mounted at /rom), and firmware/hal/web.py calls the functions of
// globalThis.companion below to draw the frame, light the LEDs and show the
// BG Stats link; the on-screen buttons and the keyboard go the other way.
// The device's files (firmware/hal/webfs.py: the saved game, the settings)
// are companion.store's, kept in IndexedDB (Files below).
import { loadMicroPython } from "./micropython.mjs";

const canvas = document.getElementById("screen");
const ctx = canvas.getContext("2d");
const ledsBox = document.getElementById("leds");
const linkEl = document.getElementById("link");
const statusEl = document.getElementById("status");
const boardSel = document.getElementById("board");
const OLED_ON = [130, 220, 255];    // host_sim/render.py: the OLED as the simulator draws it
const BOARD_KEY = "companion/board";
// the page's few words, in the device's language (its settings): the
// buttons' names as the screens print them (host_sim/sim.py's legend)
const WORDS = {
  en: { back: "BACK", ok: "OK", screen: "Screen",
        legend: "Hold OK: home · hold BACK: undo · hold ▼: end the turn. Keys: ↑/↓ (k/j), Enter OK, " +
                "Backspace back, h home, u undo, e end the turn, 3j/3k hold for 3 rows.",
        refused: "The browser's storage refused the last action: it was not saved, and the game goes on from before it.",
        unsaved: "The browser's storage refuses to save the game: what is played from here on is not kept." },
  ru: { back: "НАЗАД", ok: "OK", screen: "Экран",
        legend: "Долгое OK: домой · долгое НАЗАД: отмена · долгое ▼: конец хода. Клавиши: ↑/↓ (k/j), " +
                "Ввод OK, Забой НАЗАД, h домой, u отмена, e конец хода, 3j/3k держать 3 строки.",
        refused: "Хранилище браузера не приняло последнее действие: оно не сохранено, игра идёт с момента до него.",
        unsaved: "Хранилище браузера не сохраняет игру: то, что сыграно дальше, не сохранится." },
  es: { back: "ATRÁS", ok: "OK", screen: "Pantalla",
        legend: "OK largo: inicio · ATRÁS largo: deshacer · ▼ largo: fin del turno. Teclas: ↑/↓ (k/j), " +
                "Intro OK, Retroceso ATRÁS, h inicio, u deshacer, e fin del turno, 3j/3k mantener 3 filas.",
        refused: "El almacenamiento del navegador rechazó la última acción: no se guardó y la partida sigue desde antes.",
        unsaved: "El almacenamiento del navegador no guarda la partida: lo que se juegue desde aquí no se conserva." },
};

const params = new URLSearchParams(location.search);
const board = params.get("board") || localStorage.getItem(BOARD_KEY) || "web";
boardSel.value = board;
boardSel.addEventListener("change", () => {
  localStorage.setItem(BOARD_KEY, boardSel.value);
  location.reload();
});

let mp = null;
let web = null;
let image = null;
let waiters = [];
let frames = 0;
let busy = true;    // presses given that the device has not yet handled and drawn

function rgb888(v) {
  return [((v >> 11) & 31) * 255 / 31 | 0, ((v >> 5) & 63) * 255 / 63 | 0, (v & 31) * 255 / 31 | 0];
}

function fit() {
  // a whole number of the screen's own pixels for each of the canvas's,
  // as many as fit the phone's width: every pixel the same size
  const dpr = window.devicePixelRatio || 1;
  const room = Math.min(window.innerWidth - 36, 960) * dpr;
  const s = Math.max(1, Math.floor(room / canvas.width));
  canvas.style.width = canvas.width * s / dpr + "px";
  canvas.style.height = canvas.height * s / dpr + "px";
}

const companion = {
  frame(buf, palette, lo, hi) {
    const b = mp.PyProxy.toJs(buf);
    const w = canvas.width, h = canvas.height;
    if (hi < 0) { lo = 0; hi = h; }
    const px = image.data;
    if (palette) {
      const pal = mp.PyProxy.toJs(palette).map(rgb888);
      const half = (w + 1) >> 1;
      for (let y = lo; y < hi; y++) {
        for (let x = 0; x < w; x++) {
          const v = b[y * half + (x >> 1)];
          const c = pal[(x & 1) ? v & 15 : v >> 4] || [0, 0, 0];
          const o = (y * w + x) * 4;
          px[o] = c[0]; px[o + 1] = c[1]; px[o + 2] = c[2]; px[o + 3] = 255;
        }
      }
    } else {
      for (let y = lo; y < hi; y++) {
        for (let x = 0; x < w; x++) {
          const on = (b[(y >> 3) * w + x] >> (y & 7)) & 1;
          const o = (y * w + x) * 4;
          px[o] = on ? OLED_ON[0] : 0; px[o + 1] = on ? OLED_ON[1] : 0; px[o + 2] = on ? OLED_ON[2] : 0;
          px[o + 3] = 255;
        }
      }
    }
    ctx.putImageData(image, 0, 0, 0, lo, w, hi - lo);
    frames++;
  },
  leds(list) {
    const rgb = mp.PyProxy.toJs(list);
    while (ledsBox.children.length < rgb.length) {
      const d = document.createElement("div");
      d.className = "led";
      ledsBox.appendChild(d);
    }
    // an LED's colour at full strength; the player whose turn it is bright, the others dim
    const top = Math.max(1, ...rgb.map(c => Math.max(...c)));
    rgb.forEach((c, i) => {
      const m = Math.max(...c);
      const d = ledsBox.children[i];
      if (m === 0) {
        d.style.background = ""; d.style.opacity = ""; d.style.boxShadow = "";
        return;
      }
      const col = `rgb(${c.map(v => Math.round(v * 255 / m)).join(",")})`;
      d.style.background = col;
      d.style.opacity = m * 2 >= top ? "1" : "0.4";
      d.style.boxShadow = m * 2 >= top ? `0 0 10px ${col}` : "";
    });
  },
  link(text) {
    if (text === null || text === undefined) {
      linkEl.hidden = true;
      linkEl.removeAttribute("href");
    } else {
      linkEl.href = text;
      linkEl.hidden = false;
    }
  },
  size(w, h) {
    if (canvas.width !== w || canvas.height !== h) {
      canvas.width = w;
      canvas.height = h;
      image = ctx.createImageData(w, h);
      fit();
    }
  },
  lang(code) {
    const w = WORDS[code] || WORDS.en;
    document.documentElement.lang = WORDS[code] ? code : "en";
    document.getElementById("legend").textContent = w.legend;
    document.getElementById("screen-label").textContent = w.screen;
    for (const el of document.querySelectorAll("#pad button")) {
      const b = el.dataset.b;
      if (b === "back" || b === "ok") el.textContent = w[b];
    }
  },
  get frames() { return frames; },   // frames drawn since the page's start
  firstAt: null,     // when the first frame was drawn and the device waited for a press (ms since the page's start)
  idle() {
    busy = false;
    if (companion.firstAt === null) companion.firstAt = performance.now();
    const w = waiters;
    waiters = [];
    w.forEach(f => f(frames));
  },
  // the next time every press given is handled and drawn
  settled() {
    return new Promise(r => busy ? waiters.push(r) : r(frames));
  },
  // intents from the keyboard (or a script): up, down, ok, back, home, undo, end, up+, down+
  send(intents) {
    busy = true;
    const p = companion.settled();
    for (const i of intents) web.intent(i);
    return p;
  },
};
globalThis.companion = companion;

// ---------------------------------------------------------------- buttons
for (const el of document.querySelectorAll("#pad button")) {
  const name = el.dataset.b;
  let down = false;
  const up = () => {
    if (!down) return;
    down = false;
    el.classList.remove("down");
    busy = true;
    web && web.edge(name, false);
  };
  el.addEventListener("pointerdown", e => {
    e.preventDefault();
    el.setPointerCapture(e.pointerId);
    down = true;
    el.classList.add("down");
    busy = true;
    web && web.edge(name, true);
  });
  el.addEventListener("pointerup", up);
  el.addEventListener("pointercancel", up);
  el.addEventListener("lostpointercapture", up);
  el.addEventListener("contextmenu", e => e.preventDefault());
}

// the terminal simulator's keys (host_sim/sim.py TERMINAL_KEYS); a count
// typed first holds the button on for that many steps (3j)
const KEYS = {
  ArrowUp: "up", k: "up", w: "up", ArrowDown: "down", j: "down", s: "down",
  Enter: "ok", " ": "ok", ArrowRight: "ok", Backspace: "back", ArrowLeft: "back", Escape: "back",
  h: "home", u: "undo", e: "end",
};
let count = "";
document.addEventListener("keydown", e => {
  if (!web || e.ctrlKey || e.metaKey || e.altKey || e.target === boardSel) return;
  if (/^[0-9]$/.test(e.key) && (count || e.key !== "0")) {
    count += e.key;
    return;
  }
  const word = KEYS[e.key];
  if (!word) return;
  e.preventDefault();
  const n = parseInt(count || "1", 10);
  count = "";
  busy = true;
  if (n > 1 && (word === "up" || word === "down")) web.hold(word, n);
  else web.intent(word);
});

// ---------------------------------------------------------------- the files
// The items firmware/hal/webfs.py keeps its files in (localStorage's calls:
// getItem, setItem, removeItem, key, length), read from IndexedDB once at
// the start and held here; each write goes to IndexedDB at once, those of
// one turn of the device (an action's record, a snapshot and its rename) in
// one transaction, with strict durability: Chromium has it on the disk when
// it completes.  The device takes no press until the writes so far have
// completed (firmware/hal/web.py; a press made meanwhile waits), so a
// browser killed loses at most the action being written.  localStorage
// would not do: Chromium writes it to the disk seconds later.
const DB = "companion", FILES = "files", REFUSED = "companion/refused";

function asked(r) {
  return new Promise((ok, no) => { r.onsuccess = () => ok(r.result); r.onerror = () => no(r.error); });
}

class Files {
  constructor(db, items) {
    this.db = db;
    this.items = items;
    this.keys = null;
    this.tx = null;
    this.pending = 0;   // transactions not yet completed
  }
  getItem(k) {
    const v = this.items.get(k);
    return v === undefined ? null : v;
  }
  setItem(k, v) {
    this.items.set(k, v);
    this.keys = null;
    this.put(k, v);
  }
  removeItem(k) {
    if (this.items.delete(k)) {
      this.keys = null;
      this.put(k, null);
    }
  }
  key(i) {
    return (this.keys || (this.keys = [...this.items.keys()]))[i] ?? null;
  }
  get length() {
    return this.items.size;
  }
  put(k, v) {
    let tx = this.tx;
    if (!tx) {
      tx = this.tx = this.db.transaction(FILES, "readwrite", { durability: "strict" });
      this.pending++;
      const end = error => {
        this.pending--;
        if (error) {
          // the storage refused this turn's writes (full, or failing): none
          // of them is on the disk, so the page starts again from what is
          // there (the game before the action), and says so; but not again
          // within seconds of a start that came of it (a storage that
          // refuses what the start itself writes would start it for ever)
          const w = WORDS[document.documentElement.lang] || WORDS.en;
          const why = tx.error ? " (" + tx.error.name + ")" : "";
          console.error("the storage refused the writes", tx.error);
          const last = Number(sessionStorage.getItem(REFUSED + "-at") || 0);
          if (Date.now() - last > 10000) {
            try {
              sessionStorage.setItem(REFUSED, w.refused + why);
              sessionStorage.setItem(REFUSED + "-at", String(Date.now()));
              location.reload();
              return;
            } catch (e) { /* no session storage: told below */ }
          }
          statusEl.textContent = w.unsaved + why;
        }
        if (!this.pending && web) web.saved();
      };
      tx.oncomplete = () => end(false);
      tx.onabort = () => end(true);
      queueMicrotask(() => {      // the device's turn is over: its writes go
        this.tx = null;
        try { tx.commit(); } catch (e) { /* committing already */ }
      });
    }
    const os = tx.objectStore(FILES);
    if (v === null) os.delete(k);
    else os.put(v, k);
  }
}

// webfs's keys in localStorage, where the page kept its files before
function oldKeys() {
  const out = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (k === "companion/fs" || /^companion\/i\d+$/.test(k)) out.push(k);
  }
  return out;
}

async function files() {
  let db;
  try {
    const open = indexedDB.open(DB, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(FILES);
    db = await asked(open);
  } catch (e) {
    statusEl.textContent = "No IndexedDB here: the game is kept in localStorage, and a browser killed may lose its last actions.";
    const ls = localStorage;
    return { getItem: k => ls.getItem(k), setItem: (k, v) => ls.setItem(k, v), removeItem: k => ls.removeItem(k),
             key: i => ls.key(i), get length() { return ls.length; }, pending: 0 };
  }
  const os = db.transaction(FILES, "readonly").objectStore(FILES);
  const [keys, values] = await Promise.all([asked(os.getAllKeys()), asked(os.getAll())]);
  const items = new Map(keys.map((k, i) => [k, values[i]]));
  const old = oldKeys();
  if (!items.size && old.length) {
    // the files the page kept in localStorage: moved over whole, in one transaction
    const tx = db.transaction(FILES, "readwrite", { durability: "strict" });
    for (const k of old) {
      items.set(k, localStorage.getItem(k));
      tx.objectStore(FILES).put(items.get(k), k);
    }
    await new Promise((ok, no) => { tx.oncomplete = ok; tx.onabort = () => no(tx.error); });
  }
  if (items.size) old.forEach(k => localStorage.removeItem(k));
  return new Files(db, items);
}

// ---------------------------------------------------------------- start
async function start() {
  const refused = sessionStorage.getItem(REFUSED);
  if (refused) {
    sessionStorage.removeItem(REFUSED);
    statusEl.textContent = refused;
  }
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("sw.js").catch(() => {});
  }
  if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(() => {});
  const store = files();     // read while the port loads
  const rom = new Uint8Array(await (await fetch("companion.rom")).arrayBuffer());
  mp = await loadMicroPython({
    romfs: rom,
    stdout: line => console.log(line),
    stderr: line => { console.error(line); statusEl.textContent = line; },
  });
  companion.store = await store;
  const cfg = { board };
  if (params.get("seed")) cfg.seed = parseInt(params.get("seed"), 10);
  mp.runPython(`from firmware.hal import web\nimport json\nweb.start(json.loads(${JSON.stringify(JSON.stringify(cfg))}))`);
  web = mp.pyimport("firmware.hal.web");
}

image = ctx.createImageData(canvas.width, canvas.height);
fit();
window.addEventListener("resize", fit);
start().catch(e => { statusEl.textContent = String(e); console.error(e); });
