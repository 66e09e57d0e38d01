#!/usr/bin/env python3
"""The kernel's cost of opening, enabling and closing N perf events on one CPU, alone: what
`stat --per-device`'s one-time part pays, without pmuctl. perf_event_open(2) through ctypes,
the live trees' event (cpu-clock: type 1, config 0), opened disabled and then enabled one by
one, as pmuctl and perf do; the system CPU time of this process (getrusage) around the opens,
the enables and the closes.
usage: bench/kernel_open.py [N...]   (default 984 1968: the events of bench/per_device_scale.sh;
ROUNDS=3, the least of each kept)"""
import ctypes
import os
import resource
import struct
import sys
import time

NR_PERF_EVENT_OPEN = {"x86_64": 298, "aarch64": 241}[os.uname().machine]
libc = ctypes.CDLL(None, use_errno=True)


def attr():
    # struct perf_event_attr, PERF_ATTR_SIZE_VER5 (112 bytes): type, size, config, ..., flags
    a = bytearray(112)
    struct.pack_into("IIQ", a, 0, 1, 112, 0)      # PERF_TYPE_SOFTWARE, cpu-clock
    struct.pack_into("Q", a, 40, 1)               # disabled
    return (ctypes.c_char * 112).from_buffer(a)


def cost(n, cpu=0):
    a = attr()
    fds = []
    t0, s0 = time.perf_counter(), resource.getrusage(resource.RUSAGE_SELF).ru_stime
    for _ in range(n):
        fd = libc.syscall(NR_PERF_EVENT_OPEN, ctypes.byref(a), -1, cpu, -1, 0)
        if fd < 0:
            sys.exit(f"perf_event_open: {os.strerror(ctypes.get_errno())}")
        fds.append(fd)
    s1 = resource.getrusage(resource.RUSAGE_SELF).ru_stime
    for fd in fds:      # PERF_EVENT_IOC_ENABLE, each its own, as pmuctl and perf enable them
        libc.ioctl(fd, 0x2400, 0)
    s2 = resource.getrusage(resource.RUSAGE_SELF).ru_stime
    for fd in fds:
        os.close(fd)
    s3 = resource.getrusage(resource.RUSAGE_SELF).ru_stime
    return (s1 - s0) * 1e3, (s2 - s1) * 1e3, (s3 - s2) * 1e3, (time.perf_counter() - t0) * 1e3


def main():
    import math
    sizes = [int(x) for x in sys.argv[1:]] or [984, 1968]
    rounds = int(os.environ.get("ROUNDS", "3"))
    resource.setrlimit(resource.RLIMIT_NOFILE, (resource.getrlimit(resource.RLIMIT_NOFILE)[1],) * 2)
    best = {}
    for _ in range(rounds):     # interleaved, the least of each: the machine's noise only adds
        for n in sizes:
            c = cost(n)
            best[n] = min(best.get(n, c), c, key=lambda x: sum(x[:3]))
    for n in sizes:
        o, e, c, w = best[n]
        print(f"{n} events: open {o:.1f} ms, enable {e:.1f} ms, close {c:.1f} ms system CPU ({w:.1f} ms wall)")
    a, b = sizes[0], sizes[-1]
    ta, tb = sum(best[a][:3]), sum(best[b][:3])
    print(f"growth {a} -> {b} events ({b / a:.2f}x): {tb / ta:.2f}x the system CPU "
          f"(exponent {math.log(tb / ta) / math.log(b / a):.2f}; linear is 1)")


main()
