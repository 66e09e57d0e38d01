#!/usr/bin/env python3
"""Check stat -I output of one cpu-clock event (the live tree's aliasing): every interval
printed, the last one however short, and the intervals adding up to the run.

usage: interval_check.py FORMAT INTERVAL_MS MIN_END_S < output
FORMAT: text, csv (--format=csv), json (JSON Lines), perfcsv (perf's or pmuctl's stat -x, -I: no header), or
metric (JSON Lines of -M t410_pcie_rd_bw --per-pmu: GB/s of nvidia_pcie_pmu_0_rc_4 times
each interval's length gives its bytes, that is nanoseconds). Prints "N intervals, last T s, sum/total R".
"""
import csv
import json
import math
import sys


def records(fmt, text):
    """(time_s, count) per interval line"""
    if fmt == "json":
        for line in text.splitlines():
            d = json.loads(line)
            yield d["time_s"], sum(c["count"] for c in d["counts"])
    elif fmt == "csv":
        rows = list(csv.reader(text.splitlines()))
        head = rows[0]
        for r in rows[1:]:
            if r[head.index("kind")] == "count":
                yield float(r[head.index("time")]), int(r[head.index("value")])
    elif fmt == "metric":
        last = 0
        for line in text.splitlines():
            d = json.loads(line)
            v = [m["value"] for m in d["metrics"] if m.get("pmu") == "nvidia_pcie_pmu_0_rc_4"]
            yield d["time_s"], v[0] * (d["time_s"] - last) * 1e9
            last = d["time_s"]
    elif fmt == "perfcsv":
        for r in csv.reader(text.splitlines()):
            if r and not r[0].startswith("#"):
                yield float(r[0]), int(r[1])
    else:
        for line in text.splitlines():
            f = line.split()
            if len(f) >= 3 and f[0][0].isdigit():
                yield float(f[0]), int(f[1].replace(",", ""))


def main():
    fmt, interval, min_end = sys.argv[1], int(sys.argv[2]) / 1e3, float(sys.argv[3])
    rec = list(records(fmt, sys.stdin.read()))
    times = [t for t, _ in rec]
    if not rec:
        sys.exit("no interval printed")
    if times != sorted(times) or len(set(times)) != len(times):
        sys.exit(f"times not increasing: {times}")
    last = times[-1]
    if last < min_end:
        sys.exit(f"the last interval ends at {last} s, before the run's end {min_end} s")
    # every interval of the grid, in order, once, then the last one however short: the reports
    # before the last fall one into each -I slot from the first on (a report is never early;
    # one late past the next deadline skips it, and pmuctl says so, which no run here does)
    slots = [math.floor(t / interval + 1e-6) for t in times[:-1]]
    if slots != list(range(1, len(slots) + 1)):
        sys.exit(f"reports not one per interval of {interval} s: {times}")
    if math.floor(last / interval + 1e-6) < len(slots):
        sys.exit(f"the last report at {last} s falls before the interval of the one before: {times}")
    # every interval counted something (cpu-clock never stops); how much is timing, for bench/
    if min(c for _, c in rec) <= 0:
        sys.exit(f"an interval counted nothing: {rec}")
    print(f"{len(rec)} intervals, last {last:.3f} s")


main()
