#!/usr/bin/env bash
# stat --per-device -I 100 --interval-count 30 against perf stat counting the same events in
# the same groups (the perf command --dry-run prints for the plan), CPU (task-clock), at two
# sizes of the software-aliased Tegra410 (tests/gen/fixtures.py --tegra410-live-pairs: 41
# functions a pair of sockets), the runs of both tools interleaved in one loop. Then pmuctl's
# cost split in two: per interval (runs of 5 and 35 intervals differenced) and once (opening
# and closing the counters: the 5-interval run less 5 intervals).
# usage: bench/per_device_scale.sh [PMUCTL]   (RUNS=5 SMALL=12 LARGE=24 pairs; METRICS= and
# INTERVALS=30 for the timed runs: issue 48's must-show is METRICS=t410_pcie_rd_bw INTERVALS=20)
# SHAPE=fan: one pair of sockets whose NIC ports hold switches of SMALL and LARGE 8-function
# NICs (--tegra410-live-fan), so the functions of one RC grow, not the RCs: issue 48's
# ordinary machine, where planning was quadratic in the functions of a root complex
set -eu
cd "$(dirname "$0")/.."
. bench/lib.sh
pmuctl=$(realpath "${1:-./pmuctl}")
metrics=${METRICS:-t410_pcie_rd_bw,t410_pcie_wr_bw}
intervals=${INTERVALS:-30}
runs=${RUNS:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# thousands of counters: as many open files, for both tools alike
ulimit -n "$(ulimit -Hn)"

measure() {
	local pairs=$1 tree=$tmp/m$1 plan perf_line nev rows p_sum=0 m_sum=0 p m
	if [ "${SHAPE:-pairs}" = fan ]; then
		python3 tests/gen/fixtures.py --tegra410-live-fan "$pairs" "$tree" >/dev/null
	else
		python3 tests/gen/fixtures.py --tegra410-live-pairs "$pairs" "$tree" >/dev/null
	fi
	"$pmuctl" -q --sysfs-root "$tree/sys" -j stat --dry-run --per-device -M "$metrics" >"$tmp/plan"
	perf_line=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["perf_command"])' "$tmp/plan")
	nev=$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["events"]))' "$tmp/plan")
	rows=$(python3 -c 'import json, sys; print(len({e["device"] for e in json.load(open(sys.argv[1]))["events"]}))' "$tmp/plan")
	eval "perf_cmd=($perf_line)"
	perf_cmd+=(-x, -I 100 --interval-count "$intervals")
	ours_cmd=("$pmuctl" -q --sysfs-root "$tree/sys" stat --per-device -M "$metrics" -I 100 --interval-count "$intervals")
	for ((i = 0; i < runs; i++)); do
		p=$(SYSFS_PATH=$tree/sys task_ms 1 "${perf_cmd[@]}")
		m=$(task_ms 1 "${ours_cmd[@]}")
		p_sum=$(awk -v a="$p_sum" -v b="$p" 'BEGIN { print a + b }')
		m_sum=$(awk -v a="$m_sum" -v b="$m" 'BEGIN { print a + b }')
	done
	p=$(awk -v a="$p_sum" -v n="$runs" 'BEGIN { printf "%.1f", a / n }')
	m=$(awk -v a="$m_sum" -v n="$runs" 'BEGIN { printf "%.1f", a / n }')
	echo "$rows functions ($(ls "$tree/sys/bus/pci/devices" | wc -l) in the tree), $nev events: perf $p ms, pmuctl $m ms CPU: ratio $(awk -v a="$m" -v b="$p" 'BEGIN { printf "%.2f", a / b }')x (target: at most 0.5x)" >&2
	# the same trees, pmuctl alone: what 30 more intervals cost, and what is left once; each
	# split into pmuctl's own time (user) and the kernel's for it (system)
	local short=(0 0 0) long=(0 0 0) one per once per_u once_u per_s once_s
	for ((i = 0; i < runs; i++)); do
		read -r -a one < <(split_ms 1 "${ours_cmd[@]:0:${#ours_cmd[@]}-1}" 5)
		for k in 0 1 2; do short[k]=$(awk -v a="${short[k]}" -v b="${one[k]}" -v n="$runs" 'BEGIN { print a + b / n }'); done
		read -r -a one < <(split_ms 1 "${ours_cmd[@]:0:${#ours_cmd[@]}-1}" 35)
		for k in 0 1 2; do long[k]=$(awk -v a="${long[k]}" -v b="${one[k]}" -v n="$runs" 'BEGIN { print a + b / n }'); done
	done
	per=$(awk -v a="${short[0]}" -v b="${long[0]}" 'BEGIN { printf "%.2f", (b - a) / 30 }')
	once=$(awk -v a="${short[0]}" -v per="$per" 'BEGIN { printf "%.1f", a - 5 * per }')
	per_u=$(awk -v a="${short[1]}" -v b="${long[1]}" 'BEGIN { printf "%.2f", (b - a) / 30 }')
	once_u=$(awk -v a="${short[1]}" -v per="$per_u" 'BEGIN { printf "%.1f", a - 5 * per }')
	per_s=$(awk -v a="${short[2]}" -v b="${long[2]}" 'BEGIN { printf "%.2f", (b - a) / 30 }')
	once_s=$(awk -v a="${short[2]}" -v per="$per_s" 'BEGIN { printf "%.1f", a - 5 * per }')
	echo "  pmuctl: $per ms an interval (user $per_u, system $per_s), $once ms once (user $once_u, system $once_s: open and close)" >&2
	echo "$rows $p $m $per $once $once_u $once_s"
}

read -r r1 p1 m1 i1 o1 u1 s1 < <(measure "${SMALL:-12}")
read -r r2 p2 m2 i2 o2 u2 s2 < <(measure "${LARGE:-24}")
awk -v r1="$r1" -v r2="$r2" -v p1="$p1" -v p2="$p2" -v m1="$m1" -v m2="$m2" -v i1="$i1" -v i2="$i2" \
	-v o1="$o1" -v o2="$o2" -v u1="$u1" -v u2="$u2" -v s1="$s1" -v s2="$s2" 'BEGIN {
	e = log(r2 / r1)
	printf "growth %d -> %d functions (%.2fx): perf %.2fx, pmuctl %.2fx the CPU (exponent %.2f; linear is 1)\n",
		r1, r2, r2 / r1, p2 / p1, m2 / m1, log(m2 / m1) / e
	printf "pmuctl per interval %.2fx (exponent %.2f), once %.2fx (exponent %.2f)\n",
		i2 / i1, log(i2 / i1) / e, o2 / o1, log(o2 / o1) / e
	printf "once, user (pmuctl) %.1f -> %.1f ms, %.2fx (exponent %.2f); system (the kernel for it) %.1f -> %.1f ms, %.2fx (exponent %.2f)\n",
		u1, u2, u2 / u1, log(u2 / u1) / e, s1, s2, s2 / s1, log(s2 / s1) / e }'
