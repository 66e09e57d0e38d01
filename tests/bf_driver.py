#!/usr/bin/env python3
"""Play the mlxbf-pmc driver on a copy of the BlueField fixture while pmuctl counts.

    bf_driver.py HWMON_DIR STOP_FILE [BUMP]

What the kernel does on a write, done here on plain files: a number written to eventN reads
back as "0x%x: NAME\\n" and clears counterN; "1" written to an l3cache enable clears the five
counters. The hardware part: BUMP (default 1000) is added once to each counter that counts
(an event other than 0 programmed, or its l3cache block enabled) 100 ms after it started, and
once to every register file 150 ms after the first eventN write (so after pmuctl has read its
starting values). Runs until STOP_FILE exists."""
import os
import re
import sys
import time

hw, stop = sys.argv[1], sys.argv[2]
bump = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
t0 = time.monotonic()
NUM = re.compile(r"^\s*(0x[0-9a-fA-F]+|[0-9]+)\s*$")


def rd(p):
    with open(p) as f:
        return f.read()


def wr(p, text):
    tmp = p + ".drv"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, p)


def swap(p, seen, text):
    """Replace p by text unless pmuctl wrote it since it was read as seen: the real driver acts
    inside the write, this process only after it, and must not undo a newer write. The check
    is repeated just before the rename, and a write that would change nothing is not made, so
    the window in which a pmuctl write could be lost is a rename, not a pass."""
    tmp = p + ".drv"
    try:
        if rd(p) != seen:
            return False
        if seen == text:
            return True
        with open(tmp, "w") as f:
            f.write(text)
        if rd(p) != seen:
            os.unlink(tmp)
            return False
    except FileNotFoundError:
        return False
    os.replace(tmp, p)
    return True


def table(block):
    out = {}
    try:
        for line in rd(f"{block}/event_list").splitlines():
            code, name = line.split(": ", 1)
            out[int(code, 16)] = name
    except FileNotFoundError:
        pass
    return out


started = {}        # counter file -> time it began counting (None once bumped)
regs_bumped = False
first_program = None    # when pmuctl first programmed an eventN
while not os.path.exists(stop):
    now = time.monotonic()
    for name in sorted(os.listdir(hw)):
        block = f"{hw}/{name}"
        if not os.path.isdir(block) or name in ("device", "power", "subsystem"):
            continue
        events = table(block)
        if not events:      # a register block
            if not regs_bumped and first_program and now - first_program > 0.15:
                for reg in os.listdir(block):
                    v = int(rd(f"{block}/{reg}"), 16)
                    wr(f"{block}/{reg}", "0x%x\n" % ((v + bump) % 2**64))
            continue
        l3 = "l3cache" in name
        programmed = []     # mtimes of eventN writes seen in this pass
        i = 0
        while os.path.exists(f"{block}/event{i}"):
            text = rd(f"{block}/event{i}")
            m = NUM.match(text)
            if m:
                programmed.append(os.stat(f"{block}/event{i}").st_mtime_ns)
                first_program = first_program or now
                code = int(m.group(1), 0)
                swap(f"{block}/event{i}", text, "0x%x: %s\n" % (code, events.get(code, "?")))
                wr(f"{block}/counter{i}", "0x0\n")
                started[f"{block}/counter{i}"] = now if (code and not l3) else None
            i += 1
        if l3:
            raw = rd(f"{block}/enable")
            # coarse timestamps: a write in the same tick counts as later (pmuctl enables last)
            after = os.stat(f"{block}/enable").st_mtime_ns >= max(programmed, default=0)
            if programmed and not (raw in ("1", "0") and after):
                swap(f"{block}/enable", raw, "0\n")      # programming stops the whole block
            elif raw == "1" and swap(f"{block}/enable", raw, "1\n"):     # RST, then EN
                for k in range(5):
                    wr(f"{block}/counter{k}", "0x0\n")
                    started[f"{block}/counter{k}"] = now
            elif raw == "0":
                swap(f"{block}/enable", raw, "0\n")
            if rd(f"{block}/enable") != "1\n":
                for k in range(5):
                    started[f"{block}/counter{k}"] = None
    for path, since in list(started.items()):
        if since is not None and now - since > 0.1:
            wr(path, "0x%x\n" % (int(rd(path), 16) + bump))
            started[path] = None
    if first_program and now - first_program > 0.15:
        regs_bumped = True
    time.sleep(0.005)
