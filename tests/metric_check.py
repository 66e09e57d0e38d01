#!/usr/bin/env python3
"""Every catalog metric against a value computed here, from a recorded input written here.

For each metric of `pmuctl -j list --metrics`, write a perf stat -x, file with two PMU
instances of its family (random counts, a duration_time), run `pmuctl stat --input`, and
compare each instance's value and the total with the formula evaluated by Python on the same
numbers (sums over instances, clocks averaged). usage: metric_check.py PMUCTL HIP09_SYSFS [SEED]"""
import json
import math
import random
import re
import subprocess
import sys
import tempfile

pmuctl, hip09 = sys.argv[1], sys.argv[2]
rnd = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 5)
INSTANCES = {
    "t410_ucf": ["nvidia_ucf_pmu_0", "nvidia_ucf_pmu_1"],
    "t410_pcie": ["nvidia_pcie_pmu_0_rc_4", "nvidia_pcie_pmu_1_rc_2"],
    "t410_pcie_tgt": ["nvidia_pcie_tgt_pmu_0_rc_0", "nvidia_pcie_tgt_pmu_1_rc_5"],
    "t410_cmem_latency": ["nvidia_cmem_latency_pmu_0", "nvidia_cmem_latency_pmu_1"],
    "t410_nvlink_c2c": ["nvidia_nvlink_c2c_pmu_0", "nvidia_nvlink_c2c_pmu_1"],
    "t410_nvclink": ["nvidia_nvclink_pmu_0", "nvidia_nvclink_pmu_1"],
    "t410_nvdlink": ["nvidia_nvdlink_pmu_0", "nvidia_nvdlink_pmu_1"],
    "yitian_drw": ["ali_drw_21000", "ali_drw_21080"],
    "grace_scf": ["nvidia_scf_pmu_0", "nvidia_scf_pmu_1"],
    "grace_pcie": ["nvidia_pcie_pmu_0", "nvidia_pcie_pmu_1"],
    "grace_nvlink_c2c0": ["nvidia_nvlink_c2c0_pmu_0", "nvidia_nvlink_c2c0_pmu_1"],
    "grace_nvlink_c2c1": ["nvidia_nvlink_c2c1_pmu_0", "nvidia_nvlink_c2c1_pmu_1"],
    "grace_cnvlink": ["nvidia_cnvlink_pmu_0", "nvidia_cnvlink_pmu_1"],
    "dwc_pcie": ["dwc_rootport_3018", "dwc_rootport_8008"],
    "hisi_pcie": ["hisi_pcie0_core0", "hisi_pcie2_core0"],
    "hns3": ["hns3_pmu_sicl_0", "hns3_pmu_sicl_2"],
    "dmc620": ["arm_dmc620_10008c000", "arm_dmc620_50008c000"],
    "hisi_ddrc": ["hisi_sccl1_ddrc0_0", "hisi_sccl5_ddrc3_0"],
    # v1 units, which the hip09 tree (v2) does not have: recorded, they have no sysfs
    "hisi_hha": ["hisi_sccl9_hha0", "hisi_sccl13_hha1"],
    "hisi_l3c": ["hisi_sccl9_l3c0", "hisi_sccl13_l3c5"],
    "hisi_sllc": ["hisi_sccl1_sllc0", "hisi_sccl7_sllc0"],
    "hisi_pa": ["hisi_sicl0_pa0", "hisi_sicl2_pa0"],
    "hisi_cpa": ["hisi_sicl0_cpa0", "hisi_sicl2_cpa0"],
    "hisi_uc": ["hisi_sccl1_uc0_0", "hisi_sccl3_uc5_3"],
    "hisi_mn": ["hisi_scl1_mn0", "hisi_scl3_mn0"],
    "hisi_noc": ["hisi_scl1_noc0_0", "hisi_scl3_noc0_1"],
    "intel_iio": ["uncore_iio_0", "uncore_iio_3"],
    "intel_iio_free_running": ["uncore_iio_free_running_0", "uncore_iio_free_running_3"],
    "intel_imc": ["uncore_imc_0", "uncore_imc_5"],
    "intel_imc_free_running": ["uncore_imc_free_running_0", "uncore_imc_free_running_3"],
    "amd_df": ["amd_df"],
    "amd_umc": ["amd_umc_0", "amd_umc_13"],
    "ampereone_mcu": ["ampere_mcu_pmu_0", "ampere_mcu_pmu_9"],
    "arm_cmn": ["arm_cmn_0", "arm_cmn_1"],
    "bluefield_l3cache": ["bfperf/l3cachehalf0", "bfperf/l3cachehalf1"],
    "bluefield_tile": ["bfperf/tile0", "bfperf/tile3"],
    "bluefield_pcie": ["bfperf/pcie0", "bfperf/pcie1"],
}
# The families' metric_scope: what a system-wide metric's events carry
SCOPE = {"hisi_pcie": "port=0xffff", "grace_pcie": "root_port=0x3ff", "grace_nvlink_c2c0": "port=0x3",
         "grace_nvlink_c2c1": "port=0x3", "grace_cnvlink": "rem_socket=0xf"}
HW_CLK = 100000000      # the hip09 fixture's hw_clk_freq
CLOCKS = ("cycles", "cycle", "CYCLES", "clk_cycle_count", "clkdiv2_cycle_count", "cycle_count", "cpa_cycles")

metrics = json.loads(subprocess.run([pmuctl, "-j", "list", "--metrics", "--all"], capture_output=True,
                                    check=True, text=True).stdout)["metrics"]
bad = 0
# the metrics of one family and filter share a recording and one run a scope: pmuctl starts
# 2 x 20-odd times, not 2 x 167 (each start is most of a run's cost under the sanitizers)
groups = {}
for m in metrics:
    # perf prints the event as given, filter and all (HNS3's global=1; the every-port filter
    # pmuctl's plan adds system wide, as stat --dry-run shows it), unquoted
    terms = "," + m["filter"] if m["filter"] else "," + SCOPE[m["family"]] if m["family"] in SCOPE else ""
    groups.setdefault((m["family"], terms), []).append(m)
for (family, terms), ms in groups.items():
    names_of = {m["name"]: sorted(set(re.findall(r"[A-Za-z_][A-Za-z0-9_.]*", m["expression"])) - {"duration_time", "hw_clk_freq"})
                for m in ms}
    every = sorted(set().union(*names_of.values()))
    duration_ns = rnd.randint(10**8, 10**10)
    counts = {p: {n: rnd.randint(1, 10**9) for n in every} for p in INSTANCES[family]}
    lines = [f"{c},,{p}/{n}{terms}/,{duration_ns},100.00,," for p, ev in counts.items() for n, c in ev.items()]
    lines.append(f"{duration_ns},ns,duration_time,{duration_ns},100.00,,")
    asked = ",".join(dict.fromkeys(m["name"] for m in ms))
    with tempfile.NamedTemporaryFile("w", suffix=".csv") as f:
        f.write("# started on Sat Nov 21 06:00:00 2026\n\n" + "\n".join(lines) + "\n")
        f.flush()
        # --per-pmu: a value per instance; no flag: one for the machine
        runs = [subprocess.run([pmuctl, "--sysfs-root", hip09, "-j", "stat", "--input", f.name, "-M", asked]
                               + extra, capture_output=True, text=True) for extra in (["--per-pmu"], [])]
    failed = [out for out in runs if out.returncode]
    if failed:
        print(f"{asked}: exit {failed[0].returncode}: {failed[0].stderr.strip()}")
        bad += len(ms)
        continue
    got = [v for out in runs for v in json.loads(out.stdout)["metrics"]]
    for m in ms:
        names = names_of[m["name"]]

        def value(env):
            env = dict(env, duration_time=duration_ns / 1e9, hw_clk_freq=HW_CLK)
            # perf's dotted event names (umc_cas_cmd.rd) are no Python names
            expr = m["expression"]
            for n in sorted((n for n in env if "." in n), key=len, reverse=True):
                expr = expr.replace(n, n.replace(".", "__dot__"))
            env = {n.replace(".", "__dot__"): v for n, v in env.items()}
            try:
                return eval(expr, {"__builtins__": {}}, env)
            except ZeroDivisionError:
                return None
        want = {p: value(ev) for p, ev in counts.items()}
        total = {n: sum(ev[n] for ev in counts.values()) / (len(counts) if n in CLOCKS else 1) for n in names}
        want["total"] = value(total)
        for v in got:
            key = v.get("pmu") if v["scope"] == "pmu" else v["scope"]
            if v["metric"] != m["name"] or key not in want:
                continue
            w = want.pop(key)
            if w is None or v["value"] is None or not math.isclose(v["value"], w, rel_tol=1e-12):
                print(f"{m['name']} {key}: pmuctl {v['value']}, expected {w}")
                bad += 1
        if m["name"].endswith(".all"):
            want = {k: v for k, v in want.items() if k == "total"}
        if want:
            print(f"{m['name']}: no value for {sorted(want)}")
            bad += 1
print(f"metric_check: {len(metrics)} metrics, {bad} differences")
sys.exit(1 if bad else 0)
