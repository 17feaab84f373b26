# The frozen modules of this build: the port's own (asyncio, neopixel, ...,
# ports/rp2/boards/manifest.py) with _boot.py and main.py beside this file
# in place of the port's _boot.py, and without its _boot_fat.py (this build
# has no FAT filesystem: build-micropython.sh).
freeze("$(PORT_DIR)/modules", ("rp2.py",))
include("$(MPY_DIR)/extmod/asyncio")
require("onewire")
require("ds18x20")
require("dht")
require("neopixel")
freeze("$(BOARD_DIR)", ("_boot.py", "main.py"))
