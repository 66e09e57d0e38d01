#!/usr/bin/env python3
"""A mixed fleet on one machine: one exporter per kind of node, each started as the shipped
DaemonSet starts it, and one real Prometheus with the shipped job and rules scraping them all.

  fleet.py up DIR PMUCTL       build the machines in DIR, run the DaemonSet's init containers
                               (topology as root, doctor as nobody), start the exporters, start
                               Prometheus; wait until each target's first scrape is a minute old
                               (the recording rules' window). DIR/state.json
  fleet.py down DIR            stop them all
  fleet.py query DIR PROMQL    the query's result, one line a series: KIND VALUE
  fleet.py dashboard DIR       each dashboard query: the kinds of node it has a series for
  fleet.py scrape DIR KIND     the exporter's exposition, as Prometheus gets it

Each exporter runs the DaemonSet's container arguments word for word, but for the paths and the
address: its --sysfs-root a copy of the machine as a non-root reader sees it (64 bytes of each
function's config space), its --topology what the topology init container wrote from the whole
one, as nobody with CAP_PERFMON alone (setpriv: ambient, the bounding set PERFMON only). The
Altra's reads pass through tests/shim/halve_running.c: its counters run half the time.
"""
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
import ssl

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIX = os.path.join(ROOT, "tests/fixtures")
TOOLS = os.path.join(ROOT, "build/tools/root/usr/bin")
# kind: the live trees it is made of (the first holds its PCI functions)
KINDS = {
    "tegra410": ["tegra410-live"],
    "grace": ["grace-live"],
    "yitian": ["yitian710-dwc-live", "yitian710-live", "graviton-live"],
    "hip09": ["hip09-live"],
    "altra": ["altra-live"],
    "ampereone": ["ampereone-live"],
    "graviton": ["graviton-live"],
    "icx": ["icx-live"],
    "genoa": ["genoa-live"],
    "bare": [],
}
MULTIPLEXED = "altra"
NOBODY = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", "--inh-caps=-all,+perfmon",
          "--ambient-caps=+perfmon", "--bounding-set=-all,+perfmon"]


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def daemonset():
    import yaml
    docs = {d["kind"]: d for d in yaml.safe_load_all(open(os.path.join(ROOT, "deploy/kubernetes/pmuctl.yaml")))}
    return docs


def subst(words, d, kind, port):
    """the DaemonSet's words with this machine's paths and a loopback port"""
    out = []
    for w in words:
        w = w.replace("/host/sys", f"{d}/{kind}/nonroot/sys").replace("/run/pmuctl/", f"{d}/{kind}/run/")
        w = w.replace("/etc/pmuctl/web/", f"{d}/").replace("=:10464", f"=127.0.0.1:{port}")
        out.append(w)
    return out


def build(d, kind):
    trees = KINDS[kind]
    whole = f"{d}/{kind}/whole"
    tool = [sys.executable, os.path.join(ROOT, "tests/fleet_tree.py")]
    if trees:
        subprocess.run(tool + ["counted", whole] + [os.path.join(FIX, t) for t in trees], check=True)
    else:
        subprocess.run(tool + ["bare", whole], check=True)
    subprocess.run(tool + ["nonroot", f"{d}/{kind}/nonroot", whole], check=True)
    os.makedirs(f"{d}/{kind}/run")


def env_of(d, kind):
    env = dict(os.environ)
    if os.environ.get("LSAN_OPTIONS"):
        env["LSAN_OPTIONS"] = f"suppressions={d}/lsan.supp:print_suppressions=0"
    if kind == MULTIPLEXED:
        env["LD_PRELOAD"] = f"{d}/halve.so"
        env["ASAN_OPTIONS"] = (env.get("ASAN_OPTIONS", "") + ":verify_asan_link_order=0").lstrip(":")
    return env


def wait_for(what, pred, deadline=120):
    end = time.monotonic() + deadline
    while not pred():
        if time.monotonic() > end:
            raise SystemExit(f"fleet: gave up waiting for {what}")
        time.sleep(0.1)  # the poll of a wait with a deadline


def prom_query(state, q):
    url = f"http://127.0.0.1:{state['prometheus']}/api/v1/query?" + urllib.parse.urlencode({"query": q})
    with urllib.request.urlopen(url, timeout=10) as r:
        return json.load(r)["data"]["result"]


def up(d, pmuctl):
    docs = daemonset()
    pod = docs["DaemonSet"]["spec"]["template"]["spec"]
    init = {c["name"]: c for c in pod["initContainers"]}
    main = pod["containers"][0]
    state = {"exporters": {}, "pids": []}
    # what nobody may read: the binary and its library, the PKI, the machines
    for f in ("pmuctl", "pmuctl-commands.so"):
        shutil.copy2(os.path.join(os.path.dirname(pmuctl), f), d)
    shutil.copy(os.path.join(ROOT, "tests/lsan.supp"), d)
    subprocess.run(["cc", "-shared", "-fPIC", "-o", f"{d}/halve.so", os.path.join(ROOT, "tests/shim/halve_running.c"),
                    "-ldl"], check=True)
    web = docs["Secret"]["stringData"]["web.yml"].replace("/etc/pmuctl/tls/tls.crt", f"{d}/pki/server.crt")
    with open(f"{d}/web.yml", "w") as f:
        f.write(web.replace("/etc/pmuctl/tls/tls.key", f"{d}/pki/server.key"))
    for kind in KINDS:
        build(d, kind)
    subprocess.run(["chmod", "-R", "a+rX", d], check=True)
    for kind in KINDS:
        port = free_port()
        # the topology init container, as root, on the whole machine
        topo = init["topology"]["command"][:]
        topo[-1] = topo[-1].replace("/host/sys", f"{d}/{kind}/whole/sys").replace("/run/pmuctl/", f"{d}/{kind}/run/")
        if not os.path.isdir(f"{d}/{kind}/whole/sys/bus/pci"):
            topo[-1] = topo[-1].replace("exec lspci", "exec true")
        subprocess.run(topo, check=True)
        subprocess.run(["chmod", "-R", "a+rX", f"{d}/{kind}/run"], check=True)
        # the doctor init container: serve's words; it must pass where serve starts
        doctor = subst(init["doctor"]["command"], d, kind, port)
        r = subprocess.run(NOBODY + [f"{d}/pmuctl"] + doctor[1:], env=env_of(d, kind), capture_output=True, text=True)
        state.setdefault("doctor", {})[kind] = r.returncode
        args = subst(main["args"], d, kind, port)
        log = open(f"{d}/{kind}.log", "w")
        p = subprocess.Popen(NOBODY + [f"{d}/pmuctl"] + args,
                             env=env_of(d, kind), stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                             start_new_session=True)
        state["pids"].append(p.pid)
        state["exporters"][kind] = port
    # the shipped job and rules, every second, the exporters' TLS verified with the test CA
    import yaml
    c = yaml.safe_load(open(os.path.join(ROOT, "deploy/prometheus/pmuctl.yml")))
    c["global"] = {"scrape_interval": "1s", "evaluation_interval": "1s"}
    c["rule_files"] = [os.path.join(ROOT, "deploy/mixin/rules.yml")]
    job = c["scrape_configs"][0]
    job["scheme"] = "https"
    job["tls_config"] = {"ca_file": f"{d}/pki/ca.crt", "server_name": "localhost"}
    job["static_configs"] = [{"targets": [f"127.0.0.1:{p}"], "labels": {"kind": k}} for k, p in state["exporters"].items()]
    with open(f"{d}/prometheus.yml", "w") as f:
        yaml.safe_dump(c, f)
    state["prometheus"] = free_port()
    p = subprocess.Popen([os.path.join(TOOLS, "prometheus"), f"--config.file={d}/prometheus.yml",
                          f"--storage.tsdb.path={d}/tsdb", f"--web.listen-address=127.0.0.1:{state['prometheus']}",
                          "--log.level=warn"], stdin=subprocess.DEVNULL, stdout=open(f"{d}/prometheus.log", "w"),
                         stderr=subprocess.STDOUT, start_new_session=True)
    state["pids"].append(p.pid)
    with open(f"{d}/state.json", "w") as f:
        json.dump(state, f)

    # rate(...[1m]) is the whole window's only once a target's first scrape is older than it:
    # before, Prometheus extrapolates a younger series' increase over the whole minute
    def window_full():
        try:
            got = prom_query(state, "count_over_time(up[90s]) > count_over_time(up[59s])")
        except OSError:
            return False
        return len(got) == len(KINDS)
    wait_for("every target's first scrape to be a minute old", window_full, deadline=180)


def down(d):
    try:
        state = json.load(open(f"{d}/state.json"))
    except OSError:
        return
    for pid in state["pids"]:
        try:
            os.killpg(pid, signal.SIGKILL)
        except OSError:
            pass


def query(d, q):
    state = json.load(open(f"{d}/state.json"))
    for r in prom_query(state, q):
        print(r["metric"].get("kind", "-"), r["value"][1], json.dumps(r["metric"], sort_keys=True))


def dashboard(d):
    """each dashboard query (as the dashboard asks it, every instance): the kinds it has a series for"""
    state = json.load(open(f"{d}/state.json"))
    kind_of = {f"127.0.0.1:{p}": k for k, p in state["exporters"].items()}
    dash = json.load(open(os.path.join(ROOT, "deploy/grafana/pmuctl.json")))
    for panel in dash["panels"]:
        for t in panel.get("targets", []):
            q = t["expr"].replace("$instance", ".*")
            kinds = sorted({kind_of.get(r["metric"].get("instance"), "?") for r in prom_query(state, q)})
            print(f"{panel['id']}{t['refId']}: {' '.join(kinds) if kinds else '-'}")


def scrape(d, kind):
    state = json.load(open(f"{d}/state.json"))
    ctx = ssl.create_default_context(cafile=f"{d}/pki/ca.crt")
    ctx.check_hostname = False
    with urllib.request.urlopen(f"https://127.0.0.1:{state['exporters'][kind]}/metrics", context=ctx, timeout=10) as r:
        sys.stdout.write(r.read().decode())


def main():
    cmd, d = sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else None
    if cmd == "up":
        up(d, sys.argv[3])
    elif cmd == "down":
        down(d)
    elif cmd == "query":
        query(d, sys.argv[3])
    elif cmd == "dashboard":
        dashboard(d)
    elif cmd == "scrape":
        scrape(d, sys.argv[3])
    elif cmd == "build":
        build(d, sys.argv[3])
    elif cmd == "kinds":
        print(" ".join(KINDS))
    else:
        sys.exit(f"fleet.py: unknown command {cmd}")


if __name__ == "__main__":
    main()
