"""mpremote, a file's bytes sent as base64, 4 KB a command.

mpremote's `cp` writes a file through the board's raw REPL as commands
`w(b'...')` of 256 bytes each, the bytes as Python's repr: a compiled
.mpy is mostly bytes beyond ASCII, four characters each (`\\x8a`), and the
raw REPL takes a command a window of 256 characters at a time, each window
waiting for the board's go-ahead over USB.  Here a file goes as base64
(four characters for three bytes), 4 KB a command: the same raw REPL and
the same mpremote, about a third of the characters and of the waits.
Same arguments as mpremote; flash.sh copies the firmware to a board with
it (`cp -rf`: the old files were removed first, nothing to compare).
"""
import sys
from binascii import b2a_base64

from mpremote import transport
from mpremote.main import main

CHUNK = 4096


def fs_writefile(self, dest, data, chunk_size=CHUNK, progress_callback=None):
    parts = [b2a_base64(data[i:i + CHUNK], newline=False).decode() for i in range(0, len(data), CHUNK)]
    head = "from binascii import a2b_base64 as d\nf=open(%s,'wb')\nw=f.write\n" % transport._quote_path(dest)
    try:
        if len(parts) <= 1:     # most files: one command
            self.exec(head + "".join("w(d('%s'))\n" % p for p in parts) + "f.close()")
        else:
            self.exec(head)
            for p in parts:
                self.exec("w(d('%s'))" % p)
            self.exec("f.close()")
    except transport.TransportExecError as e:
        raise transport._convert_filesystem_error(e, dest) from None
    if progress_callback:
        progress_callback(len(data), len(data))


transport.Transport.fs_writefile = fs_writefile

if __name__ == "__main__":
    sys.exit(main())
