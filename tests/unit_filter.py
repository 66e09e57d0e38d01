#!/usr/bin/env python3
"""The system calls a systemd unit's SystemCallFilter= lets through, as systemd reads it.

  unit_filter.py UNIT     print each allowed call, one a line, then "action ACTION" last:
                          kill (SystemCallErrorNumber= unset: SIGSYS ends the process) or
                          errno:NAME

The sets come from systemd-analyze syscall-filter, each group expanded where it names others.
As systemd(5) says: the first SystemCallFilter= without ~ makes the list an allow list; each
later line adds its calls, or, with ~, takes them away.
"""
import re
import subprocess
import sys

groups = {}


def expand(name):
    if not name.startswith("@"):
        return {name}
    if name not in groups:
        out = subprocess.run(["systemd-analyze", "syscall-filter", name], capture_output=True, text=True,
                             check=True).stdout
        calls = set()
        for line in out.splitlines()[1:]:
            word = line.strip()
            if not word or word.startswith("#"):
                continue
            calls |= expand(word)
        groups[name] = calls
    return groups[name]


def main():
    allowed, action, started = set(), "kill", False
    with open(sys.argv[1]) as f:
        for line in f:
            m = re.match(r"\s*SystemCallFilter=(~?)(.*)", line)
            if m:
                words = m.group(2).split()
                calls = set().union(*(expand(w) for w in words)) if words else set()
                if m.group(1):
                    allowed -= calls
                else:
                    allowed |= calls
                    started = True
            m = re.match(r"\s*SystemCallErrorNumber=(\S+)", line)
            if m:
                action = "errno:" + m.group(1)
    if not started:
        sys.exit(f"{sys.argv[1]}: no SystemCallFilter= allow list")
    for name in sorted(allowed):
        print(name)
    print("action", action)


if __name__ == "__main__":
    main()
