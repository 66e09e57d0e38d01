#!/usr/bin/env bats
# The workload of stat -- COMMAND: it starts as it would without pmuctl (signal mask and
# dispositions), a terminal's Ctrl-C reaches it, and pmuctl never waits on a workload it
# should have ended.
load helpers

teardown() {
	stop_background
}

EV=nvidia_ucf_pmu_0/event=0x0/

@test "signals: the workload starts with the signal mask and dispositions pmuctl was started with" {
	# its own status: a shell reading /proc/$$ of itself may catch it mid-fork, all blocked
	show='exec grep -E "^Sig(Blk|Ign)" /proc/self/status'
	want=$(sh -c "$show")
	pmuctl --sysfs-root "$LIVE" -q stat -x, -o /dev/null -e $EV -- sh -c "$show"
	[ "$status" -eq 0 ]
	[ "$output" = "$want" ]
	# and so for a workload started from a shell that ignores SIGINT (nohup, a background job)
	want=$(sh -c "trap '' INT; sh -c '$show'")
	run sh -c "trap '' INT; exec '$PMUCTL' --sysfs-root '$LIVE' -q stat -x, -o /dev/null -e $EV -- sh -c '$show'"
	[ "$output" = "$want" ]
}

@test "signals: a pipeline in the workload ends quietly, as without pmuctl" {
	pmuctl --sysfs-root "$LIVE" -q stat -x, -o /dev/null -e $EV -- sh -c 'yes | head -n 1'
	[ "$status" -eq 0 ]
	[ "$output" = y ]
}

@test "signals: Ctrl-C reaches the workload and ends the count at once" {
	background "$PMUCTL" -v --sysfs-root "$LIVE" stat -e $EV -- sleep 100
	wait_for "pmuctl to count" counting "$BATS_TEST_TMPDIR/out"
	# what a terminal does: SIGINT to the whole foreground process group
	kill -INT -- "-$BG"
	finish
	# the workload's status: SIGINT ended it
	[ "$status" -eq 130 ]
	[[ "$output" == *"seconds time elapsed"* ]]
	[[ "$output" == *"$EV"* ]]
}

@test "signals: a terminating signal other than SIGINT or SIGTERM ends pmuctl by that signal" {
	for sig in HUP ALRM USR1; do
		background "$PMUCTL" -v --sysfs-root "$LIVE" stat -e $EV
		wait_for "pmuctl to count" counting "$BATS_TEST_TMPDIR/out"
		kill -$sig "$BG"
		finish
		[ "$status" -eq $((128 + $(kill -l $sig))) ] || { echo "SIG$sig: exit $status: $output"; false; }
	done
}

@test "signals: a group of more than 64 events is read whole" {
	ev=nvidia_pcie_pmu_0_rc_4/rd_bytes/
	group="{$(printf "$ev,%.0s" $(seq 79))$ev}"
	pmuctl --sysfs-root "$LIVE" -j stat -e "$group" --duration 0.05
	[ "$status" -eq 0 ]
	[ "$(jq_py 'len(d["counts"])')" = 80 ]
	# the live tree counts cpu-clock: every member ran for the whole 50 ms, in ns
	[ "$(jq_py 'sorted(set(c["state"] for c in d["counts"]))')" = "['counted']" ]
	[ "$(jq_py 'min(c["count"] for c in d["counts"]) > 10_000_000')" = True ]
}

@test "signals: the workload's exit status is pmuctl's, as in perf; 128+N when a signal ended it" {
	run "$PMUCTL" --sysfs-root "$LIVE" -q stat -x, -o /dev/null -e $EV -- sh -c 'exit 3'
	[ "$status" -eq 3 ]
	run "$PMUCTL" --sysfs-root "$LIVE" -q stat -x, -o /dev/null -I 100 -e $EV -- sh -c 'exit 5'
	[ "$status" -eq 5 ]
	run "$PMUCTL" --sysfs-root "$LIVE" -q stat -x, -o /dev/null -e $EV -- sh -c 'kill -TERM $$'
	[ "$status" -eq 143 ]
	# pmuctl's own failures come first: 2, some events not counted
	run "$PMUCTL" --sysfs-root "$LIVE" -q stat -x, -o /dev/null -e nvidia_ucf_pmu_0/cycles/ -e $EV -- sh -c 'exit 3'
	[ "$status" -eq 2 ]
	run "$PMUCTL" --sysfs-root "$LIVE" stat -e $EV -- /nonexistent/command
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: cannot run '/nonexistent/command': No such file or directory" ]
}

# the workload's own processes, found by the unique argument of their sleep
left_behind() {
	pgrep -f "sleep $1" || true
}

@test "signals: a workload that ignores SIGINT is waited for, counted to its end, and not left behind" {
	# the command says when its trap is set: a SIGINT before that would end it
	background "$PMUCTL" -v --sysfs-root "$LIVE" stat -x, -e $EV -- sh -c "trap '' INT; : >'$BATS_TEST_TMPDIR/trapped'; sleep 1.4321"
	wait_for "pmuctl to count" counting "$BATS_TEST_TMPDIR/out"
	wait_for "the command's trap" test -e "$BATS_TEST_TMPDIR/trapped"
	kill -INT -- "-$BG"
	finish
	# as perf: the command's status, not pmuctl's death by SIGINT
	[ "$status" -eq 0 ]
	[ -z "$(left_behind 1.4321)" ]
	# cpu-clock: counted for the whole 1.43 s the command ran
	count=$(grep "$EV" <<<"$output" | cut -d, -f1)
	[ "$count" -gt 1400000000 ]
}

@test "signals: SIGTERM is passed to the workload; pmuctl prints the totals and dies by it" {
	background "$PMUCTL" -v --sysfs-root "$LIVE" stat -x, -e $EV -- sleep 100.4321
	wait_for "pmuctl to count" counting "$BATS_TEST_TMPDIR/out"
	kill -TERM "$BG"
	finish
	[ "$status" -eq 143 ]
	[ -z "$(left_behind 100.4321)" ]
	[[ "$output" == *",$EV,"* ]]
}

# Output that blocks: stop signals were blocked everywhere but in the wait for the next
# interval, so a write to a reader that never reads held SIGTERM off until the reader left

@test "signals: SIGTERM ends a run whose standard output stalls, by SIGTERM" {
	# the pipe's page all but full: the first report stalls, and so would the totals
	stalled_fifo 4000
	background sh -c 'f=$1; shift; exec "$@" >"$f"' sh "$FIFO" "$PMUCTL" --sysfs-root "$LIVE" stat -x, -I 10 \
		--per-device -M t410_pcie_rd_bw
	wait_for "pmuctl to wait on its output" waiting "$BG"
	kill -TERM "$BG"
	finish
	[ "$status" -eq 143 ]
	# the output given up on is no error to report
	[[ "$output" != *"cannot write"* ]]
}

@test "signals: SIGTERM ends a run whose standard error stalls" {
	# the pipe's page all but full: the first line written once counting runs stalls
	stalled_fifo 4080
	background sh -c 'f=$1; shift; exec "$@" 2>"$f" >/dev/null' sh "$FIFO" "$PMUCTL" -v --sysfs-root "$LIVE" stat -x, -I 10 \
		-e nvidia_pcie_pmu_0_rc_4/rd_bytes/
	wait_for "pmuctl to wait on its output" waiting "$BG"
	kill -TERM "$BG"
	finish
	[ "$status" -eq 143 ]
}

@test "signals: -o FIFO that nobody opens ends by SIGTERM, not by timeout's SIGKILL" {
	mkfifo "$BATS_TEST_TMPDIR/fifo"
	run timeout --preserve-status -k 3 1 "$PMUCTL" --sysfs-root "$LIVE" stat -I 100 \
		-e nvidia_pcie_pmu_0_rc_4/rd_bytes/ -o "$BATS_TEST_TMPDIR/fifo"
	[ "$status" -eq 143 ]
	[ -z "$output" ]
}

@test "signals: -o FIFO waits for its reader, then writes every interval to it" {
	mkfifo "$BATS_TEST_TMPDIR/fifo"
	background "$PMUCTL" --sysfs-root "$LIVE" stat -x, -I 50 --interval-count 3 \
		-e nvidia_pcie_pmu_0_rc_4/rd_bytes/ -o "$BATS_TEST_TMPDIR/fifo"
	run cat "$BATS_TEST_TMPDIR/fifo"
	[ "$status" -eq 0 ]
	[ "$(grep -c 'nvidia_pcie_pmu_0_rc_4/rd_bytes/' <<<"$output")" -eq 3 ]
	finish
	[ "$status" -eq 0 ]
}

@test "signals: top -b | head -1 ends when head does, and top > /dev/full fails" {
	run bash -c 'set -o pipefail; timeout --preserve-status -k 3 30 "$0" --sysfs-root "$1" top -b -I 100 -M t410_pcie_rd_bw 2>/dev/null | head -1' \
		"$PMUCTL" "$LIVE"
	[ "$status" -eq 0 ]
	[[ "$output" == "pmuctl top  0.1 s  every 0.1 s  view: devices  sort: t410_pcie_rd_bw"* ]]
	run bash -c 'timeout --preserve-status -k 3 30 "$0" --sysfs-root "$1" top -b -I 100 -M t410_pcie_rd_bw >/dev/full' \
		"$PMUCTL" "$LIVE"
	[ "$status" -eq 1 ]
	[[ "$output" == *"pmuctl: error: cannot write output"* ]]
}
