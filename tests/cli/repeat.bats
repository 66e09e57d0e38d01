#!/usr/bin/env bats
# stat -r N, perf's --repeat: N runs of the command (or of --duration), each count their mean
# with its noise, perf's -x field for it, the last run's exit status, and Ctrl-C ending the runs.
load helpers

EV=nvidia_pcie_pmu_0_rc_4/rd_bytes/

teardown() {
	stop_background
}

# Whether file $1 has at least $2 lines: a condition wait_for evaluates anew each time
has_lines() {
	[ "$(wc -l <"$1")" -ge "$2" ]
}

@test "repeat: -r 3 runs the command three times and reports the means, with each count's noise" {
	f=$BATS_TEST_TMPDIR/runs
	pmuctl --sysfs-root "$LIVE" -j stat -r 3 -e $EV -e cpu-clock -- sh -c "echo run >>'$f'"
	[ "$status" -eq 0 ]
	[ "$(wc -l <"$f")" -eq 3 ]
	[ "$(jq_py 'd["runs"], [c["event"] for c in d["counts"]]')" = "(3, ['$EV', 'cpu-clock'])" ]
	[ "$(jq_py 'all(isinstance(c["noise_pct"], float) and c["noise_pct"] >= 0 for c in d["counts"])')" = True ]
	# one run: no noise, and the key is there
	pmuctl --sysfs-root "$LIVE" -j stat -e $EV -- true
	[ "$(jq_py 'd["runs"], d["counts"][0]["noise_pct"]')" = "(1, None)" ]
	# the table says how many runs, each count's noise, and the spread of the time elapsed
	pmuctl --sysfs-root "$LIVE" stat -r 2 -e $EV --duration 0.05
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = " Performance counter stats for 'system wide' (2 runs):" ]
	[[ "${lines[1]}" =~ ^\ +[0-9,]+\ +$EV\ +\(\ \+-\ +[0-9]+\.[0-9]{2}%\ \)$ ]]
	[[ "${lines[2]}" =~ ^\ +0\.[0-9]{9}\ \+-\ 0\.[0-9]{9}\ seconds\ time\ elapsed\ \ \(\ \+-\ +[0-9]+\.[0-9]{2}%\ \)$ ]]
}

@test "repeat: -x with -r has perf's noise field after the event, as perf -r writes it" {
	run env SYSFS_PATH="$LIVE" perf stat -x, -r 2 -e $EV -o "$BATS_TEST_TMPDIR/perf.csv" -- true
	[ "$status" -eq 0 ]
	theirs=$(grep -v '^#' "$BATS_TEST_TMPDIR/perf.csv" | grep . | awk -F, '{ print NF, $3, ($4 ~ /^[0-9]+\.[0-9][0-9]%$/) }')
	pmuctl --sysfs-root "$LIVE" stat -x, -r 2 -e $EV -- true
	[ "$status" -eq 0 ]
	ours=$(awk -F, '{ print NF, $3, ($4 ~ /^[0-9]+\.[0-9][0-9]%$/) }' <<<"$output")
	[ "$ours" = "$theirs" ]
	[ "$ours" = "8 $EV 1" ]
}

@test "repeat: the exit status is the last run's command's, as perf's" {
	f=$BATS_TEST_TMPDIR/runs
	# runs exit 3, 4 and 5
	run "$PMUCTL" --sysfs-root "$LIVE" stat -r 3 -e $EV -- sh -c "echo >>'$f'; exit \$((\$(wc -l <'$f') + 2))"
	[ "$status" -eq 5 ]
	[ "$(wc -l <"$f")" -eq 3 ]
}

@test "repeat: Ctrl-C ends the runs with the one it ended, and the means are of the runs that ran" {
	f=$BATS_TEST_TMPDIR/runs
	: >"$f"
	background "$PMUCTL" --sysfs-root "$LIVE" -j stat -r 1000 -e $EV -o "$BATS_TEST_TMPDIR/out.json" -- sh -c "echo >>'$f'; sleep 0.05"
	wait_for "two runs" has_lines "$f" 2
	kill -INT "$BG"
	finish
	# as perf: the command's status after Ctrl-C, which reached pmuctl alone here
	[ "$status" -eq 0 ]
	output=$(cat "$BATS_TEST_TMPDIR/out.json")
	runs=$(jq_py 'd["runs"]')
	[ "$runs" -eq "$(wc -l <"$f")" ]
	[ "$runs" -lt 1000 ]
}

@test "repeat: -r 0 runs until Ctrl-C and prints every run, as perf's forever" {
	f=$BATS_TEST_TMPDIR/runs
	: >"$f"
	background "$PMUCTL" --sysfs-root "$LIVE" stat -x, -r 0 -e $EV -o "$BATS_TEST_TMPDIR/out.csv" -- sh -c "echo >>'$f'; sleep 0.05"
	wait_for "three runs" has_lines "$f" 3
	kill -INT "$BG"
	finish
	[ "$status" -eq 0 ]
	# a line per run, no noise field: each run is printed alone
	[ "$(wc -l <"$BATS_TEST_TMPDIR/out.csv")" -eq "$(wc -l <"$f")" ]
	[ "$(awk -F, '{ print NF }' "$BATS_TEST_TMPDIR/out.csv" | sort -u)" = 7 ]
}

@test "repeat: what -r cannot average is refused, naming why" {
	run "$PMUCTL" stat -r 3 -e cpu-clock
	[ "$status" -eq 64 ]
	[ "${lines[0]}" = "pmuctl stat: -r repeats a run that ends by itself: give a command after -- or --duration" ]
	run "$PMUCTL" stat -r 3 -I 100 -e cpu-clock -- true
	[ "$status" -eq 64 ]
	[ "${lines[0]}" = "pmuctl stat: -r averages whole runs; -I prints within one: give one of them" ]
	run "$PMUCTL" stat -r 2 --input /dev/null -M t410_pcie_rd_bw
	[ "$status" -eq 64 ]
	[ "${lines[0]}" = "pmuctl stat: -r repeats counting: --input counts nothing" ]
	run "$PMUCTL" stat -r -1 -e cpu-clock -- true
	[ "$status" -eq 64 ]
	[[ "${lines[0]}" == "pmuctl stat: invalid repeat count '-1'"* ]]
	# -r 1 is one run, as without -r
	pmuctl --sysfs-root "$LIVE" -j stat -r 1 -e $EV -- true
	[ "$status" -eq 0 ]
	[ "$(jq_py 'd["runs"], d["counts"][0]["noise_pct"]')" = "(1, None)" ]
}
