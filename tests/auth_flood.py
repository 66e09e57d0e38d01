#!/usr/bin/env python3
"""A scraper with the right password through a flood of wrong ones and a reload.

  auth_flood.py PORT PID LOG ATTACKERS SCRAPES

ATTACKERS threads send wrong passwords to serve on PORT (plain HTTP, user prometheus) as fast
as they are answered. The scraper's password is checked once before the flood, as a running
Prometheus's is; then it scrapes SCRAPES times, one after another, and half-way serve (PID)
gets SIGHUP, whose end is waited for in its log LOG ("reload done"). Prints each status the
scraper got, one line, then the median latency in ms (for bench/, not for the test).
"""
import base64
import http.client
import os
import signal
import statistics
import sys
import threading
import time


def get(port, password, timeout=60):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    token = base64.b64encode(f"prometheus:{password}".encode()).decode()
    c.request("GET", "/metrics", headers={"Authorization": "Basic " + token})
    status = c.getresponse().status
    c.close()
    return status


def reloads_done(log):
    with open(log, errors="replace") as f:
        return f.read().count("reload done")


def main():
    port, pid, log = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    attackers, scrapes = int(sys.argv[4]), int(sys.argv[5])
    if get(port, "s3cret") != 200:
        sys.exit("the right password is not taken before the flood")
    stop = threading.Event()
    refused = [0]

    def attack(i):
        n = 0
        while not stop.is_set():
            n += 1
            try:
                get(port, f"wrong-{i}-{n}", timeout=30)
                refused[0] += 1
            except OSError:
                pass

    threads = [threading.Thread(target=attack, args=(i,), daemon=True) for i in range(attackers)]
    for t in threads:
        t.start()
    # the flood fills the queue of checks before the scraper comes again
    end = time.monotonic() + 20
    while refused[0] < attackers and time.monotonic() < end:
        time.sleep(0.01)  # the poll of a wait with a deadline
    statuses, took = [], []
    for k in range(scrapes):
        if k == scrapes // 2:
            before = reloads_done(log)
            os.kill(pid, signal.SIGHUP)
            end = time.monotonic() + 30
            while reloads_done(log) == before and time.monotonic() < end:
                time.sleep(0.01)  # the poll of a wait with a deadline
        t0 = time.monotonic()
        statuses.append(get(port, "s3cret"))
        took.append((time.monotonic() - t0) * 1e3)
    stop.set()
    print(" ".join(str(s) for s in statuses))
    print(f"median {statistics.median(took):.1f} ms")


if __name__ == "__main__":
    main()
