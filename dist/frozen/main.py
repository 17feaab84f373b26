# main.py of this MicroPython build, frozen into the firmware: MicroPython
# runs a frozen main.py at boot in place of one on the filesystem.  It runs
# the application in the ROM partition (/rom/main.py, which the ROM image
# of a UF2 brings) if there is one, else the filesystem's main.py, as the
# official firmware does.  Nothing else: a board with an empty ROM
# partition behaves as the official firmware.
import os


def _run():
    for path in ("/rom/main.py", "main.py"):
        try:
            if not os.stat(path)[0] & 0x8000:
                continue
        except OSError:
            continue
        with open(path) as f:
            code = f.read()
        exec(code, {"__name__": "__main__", "__file__": path})
        return


_run()
