#!/usr/bin/env bash
# Peak RSS against perf for the same job, and dry-run growth, as the machine grows: Tegra410
# machines of 2 to 64 sockets (tests/gen/fixtures.py --tegra410-live-pairs: software-aliased
# PMUs that perf and pmuctl both open). Each size runs pmuctl then perf, ROUNDS times; peak RSS
# is the largest of the rounds (GNU time), CPU the mean task-clock.
#   list / list -j       vs perf list pmu
#   stat --dry-run -M t410_pcie   vs perf stat with the plan's perf command over 'true'
#                                 (the same events parsed and opened: what a plan costs perf)
#   stat -M t410_pcie_rd_bw -a -- sleep 0.1   vs perf stat with its plan's command, same sleep
# usage: bench/scale.sh [PMUCTL]   (PAIRS="1 4 16 32" ROUNDS=3)
set -eu
cd "$(dirname "$0")/.."
. bench/lib.sh
pmuctl=$(realpath "${1:-./pmuctl}")
rounds=${ROUNDS:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ulimit -n "$(ulimit -Hn)"

rss() { cpu_rss "$rounds" "$@" | cut -d' ' -f2; }
perf_cmd_of() {
	"$pmuctl" -q --sysfs-root "$tree/sys" -j stat --dry-run -a -M "$1" >"$tmp/plan.json"
	python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["perf_command"])' "$tmp/plan.json"
}
ratio2() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

printf '%7s %6s | %-21s | %-21s | %-21s | %-21s | %s\n' sockets PMUs "list KiB (perf)" "list -j KiB (perf)" \
	"dry-run KiB (perf)" "stat -M KiB (perf)" "dry-run ms"
prev=
for pairs in ${PAIRS:-1 4 16 32}; do
	tree=$tmp/m$pairs
	python3 tests/gen/fixtures.py --tegra410-live-pairs "$pairs" "$tree" >/dev/null
	npmu=$(ls "$tree/sys/bus/event_source/devices" | wc -l)
	eval "dry_perf=($(perf_cmd_of t410_pcie))"
	eval "rd_perf=($(perf_cmd_of t410_pcie_rd_bw))"
	l=$(rss "$pmuctl" --sysfs-root "$tree/sys" list)
	lj=$(rss "$pmuctl" --sysfs-root "$tree/sys" -j list)
	pl=$(SYSFS_PATH=$tree/sys rss perf list pmu)
	d=$(rss "$pmuctl" -q --sysfs-root "$tree/sys" stat --dry-run -a -M t410_pcie)
	pd=$(SYSFS_PATH=$tree/sys rss "${dry_perf[@]}" -- true)
	s=$(rss "$pmuctl" -q --sysfs-root "$tree/sys" stat -a -M t410_pcie_rd_bw -- sleep 0.1)
	ps=$(SYSFS_PATH=$tree/sys rss "${rd_perf[@]}" -- sleep 0.1)
	dms=$(task_ms "$rounds" "$pmuctl" -q --sysfs-root "$tree/sys" stat --dry-run -a -M t410_pcie)
	printf '%7d %6d | %6d (%6d) %5sx | %6d (%6d) %5sx | %6d (%6d) %5sx | %6d (%6d) %5sx | %s\n' \
		$((2 * pairs)) "$npmu" "$l" "$pl" "$(ratio2 "$l" "$pl")" "$lj" "$pl" "$(ratio2 "$lj" "$pl")" \
		"$d" "$pd" "$(ratio2 "$d" "$pd")" "$s" "$ps" "$(ratio2 "$s" "$ps")" "$dms"
	if [ -n "$prev" ]; then
		read -r pp pms <<<"$prev"
		growth="dry-run growth from $((2 * pp)) to $((2 * pairs)) sockets: $(ratio2 "$dms" "$pms")x the CPU for $(ratio2 "$pairs" "$pp")x the sockets (exponent $(awk -v a="$dms" -v b="$pms" -v n="$pairs" -v m="$pp" 'BEGIN { printf "%.2f", log(a / b) / log(n / m) }'))"
	fi
	prev="$pairs $dms"
	rm -rf "$tree"
done
echo "${growth:-}"
