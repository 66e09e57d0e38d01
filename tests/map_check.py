#!/usr/bin/env python3
"""Compare `pmuctl -j map` with the ground truth pcigen.py wrote: map_check.py TRUTH JSON.
Every function below a root port must appear with its root port, socket, RC, RP, NUMA node and
src_bdf (a Tegra410 one's also with its RC's PMUs and BAR filters), and no other function below
one may appear; every function's link as the generator wrote it; prints each difference, exits
1 if any."""
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
def flat(r):
    """What the truth holds, from a version 2 record"""
    loc = r["location"]
    return {"root_port": loc["root_port"], "socket": loc["socket"], "rc": loc["rc"], "rp": loc["rp"],
            "src_bdf": r["src_bdf"]}


for t in truth["functions"]:
    r = got.pop(t["bdf"], None)
    if t["root_port"] is None:
        if r is not None and r["location"]["root_port"] is not None:
            print(f"{t['bdf']}: mapped to {r['location']['root_port']}, but is below no root port")
            bad += 1
        continue
    if r is None:
        print(f"{t['bdf']}: missing (expected root port {t['root_port']})")
        bad += 1
        continue
    have = flat(r)
    for key in ("root_port", "socket", "rc", "rp", "src_bdf"):
        if have[key] != t[key]:
            print(f"{t['bdf']}: {key} is {have[key]!r}, expected {t[key]!r}")
            bad += 1
    if "numa_node" in t and r["location"]["numa_node"] != t["numa_node"]:
        print(f"{t['bdf']}: numa_node is {r['location']['numa_node']!r}, expected {t['numa_node']!r}")
        bad += 1
    # below a Tegra410 root port (the truth has its RC): the RC's PCIE and PCIE-TGT PMUs
    if t["rc"] is None:
        continue
    req, tgt = r["requester"], r["target"]
    if not req or req["pmu"] != f"nvidia_pcie_pmu_{t['socket']}_rc_{t['rc']}":
        print(f"{t['bdf']}: requester {req and req['pmu']}")
        bad += 1
    sized = sorted(b[0] for b in t["bars"])
    filters = tgt["bars"] if tgt else []
    if filters and sorted(f["bar"] for f in filters) != sized:
        print(f"{t['bdf']}: TGT filters for BARs {[f['bar'] for f in filters]}, expected {sized}")
        bad += 1
    for f in filters:
        i, addr, size = next(b for b in t["bars"] if b[0] == f["bar"])
        terms = dict(kv.split("=") for kv in f["filter"].split(","))
        base, mask = int(terms["dst_addr_base"], 16), int(terms["dst_addr_mask"], 16)
        # exactly the BAR: its first and last byte match, the bytes around it do not
        inside = all((a & mask) == (base & mask) for a in (addr, addr + size - 1))
        outside = all((a & mask) != (base & mask) for a in (addr - 1, addr + size))
        if not (inside and outside):
            print(f"{t['bdf']}: BAR{i} filter {f['filter']} does not match exactly the BAR")
            bad += 1
for bdf, r in got.items():
    if r["location"]["root_port"] is not None:
        print(f"{bdf}: not in the topology, but mapped")
        bad += 1
sys.exit(1 if bad else 0)
