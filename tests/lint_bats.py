#!/usr/bin/env python3
"""Assertions bats ignores anywhere but a test's last line: a negated command ('! cmd'), and a
chain of tests joined by && ('[ a ] && [ b ]').

bats runs a test under 'set -e', which neither trips: '! grep -q x f' in the middle of a test
passes whatever grep does, and so does '[ x ] && [ y ]' when x fails (set -e ignores a failure
on the left of &&). Use 'run ! cmd', check $status, or one '[ ]' a line instead.
Prints each FILE:LINE and exits 1 when there is one."""
import glob
import re
import sys


# a line that is a chain of [ ] or [[ ]] tests joined by &&, with nothing after it
CHAIN = re.compile(r"^\s*\[\[?\s.*\]\]?(\s*&&\s*\[\[?\s.*\]\]?)+\s*$")


def ignored(line):
    return re.match(r"^\s*!\s", line) or CHAIN.match(line)


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
            found += ["%s:%d: %s" % (path, k, l.strip()) for k, l in cmds[:-1] if ignored(l)]
            body = None
            continue
        body.append((n, line))
    return found


def main():
    found = [f for path in sorted(glob.glob("tests/**/*.bats", recursive=True)) for f in negated(path)]
    for f in found:
        print(f + "  (bats ignores a failure here: use 'run !', check $status, or one [ ] a line)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
