#!/usr/bin/env bats
# stat opens and closes each counter on the counter's own CPU, as perf stat does
# (evlist__for_each_cpu): a call on another CPU's counter costs the kernel a cross-call. Enable,
# reads and disable stay where it runs, timed as the report says. It moves only within the
# CPUs it was given, and puts them back after each round. The live Tegra410's 12 PCIe PMUs
# count on CPUs 0 and 1 (their cpumasks), 6 on each.
load helpers

setup() {
	need_tool strace
	need_tool taskset
	[ "$(nproc)" -ge 2 ] || skip "needs CPUs 0 and 1 (the live tree's cpumasks)"
}

# The affinity masks pmuctl set, one a line, e.g. [1] then [0 1]
masks() {
	# strace ends a mask of 8192 CPUs (pmuctl's) with " ...": the CPUs set are the numbers
	sed -n 's/.*sched_setaffinity(0, [0-9]*, \[\([0-9 ]*[0-9]\)[ .]*\]) *= 0$/[\1]/p' "$BATS_TEST_TMPDIR/trace"
}

@test "follow CPUs: opening and closing move to the other CPU once, then back; the timed calls never move" {
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
		run taskset -c 0,1 strace -qq -e trace=sched_setaffinity -o "$BATS_TEST_TMPDIR/trace" \
		"${PMUCTL_REAL:-$PMUCTL}" --sysfs-root "$LIVE" stat -M t410_pcie_rd_bw -I 100 --interval-count 2
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 2 ]
	# the CPU it runs on first, in place; then one move, and back: open and close. Enable, the
	# reads and disable stay put: a move waits for the CPU, which would skew their times
	run masks
	[ "${#lines[@]}" -eq 4 ]
	for ((k = 0; k < 4; k += 2)); do
		[[ "${lines[k]}" = "[0]" || "${lines[k]}" = "[1]" ]]
		[ "${lines[k + 1]}" = "[0 1]" ]
	done
}

@test "follow CPUs: a move that waits for a busy CPU skews no interval: reads stay where pmuctl runs" {
	need_tool cc "builds the test double for a busy CPU (tests/shim/slow_move.c)"
	cc -shared -fPIC -o "$BATS_TEST_TMPDIR/slow.so" "$BATS_TEST_DIRNAME/../shim/slow_move.c" -ldl
	# each move to one CPU waits 50 ms of the 100 ms intervals. rd_bytes is cpu-clock here, 1
	# "GB/s" each RC; reads that moved made one socket's 1.5 and the other's 0.5
	run taskset -c 0,1 env LD_PRELOAD="$BATS_TEST_TMPDIR/slow.so" \
		ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
		"$PMUCTL" -q --sysfs-root "$LIVE" -j stat -M t410_pcie_rd_bw --per-pmu -I 100 --interval-count 2
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 2 ]
	for line in "${lines[@]}"; do
		output=$line
		[ "$(jq_py 'len(d["metrics"])')" = 12 ]
		[ "$(jq_py 'all(0.9 < m["value"] < 1.1 for m in d["metrics"])')" = True ]
	done
}

@test "follow CPUs: never to a CPU it was not given; those counters are read from where it runs" {
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
		run taskset -c 0 strace -qq -e trace=sched_setaffinity -o "$BATS_TEST_TMPDIR/trace" \
		"${PMUCTL_REAL:-$PMUCTL}" --sysfs-root "$LIVE" stat --format=csv -M t410_pcie_rd_bw -I 100 --interval-count 1
	[ "$status" -eq 0 ]
	# the 12 PMUs counted, socket 1's (CPU 1) among them
	[ "$(grep -c '^[0-9.]*,input,nvidia_pcie_pmu_[01]_rc_[0-5]/rd_bytes/,[1-9][0-9]*,.*,counted,' <<<"$output")" -eq 12 ]
	run masks
	[ "$output" = "" ]
}

teardown() {
	stop_background
}

@test "follow CPUs: serve reads from where it runs, never moving: its unit's filter kills sched_setaffinity" {
	background strace -f -qq -e trace=sched_setaffinity -o "$BATS_TEST_TMPDIR/trace" \
		"${PMUCTL_REAL:-$PMUCTL}" --sysfs-root "$LIVE" serve --listen 127.0.0.1:0 -I 100 -M t410_pcie_rd_bw
	wait_for "serve to listen" listening
	wait_for "two samples" eval '[ "$(curl -sf "http://127.0.0.1:$PORT/metrics" | sed -n "s/^pmuctl_samples_total //p")" -ge 2 ]'
	run masks
	[ "$output" = "" ]
	run grep -c sched_setaffinity "$BATS_TEST_TMPDIR/trace"
	[ "$output" = 0 ]
}
