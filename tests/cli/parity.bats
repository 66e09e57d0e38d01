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
	ours=$(check csv 300 1)
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
	check csv 200 0.2
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
