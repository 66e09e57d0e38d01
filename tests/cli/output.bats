#!/usr/bin/env bats
# stat -o FILE streams as perf's -o: each interval is in the file as it is printed, --append
# adds to it, "-" is standard output; only --format=openmetrics replaces the file whole.
load helpers

EV=nvidia_pcie_pmu_0_rc_4/rd_bytes/

teardown() {
	stop_background
}

# the file $1 holds at least $2 lines
has_lines() {
	[ -f "$1" ] && [ "$(wc -l <"$1")" -ge "$2" ]
}

@test "output: -o FILE with -I shows each interval while pmuctl still counts (CSV, JSON Lines, text)" {
	f=$BATS_TEST_TMPDIR/stream
	for face in "stat -x ," "-j stat" "stat"; do
		rm -f "$f"
		# shellcheck disable=SC2086 # the face's options are words
		background "$PMUCTL" --sysfs-root "$LIVE" $face -o "$f" -I 100 -e $EV
		wait_for "two intervals in $f" has_lines "$f" 2
		# pmuctl is still counting: it only ends on the signal below
		! gone "$BG"
		kill -INT "$BG"
		finish
		[ "$status" -eq 130 ]
		[ -z "$output" ]
	done
}

@test "output: SIGKILL leaves the intervals written so far and no temporary file" {
	background "$PMUCTL" --sysfs-root "$LIVE" stat -x, -o "$BATS_TEST_TMPDIR/killed.csv" -I 100 -e $EV
	wait_for "an interval in the file" has_lines "$BATS_TEST_TMPDIR/killed.csv" 2
	kill -KILL "$BG"
	finish
	[ "$(ls "$BATS_TEST_TMPDIR")" = "$(printf 'killed.csv\nout')" ]
	[ "$(head -n 1 "$BATS_TEST_TMPDIR/killed.csv")" = "time,count,event,pmu,socket,cpu,running_pct,state" ]
}

@test "output: --append adds to the file, and a CSV keeps one header" {
	f=$BATS_TEST_TMPDIR/runs.csv
	pmuctl --sysfs-root "$LIVE" stat -x, -o "$f" -I 100 --interval-count 2 -e $EV
	[ "$status" -eq 0 ]
	pmuctl --sysfs-root "$LIVE" stat -x, -o "$f" --append -I 100 --interval-count 2 -e $EV
	[ "$status" -eq 0 ]
	[ "$(wc -l <"$f")" -eq 5 ]
	[ "$(grep -c '^time,' "$f")" -eq 1 ]
	# without --append the file starts again
	pmuctl --sysfs-root "$LIVE" stat -x, -o "$f" -I 100 --interval-count 1 -e $EV
	[ "$(wc -l <"$f")" -eq 2 ]
}

@test "output: -o - is standard output; --append needs -o FILE and is not for openmetrics" {
	cd "$BATS_TEST_TMPDIR"
	pmuctl --sysfs-root "$LIVE" stat -x, -o - --duration 0.05 -e $EV
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "count,event,pmu,socket,cpu,running_pct,state" ]
	[ ! -e ./- ]
	pmuctl --sysfs-root "$LIVE" stat --append --duration 0.05 -e $EV
	[ "$status" -eq 64 ]
	[ "${lines[0]}" = "pmuctl stat: --append needs -o FILE" ]
	pmuctl --sysfs-root "$LIVE" stat --format=openmetrics -M t410_pcie_rd_bw -o "$BATS_TEST_TMPDIR/x.prom" --append --duration 0.05
	[ "$status" -eq 64 ]
	[ "${lines[0]}" = "pmuctl stat: --append conflicts with --format=openmetrics, whose file is replaced whole at every interval" ]
}
