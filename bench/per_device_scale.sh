#!/usr/bin/env bash
# stat --per-device -I 100 --interval-count 30 against perf stat counting the same events in
# the same groups (the perf command --dry-run prints for the plan), CPU (task-clock), at two
# sizes of the software-aliased Tegra410 (tests/gen/fixtures.py --tegra410-live-pairs: 41
# functions a pair of sockets), the runs of both tools interleaved in one loop.
# usage: bench/per_device_scale.sh [PMUCTL]   (RUNS=3 SMALL=12 LARGE=24 pairs)
set -eu
cd "$(dirname "$0")/.."
. bench/lib.sh
pmuctl=$(realpath "${1:-./pmuctl}")
metrics=t410_pcie_rd_bw,t410_pcie_wr_bw
runs=${RUNS:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# thousands of counters: as many open files, for both tools alike
ulimit -n "$(ulimit -Hn)"

measure() {
	local pairs=$1 tree=$tmp/m$1 plan perf_line nev rows p_sum=0 m_sum=0 p m
	python3 tests/gen/fixtures.py --tegra410-live-pairs "$pairs" "$tree" >/dev/null
	"$pmuctl" -q --sysfs-root "$tree/sys" -j stat --dry-run --per-device -M "$metrics" >"$tmp/plan"
	perf_line=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["perf_command"])' "$tmp/plan")
	nev=$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["events"]))' "$tmp/plan")
	rows=$(python3 -c 'import json, sys; print(len({e["device"] for e in json.load(open(sys.argv[1]))["events"]}))' "$tmp/plan")
	eval "perf_cmd=($perf_line)"
	perf_cmd+=(-x, -I 100 --interval-count 30)
	ours_cmd=("$pmuctl" -q --sysfs-root "$tree/sys" stat --per-device -M "$metrics" -I 100 --interval-count 30)
	for ((i = 0; i < runs; i++)); do
		p=$(SYSFS_PATH=$tree/sys task_ms 1 "${perf_cmd[@]}")
		m=$(task_ms 1 "${ours_cmd[@]}")
		p_sum=$(awk -v a="$p_sum" -v b="$p" 'BEGIN { print a + b }')
		m_sum=$(awk -v a="$m_sum" -v b="$m" 'BEGIN { print a + b }')
	done
	p=$(awk -v a="$p_sum" -v n="$runs" 'BEGIN { printf "%.1f", a / n }')
	m=$(awk -v a="$m_sum" -v n="$runs" 'BEGIN { printf "%.1f", a / n }')
	echo "$rows functions, $nev events: perf $p ms, pmuctl $m ms CPU: ratio $(awk -v a="$m" -v b="$p" 'BEGIN { printf "%.2f", a / b }')x (target: at most 0.5x)" >&2
	echo "$rows $p $m"
}

read -r r1 p1 m1 < <(measure "${SMALL:-12}")
read -r r2 p2 m2 < <(measure "${LARGE:-24}")
awk -v r1="$r1" -v r2="$r2" -v p1="$p1" -v p2="$p2" -v m1="$m1" -v m2="$m2" 'BEGIN {
	printf "growth %d -> %d functions (%.2fx): perf %.2fx, pmuctl %.2fx the CPU (exponent %.2f; linear is 1)\n",
		r1, r2, r2 / r1, p2 / p1, m2 / m1, log(m2 / m1) / log(r2 / r1) }'
