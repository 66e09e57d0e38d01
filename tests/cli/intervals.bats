#!/usr/bin/env bats
# stat -I prints every interval, the last one however short, so that the intervals add up to
# the run, in every output format. The live tree counts cpu-clock (nanoseconds), so a sum is
# checked against the time printed (tests/interval_check.py).
load helpers

EV=nvidia_pcie_pmu_0_rc_4/rd_bytes/
check() {
	"$BATS_TEST_DIRNAME/../interval_check.py" "$@" <<<"$output"
}

@test "intervals: the command's end prints the last partial interval (text, CSV, perf -x, JSON Lines)" {
	pmuctl --sysfs-root "$LIVE" stat -I 300 -e $EV -- sleep 1
	[ "$status" -eq 0 ]
	check text 300 1
	pmuctl --sysfs-root "$LIVE" stat --format=csv -I 300 -e $EV -- sleep 1
	check csv 300 1
	pmuctl --sysfs-root "$LIVE" stat -x, -I 300 -e $EV -- sleep 1
	check perfcsv 300 1
	pmuctl --sysfs-root "$LIVE" -j stat -I 300 -e $EV -- sleep 1
	check json 300 1
}

@test "intervals: a command shorter than one interval still gets its interval" {
	pmuctl --sysfs-root "$LIVE" stat --format=csv -I 5000 -e $EV -- sleep 0.2
	[ "$status" -eq 0 ]
	check csv 5000 0.2
}

@test "intervals: --duration ends with the last partial interval" {
	pmuctl --sysfs-root "$LIVE" stat --format=csv -I 200 --duration 0.5 -e $EV
	[ "$status" -eq 0 ]
	check csv 200 0.5
	# a duration that is a whole number of intervals prints no extra, empty one
	pmuctl --sysfs-root "$LIVE" stat --format=csv -I 200 --duration 0.4 -e $EV
	check csv 200 0.4
}

@test "intervals: SIGINT prints the partial interval, then pmuctl dies by it (as perf)" {
	background "$PMUCTL" --sysfs-root "$LIVE" stat --format=csv -I 200 -e $EV
	wait_for "the first interval" grep -q "^0\.2" "$BATS_TEST_TMPDIR/out"
	kill -INT "$BG"
	finish
	[ "$status" -eq 130 ]
	check csv 200 0.2
}

@test "intervals: --interval-count prints that many whole intervals and no partial one" {
	pmuctl --sysfs-root "$LIVE" stat --format=csv -I 100 --interval-count 3 -e $EV
	[ "$status" -eq 0 ]
	check csv 100 0.3
	[ "${#lines[@]}" -eq 4 ]
}

@test "intervals: --interval-count ends at its last report, without reading every counter again" {
	command -v strace >/dev/null || skip "strace is not installed (the test command installs it)"
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
		run strace -f -qq -e trace=read,ioctl -o "$BATS_TEST_TMPDIR/trace" \
		"${PMUCTL_REAL:-$PMUCTL}" --sysfs-root "$LIVE" stat -M t410_pcie_rd_bw -I 100 --interval-count 2
	[ "$status" -eq 0 ]
	run grep -c PERF_EVENT_IOC_ENABLE "$BATS_TEST_TMPDIR/trace"
	[ "$output" = 12 ]
	# before: 12 more reads after the second report (an IPI each for a counter on another CPU);
	# each counter is alone, so read without PERF_FORMAT_GROUP: value, enabled, running, id
	run grep -c '^[0-9]* *read([0-9]*, ".*, 32) = 32$' "$BATS_TEST_TMPDIR/trace"
	[ "$output" = 24 ]
	# stopped all the same before they close (a BlueField block's enable is put back after)
	run grep -c PERF_EVENT_IOC_DISABLE "$BATS_TEST_TMPDIR/trace"
	[ "$output" = 12 ]
}

@test "intervals: only a group's members are asked for their IDs, which its read names them by" {
	command -v strace >/dev/null || skip "strace is not installed (the test command installs it)"
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
		run strace -f -qq -e trace=ioctl -o "$BATS_TEST_TMPDIR/trace" \
		"${PMUCTL_REAL:-$PMUCTL}" --sysfs-root "$LIVE" stat -M t410_pcie_rd_bw -I 100 --interval-count 1
	[ "$status" -eq 0 ]
	# before: 12, one a counter, though a counter alone is read without PERF_FORMAT_GROUP
	run grep -c PERF_EVENT_IOC_ID "$BATS_TEST_TMPDIR/trace"
	[ "$output" = 0 ]
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
		run strace -f -qq -e trace=ioctl -o "$BATS_TEST_TMPDIR/trace" "${PMUCTL_REAL:-$PMUCTL}" --sysfs-root "$LIVE" \
		stat -x, -e '{nvidia_pcie_pmu_0_rc_0/rd_req/,nvidia_pcie_pmu_0_rc_0/rd_bytes/}' \
		-e nvidia_pcie_pmu_0_rc_1/rd_req/ -I 100 --interval-count 1
	[ "$status" -eq 0 ]
	# the group's two, each value found by its ID in the group's read: both counted
	[ "$(grep -c '^ *[0-9.]*,[0-9]*,,nvidia_pcie_pmu_0_rc_0/rd_' <<<"$output")" -eq 2 ]
	run grep -c PERF_EVENT_IOC_ID "$BATS_TEST_TMPDIR/trace"
	[ "$output" = 2 ]
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

teardown() {
	stop_background
}

# the JSON lines in $1
json_lines() {
	grep -c '^{' "$1" || true
}

# the monotonic clock has passed $1 (nanoseconds): the length of a stop, not a wait for pmuctl
passed() {
	[ "$(date +%s%N)" -ge "$1" ]
}

@test "intervals: after SIGSTOP and SIGCONT, one report covers the stop; no burst of catch-up reports" {
	background "$PMUCTL" --sysfs-root "$LIVE" -j stat -I 100 -e $EV
	wait_for "two intervals" eval '[ "$(json_lines "$BATS_TEST_TMPDIR/out")" -ge 2 ]'
	kill -STOP "$BG"
	# stopped for 2 s, as Ctrl-Z then fg or a paused VM: 20 deadlines pass meanwhile
	wait_for "2 s to pass" passed $(($(date +%s%N) + 2000000000))
	n=$(json_lines "$BATS_TEST_TMPDIR/out")
	kill -CONT "$BG"
	wait_for "three intervals after the stop" eval '[ "$(json_lines "$BATS_TEST_TMPDIR/out")" -ge $((n + 3)) ]'
	kill -INT "$BG"
	finish
	[ "$status" -eq 130 ]
	python3 - "$BATS_TEST_TMPDIR/out" <<'PY'
import json, math, re, sys
text = open(sys.argv[1]).read()
recs = [json.loads(l) for l in text.splitlines() if l.startswith("{")]
times = [r["time_s"] for r in recs]
gaps = [b - a for a, b in zip(times, times[1:])]
# pmuctl was stopped for 2 s (the test waited for them): one report, and only one, spans them
long = [i + 1 for i, g in enumerate(gaps) if g >= 2.0]
assert len(long) == 1, ("reports covering the stop", gaps)
# and counts all of it: cpu-clock, as many ns as the report spans
rec = recs[long[0]]
rate = rec["counts"][0]["count"] / gaps[long[0] - 1]
assert 0.5e9 < rate < 1.5e9, ("the stop's report", rec, gaps[long[0] - 1])
# the ~20 deadlines missed are skipped, not printed in a burst: no two reports but the last
# (Ctrl-C's, whenever it comes) fall in the same 100 ms of the interval grid
slots = [math.floor(t / 0.1) for t in times[:-1]]
assert slots == sorted(set(slots)), ("reports in one interval of the grid after the stop", times)
m = re.search(r"pmuctl: warning: skipped (\d+) intervals: a report took longer than -I 100 ms, or pmuctl was stopped", text)
assert m and int(m.group(1)) >= 15, text
assert re.search(r"pmuctl: note: \d+ intervals skipped in all", text), text
PY
}
