#!/usr/bin/python3
"""One file that shrinks while it is read: shrinking_file.py SRC MOUNTPOINT [eio]

MOUNTPOINT/file is SRC's bytes. Its size is SRC's when opened, but every read stops near half
of it, in the middle of a line, as a file truncated by another process after it was opened
and mapped: the kernel then cuts the file's size, and a program that mapped the whole file
meets SIGBUS past the cut. With eio, a read past that point fails with EIO instead, as a
disk or network file system failing mid-file does (every read reaches the stand-in)."""
import errno
import os
import stat
import sys

from fusepy import FUSE, FuseOSError, Operations


class Shrinking(Operations):
    def __init__(self, data, eio):
        self.data = data
        self.cut = data.rfind(b"\n", 0, len(data) // 2) + 6
        self.eio = eio

    def getattr(self, path, fh=None):
        if path == "/":
            return dict(st_mode=stat.S_IFDIR | 0o755, st_nlink=2)
        if path == "/file":
            return dict(st_mode=stat.S_IFREG | 0o444, st_nlink=1, st_size=len(self.data))
        raise FuseOSError(errno.ENOENT)

    def readdir(self, path, fh):
        return [".", "..", "file"]

    def read(self, path, size, offset, fh):
        if self.eio and offset >= self.cut:
            raise FuseOSError(errno.EIO)
        return self.data[:self.cut][offset:offset + size]


if __name__ == "__main__":
    eio = sys.argv[3:] == ["eio"]
    FUSE(Shrinking(open(sys.argv[1], "rb").read(), eio), sys.argv[2], foreground=True,
         nothreads=True, direct_io=eio)
