#!/usr/bin/env python3
"""Assertions bats ignores anywhere but a test's last line: a negated command ('! cmd'), and a
chain of tests joined by && ('[ a ] && [ b ]').

bats runs a test under 'set -e', which neither trips: '! grep -q x f' in the middle of a test
passes whatever grep does, and so does '[ x ] && [ y ]' when x fails (set -e ignores a failure
on the left of &&). Use 'run ! cmd', check $status, or one '[ ]' a line instead.
A bare 'wait' is refused too: under BATS_TEST_TIMEOUT (which the suite sets, so that a hang is
a failure) it also waits for bats' own watchdog, which ends only when the test times out; wait
for the job's "$pid".
Prints each FILE:LINE and exits 1 when there is one."""
import glob
import re
import sys


# a line that is a chain of [ ] or [[ ]] tests joined by &&, with nothing after it
CHAIN = re.compile(r"^\s*\[\[?\s.*\]\]?(\s*&&\s*\[\[?\s.*\]\]?)+\s*$")


def ignored(line):
    return re.match(r"^\s*!\s", line) or CHAIN.match(line)


BARE_WAIT = re.compile(r"^\s*wait\s*(;.*)?$")


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
        if BARE_WAIT.match(line):
            found.append("%s:%d: %s  (a bare wait waits for bats' timeout watchdog too: wait \"$pid\")" % (path, n, line.strip()))
        body.append((n, line))
    return found


def main():
    found = [f for path in sorted(glob.glob("tests/**/*.bats", recursive=True)) for f in negated(path)]
    for f in found:
        print(f if "wait" in f.split("  (")[-1] else
              f + "  (bats ignores a failure here: use 'run !', check $status, or one [ ] a line)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
