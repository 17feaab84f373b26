# The frozen modules of this build: the port's own (asyncio, neopixel, ...)
# and main.py (beside this file).
include("$(PORT_DIR)/boards/manifest.py")
freeze("$(BOARD_DIR)", "main.py")
