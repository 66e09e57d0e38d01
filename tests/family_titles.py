#!/usr/bin/env python3
"""Every family title --help names (from the descriptors) must have its RULES entry in the man page.

Usage: family_titles.py PMUCTL MANPAGE. Titles come as --help writes them, "NVIDIA Tegra410 UCF,
PCIE; NVIDIA Grace SCF, ...": a group's later titles take the first two words of its first. The
RULES section's .TP headers are read the same way. Prints the titles missing, exits 1 if any.
"""
import re
import subprocess
import sys


def expand(groups):
    titles = set()
    for group in groups:
        items = [t.strip() for t in group.split(",")]
        head = " ".join(items[0].split()[:2])
        titles.add(items[0])
        titles.update(f"{head} {t}" for t in items[1:])
    return titles


pmuctl, manpage = sys.argv[1:3]
help_text = " ".join(subprocess.run([pmuctl, "list", "--help"], capture_output=True, text=True,
                                    check=True).stdout.split())
listed = re.search(r"grouped by family \((.*?); every other PMU", help_text).group(1)
named = expand(listed.split("; "))
page = open(manpage).read()
rules = page[page.index(".SH RULES"):page.index(".SH", page.index(".SH RULES") + 1)]
headers = re.findall(r"^\.TP\n(.+)$", rules, re.M)
covered = expand(headers)
missing = sorted(named - covered)
for t in missing:
    print(f"RULES has no entry for {t}")
print(f"family_titles: {len(named)} titles, {len(missing)} missing")
sys.exit(1 if missing else 0)
