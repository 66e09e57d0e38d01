#!/usr/bin/env python3
"""Assertions bats ignores: a negated command ('! cmd') anywhere but a test's last line.

bats runs a test under 'set -e', which a '!' pipeline never trips: '! grep -q x f' in the
middle of a test passes whatever grep does. Use 'run ! cmd' or check $status instead.
Prints each FILE:LINE and exits 1 when there is one."""
import glob
import re
import sys


def negated(path):
    found, body = [], None
    for n, line in enumerate(open(path, errors="replace"), 1):
        if line.startswith("@test "):
            body = []
            continue
        if body is None:
            continue
        if re.match(r"^}\s*$", line):
            cmds = [(k, l) for k, l in body if l.strip() and not l.strip().startswith("#")]
            found += ["%s:%d: %s" % (path, k, l.strip()) for k, l in cmds[:-1] if re.match(r"^\s*!\s", l)]
            body = None
            continue
        body.append((n, line))
    return found


def main():
    found = [f for path in sorted(glob.glob("tests/**/*.bats", recursive=True)) for f in negated(path)]
    for f in found:
        print(f + "  (bats ignores '!' here: use 'run !' or check $status)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
