#!/usr/bin/env python3
"""Machines for the fleet test, made from the live example trees.

  fleet_tree.py counted DST SRC [ADD ...]  copy SRC (a tree with sys/) to DST, with the PMUs of
                                           each ADD tree beside its own (a Yitian's DesignWare
                                           ports and a CMN mesh); then every named event
                                           counts: each term its PMU's format puts in config is
                                           0, the software PMU's cpu-clock (the live trees
                                           keep some events others, for their error paths),
                                           and a filter field of config that no named event
                                           sets (PCIE-TGT's dst_addr_en) moves to config1, which
                                           the software PMU ignores: a filtered counter opens
                                           as it would on the hardware
  fleet_tree.py nonroot DST SRC            DST: SRC as an unprivileged reader sees it: every
                                           PCI function's config cut to its first 64 bytes
                                           (drivers/pci/pci-sysfs.c, pci_read_config), the
                                           rest readable by all
  fleet_tree.py bare DST                   a machine with two CPUs and no PMU a family knows:
                                           the kernel's software PMU alone
"""
import os
import re
import shutil
import sys

DEVICES = "sys/bus/event_source/devices"


def add_pmus(dst, src):
    """src's PMUs, their device directories and links, and its debugfs (a CMN map) into dst"""
    for name in sorted(os.listdir(os.path.join(src, DEVICES))):
        link = os.path.join(src, DEVICES, name)
        target = os.path.realpath(link)
        rel = os.path.relpath(target, os.path.join(src, "sys"))
        if not os.path.exists(os.path.join(dst, "sys", rel)):
            shutil.copytree(target, os.path.join(dst, "sys", rel), symlinks=True)
        if not os.path.lexists(os.path.join(dst, DEVICES, name)):
            os.symlink(os.readlink(link), os.path.join(dst, DEVICES, name))
    debug = os.path.join(src, "sys/kernel/debug")
    if os.path.isdir(debug):
        shutil.copytree(debug, os.path.join(dst, "sys/kernel/debug"), symlinks=True, dirs_exist_ok=True)


def config_terms(pmu):
    """the terms the PMU's format puts in config (not config1, config2)"""
    out = set()
    fmt = os.path.join(pmu, "format")
    for term in os.listdir(fmt) if os.path.isdir(fmt) else []:
        with open(os.path.join(fmt, term)) as f:
            if f.read().strip().startswith("config:"):
                out.add(term)
    return out


def counted(dst):
    for name in os.listdir(os.path.join(dst, DEVICES)):
        pmu = os.path.realpath(os.path.join(dst, DEVICES, name))
        events = os.path.join(pmu, "events")
        terms, named = config_terms(pmu), set()
        for ev in os.listdir(events) if os.path.isdir(events) else []:
            path = os.path.join(events, ev)
            if not os.path.isfile(path) or ev.endswith((".scale", ".unit")):
                continue
            with open(path) as f:
                text = f.read()
            end = "\n" if text.endswith("\n") else ""
            parts = []
            for part in text.strip().split(","):
                k, eq, v = part.partition("=")
                named.add(k)
                parts.append(f"{k}=0x0" if eq and k in terms and re.fullmatch(r"0x[0-9a-fA-F]+|[0-9]+", v) else part)
            with open(path, "w") as f:
                f.write(",".join(parts) + end)
        for term in terms - named if named else ():
            path = os.path.join(pmu, "format", term)
            with open(path) as f:
                text = f.read()
            with open(path, "w") as f:
                f.write(text.replace("config:", "config1:", 1))


def nonroot(dst, src):
    shutil.copytree(src, dst, symlinks=True)
    pci = os.path.join(dst, "sys/bus/pci/devices")
    for bdf in os.listdir(pci) if os.path.isdir(pci) else []:
        config = os.path.join(os.path.realpath(os.path.join(pci, bdf)), "config")
        if os.path.isfile(config):
            with open(config, "rb") as f:
                head = f.read(64)
            with open(config, "wb") as f:
                f.write(head)
    for root, dirs, files in os.walk(dst):
        for d in dirs:
            os.chmod(os.path.join(root, d), 0o755)
        for n in files:
            if not os.path.islink(os.path.join(root, n)):
                os.chmod(os.path.join(root, n), 0o644)
    os.chmod(dst, 0o755)


def bare(dst):
    sysd = os.path.join(dst, "sys")
    os.makedirs(os.path.join(sysd, "devices/software"))
    os.makedirs(os.path.join(sysd, DEVICES))
    with open(os.path.join(sysd, "devices/software/type"), "w") as f:
        f.write("1\n")
    os.symlink("../../../devices/software", os.path.join(sysd, DEVICES, "software"))
    os.makedirs(os.path.join(sysd, "devices/system/cpu"))
    for n in ("online", "possible", "present"):
        with open(os.path.join(sysd, "devices/system/cpu", n), "w") as f:
            f.write("0-1\n")


def main():
    cmd, dst = sys.argv[1], sys.argv[2]
    if cmd == "counted":
        shutil.copytree(sys.argv[3], dst, symlinks=True)
        for extra in sys.argv[4:]:
            add_pmus(dst, extra)
        counted(dst)
    elif cmd == "nonroot":
        nonroot(dst, sys.argv[3])
    elif cmd == "bare":
        bare(dst)
    else:
        sys.exit(f"fleet_tree.py: unknown command {cmd}")


if __name__ == "__main__":
    main()
