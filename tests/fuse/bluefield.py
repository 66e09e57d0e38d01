#!/usr/bin/python3
"""The mlxbf-pmc driver's hwmon directory as a FUSE filesystem: writes act synchronously.

    tests/fuse/bluefield.py FIXTURE_HWMON MOUNTPOINT LOG [--bump N] [--init BLOCK/FILE=VALUE]...
                            [--set BLOCK/FILE=TEXT]... [--deny BLOCK/FILE=VALUE]...
                            [--break BLOCK/FILE=K]... [--slow BLOCK/FILE=SECONDS]...

sysfs runs a driver's store callback inside write(2), and write returns its errno; this does
the same, so a test never races the program under test. The blocks, event tables and initial
register values come from the fixture directory (a copy of hwmon0, as tests/gen/fixtures.py
writes it); the rules are the newest driver's (../shared/reference/kernel-pmu-facts.md §4.5):

  eventN    a name (first byte a letter, the trailing newline removed) or a number
            (kstrtouint base 0); unknown name, bad number or a number not in the table: EINVAL.
            COUNTER blocks: programming clears the accumulator and starts it; event 0 on a
            table whose entry 0 is DISABLE stops it. l3cache: programming stops the whole block.
  counterN  a number; non-zero: EINVAL; any write to an l3cache block: EINVAL; 0 clears it.
  enable    l3cache: 0 or 1, else EINVAL; 1 resets every counter and starts the block.
            crspace (BF3): any number; bit 0 is the enable bit (FIELD_PREP(BIT(30), en)), and
            any non-zero value also clears every counter. Reads show the enable bit.
  count_clock  crspace: any number, read back as it was written.
            crspace counters are 32 bits wide; programming an event neither clears nor
            starts them (mlxbf_pmc_program_crspace_counter).
  registers (pcieN/*, ecc/*): ecc takes any number, the others 0 only.
  event_list, name: read-only (EACCES on open for writing, as a 0444 file).

The hardware is simulated without time: a counter that runs counts BUMP (default 1000) events
between two reads, so the delta between any two reads of a running counter is exactly BUMP,
however slow the machine. A stopped counter keeps its value.

--init BLOCK/FILE=VALUE sets the state before the mount, not logged: eventN and enable as a
previous user of the driver wrote them, counters and registers as the hardware counted them. --set BLOCK/FILE=TEXT makes reads of that file return TEXT (e.g. 'No event being monitored',
what the driver prints when the hardware read fails); a write to it lifts the override.
--deny BLOCK/FILE=VALUE fails writes of VALUE (a number) to that file with EACCES, as an SMC
access violation does. --break BLOCK/FILE=K makes every read of that file after the K-th fail
with EIO, as a register access that starts failing. --slow BLOCK/FILE=SECONDS makes every read
of that file take that long, as a slow SMC call or a loaded machine does, without holding up
the reads of other files. --script BLOCK/FILE=V1,V2,... plays the hardware's part for the
next reads of a counter file, one value each: a number is what the counter holds then (it
counts on from there), anything else is the text of a read gone wrong ("No event being
monitored"); after the last, the counter counts on as usual.

Every write is appended to LOG before write(2) returns, one line each:
    write BLOCK/FILE 'bytes' -> 0|EINVAL|EACCES
    trunc BLOCK/FILE          (an open with O_TRUNC: sysfs ignores it, pmuctl must not ask)
"""
import errno
import os
import re
import stat
import sys
import time

from fusepy import FUSE, FuseOSError, Operations

U64 = 1 << 64
NUMBER = re.compile(r"^(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)\n?$")


def kstrtouint(data):
    """The kernel's kstrtouint(buf, 0): one trailing newline allowed, 32 bits."""
    text = data.decode("ascii", "replace")
    m = NUMBER.match(text)
    if not m:
        raise FuseOSError(errno.EINVAL)
    v = int(m.group(1), 0)
    if v >= 1 << 32:
        raise FuseOSError(errno.ERANGE)
    return v


class Block:
    def __init__(self, name, src):
        self.name = name
        files = sorted(os.listdir(src))
        self.table = {}
        if "event_list" in files:
            for line in open(os.path.join(src, "event_list")).read().splitlines():
                code, ev = line.split(": ", 1)
                self.table[int(code, 16)] = ev
        self.register = "event_list" not in files
        self.l3cache = "l3cache" in name
        self.crspace = "enable" in files and not self.l3cache
        self.width = 1 << 32 if self.crspace else U64
        self.count_clock = 0
        self.files = files
        self.counters = {}      # slot -> value
        self.events = {}        # slot -> code
        self.regs = {}          # register file -> value
        self.enabled = False
        for f in files:
            text = open(os.path.join(src, f)).read()
            if self.register:
                self.regs[f] = int(text, 16)
            elif f.startswith("counter"):
                self.counters[int(f[7:])] = int(text, 16)
            elif f.startswith("event") and f != "event_list":
                self.events[int(f[5:])] = int(text.split(":")[0], 16)
            elif f == "enable":
                self.enabled = text.strip() == "1"
            elif f == "count_clock":
                self.count_clock = int(text)

    def running(self, slot):
        if self.l3cache or self.crspace:
            return self.enabled
        code = self.events.get(slot, 0)
        return code != 0 or self.table.get(0) != "DISABLE"


class StandIn(Operations):
    def __init__(self, src, log, bump, overrides, denials, breaks, slow, scripts):
        self.blocks = {}
        self.name = open(os.path.join(src, "name")).read()
        self.plain = {}         # other files of hwmon0 (uevent), read-only text
        for entry in sorted(os.listdir(src)):
            path = os.path.join(src, entry)
            if os.path.isdir(path) and entry != "power":
                self.blocks[entry] = Block(entry, path)
            elif os.path.isfile(path) and entry != "name":
                self.plain[entry] = open(path).read()
        self.log = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        self.bump = bump
        self.overrides = overrides
        self.denials = denials
        self.breaks = breaks    # file -> reads left before they fail
        self.slow = slow        # file -> seconds each read takes
        self.scripts = scripts  # counter file -> what its next reads find

    def note(self, line):
        os.write(self.log, (line + "\n").encode())

    def split(self, path):
        parts = path.strip("/").split("/")
        if parts == [""]:
            return None, None
        if len(parts) == 1:
            return parts[0], None
        if len(parts) == 2:
            return parts[0], parts[1]
        raise FuseOSError(errno.ENOENT)

    def getattr(self, path, fh=None):
        top, leaf = self.split(path)
        if top is None or (leaf is None and (top in self.blocks or top == "power")):
            return dict(st_mode=stat.S_IFDIR | 0o755, st_nlink=2)
        if leaf is None and (top == "name" or top in self.plain):
            return dict(st_mode=stat.S_IFREG | 0o444, st_nlink=1, st_size=4096)
        if top in self.blocks and leaf in self.blocks[top].files:
            mode = 0o444 if leaf == "event_list" else 0o644
            return dict(st_mode=stat.S_IFREG | mode, st_nlink=1, st_size=4096)
        raise FuseOSError(errno.ENOENT)

    def readdir(self, path, fh):
        top, leaf = self.split(path)
        if top is None:
            return [".", "..", "name", "power"] + list(self.plain) + list(self.blocks)
        if top == "power":
            return [".", ".."]
        if top in self.blocks and leaf is None:
            return [".", ".."] + self.blocks[top].files
        raise FuseOSError(errno.ENOTDIR)

    def open(self, path, flags):
        self.getattr(path)
        top, leaf = self.split(path)
        writable = flags & (os.O_WRONLY | os.O_RDWR)
        if writable and (leaf in (None, "event_list") or top not in self.blocks):
            raise FuseOSError(errno.EACCES)
        return 0

    def truncate(self, path, length, fh=None):
        self.note("trunc %s" % path.strip("/"))

    def text(self, b, leaf):
        """What the driver prints for a file of block b: counters count BUMP a read when running."""
        if b.register:
            v = b.regs[leaf]
            b.regs[leaf] = (v + self.bump) % U64
            return "0x%x\n" % v
        if leaf == "event_list":
            return "".join("0x%x: %s\n" % kv for kv in b.table.items())
        if leaf == "enable":
            return "%d\n" % b.enabled
        if leaf == "count_clock":
            return "%u\n" % b.count_clock
        if leaf.startswith("counter"):
            slot = int(leaf[7:])
            v = b.counters[slot]
            if b.running(slot):
                b.counters[slot] = (v + self.bump) % b.width
            return "0x%x\n" % v
        code = b.events[int(leaf[5:])]
        if code not in b.table:
            raise FuseOSError(errno.EINVAL)
        return "0x%x: %s\n" % (code, b.table[code])

    def read(self, path, size, offset, fh):
        top, leaf = self.split(path)
        rel = path.strip("/")
        if rel in self.slow:
            time.sleep(self.slow[rel])  # the simulated hardware's latency, not a test's wait
        if rel in self.breaks:
            if self.breaks[rel] <= 0:
                raise FuseOSError(errno.EIO)
            self.breaks[rel] -= 1
        if leaf is None:
            text = self.name if top == "name" else self.plain[top]
        elif rel in self.overrides:
            text = self.overrides[rel]
        elif self.scripts.get(rel):
            step = self.scripts[rel].pop(0)
            if NUMBER.match(step):
                self.blocks[top].counters[int(leaf[7:])] = int(step, 0)
                text = self.text(self.blocks[top], leaf)
            else:
                text = step + "\n"
        else:
            text = self.text(self.blocks[top], leaf)
        return text.encode()[offset:offset + size]

    def store(self, b, leaf, data):
        if b.register:
            v = kstrtouint(data)
            if v and b.name != "ecc":
                raise FuseOSError(errno.EINVAL)
            b.regs[leaf] = v
        elif leaf == "enable" and b.crspace:
            v = kstrtouint(data)
            if v:
                for slot in b.counters:
                    b.counters[slot] = 0
            b.enabled = v & 1 == 1
        elif leaf == "count_clock":
            b.count_clock = kstrtouint(data)
        elif leaf == "enable":
            if not b.l3cache:
                raise FuseOSError(errno.EINVAL)
            v = kstrtouint(data)
            if v > 1:
                raise FuseOSError(errno.EINVAL)
            if v:
                for slot in b.counters:
                    b.counters[slot] = 0
            b.enabled = v == 1
        elif leaf.startswith("counter"):
            if b.l3cache or kstrtouint(data):
                raise FuseOSError(errno.EINVAL)
            b.counters[int(leaf[7:])] = 0
        else:
            slot = int(leaf[5:])
            if data[:1].isalpha():
                name = data.decode("ascii", "replace").rstrip("\n")
                codes = [c for c, n in b.table.items() if n == name]
                if not codes:
                    raise FuseOSError(errno.EINVAL)
                code = codes[0]
            else:
                code = kstrtouint(data)
                if code not in b.table:
                    raise FuseOSError(errno.EINVAL)
            if b.l3cache:
                b.enabled = False
            b.events[slot] = code
            if not b.crspace:
                b.counters[slot] = 0

    def preset(self, rel, value):
        top, leaf = self.split("/" + rel)
        b = self.blocks[top]
        if b.register:
            b.regs[leaf] = int(value, 0)
        elif leaf.startswith("counter"):
            b.counters[int(leaf[7:])] = int(value, 0)
        else:
            self.store(b, leaf, value.encode())

    def write(self, path, data, offset, fh):
        top, leaf = self.split(path)
        rel = path.strip("/")
        result = "0"
        try:
            if offset:
                raise FuseOSError(errno.EINVAL)
            denied = self.denials.get(rel)
            if denied is not None and kstrtouint(data) == denied:
                raise FuseOSError(errno.EACCES)
            self.store(self.blocks[top], leaf, data)
            self.overrides.pop(rel, None)
        except FuseOSError as e:
            result = errno.errorcode[e.errno]
            raise
        finally:
            self.note("write %s %r -> %s" % (rel, data.decode("ascii", "replace"), result))
        return len(data)


def take(args, flag):
    """Every value of a repeatable flag, removed from args."""
    out = []
    while flag in args:
        i = args.index(flag)
        out.append(args[i + 1])
        del args[i:i + 2]
    return out


def main():
    args = sys.argv[1:]
    bump = int((take(args, "--bump") or ["1000"])[-1])
    overrides = dict(kv.split("=", 1) for kv in take(args, "--set"))
    denials = {k: int(v, 0) for k, v in (kv.split("=", 1) for kv in take(args, "--deny"))}
    breaks = {k: int(v) for k, v in (kv.split("=", 1) for kv in take(args, "--break"))}
    slow = {k: float(v) for k, v in (kv.split("=", 1) for kv in take(args, "--slow"))}
    scripts = {k: v.split(",") for k, v in (kv.split("=", 1) for kv in take(args, "--script"))}
    inits = [kv.split("=", 1) for kv in take(args, "--init")]
    src, mountpoint, log = args
    ops = StandIn(src, log, bump, overrides, denials, breaks, slow, scripts)
    for rel, value in inits:
        ops.preset(rel, value)
    # a slow read must not hold up the other processes reading the tree, as a driver's does
    # not: then each request is served in its own thread (the GIL keeps each store whole)
    FUSE(ops, mountpoint, foreground=True, direct_io=True, nothreads=not slow)


if __name__ == "__main__":
    main()
