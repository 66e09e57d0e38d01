#!/usr/bin/env bats
# stat -I prints every interval, the last one however short, so that the intervals add up to
# the run, in every output format. The live tree counts cpu-clock (nanoseconds), so a sum is
# checked against the time printed (tests/interval_check.py).
load helpers

EV=nvidia_pcie_pmu_0_rc_4/rd_bytes/
check() {
	"$BATS_TEST_DIRNAME/../interval_check.py" "$@" <<<"$output"
}

@test "intervals: the command's end prints the last partial interval (text, CSV, JSON Lines)" {
	pmuctl --sysfs-root "$LIVE" stat -I 300 -e $EV -- sleep 1
	[ "$status" -eq 0 ]
	check text 300 1
	pmuctl --sysfs-root "$LIVE" stat -x, -I 300 -e $EV -- sleep 1
	check csv 300 1
	pmuctl --sysfs-root "$LIVE" -j stat -I 300 -e $EV -- sleep 1
	check json 300 1
}

@test "intervals: a command shorter than one interval still gets its interval" {
	pmuctl --sysfs-root "$LIVE" stat -x, -I 5000 -e $EV -- sleep 0.2
	[ "$status" -eq 0 ]
	check csv 5000 0.2
}

@test "intervals: --duration ends with the last partial interval" {
	pmuctl --sysfs-root "$LIVE" stat -x, -I 200 --duration 0.5 -e $EV
	[ "$status" -eq 0 ]
	check csv 200 0.5
	# a duration that is a whole number of intervals prints no extra, empty one
	pmuctl --sysfs-root "$LIVE" stat -x, -I 200 --duration 0.4 -e $EV
	check csv 200 0.4
}

@test "intervals: SIGINT prints the partial interval, then pmuctl dies by it (as perf)" {
	background "$PMUCTL" --sysfs-root "$LIVE" stat -x, -I 200 -e $EV
	wait_for "the first interval" grep -q "^0\.2" "$BATS_TEST_TMPDIR/out"
	kill -INT "$BG"
	finish
	[ "$status" -eq 130 ]
	check csv 200 0.2
}

@test "intervals: --interval-count prints that many whole intervals and no partial one" {
	pmuctl --sysfs-root "$LIVE" stat -x, -I 100 --interval-count 3 -e $EV
	[ "$status" -eq 0 ]
	check csv 100 0.3
	[ "${#lines[@]}" -eq 4 ]
}

@test "intervals: metrics get the last partial interval too (JSON Lines, OpenMetrics)" {
	pmuctl --sysfs-root "$LIVE" -j stat -M t410_pcie_rd_bw --per-pmu -I 300 -- sleep 1
	[ "$status" -eq 0 ]
	check metric 300 1
	pmuctl --sysfs-root "$LIVE" stat --format=openmetrics -M t410_pcie_rd_bw -I 300 --duration 1
	[ "$status" -eq 0 ]
	# one exposition per interval: 0.3, 0.6, 0.9 and the last 0.1 s
	[ "$(grep -c '^# TYPE pmuctl_t410_pcie_rd_bw_bytes_per_second gauge' <<<"$output")" -eq 4 ]
	[ "$(grep -c '^# EOF$' <<<"$output")" -eq 4 ]
}
