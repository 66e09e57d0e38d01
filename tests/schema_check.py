#!/usr/bin/python3
"""Validate what a pmuctl -j run printed against the schema of its command (schemas/).

Usage: schema_check.py STDOUT_FILE -- PMUCTL_ARGS...

The schema follows from the arguments: list (--metrics), map, bdf, doctor, stat (--dry-run). stat's
output is a stream of reports, one JSON value each (JSON Lines with -I); the others write one
document, their error object alone when they fail. With -o FILE the file
is checked too. Prints one line per mismatch and exits 1; exits 0 when all is valid or the
run was not a JSON one.
"""
import json
import os
import sys

import jsonschema

SCHEMAS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "schemas")
COMMANDS = ("list", "map", "stat", "bdf", "doctor", "iostat")
JSON_FLAGS = ("-j", "--json", "-p", "--pretty")


def own_args(args):
    """pmuctl's arguments: a workload's after -- are not its own."""
    return args[: args.index("--")] if "--" in args else args


def schema_name(args):
    mine = own_args(args)
    if not any(a in JSON_FLAGS for a in mine):
        return None
    cmd = next((a for a in mine if a in COMMANDS), None)
    if cmd == "list" and "--metrics" in mine:
        return "list-metrics"
    if cmd == "stat" and "--dry-run" in mine:
        return "dry-run"
    if cmd == "stat" and "--format=openmetrics" in mine:
        return None
    return cmd


def output_file(args):
    """The -o FILE of stat, unless it is standard output."""
    mine = own_args(args)
    for i, a in enumerate(mine):
        if a in ("-o", "--output") and i + 1 < len(mine):
            path = mine[i + 1]
        elif a.startswith("--output="):
            path = a[len("--output="):]
        elif a.startswith("-o") and len(a) > 2:
            path = a[2:]
        else:
            continue
        return None if path == "-" else path
    return None


def documents(text):
    """Every JSON value in text, one after another (a report per line with -I)."""
    dec = json.JSONDecoder()
    at = 0
    while True:
        while at < len(text) and text[at].isspace():
            at += 1
        if at == len(text):
            return
        value, at = dec.raw_decode(text, at)
        yield value


def load(name):
    with open(os.path.join(SCHEMAS, name + ".schema.json")) as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def check(validator, text, where, one=False):
    """Every value against its command's schema; a failure's {"error"} object, last, against error's.

    one: the command writes one document, whatever happens (all but stat's report stream)."""
    bad = 0
    try:
        docs = list(documents(text))
    except json.JSONDecodeError as e:
        print(f"{where}: not JSON: {e}")
        return 1
    if one and len(docs) > 1:
        print(f"{where}: {len(docs)} JSON documents, where the command writes one")
        bad += 1
    for n, doc in enumerate(docs, 1):
        v = validator
        if isinstance(doc, dict) and list(doc) == ["error"]:
            v = load("error")
            if n != len(docs):
                print(f"{where}: value {n}: an error object that is not the last value")
                bad += 1
        for err in v.iter_errors(doc):
            path = "/".join(str(p) for p in err.absolute_path)
            print(f"{where}: value {n}, at /{path}: {err.message}")
            bad += 1
    return bad


def main():
    out, args = sys.argv[1], sys.argv[3:]
    name = schema_name(args)
    if not name:
        return 0
    validator = load(name)
    with open(out) as f:
        bad = check(validator, f.read(), f"stdout ({name} schema)", one=name not in ("stat", "dry-run", "iostat"))
    path = output_file(args) if name == "stat" else None
    if path and os.path.isfile(path):
        with open(path) as f:
            bad += check(validator, f.read(), f"{path} ({name} schema)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
