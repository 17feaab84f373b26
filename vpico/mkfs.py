# The Pico's filesystem as an image, made by MicroPython's own littlefs
# (run under the MicroPython unix port): the block device has the geometry
# of the official rp2 firmware's flash filesystem (352 blocks of 4096 bytes)
# (or BLOCKS blocks) and is formatted as the firmware's _boot.py formats it
# (littlefs v2, progsize 256), then the files of a folder are copied in.
#
#   micropython vpico/mkfs.py FOLDER IMAGE [BLOCKS]   image of FOLDER's files
#   micropython vpico/mkfs.py --copy IMAGE OUT BLOCKS  the files of an image in one of BLOCKS blocks
#   micropython vpico/mkfs.py --list IMAGE      the files in an image, with sizes
#   micropython vpico/mkfs.py --get IMAGE PATH OUT   copy one file out (exit 1 if absent)
import os
import sys
import vfs

BLOCK = 4096
BLOCKS = 352


class Blocks:
    """A block device in RAM (the vfs block protocol, extended form)."""

    def __init__(self, data):
        self.data = data

    def readblocks(self, n, buf, off=0):
        a = n * BLOCK + off
        buf[:] = self.data[a:a + len(buf)]

    def writeblocks(self, n, buf, off=None):
        if off is None:
            off = 0
        a = n * BLOCK + off
        self.data[a:a + len(buf)] = buf

    def ioctl(self, op, arg):
        if op == 4:     # block count
            return len(self.data) // BLOCK
        if op == 5:     # block size
            return BLOCK
        if op == 6:     # erase
            a = arg * BLOCK
            self.data[a:a + BLOCK] = b"\xff" * BLOCK
            return 0
        return 0


def is_dir(path):
    return os.stat(path)[0] & 0x4000


def copy_in(src, dst):
    for name in sorted(os.listdir(src)):
        s = src + "/" + name
        d = dst + "/" + name
        if is_dir(s):
            os.mkdir(d)
            copy_in(s, d)
        else:
            with open(s, "rb") as fi, open(d, "wb") as fo:
                while True:
                    chunk = fi.read(4096)
                    if not chunk:
                        break
                    fo.write(chunk)


def walk(top, out):
    for name in sorted(os.listdir(top)):
        p = top + "/" + name
        if is_dir(p):
            walk(p, out)
        else:
            out.append((p, os.stat(p)[6]))


def mount(image):
    """The image at /pico: as many blocks as its size holds (the official
    geometry's where it is not whole blocks)."""
    with open(image, "rb") as f:
        data = bytearray(f.read())
    if len(data) % BLOCK or not data:
        data += b"\xff" * (BLOCK * BLOCKS - len(data))
    vfs.mount(vfs.VfsLfs2(Blocks(data), progsize=256), "/pico")


def make(src, image, blocks):
    """A new image of `blocks` blocks with the files of the folder src."""
    data = bytearray(b"\xff" * (BLOCK * blocks))
    bdev = Blocks(data)
    vfs.VfsLfs2.mkfs(bdev, progsize=256)
    vfs.mount(vfs.VfsLfs2(bdev, progsize=256), "/new")
    copy_in(src, "/new")
    vfs.umount("/new")
    with open(image, "wb") as f:
        f.write(data)


def main(args):
    if args[0] == "--list":
        mount(args[1])
        files = []
        walk("/pico", files)
        for p, n in files:
            print("%d %s" % (n, p[len("/pico"):]))
        return 0
    if args[0] == "--get":
        mount(args[1])
        try:
            with open("/pico/" + args[2].lstrip("/"), "rb") as f:
                data = f.read()
        except OSError:
            return 1
        vfs.umount("/pico")
        with open(args[3], "wb") as f:
            f.write(data)
        return 0
    if args[0] == "--copy":
        mount(args[1])
        make("/pico", args[2], int(args[3]))
        return 0
    make(args[0].rstrip("/"), args[1], int(args[2]) if len(args) > 2 else BLOCKS)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
