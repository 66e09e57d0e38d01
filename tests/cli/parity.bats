#!/usr/bin/env bats
# perf and pmuctl on the same live tree, the same scenarios: -I with a command, -I ended by
# SIGINT, a command's exit status, a duration. Compared: the number of interval lines, the
# intervals adding up to the run (within 2%), and the exit status.
load helpers

EV=nvidia_pcie_pmu_0_rc_4/rd_bytes/

teardown() {
	stop_background
}

check() {
	"$BATS_TEST_DIRNAME/../interval_check.py" "$@" <<<"$output"
}

# "N intervals" of interval_check's line
intervals() {
	cut -d' ' -f1 <<<"$1"
}

@test "parity: -I 300 -- sleep 1: the same intervals, the last partial one included" {
	run env SYSFS_PATH="$LIVE" perf stat -x, -I 300 -e $EV -- sleep 1
	[ "$status" -eq 0 ]
	theirs=$(check perfcsv 300 1)
	pmuctl --sysfs-root "$LIVE" stat -x, -I 300 -e $EV -- sleep 1
	[ "$status" -eq 0 ]
	ours=$(check perfcsv 300 1)
	[ "$(intervals "$ours")" = "$(intervals "$theirs")" ]
}

@test "parity: a command's exit status" {
	run env SYSFS_PATH="$LIVE" perf stat -x, -e $EV -- sh -c 'sleep 0.15; exit 3'
	[ "$status" -eq 3 ]
	run "$PMUCTL" --sysfs-root "$LIVE" stat -x, -e $EV -- sh -c 'sleep 0.15; exit 3'
	[ "$status" -eq 3 ]
	# perf 6.1 loses it with -I (exit 0); pmuctl keeps it, as pmuctl-stat(1) says
	run "$PMUCTL" --sysfs-root "$LIVE" stat -x, -I 100 -e $EV -- sh -c 'sleep 0.15; exit 3'
	[ "$status" -eq 3 ]
}

# Run "$@" in the background until its first interval line, then SIGINT it
interrupted() {
	background "$@"
	wait_for "the first interval" grep -q "^ *0\\.2" "$BATS_TEST_TMPDIR/out"
	kill -INT "$BG"
	finish
}

@test "parity: SIGINT during -I: the partial interval, the intervals adding up, exit 130" {
	interrupted env SYSFS_PATH="$LIVE" perf stat -x, -a -I 200 -e $EV
	[ "$status" -eq 130 ]
	check perfcsv 200 0.2
	interrupted "$PMUCTL" --sysfs-root "$LIVE" stat -x, -I 200 -e $EV
	[ "$status" -eq 130 ]
	check perfcsv 200 0.2
}

@test "parity: a run of 0.5 s: perf's --timeout, pmuctl's --duration count the same time" {
	run env SYSFS_PATH="$LIVE" perf stat -x, -a --timeout 500 -e $EV
	[ "$status" -eq 0 ]
	# perf's run time, in ns: the fourth field
	theirs=$(cut -d, -f4 <<<"${lines[-1]}")
	pmuctl --sysfs-root "$LIVE" -j stat --duration 0.5 -e $EV
	[ "$status" -eq 0 ]
	ours=$(jq_py 'd["counts"][0]["running_ns"]')
	# both counted for at least the 0.5 s asked; how much longer is timing, for bench/
	[ "$theirs" -ge 500000000 ]
	[ "$ours" -ge 500000000 ]
	[ "$(jq_py 'd["counts"][0]["count"] > 0')" = True ]
}

@test "parity: perf's --timeout MS and -g (the HNS3 document's example) are stat's too" {
	run env SYSFS_PATH="$LIVE" perf stat -x, -a --timeout 100 -g -e nvidia_pcie_pmu_0_rc_4/rd_bytes/ -e nvidia_pcie_pmu_0_rc_4/rd_req/
	[ "$status" -eq 0 ]
	pmuctl --sysfs-root "$LIVE" -j stat --timeout 100 -g -e nvidia_pcie_pmu_0_rc_4/rd_bytes/ -e nvidia_pcie_pmu_0_rc_4/rd_req/
	[ "$status" -eq 0 ]
	# the rows keep the strings as written; both counted for the 100 ms asked
	[ "$(jq_py '[c["event"] for c in d["counts"]]')" = "['nvidia_pcie_pmu_0_rc_4/rd_bytes/', 'nvidia_pcie_pmu_0_rc_4/rd_req/']" ]
	[ "$(jq_py 'all(c["running_ns"] >= 100000000 for c in d["counts"])')" = True ]
	# one group, as perf's -g makes it
	pmuctl --sysfs-root "$LIVE" -j stat --dry-run -g -e nvidia_pcie_pmu_0_rc_4/rd_bytes/ -e nvidia_pcie_pmu_0_rc_4/rd_req/
	[ "$(jq_py '[(e["group"], e["leader"]) for e in d["events"]]')" = "[(0, True), (0, False)]" ]
	[ "$(jq_py 'd["perf_command"]')" = "perf stat -a -e '{nvidia_pcie_pmu_0_rc_4/rd_bytes/,nvidia_pcie_pmu_0_rc_4/rd_req/}'" ]
	pmuctl stat -g -e '{msr/tsc/,msr/aperf/}' -e msr/mperf/
	[ "$status" -eq 64 ]
	[ "${lines[0]}" = "pmuctl stat: -g puts every -e event in one group: drop the {} of '{msr/tsc/,msr/aperf/}', or -g" ]
	pmuctl stat --timeout 100 --duration 1 -e msr/tsc/
	[ "$status" -eq 64 ]
	[ "${lines[0]}" = "pmuctl stat: --duration and --timeout both say how long to count: give one" ]
}

# the live tree with CPU 0 in package 0 and CPU 1 in package 1, as perf needs to name CPUs
# and sockets (without topology files perf prints no CPU0 or S0 field)
topology_tree() {
	TREE=$BATS_TEST_TMPDIR/sys
	rm -rf "$TREE"
	cp -r "$LIVE" "$TREE"
	for cpu in 0 1; do
		d=$TREE/devices/system/cpu/cpu$cpu/topology
		mkdir -p "$d"
		for f in physical_package_id die_id cluster_id; do echo $cpu >"$d/$f"; done
		echo 0 >"$d/core_id"
		for f in core_cpus_list die_cpus_list package_cpus_list cluster_cpus_list \
			thread_siblings_list core_siblings_list; do echo $cpu >"$d/$f"; done
	done
}

# Each counted line of the first interval as "FIELDS PREFIX EVENT": how many fields, the
# aggregation fields before the value (S0,1 or CPU0) and the event; perf's comments and its
# <not counted> lines for sockets with no counter of the event are left out
shape() {
	/usr/bin/python3 - "$1" "$2" <<'PY'
import sys
path, timed = sys.argv[1], sys.argv[2] == "I"
first = None
for line in open(path):
    line = line.rstrip("\n")
    if not line or line.startswith("#"):
        continue
    f = line.split(",")
    if timed:
        t, f = f[0], f[1:]
        first = first or t
        if t != first:
            continue
    lead = 2 if f[0].startswith("S") else 1 if f[0].startswith("CPU") else 0
    if f[lead] == "<not counted>":
        continue
    print(len(f) + timed, ",".join(f[:lead]), f[lead + 2])
PY
}

@test "parity: -x lines have perf's fields, in perf's order, with -e, -A, --per-socket and -I" {
	topology_tree
	evs=(-e nvidia_pcie_pmu_0_rc_4/rd_bytes/ -e nvidia_pcie_pmu_1_rc_4/rd_bytes/)
	for mode in "" "-A" "--per-socket" "-I 100" "-A -I 100" "--per-socket -I 100"; do
		# perf takes no --timeout with -I: one interval ends both
		if [[ $mode == *-I* ]]; then timed=I end=(--interval-count 1); else timed=- end=(--timeout 150); fi
		# shellcheck disable=SC2086 # the mode is words
		run env SYSFS_PATH="$TREE" perf stat -x, -a $mode "${end[@]}" -o "$BATS_TEST_TMPDIR/perf.csv" "${evs[@]}"
		[ "$status" -eq 0 ]
		# shellcheck disable=SC2086
		pmuctl --sysfs-root "$TREE" stat -x, $mode "${end[@]}" -o "$BATS_TEST_TMPDIR/ours.csv" "${evs[@]}"
		[ "$status" -eq 0 ]
		theirs=$(shape "$BATS_TEST_TMPDIR/perf.csv" "$timed")
		ours=$(shape "$BATS_TEST_TMPDIR/ours.csv" "$timed")
		echo "mode '$mode': perf [$theirs] pmuctl [$ours]"
		[ -n "$ours" ]
		[ "$ours" = "$theirs" ]
	done
	# the shapes are perf's: 7 fields, CPU0 or S0,1 before them, the time first with -I
	[ "$(shape "$BATS_TEST_TMPDIR/ours.csv" I)" = "10 S0,1 nvidia_pcie_pmu_0_rc_4/rd_bytes/
10 S1,1 nvidia_pcie_pmu_1_rc_4/rd_bytes/" ]
}

@test "parity: -C counts only those CPUs, as perf's; an uncore PMU once, on its cpumask's CPU" {
	topology_tree
	run env SYSFS_PATH="$TREE" perf stat -x, -C 1 -A --timeout 100 -o "$BATS_TEST_TMPDIR/perf.csv" -e cpu-clock
	[ "$status" -eq 0 ]
	pmuctl --sysfs-root "$TREE" stat -x, -C 1 -A --duration 0.1 -o "$BATS_TEST_TMPDIR/ours.csv" -e cpu-clock
	[ "$status" -eq 0 ]
	[ "$(shape "$BATS_TEST_TMPDIR/ours.csv" -)" = "$(shape "$BATS_TEST_TMPDIR/perf.csv" -)" ]
	[ "$(shape "$BATS_TEST_TMPDIR/ours.csv" -)" = "8 CPU1 cpu-clock" ]
	# perf 6.1 opens the uncore event on CPU 0 and 1 and counts it twice; pmuctl-stat(1) says why not
	pmuctl --sysfs-root "$TREE" stat -x, -C 0,1 -A --duration 0.1 -e nvidia_pcie_pmu_0_rc_4/rd_bytes/
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 1 ]
	[[ "${lines[0]}" == CPU0,* ]]
	# the plan and the perf command say it
	pmuctl --sysfs-root "$TREE" -j stat --dry-run -C 1 -e cpu-clock
	[ "$(jq_py 'd["perf_command"], d["events"][0]["cpus"]')" = "(\"perf stat -C 1 -e 'cpu-clock'\", [1])" ]
	pmuctl stat -C 2-x -e cpu-clock
	[ "$status" -eq 64 ]
	[ "${lines[0]}" = "pmuctl stat: invalid CPU list '2-x': give CPU numbers and ranges, as 0-3,8" ]
}
