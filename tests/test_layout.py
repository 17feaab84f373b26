"""The layout of firmware/ holds to its layers: a game is one folder
(firmware/games/<name>/) listed once in the registry; its rules engine is
pure (it imports only firmware/core); firmware/screenkit and the app never import a
game by name; no module imports one that imports it back; and a game's
host-side module (host.py) and the simulator (host_sim) do not import each
other: the simulator imports the games' host.py, each written with a
toolkit (hostkit) that imports no game."""
import ast
import os

from firmware.games import GAMES, NAMES

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
# what a rules engine may import besides firmware/core (MicroPython's own modules)
STDLIB = ("json", "binascii", "hashlib", "random", "sys", "math", "array", "struct", "collections", "io")


def modules():
    """{dotted name: path} of every module under firmware/."""
    out = {}
    for dp, _, names in os.walk(FIRMWARE):
        for n in names:
            if n.endswith(".py"):
                p = os.path.join(dp, n)
                name = os.path.relpath(p, ROOT)[:-3].replace(os.sep, ".")
                out[name[:-9] if name.endswith(".__init__") else name] = p
    return out


MODULES = modules()


def imports(path, source=None):
    """Every module a file imports (at its top or inside a function), with
    `from a import b` also giving a.b where that is a module (source: the
    file's text, where it is not read from path)."""
    out = set()
    if source is None:
        with open(path) as f:
            source = f.read()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.add(node.module)
            out.update(node.module + "." + a.name for a in node.names if node.module + "." + a.name in MODULES)
    return out


def test_no_module_imports_one_that_imports_it_back():
    graph = dict((m, {d for d in imports(p) if d in MODULES and d != m and not m.startswith(d + ".")})
                 for m, p in MODULES.items())
    cycles = []

    def visit(m, path):
        for d in sorted(graph[m]):
            if d in path:
                cycles.append(path[path.index(d):] + [d])
            elif d not in done:
                visit(d, path + [d])
        done.add(m)
    done = set()
    for m in sorted(graph):
        if m not in done:
            visit(m, [m])
    assert cycles == []


def test_every_game_is_one_folder_in_the_registry():
    folders = sorted(n for n in os.listdir(os.path.join(FIRMWARE, "games"))
                     if os.path.isdir(os.path.join(FIRMWARE, "games", n)) and n != "__pycache__")
    assert sorted(NAMES) == folders
    for name, title, package in GAMES:
        assert package == "firmware.games." + name and title == "g." + name
        for part in ("__init__", "ui", "words"):
            assert os.path.exists(os.path.join(FIRMWARE, "games", name, part + ".py")), (name, part)
        for lang in ("en", "ru", "es"):
            assert os.path.exists(os.path.join(FIRMWARE, "games", name, "lang", lang + ".json")), (name, lang)
        game = __import__(package, None, None, ("new",))
        for f in ("new", "apply", "check", "refusal", "view"):
            assert callable(getattr(game, f)), (name, f)
        assert os.path.exists(os.path.join(ROOT, "assets", game.EDITION)), name
    # no game's screens are left in the shared UI (the end's BG Stats code,
    # its reload on CircuitPython, and the seats' names are every game's: a
    # game's part is in its ui.py and play.py)
    assert sorted(n for n in os.listdir(os.path.join(FIRMWARE, "screenkit")) if n.endswith(".py")) == \
        ["__init__.py", "bgstats.py", "common.py", "endreload.py", "layout.py", "names.py", "nav.py", "playcode.py",
         "seatnames.py", "widgets.py"]


def test_every_game_has_its_host_side_module_and_the_device_never_imports_one():
    # what the simulator's tools, the tests and the benchmarks ask of a game
    # (host_sim/games.py), in its folder's host.py; no board gets it
    # (flash.sh), and no module of the firmware imports it, the simulator or
    # the toolkit a host.py is written with (hostkit)
    from host_sim import games
    for name in NAMES:
        host = games.host(name)
        assert host.__name__ == "firmware.games.%s.host" % name
        for f in ("setup", "action", "random_setup", "candidates"):
            assert callable(getattr(host, f, None)), (name, f)
        assert games.script(name)[0].split()[0] == name
        bad = [d for d in imports(MODULES[host.__name__]) if d == "bench" or d.startswith("bench.")]
        assert not bad, "%s imports %s" % (host.__name__, bad)
    hosts = set("firmware.games.%s.host" % n for n in NAMES)
    for m, p in MODULES.items():
        if m not in hosts:
            bad = [d for d in imports(p) if d in hosts or d.split(".")[0] in ("host_sim", "hostkit")]
            assert not bad, "%s imports %s" % (m, bad)


def host_loop(m, path, source=None):
    """What a game's host-side module (m at path) or the toolkit it is
    written with (hostkit) imports that would close a loop with the
    simulator: host_sim (which imports every game's host.py:
    host_sim/games.py) or the benchmark; and for the toolkit, a game too
    (the games import it)."""
    ds = imports(path, source)
    bad = [d for d in ds if d.split(".")[0] in ("host_sim", "bench")]
    if not m.startswith("firmware.games."):
        bad += [d for d in ds if d.startswith("firmware.games.") and d != "firmware.games.registry" or d == "tests"
                or d.startswith("tests.")]
    return sorted(bad)


def test_the_games_host_side_and_the_simulator_do_not_import_each_other():
    # the simulator (host_sim) imports each game's host.py and the toolkit
    # (hostkit: press_key, go_to_row, set_numbers, back, dismiss, Stuck,
    # Choices, ...); a host.py is written with the toolkit and imports
    # nothing of the simulator, and the toolkit imports no game
    assert host_loop("firmware.games.x.host", "host.py", "from host_sim import keyplan\nimport hostkit\n"
                     "def f():\n    from host_sim.games import Choices\n    from firmware.games.x import engine\n") == [
        "host_sim", "host_sim.games"]
    assert host_loop("hostkit", "kit.py", "from firmware.screenkit.widgets import Menu\nimport host_sim.games\n"
                     "from firmware.games.yu.screens import Home\nfrom firmware.games import registry\n") == [
        "firmware.games.yu.screens", "host_sim.games"]
    hosts = [p for p in MODULES.values() if os.path.basename(p) == "host.py"]
    assert len(hosts) >= len(NAMES), hosts
    kit = []
    for dp, _, names in os.walk(os.path.join(ROOT, "hostkit")):
        kit += [os.path.join(dp, n) for n in names if n.endswith(".py")]
    assert kit, "no toolkit"
    for p in hosts + kit:
        m = os.path.relpath(p, ROOT)[:-3].replace(os.sep, ".")
        bad = host_loop(m, p)
        assert not bad, "%s imports %s" % (os.path.relpath(p, ROOT), bad)
    # and so the simulator's planner finds each game's through the
    # registry, with the toolkit the game's host side was written with
    import hostkit
    from host_sim import games, keyplan
    for name in NAMES:
        assert keyplan.planner(name) is games.host(name)
    assert keyplan.go_to_row is hostkit.go_to_row and keyplan.Stuck is hostkit.Stuck


def rules_of(pkg):
    """A game's rules engine: its package's __init__ and what that imports
    of the game's folder, on and on (the game declares its rules by what
    its __init__ imports; the rest of the folder is its screens)."""
    out, todo = set(), [pkg]
    while todo:
        m = todo.pop()
        if m in out:
            continue
        out.add(m)
        todo += [d for d in imports(MODULES[m]) if d.startswith(pkg + ".") and d in MODULES]
    return out


def test_a_rules_engine_imports_only_firmware_core():
    for name in NAMES:
        pkg = "firmware.games." + name
        rules = rules_of(pkg)
        # the engine is rules; the screens and their words are not
        assert pkg + ".engine" in rules and pkg + ".ui" not in rules and pkg + ".words" not in rules, rules
        for m in rules:
            for d in imports(MODULES[m]):
                ok = (d.startswith("firmware.core") or d in rules or d in STDLIB or
                      (d == "firmware.games" and m == pkg))
                assert ok, "%s imports %s" % (m, d)


def test_the_shared_ui_and_the_app_import_no_game():
    shared = [m for m in MODULES if m.startswith(("firmware.screenkit", "firmware.core", "firmware.hal"))]
    shared += ["firmware.app", "firmware.main", "firmware.bringup", "firmware.crash"]
    for m in shared:
        for d in imports(MODULES[m]):
            # the registry (firmware.games, firmware.games.registry) is no game
            assert not d.startswith("firmware.games.") or d == "firmware.games.registry", "%s imports %s" % (m, d)


def test_the_hardware_layer_imports_no_screen_and_the_host_no_benchmark():
    # the boards' hardware (firmware/hal) knows buttons, pixels and panels,
    # not what a press means on a screen: bringup hands it the intents
    for m in MODULES:
        if m.startswith("firmware.hal"):
            bad = [d for d in imports(MODULES[m]) if d.startswith("firmware.screenkit") or d.startswith("firmware.games")]
            assert not bad, "%s imports %s" % (m, bad)
    # the simulator and its tools stand on their own: bench/ measures them
    host = os.path.join(ROOT, "host_sim")
    for dp, _, names in os.walk(host):
        for n in names:
            if n.endswith(".py"):
                p = os.path.join(dp, n)
                bad = [d for d in imports(p) if d == "bench" or d.startswith("bench.")]
                assert not bad, "%s imports %s" % (os.path.relpath(p, ROOT), bad)


def underscored_reaches(source):
    """(line, text) of every underscored attribute read or set on anything
    but self (app._view, j._end, store._head) that the source does not
    define itself (a function, class or global of its own, or an attribute
    it sets on self)."""
    tree = ast.parse(source)
    own = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            own.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            own.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
            own.add(node.attr)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in ("firmware", "host_sim", "hostkit", "bench"):
            # from firmware.hal.canvas import _native_text: the same reach
            out += [(node.lineno, "%s.%s" % (node.module, a.name)) for a in node.names
                    if a.name[:1] == "_" and a.name[:2] != "__"]
        if (isinstance(node, ast.Attribute) and node.attr[:1] == "_" and node.attr[:2] != "__"
                and not (isinstance(node.value, ast.Name) and node.value.id == "self") and node.attr not in own):
            out.append((node.lineno, ast.unparse(node)))
    return out


def test_a_module_uses_another_through_its_public_names_only():
    # the App, the journal and the store each have a public face (docs/code.md):
    # no other module calls or sets their underscored members
    assert underscored_reaches("app._view = None\nx = j._end\nstore._head(b)\n") == [
        (1, "app._view"), (2, "j._end"), (3, "store._head")]
    assert underscored_reaches("class A:\n    def f(self, o):\n        self._n = o._n\n") == []
    assert underscored_reaches("from firmware.hal.canvas import Canvas, _native_text\nfrom json import dumps as _j\n") == [
        (1, "firmware.hal.canvas._native_text")]
    for m, path in sorted(MODULES.items()):
        with open(path) as f:
            bad = underscored_reaches(f.read())
        assert not bad, "%s reaches into another module's underscored names: %s" % (m, bad)
    # the host side too, but the benchmark that takes the device's heap apart
    # part by part (the word tables' insides and main.py's are what it measures)
    for folder in ("host_sim", "hostkit", "bench"):
        for dp, _, names in os.walk(os.path.join(ROOT, folder)):
            for n in names:
                p = os.path.join(dp, n)
                if n.endswith(".py") and os.path.relpath(p, ROOT) != os.path.join("bench", "heap_parts.py"):
                    with open(p) as f:
                        bad = underscored_reaches(f.read())
                    assert not bad, "%s reaches into another module's underscored names: %s" % (
                        os.path.relpath(p, ROOT), bad)


def _members(cls):
    """The public face of a class: its methods and the attributes its code
    sets on self."""
    face = set(n.name for n in cls.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)))
    for node in ast.walk(cls):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self" \
                and isinstance(node.ctx, ast.Store):
            face.add(node.attr)
    return face


def app_faces():
    """(App's own members, {part: its members}) from firmware/app.py: a part
    is an attribute App's __init__ sets to an object of a class of that
    module (self.screens = Screens(self))."""
    with open(MODULES["firmware.app"]) as f:
        tree = ast.parse(f.read())
    classes = dict((n.name, n) for n in tree.body if isinstance(n, ast.ClassDef))
    app = classes["App"]
    init = [n for n in app.body if isinstance(n, ast.FunctionDef) and n.name == "__init__"][0]
    parts = {}
    for node in ast.walk(init):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and \
                isinstance(node.value.func, ast.Name) and node.value.func.id in classes:
            for target in node.targets:
                if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self":
                    parts[target.attr] = _members(classes[node.value.func.id])
    return _members(app), parts


def _the_app(node):
    """Whether an expression names the app: app, or an app held (self.app,
    twin.app; not the module firmware.app)."""
    return (isinstance(node, ast.Name) and node.id == "app") or (
        isinstance(node, ast.Attribute) and node.attr == "app" and isinstance(node.value, ast.Name)
        and node.value.id != "firmware")


def strays(source, own, parts):
    """(line, text, why) of every member of the app that the source reads,
    sets or calls and that is not where it uses it: app.X where X is not
    App's own nor one of its parts, app.<part>.X where X is not that
    part's, and any underscored member of either."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Attribute):
            continue
        if _the_app(node.value):
            if node.attr not in own:
                out.append((node.lineno, ast.unparse(node), "not a member of App"))
            elif node.attr[:1] == "_":
                out.append((node.lineno, ast.unparse(node), "App's own"))
        elif isinstance(node.value, ast.Attribute) and _the_app(node.value.value) and node.value.attr in parts:
            part = node.value.attr
            if node.attr not in parts[part]:
                out.append((node.lineno, ast.unparse(node), "not a member of app.%s" % part))
            elif node.attr[:1] == "_":
                out.append((node.lineno, ast.unparse(node), "app.%s's own" % part))
    return out


def test_what_the_firmware_asks_of_the_app_is_a_member_of_the_part_that_holds_it():
    # the app is its loop and four parts, each with its public face
    # (docs/code.md): every app.X that the screens, the chooser, the
    # settings and the host's tools use is App's own or a part, and every
    # app.<part>.X a public member of that part
    own, parts = app_faces()
    assert {"key", "render", "run", "boot", "screens", "play", "choosing", "board"} <= own, own
    assert {"push", "pop", "home", "show_home", "note", "tell", "stack", "notice"} <= parts["screens"], parts
    assert {"session", "journal", "view", "check", "act", "end", "edition"} <= parts["play"], parts
    assert {"lay", "cv", "px", "has_up", "dir", "settings"} <= parts["board"], parts
    # no member is in two places (a forwarding name would keep the one-class face)
    common = {"__init__", "app"}
    for a in parts:
        assert not (parts[a] - common) & own, (a, (parts[a] - common) & own)
        for b in parts:
            assert a == b or not (parts[a] - common) & parts[b], (a, b, parts[a] & parts[b])
    # what the check finds: a member of another part, or of none, and an underscored one
    found = strays("app.screens.session\napp.play.push(s)\napp.stack\nx.app.play._where()\n"
                   "app._notice_gone = 1\napp.play.view()\ntwin.app.key('ok')\nx.board.y\n", own, parts)
    assert sorted((n, w) for n, _, w in found) == [
        (1, "not a member of app.screens"), (2, "not a member of app.play"), (3, "not a member of App"),
        (4, "app.play's own"), (5, "App's own")], found
    paths = [p for m, p in MODULES.items() if m != "firmware.app"]
    for top in ("host_sim", "hostkit", "bench"):
        for dp, _, names in os.walk(os.path.join(ROOT, top)):
            paths.extend(os.path.join(dp, n) for n in names if n.endswith(".py"))
    used = dict((part, set()) for part in parts)
    for path in paths:
        with open(path) as f:
            source = f.read()
        bad = strays(source, own, parts)
        assert not bad, "%s: %s" % (os.path.relpath(path, ROOT), bad)
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute) and \
                    _the_app(node.value.value) and node.value.attr in parts:
                used[node.value.attr].add(node.attr)
    # the firmware reaches most of each part's face through it
    assert len(used["screens"]) > 10 and len(used["play"]) > 16 and len(used["board"]) > 8, used
    assert used["choosing"] == parts["choosing"] - {"__init__", "app"}, used


# What firmware/core/modules.py offers a call site: what it loads and for how
# long (docs/code.md, *Code that loads and leaves the heap*).
MODULES_FACE = {"use", "use_once", "done_with", "done_with_package", "collect", "loading", "LOADING_GC"}
# The modules that may still do one of those things themselves, and why:
# - bringup keeps the built-ins in the import table (keep_builtins): a speed
#   tactic of the boot, whose code leaves the heap with bringup, where in
#   modules.py it would stay for the whole game;
# - the app's loop collects between presses, while the players look at a
#   frame, by the room it finds free (App.run);
# - main prints the heap's figures for the benchmark's probe and collects
#   for the crash screen;
# - a game's host.py hands itself to the key planner: the simulator's, never
#   on a board.
HEAP_TACTICS_OF_THEIR_OWN = {"firmware.bringup": {"sys.modules"}, "firmware.app": {"gc"}, "firmware.main": {"gc"}}
HOSTS_MAY = {"sys.modules"}     # allowed a game's host.py, not asked of it


def heap_tactics(source):
    """(line, what) of every place the source lets modules go or reaches the
    heap's machinery itself: the import table (sys.modules), a module taken
    off its package (delattr), a forget(), the collector (gc), or a name of
    firmware/core/modules.py that is not its public face."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr == "modules" and \
                isinstance(node.value, ast.Name) and node.value.id == "sys":
            out.append((node.lineno, "sys.modules"))
        elif isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
            if name in ("forget", "delattr"):
                out.append((node.lineno, name))
        elif isinstance(node, ast.Import):
            out += [(node.lineno, "gc") for a in node.names if a.name == "gc"]
        elif isinstance(node, ast.ImportFrom):
            if node.module == "gc":
                out.append((node.lineno, "gc"))
            elif node.module == "firmware.core.modules":
                out += [(node.lineno, a.name) for a in node.names if a.name not in MODULES_FACE]
    return sorted(out)


def test_how_code_leaves_the_heap_is_said_in_one_place():
    # firmware/core/modules.py alone lets modules go and collects; a call
    # site says what it loads and how long it needs it (use, use_once,
    # done_with), so that a change of tactic is made in one place
    assert heap_tactics("import sys\nimport gc\nsys.modules.pop('a')\nforget('b')\nregistry.forget('c')\n"
                        "delattr(pkg, 'd')\nfrom firmware.core.modules import use, drop\n") == [
        (2, "gc"), (3, "sys.modules"), (4, "forget"), (5, "forget"), (6, "delattr"), (7, "drop")]
    assert heap_tactics("from firmware.core.modules import done_with, use\ndone_with('a')\n") == []
    for m, path in sorted(MODULES.items()):
        if m == "firmware.core.modules":
            continue
        with open(path) as f:
            own = HOSTS_MAY if m.startswith("firmware.games.") and m.endswith(".host") else \
                HEAP_TACTICS_OF_THEIR_OWN.get(m, ())
            bad = [(line, what) for line, what in heap_tactics(f.read()) if what not in own]
        assert not bad, "%s lets code go or collects by itself (firmware/core/modules.py does): %s" % (m, bad)
    # an exception no longer needed is struck off the list
    for m, allowed in HEAP_TACTICS_OF_THEIR_OWN.items():
        with open(MODULES[m]) as f:
            assert allowed <= set(w for _, w in heap_tactics(f.read())), m
