#!/usr/bin/env bash
# stat --per-device against its floor and its peer, interleaved in one loop: pmuctl, perf stat
# with the plan's own events and groups (the perf command --dry-run prints), and bench/floor.c
# (the same counters opened, enabled, read every interval and closed, plus the sysfs reads any
# tool needs: each PMU's type and cpumask, each function's config space), CPU (task-clock)
# medians; the floor again with names (each function's, through libpci, as any tool
# that prints them pays), and the floor that follows its counters' CPUs (floor.c's follow: each
# call made on its counter's CPU, as perf stat and pmuctl stat do, so no cross-call). Then the
# cost of an interval alone, pmuctl's and the two floors': runs of 5 and 35 intervals
# differenced. Trees, the software-aliased Tegra410: SHAPE=pairs (the
# developers': SIZES pairs of sockets over, tests/gen/fixtures.py --tegra410-live-pairs, 41
# functions a pair) or SHAPE=fan (a machine of few sockets and many functions: SIZES of
# PAIRS:FAN, each NIC port a switch of FAN 8-function NICs, --tegra410-live-fan)
# usage: bench/per_device_floor.sh [PMUCTL]   (SHAPE=pairs SIZES="12 24" RUNS=5
# METRICS=t410_pcie_rd_bw INTERVALS=20; SHAPE=fan SIZES="1:12 2:12")
set -eu
cd "$(dirname "$0")/.."
. bench/lib.sh
pmuctl=$(realpath "${1:-./pmuctl}")
metrics=${METRICS:-t410_pcie_rd_bw}
intervals=${INTERVALS:-20}
runs=${RUNS:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ulimit -n "$(ulimit -Hn)"
cc -O2 -o "$tmp/floor" bench/floor.c -lpci

# of the lines that hold a number (task_ms ends its line: an empty line once made the median half the least)
median() { sort -n | awk 'NF { v[++n] = $1 } END { printf "%.1f", n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2 }'; }
div() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

shape=${SHAPE:-pairs}
[ "$shape" = fan ] && default_sizes="1:12 2:12" || default_sizes="12 24"
printf '%7s %9s %7s %9s %9s %9s %9s %9s %9s %13s %13s %13s %13s %13s %12s %11s %12s %12s %12s\n' sockets functions \
	events perf_ms pmuctl_ms floor_ms floor+names fl+nm+enc floor+follow pmuctl/floor pmuctl/fl+nm pairs/fl+nm \
	pairs/fl+n+e pmuctl/fl+fol pmuctl/perf floor/perf interval_ms interval/floor interval/f+fol
for size in ${SIZES:-$default_sizes}; do
	tree=$tmp/m${size/:/-}
	if [ "$shape" = fan ]; then
		python3 tests/gen/fixtures.py --tegra410-live-fan "${size#*:}" "$tree" "${size%%:*}" >/dev/null
	else
		python3 tests/gen/fixtures.py --tegra410-live-pairs "$size" "$tree" >/dev/null
	fi
	sockets=$(ls "$tree/sys/bus/event_source/devices" | grep -c '^nvidia_ucf_pmu_')
	"$pmuctl" -q --sysfs-root "$tree/sys" -j stat --dry-run --per-device -M "$metrics" >"$tmp/plan"
	perf_line=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["perf_command"])' "$tmp/plan")
	nev=$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["events"]))' "$tmp/plan")
	rows=$(python3 -c 'import json, sys; print(len({e["device"] for e in json.load(open(sys.argv[1]))["events"]}))' "$tmp/plan")
	eval "perf_cmd=($perf_line)"
	# the floor's plan in plain text, a line a counter, so that the floor pays nothing to parse it
	# and the files an encoder reads for a PMU's events (an alias's events/ file, each term's
	# format/ file), the union over its events, for the floor's encode
	python3 -c 'import json, os, sys
events = json.load(open(sys.argv[1]))["events"]
files = {}
for e in events:
    d = os.path.join(sys.argv[2], "bus/event_source/devices", e["pmu"])
    have = files.setdefault(e["pmu"], [])
    def add(f):
        if f not in have and os.path.isfile(os.path.join(d, f)):
            have.append(f)
    for t in e["event"].split("/", 1)[1].rstrip("/").split(","):
        name = t.split("=")[0]
        if "=" not in t and os.path.isfile(os.path.join(d, "events", name)):
            add("events/" + name)
            for a in open(os.path.join(d, "events", name)).read().strip().split(","):
                add("format/" + a.split("=")[0])
        else:
            add("format/" + name)
for e in events:
    g = e["group"] if isinstance(e["group"], int) else -1
    print(e["pmu"], e["type"], e["config"], e["config1"], e["config2"], (e["cpus"] or [0])[0], g,
          ",".join(files[e["pmu"]]) or "-")' "$tmp/plan" "$tree/sys" >"$tmp/plan.txt"
	ours=("$pmuctl" -q --sysfs-root "$tree/sys" stat --per-device -M "$metrics" -I 100 --interval-count)
	floor=("$tmp/floor" "$tmp/plan.txt" "$tree/sys" 100)
	: >"$tmp/p" && : >"$tmp/m" && : >"$tmp/f" && : >"$tmp/n" && : >"$tmp/ne" && : >"$tmp/ff" && : >"$tmp/m5" && : >"$tmp/m35"
	: >"$tmp/f5" && : >"$tmp/f35" && : >"$tmp/ff5" && : >"$tmp/ff35"
	# each round runs the jobs in turn, every other round backwards: a run right after a count is
	# slower than the count before it (the same binary twice in a row: 1.02x, the median of 100
	# pairs, 2026-11-29), so in one fixed order the loss would fall on the same command each round
	jobs=(perf "ours $intervals m" "floor $intervals f" "floor $intervals n names" "floor $intervals ne names encode"
		"floor $intervals ff follow"
		"ours 5 m5" "floor 5 f5" "ours 35 m35" "floor 35 f35" "floor 5 ff5 follow" "floor 35 ff35 follow")
	for ((i = 0; i < runs; i++)); do
		for ((k = 0; k < ${#jobs[@]}; k++)); do
			((i % 2)) && j=${jobs[${#jobs[@]} - 1 - k]} || j=${jobs[k]}
			read -r what count out mode <<<"$j"
			case $what in
			perf) SYSFS_PATH=$tree/sys task_ms 1 "${perf_cmd[@]}" -x, -I 100 --interval-count "$intervals" >>"$tmp/p" ;;
			ours) task_ms 1 "${ours[@]}" "$count" >>"$tmp/$out" ;;
			floor) read -r -a words <<<"$mode" && task_ms 1 "${floor[@]}" "$count" "${words[@]}" >>"$tmp/$out" ;;
			esac
		done
	done
	# the ratio to the floor with names round by round, where both ran side by side: its median
	pair=$(paste -d' ' "$tmp/m" "$tmp/n" | awk '{ print 1000 * $1 / $2 }' | median | awk '{ print $1 / 1000 }')
	paire=$(paste -d' ' "$tmp/m" "$tmp/ne" | awk '{ print 1000 * $1 / $2 }' | median | awk '{ print $1 / 1000 }')
	p=$(median <"$tmp/p") m=$(median <"$tmp/m") f=$(median <"$tmp/f") nm=$(median <"$tmp/n") ff=$(median <"$tmp/ff")
	ne=$(median <"$tmp/ne")
	mi=$(awk -v a="$(median <"$tmp/m5")" -v b="$(median <"$tmp/m35")" 'BEGIN { printf "%.3f", (b - a) / 30 }')
	fi_=$(awk -v a="$(median <"$tmp/f5")" -v b="$(median <"$tmp/f35")" 'BEGIN { printf "%.3f", (b - a) / 30 }')
	ffi=$(awk -v a="$(median <"$tmp/ff5")" -v b="$(median <"$tmp/ff35")" 'BEGIN { printf "%.3f", (b - a) / 30 }')
	printf '%7d %9d %7d %9s %9s %9s %9s %9s %9s %13s %13s %13.2f %13.2f %13s %12s %11s %12s %12s %12s\n' "$sockets" \
		"$rows" "$nev" "$p" "$m" "$f" "$nm" "$ne" "$ff" "$(div "$m" "$f")" "$(div "$m" "$nm")" "$pair" "$paire" \
		"$(div "$m" "$ff")" "$(div "$m" "$p")" \
		"$(div "$f" "$p")" "$mi" "$(div "$mi" "$fi_")" "$(div "$mi" "$ffi")"
done
