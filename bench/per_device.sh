#!/usr/bin/env bash
# stat --per-device against perf stat counting the same events in the same groups (the perf
# command --dry-run prints for the plan): CPU time of 10 intervals of 1 s over every device of
# the software-aliased Tegra410 (tests/fixtures/tegra410-live), same run.
# usage: bench/per_device.sh [PMUCTL]   (RUNS=3)
set -eu
cd "$(dirname "$0")/.."
. bench/lib.sh
pmuctl=${1:-./pmuctl}
live=tests/fixtures/tegra410-live/sys
metrics=t410_pcie_rd_bw,t410_pcie_wr_bw
runs=${RUNS:-3}
plan=$("$pmuctl" -q --sysfs-root "$live" -j stat --dry-run --per-device -M "$metrics")
perf_line=$(python3 -c 'import json, sys; print(json.loads(sys.argv[1])["perf_command"])' "$plan")
nev=$(python3 -c 'import json, sys; print(len(json.loads(sys.argv[1])["events"]))' "$plan")
eval "perf_cmd=($perf_line)"
perf_cmd+=(-x, -I 1000 --interval-count 10)
ours_cmd=("$pmuctl" -q --sysfs-root "$live" stat --per-device -M "$metrics" -I 1000 --interval-count 10)
p_ms=$(SYSFS_PATH=$live task_ms "$runs" "${perf_cmd[@]}")
m_ms=$(task_ms "$runs" "${ours_cmd[@]}")
rows=$(python3 -c 'import json, sys; print(len({e["device"] for e in json.loads(sys.argv[1])["events"]}))' "$plan")
echo "--per-device -M $metrics: $nev events, $rows devices, -I 1000 --interval-count 10, mean of $runs runs:"
echo "  perf stat (the plan's perf command): CPU ${p_ms} ms"
echo "  pmuctl stat --per-device:            CPU ${m_ms} ms"
awk -v a="$m_ms" -v b="$p_ms" 'BEGIN { printf "ratio pmuctl/perf: CPU %.2fx (target: at most 0.5x)\n", a / b }'
