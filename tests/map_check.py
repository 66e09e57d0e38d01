#!/usr/bin/env python3
"""Compare `pmuctl -j map` with the ground truth pcigen.py wrote: map_check.py TRUTH JSON.
Every function below a Tegra410 root port must appear with its root port, socket, RC, RP and
src_bdf, and no other function may appear; every function's link as the generator wrote it;
prints each difference, exits 1 if any."""
import json
import sys

truth = json.load(open(sys.argv[1]))
got = {r["bdf"]: r for r in json.load(open(sys.argv[2]))}
bad = 0
# every function's link, where the generator wrote links (truth has them): capability, status, downtrained
for t in truth["functions"]:
    if "link" in t and t["bdf"] in got and got[t["bdf"]].get("link") != t["link"]:
        print(f"{t['bdf']}: link {got[t['bdf']].get('link')}, expected {t['link']}")
        bad += 1
for t in truth["functions"]:
    r = got.pop(t["bdf"], None)
    if t["root_port"] is None:
        if r is not None and r.get("root_port") is not None:
            print(f"{t['bdf']}: mapped to {r['root_port']}, but is below no Tegra410 root port")
            bad += 1
        continue
    if r is None:
        print(f"{t['bdf']}: missing (expected root port {t['root_port']})")
        bad += 1
        continue
    for key in ("root_port", "socket", "rc", "rp", "src_bdf"):
        if r.get(key) != t[key]:
            print(f"{t['bdf']}: {key} is {r.get(key)!r}, expected {t[key]!r}")
            bad += 1
    want = r["pmu"] == f"nvidia_pcie_pmu_{t['socket']}_rc_{t['rc']}"
    if not want:
        print(f"{t['bdf']}: pmu {r['pmu']}")
        bad += 1
    sized = sorted(b[0] for b in t["bars"])
    if "tgt_filters" in r and r["tgt_filters"] and sorted(f["bar"] for f in r["tgt_filters"]) != sized:
        print(f"{t['bdf']}: TGT filters for BARs {[f['bar'] for f in r['tgt_filters']]}, expected {sized}")
        bad += 1
    for f in r.get("tgt_filters", []):
        i, addr, size = next(b for b in t["bars"] if b[0] == f["bar"])
        base, mask = int(f["base"], 16), int(f["mask"], 16)
        # exactly the BAR: its first and last byte match, the bytes around it do not
        inside = all((a & mask) == (base & mask) for a in (addr, addr + size - 1))
        outside = all((a & mask) != (base & mask) for a in (addr - 1, addr + size))
        if not (inside and outside):
            print(f"{t['bdf']}: BAR{i} filter base {f['base']} mask {f['mask']} does not match exactly the BAR")
            bad += 1
for bdf, r in got.items():
    if r.get("root_port") is not None:
        print(f"{bdf}: not in the topology, but mapped")
        bad += 1
sys.exit(1 if bad else 0)
