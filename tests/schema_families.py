#!/usr/bin/env python3
"""list.schema.json's family rules against the families' data.

Usage: schema_families.py, from the top of the tree. Every family the schema names is a family
of pmu/family/data/, and every family whose data gives list keys (params die and unit: a
HiSilicon unit's sccl/hha/sub) has the schema's rule requiring them. Prints each mismatch,
exits 1 if any.
"""
import glob
import json
import re
import sys

schema = json.load(open("schemas/list.schema.json"))
rules = {}
for r in schema["$defs"]["pmu"]["allOf"] if "$defs" in schema else []:
    rules[r["if"]["properties"]["family"]["const"]] = set(r["then"]["required"])
if not rules:
    def walk(o):
        if isinstance(o, dict):
            if "allOf" in o:
                for r in o["allOf"]:
                    rules[r["if"]["properties"]["family"]["const"]] = set(r["then"]["required"])
            for v in o.values():
                walk(v)
        elif isinstance(o, list):
            for v in o:
                walk(v)
    walk(schema)
ids, bad = set(), 0
for path in sorted(glob.glob("pmu/family/data/*.yaml")):
    text = open(path).read()
    fid = re.search(r'^id: "?([^"\n]+)"?$', text, re.M).group(1)
    ids.add(fid)
    die = re.search(r'^  die: "?([^"\n]+)"?$', text, re.M)
    unit = re.search(r'^  unit: "?([^"\n]+)"?$', text, re.M)
    if die and unit and rules.get(fid) != {die.group(1), unit.group(1), "sub"}:
        print("%s: list -j gives %s, %s and sub; list.schema.json requires %s" %
              (fid, die.group(1), unit.group(1), sorted(rules.get(fid, []))))
        bad += 1
for fid in sorted(set(rules) - ids):
    print("list.schema.json names family %s, which no data file is" % fid)
    bad += 1
print("schema_families: %d families, %d schema rules, %d mismatches" % (len(ids), len(rules), bad))
sys.exit(1 if bad else 0)
