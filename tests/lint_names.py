#!/usr/bin/env python3
"""Generic code names no family or vendor: what a family is lives in pmu/family/.

Usage: lint_names.py, from the top of the tree. The words come from the families' data (each
id, vendor and PMU name prefix) and from the products they are of; every tracked file of cmd/,
topology/, lib/ and pmu/ outside pmu/family/ is searched for them, comments and help text
included: an example a help text needs comes from the data (cmd/help_families.c). Prints each
line that names one, exits 1 if any.
"""
import glob
import re
import subprocess
import sys

# The products the families are of, which no data key spells alone
PRODUCTS = ["Tegra", "Tegra410", "Grace", "BlueField", "Yitian", "DesignWare", "CMN", "DMC-620",
            "Kunpeng", "Hip08", "Hip09", "mlxbf", "Mellanox"]
# Hypervisors doctor tells a guest by (DMI sys_vendor): clouds of the same names, not families
ALLOWED = [re.compile(r'"(Alibaba|Huawei) Cloud')]

words = set(PRODUCTS)
for path in glob.glob("pmu/family/data/*.yaml"):
    text = open(path).read()
    for key in ("id", "vendor"):
        m = re.search(r'^%s: "?([^"\n]+)"?$' % key, text, re.M)
        if m and m.group(1) != "generic":
            words.add(m.group(1))
    # a PMU name's first word: nvidia_pcie_pmu_{socket} gives nvidia
    for name in re.findall(r'^    - "?([^"\n]+)"?$', text, re.M):
        first = re.split(r"[_/{*]", name)[0]
        # "uncore" is what every such PMU is, not a vendor (Intel names its boxes uncore_<box>)
        if len(first) > 2 and first != "uncore":
            words.add(first)
pattern = re.compile(r"\b(%s)\b" % "|".join(sorted(map(re.escape, words), key=len, reverse=True)))
files = subprocess.run(["git", "ls-files", "cmd", "topology", "lib", "pmu"], capture_output=True,
                       text=True, check=True).stdout.split()
found = 0
for path in files:
    if path.startswith("pmu/family/") or not re.search(r"\.[ch]$", path):
        continue
    for n, line in enumerate(open(path), 1):
        if pattern.search(line) and not any(a.search(line) for a in ALLOWED):
            print("%s:%d: %s" % (path, n, line.rstrip()))
            found += 1
if found:
    print("lint_names: %d lines name a family or vendor outside pmu/family/: ask the family's "
          "data or ops instead" % found)
print("lint_names: %d words, %d files" % (len(words), len(files)))
sys.exit(1 if found else 0)
