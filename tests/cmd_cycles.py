#!/usr/bin/env python3
"""No file of cmd/ calls a function of a file that calls back into it, however far round.

Usage: cmd_cycles.py BUILD, from the top of the tree. Reads the objects the build made of cmd/ (nm: what each defines,
what it takes from elsewhere), draws an arrow from a file to each file whose symbol it takes,
and prints every loop of files (a strongly connected component of more than one). Exits 1 if
there is any.
"""
import collections
import os
import subprocess
import sys

build = sys.argv[1]
# the objects of the sources there are: a file moved leaves its old object behind
objs = sorted(os.path.join(d, f) for d, _, fs in os.walk(os.path.join(build, "cmd")) for f in fs
              if f.endswith(".o") and os.path.exists(os.path.relpath(os.path.join(d, f), build)[:-2] + ".c"))
defines, takes = {}, collections.defaultdict(set)
for o in objs:
    src = os.path.relpath(o, build)[:-2] + ".c"
    for line in subprocess.run(["nm", o], capture_output=True, text=True, check=True).stdout.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] == "U":
            takes[src].add(parts[1])
        elif len(parts) == 3 and parts[1] in "TDBRC":
            defines[parts[2]] = src
edges = {s: {defines[n] for n in names if n in defines and defines[n] != s} for s, names in takes.items()}

# Tarjan's strongly connected components
index, low, stack, on, loops, counter = {}, {}, [], set(), [], [0]


def visit(v):
    index[v] = low[v] = counter[0]
    counter[0] += 1
    stack.append(v)
    on.add(v)
    for w in edges.get(v, ()):
        if w not in index:
            visit(w)
            low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop()
            on.discard(w)
            comp.append(w)
            if w == v:
                break
        if len(comp) > 1:
            loops.append(sorted(comp))


sys.setrecursionlimit(10000)
for v in sorted(edges):
    if v not in index:
        visit(v)
for comp in loops:
    print("a loop of %d files: %s" % (len(comp), ", ".join(comp)))
    for a in comp:
        for b in sorted(edges[a] & set(comp)):
            used = sorted(n for n in takes[a] if defines.get(n) == b)
            print("  %s -> %s: %s" % (a, b, ", ".join(used[:6]) + (", ..." if len(used) > 6 else "")))
print("cmd_cycles: %d files, %d loops" % (len(objs), len(loops)))
sys.exit(1 if loops else 0)
