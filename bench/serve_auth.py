#!/usr/bin/python3
"""pmuctl serve and node_exporter under a flood of wrong passwords, same run, one after the other.

    bench/serve_auth.py [PMUCTL]   (CLIENTS=16 SECONDS=8 COST=10; node_exporter from build/tools)

Both read the same web configuration (basic auth, one user, a bcrypt hash at COST). CLIENTS
threads send wrong passwords as fast as they are answered for SECONDS, while one scraper with
the right password scrapes every 100 ms: its latencies (median, p99) and, for pmuctl serve
sampling at -I 1000, how many samples were taken against how many seconds passed (a missed
interval is a sample fewer). node_exporter has no sampling of its own: its latency only.
"""
import base64
import crypt
import http.client
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import warnings

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIVE = os.path.join(ROOT, "tests/fixtures/tegra410-live/sys")
CLIENTS = int(os.environ.get("CLIENTS", "16"))
SECONDS = float(os.environ.get("SECONDS", "8"))
COST = int(os.environ.get("COST", "10"))


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def get(port, user, password, timeout=30):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    token = base64.b64encode(f"{user}:{password}".encode()).decode()
    c.request("GET", "/metrics", headers={"Authorization": "Basic " + token})
    r = c.getresponse()
    body = r.read()
    c.close()
    return r.status, body


def wait_up(port):
    end = time.monotonic() + 20
    while time.monotonic() < end:
        try:
            if get(port, "prometheus", "bench", timeout=5)[0] == 200:
                return
        except OSError:
            pass
        time.sleep(0.05)  # the poll of a wait with a deadline
    sys.exit(f"bench: nothing answers on port {port}")


def samples(body):
    for line in body.decode().splitlines():
        if line.startswith("pmuctl_samples_total "):
            return int(float(line.split()[1]))
    return None


def flood(port, stop, codes):
    n = 0
    while not stop.is_set():
        try:
            codes.append(get(port, "prometheus", f"wrong{n}")[0])
        except OSError:
            codes.append(0)
        n += 1


def measure(name, port):
    stop = threading.Event()
    codes = []
    floods = [threading.Thread(target=flood, args=(port, stop, codes)) for _ in range(CLIENTS)]
    first = samples(get(port, "prometheus", "bench")[1])
    t0 = time.monotonic()
    for t in floods:
        t.start()
    lat, bad = [], 0
    while time.monotonic() - t0 < SECONDS:
        s = time.monotonic()
        try:
            status, body = get(port, "prometheus", "bench")
        except OSError:
            status, body = 0, b""
        lat.append((time.monotonic() - s) * 1e3)
        bad += status != 200
        time.sleep(max(0, 0.1 - (time.monotonic() - s)))  # a scrape every 100 ms, as a loop does
    elapsed = time.monotonic() - t0
    last = samples(body) if status == 200 else None
    stop.set()
    for t in floods:
        t.join()
    lat.sort()
    line = (f"  {name:14s} right password: {len(lat)} scrapes, {bad} not 200, median "
            f"{statistics.median(lat):8.1f} ms, p99 {lat[int(len(lat) * 0.99) - 1]:8.1f} ms; "
            f"wrong passwords answered: {len(codes)} ({codes.count(401)} x 401, {codes.count(429)} x 429)")
    if first is not None and last is not None:
        line += f"; samples {last - first} in {elapsed:.1f} s at -I 1000"
    print(line, flush=True)


def main():
    pmuctl = os.path.realpath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "pmuctl"))
    os.environ["PATH"] = os.path.join(ROOT, "build/tools/root/usr/bin") + ":" + os.environ["PATH"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        hashed = crypt.crypt("bench", crypt.mksalt(crypt.METHOD_BLOWFISH, rounds=1 << COST))
    procs = []
    with tempfile.TemporaryDirectory() as tmp:
        web = os.path.join(tmp, "web.yml")
        with open(web, "w") as f:
            f.write(f"basic_auth_users:\n  prometheus: {hashed}\n")
        os.mkdir(os.path.join(tmp, "textfile"))
        port, nport = free_port(), free_port()
        try:
            procs.append(subprocess.Popen([pmuctl, "-q", "--sysfs-root", LIVE, "serve", "-M", "t410_pcie_rd_bw",
                                           "--web.listen-address", f"127.0.0.1:{port}", "--web.config.file", web]))
            procs.append(subprocess.Popen(["prometheus-node-exporter", f"--web.listen-address=127.0.0.1:{nport}",
                                           f"--web.config.file={web}", "--collector.disable-defaults",
                                           "--collector.textfile",
                                           f"--collector.textfile.directory={tmp}/textfile"],
                                          stderr=subprocess.DEVNULL))
            wait_up(port)
            wait_up(nport)
            print(f"{CLIENTS} clients sending wrong passwords for {SECONDS:.0f} s, bcrypt cost {COST}, "
                  f"{os.cpu_count()} CPUs; a right password scraped every 100 ms:")
            measure("pmuctl serve", port)
            measure("node_exporter", nport)
        finally:
            for p in procs:
                p.terminate()
                p.wait()


if __name__ == "__main__":
    main()
