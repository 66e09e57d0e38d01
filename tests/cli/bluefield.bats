#!/usr/bin/env bats
# BlueField counting against tests/fuse/bluefield.py, a FUSE stand-in for the mlxbf-pmc driver
# whose writes act inside write(2), as sysfs does: exact deltas, the exact sequence of writes,
# state restored on every way out, refusals of what cannot be restored, and the lock.
load helpers


teardown() {
	stop_background
	bf_unmount
}

# A state worth restoring: events programmed by someone else, the L3 half running
INIT=(--init tile0/event0=0x45 --init tile0/event1=0x4c --init l3cachehalf0/event0=0x2
	--init l3cachehalf0/enable=1 --init pcie0/IN_C_PKT_CNT=0)
BFEV=(-e bfperf/tile0/HNF_REQUESTS/ -e bfperf/tile0/0x46/ -e bfperf/l3cachehalf0/CYCLES/
	-e bfperf/l3cachehalf0/TOTAL_RD_REQ_IN/ -e bfperf/pcie0/IN_C_PKT_CNT/)

# the writes of one run of BFEV, from programming to the last restore
BFEV_WRITES="write tile0/event0 '0x45' -> 0
write tile0/event1 '0x46' -> 0
write l3cachehalf0/event0 '0x1' -> 0
write l3cachehalf0/event1 '0x2' -> 0
write l3cachehalf0/enable '1' -> 0
write l3cachehalf0/enable '0' -> 0
write l3cachehalf0/event1 '0x0' -> 0
write l3cachehalf0/event0 '0x2' -> 0
write tile0/event1 '0x4c' -> 0
write tile0/event0 '0x45' -> 0
write l3cachehalf0/enable '1' -> 0"

@test "bluefield: exact deltas (a register wrapping past 2^64 too), the writes in order, state restored" {
	bf_mount "${INIT[@]}" --init pcie0/IN_C_PKT_CNT=0xffffffffffffff00
	before=$(bf_state)
	pmuctl --sysfs-root "$BFROOT" -j stat "${BFEV[@]}" --duration 0.1
	[ "$status" -eq 0 ]
	[ "$(jq_py '[c["count"] for c in d["counts"]]')" = "[1000, 1000, 1000, 1000, 1000]" ]
	[ "$(cat "$BFLOG")" = "$BFEV_WRITES" ]
	[ "$(bf_state)" = "$before" ]
}

@test "bluefield: sysfs files are written without O_TRUNC, which the kernel ignores" {
	bf_mount "${INIT[@]}"
	pmuctl --sysfs-root "$BFROOT" stat "${BFEV[@]}" --duration 0.05
	[ "$status" -eq 0 ]
	run grep -c '^trunc' "$BFLOG"
	[ "$output" = 0 ]
}

# Count BFEV, send the signal once pmuctl counts: exit status $2, every write in order, the state
# as it was. One stand-in serves a test's signals: each run must leave it as the first found it.
signalled() {
	local sig=$1 want=$2
	if [ -z "${STANDIN:-}" ]; then
		bf_mount "${INIT[@]}"
		before=$(bf_state)
	fi
	: >"$BFLOG"
	background "$PMUCTL" -v --sysfs-root "$BFROOT" stat "${BFEV[@]}"
	wait_for "pmuctl to count" counting "$BATS_TEST_TMPDIR/out"
	kill -"$sig" "$BG"
	finish
	[ "$status" -eq "$want" ] || { echo "SIG$sig: exit $status, want $want"; return 1; }
	[ "$(cat "$BFLOG")" = "$BFEV_WRITES" ] || { echo "SIG$sig: $(cat "$BFLOG")"; return 1; }
	[ "$(bf_state)" = "$before" ] || { echo "SIG$sig: state not restored"; return 1; }
}

@test "bluefield: state restored after SIGINT and SIGTERM, which print the totals, then end pmuctl" {
	test_locale en_US.UTF-8
	for sig in INT TERM; do
		signalled $sig $((128 + $(kill -l $sig)))
		[[ "$output" == *"1,000      bfperf/tile0/HNF_REQUESTS/"* ]]
	done
}

# a signal's number, from its name or its number
signum() {
	case $1 in [0-9]*) echo "$1" ;; *) kill -l "$1" ;; esac
}

@test "bluefield: every catchable signal, one by one, restores first, then ends pmuctl by it" {
	ulimit -c 0
	# the faults sent with kill (before, they ended pmuctl at once, three registers programmed),
	# the other terminating signals, and every real-time signal from SIGRTMIN
	for sig in HUP QUIT ILL TRAP ABRT BUS FPE USR1 SEGV USR2 ALRM STKFLT XCPU XFSZ VTALRM PROF IO PWR SYS \
		$(seq "$(kill -l RTMIN)" "$(kill -l RTMAX)"); do
		signalled "$sig" $((128 + $(signum "$sig")))
	done
}

@test "bluefield: SIGPIPE, which pmuctl ignores, leaves the run counting" {
	bf_mount "${INIT[@]}"
	before=$(bf_state)
	: >"$BFLOG"
	background "$PMUCTL" -v --sysfs-root "$BFROOT" stat "${BFEV[@]}"
	wait_for "pmuctl to count" counting "$BATS_TEST_TMPDIR/out"
	kill -PIPE "$BG"
	kill -TERM "$BG"
	finish
	[ "$status" -eq 143 ]
	[ "$(cat "$BFLOG")" = "$BFEV_WRITES" ]
	[ "$(bf_state)" = "$before" ]
}

@test "bluefield: a run killed by SIGKILL is undone by the next one, and doctor says so meanwhile" {
	bf_mount "${INIT[@]}"
	before=$(bf_state)
	background "$PMUCTL" -v --sysfs-root "$BFROOT" stat "${BFEV[@]}"
	wait_for "pmuctl to count" counting "$BATS_TEST_TMPDIR/out"
	dead=$BG
	kill -KILL "$BG"
	finish
	[ "$status" -eq 137 ]
	[ "$(bf_state)" != "$before" ]
	pmuctl --sysfs-root "$BFROOT" doctor
	[[ "$output" == *"warn  counters.left_programmed  $HW/tile0: pmuctl pid $dead ended without restoring 2 files it programmed (event0 0x45, before 0x45): the next pmuctl run on the block restores them"* ]]
	# someone wrote event1 of tile0 since: it stays as they left it, and the run says why
	echo 0x50 >"$HW/tile0/event1"
	: >"$BFLOG"
	pmuctl --sysfs-root "$BFROOT" stat "${BFEV[@]}" --duration 0.05
	[ "$status" -eq 0 ]
	[[ "$output" == *"pmuctl: warning: block l3cachehalf0: pmuctl pid $dead ended without restoring what it programmed (killed, or a crash): restored event1 to 0x0, event0 to 0x2, enable to 1"* ]]
	[[ "$output" == *"pmuctl: warning: block tile0: event1 reads '0x50', not the 0x46 that pmuctl pid $dead wrote before it ended without restoring: someone changed it since, so it stays (it held 0x4c before that run)"* ]]
	[[ "$output" == *"pmuctl: warning: block tile0: pmuctl pid $dead ended without restoring what it programmed (killed, or a crash): restored event0 to 0x45"* ]]
	[ "$(bf_state)" = "$(sed 's/^tile0\/event1: .*/tile0\/event1: 0x50: POC_FAIL/' <<<"$before")" ]
	# nothing left to say
	pmuctl --sysfs-root "$BFROOT" doctor
	[[ "$output" != *left_programmed* ]]
}

@test "bluefield: a read slower than -I still ends on SIGINT and SIGTERM, state restored" {
	# each read of counter0 takes 0.3 s, thirty intervals of -I 10: pmuctl is always late
	bf_mount "${INIT[@]}" --slow tile0/counter0=0.3
	before=$(bf_state)
	for sig in INT TERM; do
		: >"$BFLOG"
		background "$PMUCTL" --sysfs-root "$BFROOT" stat -x, -I 10 "${BFEV[@]}"
		wait_for "two late intervals" eval '[ "$(grep -c HNF_REQUESTS "$BATS_TEST_TMPDIR/out")" -ge 2 ]'
		kill -"$sig" "$BG"
		# before, the signal stayed blocked for good once pmuctl was late: only SIGKILL ended it
		finish
		[ "$status" -eq $((128 + $(kill -l $sig))) ]
		[[ "$output" == *"pmuctl: warning: skipped "*" intervals: a report took longer than -I 10 ms"* ]]
		[ "$(cat "$BFLOG")" = "$BFEV_WRITES" ]
		[ "$(bf_state)" = "$before" ]
	done
}

@test "bluefield: SIGTERM while the output stalls restores every block, then ends pmuctl by it" {
	bf_mount "${INIT[@]}"
	before=$(bf_state)
	# the pipe's page all but full: the first report stalls, and so would the totals
	stalled_fifo 4000
	# eventN written, then reports to a reader that never reads: pmuctl waits on its output
	background sh -c 'f=$1; shift; exec "$@" >"$f"' sh "$FIFO" "$PMUCTL" --sysfs-root "$BFROOT" stat -x, -I 10 "${BFEV[@]}"
	wait_for "pmuctl to wait on its output" waiting "$BG"
	kill -TERM "$BG"
	finish
	[ "$status" -eq 143 ]
	[ "$(cat "$BFLOG")" = "$BFEV_WRITES" ]
	[ "$(bf_state)" = "$before" ]
}

@test "bluefield: SIGTERM while -o waits for a FIFO's reader restores every block" {
	bf_mount "${INIT[@]}"
	before=$(bf_state)
	mkfifo "$BATS_TEST_TMPDIR/fifo"
	run timeout --preserve-status -k 3 1 "$PMUCTL" --sysfs-root "$BFROOT" stat -I 100 "${BFEV[@]}" \
		-o "$BATS_TEST_TMPDIR/fifo"
	[ "$status" -eq 143 ]
	[ "$(bf_state)" = "$before" ]
}

@test "bluefield: a counter cleared under stat -I is a reset, never a negative or wrapped count" {
	bf_mount "${INIT[@]}"
	background "$PMUCTL" --sysfs-root "$BFROOT" -j stat -I 100 -e bfperf/tile0/HNF_REQUESTS/ -e bfperf/tile0/0x46/
	wait_for "an interval" grep -q '^{' "$BATS_TEST_TMPDIR/out"
	# another writer clears counter0, as the driver's counterN store does
	echo 0 >"$HW/tile0/counter0"
	n=$(grep -c '^{' "$BATS_TEST_TMPDIR/out")
	wait_for "two intervals after the clear" eval '[ "$(grep -c "^{" "$BATS_TEST_TMPDIR/out")" -ge $((n + 2)) ]'
	kill -INT "$BG"
	finish
	[ "$status" -eq 130 ]
	[[ "$output" == *"pmuctl: warning: bfperf/tile0/HNF_REQUESTS/: the counter went backwards: another program reset it (wrote its eventN or counterN), and what it counted before is lost"* ]]
	grep '^{' "$BATS_TEST_TMPDIR/out" >"$BATS_TEST_TMPDIR/lines"
	# every line matches the schema (count is never negative); the stand-in bumps 1000 a read
	python3 "$BATS_TEST_DIRNAME/../schema_check.py" "$BATS_TEST_TMPDIR/lines" -- -j stat -I 100
	run python3 -c '
import json, sys
for l in open(sys.argv[1]):
    c = json.loads(l)["counts"]
    print(c[0]["state"], c[0]["count"], c[1]["count"])' "$BATS_TEST_TMPDIR/lines"
	# one report holds the clear: no count there; the others count exactly, and the last
	# partial one too
	[ "$(grep -c '^reset None 1000$' <<<"$output")" -eq 1 ]
	[ "$(grep -vc '^counted 1000 1000$' <<<"$output")" -eq 1 ]
}

# stat -I 100 -j of HNF_REQUESTS and 0x46 on tile0 until $1 reports: its exit status, then
# "state count" of the first counter, a line a report
reports_of_counter0() {
	background "$PMUCTL" --sysfs-root "$BFROOT" -j stat -I 100 --interval-count "$1" \
		-e bfperf/tile0/HNF_REQUESTS/ -e bfperf/tile0/0x46/
	finish
	echo "exit $status"
	grep '^{' "$BATS_TEST_TMPDIR/out" >"$BATS_TEST_TMPDIR/lines"
	python3 "$BATS_TEST_DIRNAME/../schema_check.py" "$BATS_TEST_TMPDIR/lines" -- -j stat -I 100
	python3 -c '
import json, sys
for l in open(sys.argv[1]):
    c = json.loads(l)["counts"][0]
    print(c["state"], c["count"])' "$BATS_TEST_TMPDIR/lines"
}

@test "bluefield: a jump no hardware could count (300, 2^63, 2^64-1) is said and never counted" {
	# the reads counter0 gives: at enable, then one a report; after them it counts on from 1300
	bf_mount "${INIT[@]}" --script tile0/counter0=300,0x8000000000000000,0xffffffffffffffff,1300
	run reports_of_counter0 5
	[ "$status" -eq 0 ]
	# two reports hold a jump, the third the read that goes on from 300: no count in them, and
	# the count after is exact; counts reset: exit 2
	[ "$output" = "exit 2
reset None
reset None
reset None
counted 1000
counted 1000" ]
	grep -q "pmuctl: warning: bfperf/tile0/HNF_REQUESTS/: the counter jumped further than it can count in the time since the read before (a bad read, or another writer): that jump is not counted" "$BATS_TEST_TMPDIR/out"
}

@test "bluefield: a jump that the counter goes on from is counted from there" {
	bf_mount "${INIT[@]}" --script tile0/counter0=300,0x8000000000000000
	run reports_of_counter0 3
	[ "$status" -eq 0 ]
	[ "$output" = "exit 2
reset None
reset None
counted 1000" ]
}

@test "bluefield: a read that fails once is tried again: a new baseline, then counts again" {
	bf_mount "${INIT[@]}" --script "tile0/counter0=300,No event being monitored,1300"
	run reports_of_counter0 4
	[ "$status" -eq 0 ]
	[ "$output" = "exit 0
not_counted None
not_counted None
counted 1000
counted 1000" ]
}

@test "bluefield-3: a 32-bit crspace counter that reads wider is a bad read, not a count" {
	BF_SRC=$BF3 bf_mount --script llt0/counter0=0x10,0x1ffffffff,0x20
	background "$PMUCTL" --sysfs-root "$BFROOT" -j stat -I 100 --interval-count 3 -e bfperf/llt0/HNF0_REQS_RECEIVED/
	finish
	[ "$status" -eq 0 ]
	[[ "$output" == *"pmuctl: warning: bfperf/llt0/HNF0_REQS_RECEIVED/: cannot read class/hwmon/hwmon0/llt0/counter0: not a 32-bit number"* ]]
	# masked, the wide read was 0xffffffff: a count of 4 billion; refused, it counts nothing
	run python3 -c '
import json, sys
for l in open(sys.argv[1]):
    if l.startswith("{"):
        c = json.loads(l)["counts"][0]
        print(c["state"], c["count"])' "$BATS_TEST_TMPDIR/out"
	[ "$output" = "not_counted None
not_counted None
counted 1000" ]
}

@test "bluefield-3: a 32-bit counter's jump no block could count in the time is not counted" {
	# 0x20, then 0xffffffff 100 ms later: 4 billion events, 43 billion a second
	BF_SRC=$BF3 bf_mount --script llt0/counter0=0x20,0xffffffff,0x408
	background "$PMUCTL" --sysfs-root "$BFROOT" -j stat -I 100 --interval-count 3 -e bfperf/llt0/HNF0_REQS_RECEIVED/
	finish
	[ "$status" -eq 2 ]
	[[ "$output" == *"pmuctl: warning: bfperf/llt0/HNF0_REQS_RECEIVED/: the counter jumped further than it can count in the time since the read before"* ]]
	run python3 -c '
import json, sys
for l in open(sys.argv[1]):
    if l.startswith("{"):
        c = json.loads(l)["counts"][0]
        print(c["state"], c["count"])' "$BATS_TEST_TMPDIR/out"
	[ "$output" = "reset None
reset None
counted 1000" ]
}

@test "bluefield: state restored after a failure half-way (five events, four counters)" {
	bf_mount "${INIT[@]}"
	before=$(bf_state)
	pmuctl --sysfs-root "$BFROOT" stat -e bfperf/tile0/0x45/ -e bfperf/tile0/0x46/ -e bfperf/tile0/0x47/ -e bfperf/tile0/0x48/ -e bfperf/tile0/0x49/ --duration 0.05
	[ "$status" -eq 2 ]
	[[ "$output" == *"pmuctl: warning: bfperf/tile0/0x49/: block tile0 has 4 counters; more events were asked for"* ]]
	[ "$(bf_state)" = "$before" ]
}

@test "bluefield: a restore the driver refuses is an error naming the file and the value" {
	bf_mount "${INIT[@]}" --deny tile0/event1=0x4c
	pmuctl --sysfs-root "$BFROOT" stat -e bfperf/tile0/0x46/ -e bfperf/tile0/0x47/ --duration 0.05
	[ "$status" -eq 1 ]
	[[ "$output" == *"pmuctl: error: cannot restore class/hwmon/hwmon0/tile0/event1 to 0x4c: Permission denied; it reads '0x47: ALL_BUSY'"* ]]
	# the other counter is still put back
	[ "$(cat "$HW/tile0/event0")" = "0x45: HNF_REQUESTS" ]
}

@test "bluefield: an event slot whose value cannot be saved is never programmed" {
	bf_mount "${INIT[@]}" --set 'tile0/event0=No event being monitored'
	before=$(bf_state)
	pmuctl --sysfs-root "$BFROOT" -j stat -e bfperf/tile0/HNF_REJECTS/ --duration 0.05
	[ "$status" -eq 0 ]
	[ "$(jq_py '[c["count"] for c in d["counts"]]')" = "[1000]" ]
	[ "$(cat "$BFLOG")" = "write tile0/event1 '0x46' -> 0
write tile0/event1 '0x4c' -> 0" ]
	[ "$(bf_state)" = "$before" ]
}

@test "bluefield: a counter that stops reading is reported, not counted as 0" {
	bf_mount "${INIT[@]}" --break tile0/counter0=1
	pmuctl --sysfs-root "$BFROOT" -j stat -e bfperf/tile0/HNF_REQUESTS/ -e bfperf/tile0/0x46/ --duration 0.05
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "pmuctl: warning: bfperf/tile0/HNF_REQUESTS/: cannot read class/hwmon/hwmon0/tile0/counter0: Input/output error" ]
	output=${lines[1]}
	[ "$(jq_py '[(c["count"], c["state"]) for c in d["counts"]]')" = "[(None, 'not_counted'), (1000, 'counted')]" ]
}

@test "bluefield: a register that is not a number fails at open, named" {
	cp -r "$BF2" "$BATS_TEST_TMPDIR/bf"
	hw=$BATS_TEST_TMPDIR/bf/devices/platform/MLNXBFD1:00/hwmon/hwmon0
	echo zz >"$hw/pcie0/IN_C_BYTE_CNT"
	pmuctl --sysfs-root "$BATS_TEST_TMPDIR/bf" stat -e bfperf/pcie0/IN_C_BYTE_CNT/ --duration 0.05
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: warning: bfperf/pcie0/IN_C_BYTE_CNT/: cannot read class/hwmon/hwmon0/pcie0/IN_C_BYTE_CNT: not a 64-bit number" ]
	[ "${lines[1]}" = "pmuctl: error: no event could be counted" ]
	pmuctl --sysfs-root "$BATS_TEST_TMPDIR/bf" stat -e bfperf/pcie0/IN_C_BYTE_CNT/ -e bfperf/pcie0/IN_C_PKT_CNT/ --duration 0.05
	[ "$status" -eq 2 ]
}

@test "bluefield: a second pmuctl on the same block refuses clearly" {
	bf_mount "${INIT[@]}"
	before=$(bf_state)
	background "$PMUCTL" -v --sysfs-root "$BFROOT" stat -e bfperf/tile0/HNF_REQUESTS/
	wait_for "pmuctl to count" counting "$BATS_TEST_TMPDIR/out"
	pmuctl --sysfs-root "$BFROOT" stat -e bfperf/tile0/HNF_REJECTS/ --duration 0.05
	[ "$status" -eq 1 ]
	[[ "$output" == *"block tile0 is being counted by another pmuctl (pid $BG, which holds its lock)"* ]]
	kill -INT "$BG"
	finish
	[ "$status" -eq 130 ]
	[ "$(bf_state)" = "$before" ]
}

@test "bluefield: two runs exclude each other whatever their lock directories and mount namespaces" {
	bf_mount "${INIT[@]}"
	before=$(bf_state)
	# PMUCTL_LOCK_DIR: what an earlier pmuctl took its lock files in; each run its own
	mkdir "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
	background env PMUCTL_LOCK_DIR="$BATS_TEST_TMPDIR/a" "$PMUCTL" -v --sysfs-root "$BFROOT" stat -e bfperf/tile0/HNF_REQUESTS/
	wait_for "pmuctl to count" counting "$BATS_TEST_TMPDIR/out"
	# as a systemd unit sees the machine: a mount namespace with a /run/lock of its own
	run unshare -m sh -c 'mkdir -p /run/lock && mount -t tmpfs tmpfs /run/lock; PMUCTL_LOCK_DIR=$0 exec "$@"' \
		"$BATS_TEST_TMPDIR/b" "$PMUCTL" --sysfs-root "$BFROOT" stat -e bfperf/tile0/HNF_REJECTS/ --duration 0.05
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: warning: bfperf/tile0/HNF_REJECTS/: block tile0 is being counted by another pmuctl (pid $BG, which holds its lock)" ]
	[ "${lines[1]}" = "pmuctl: error: no event could be counted" ]
	kill -INT "$BG"
	finish
	[ "$status" -eq 130 ]
	# the second run wrote nothing: only the first's program and restore are in the log
	[ "$(cat "$BFLOG")" = "write tile0/event0 '0x45' -> 0
write tile0/event0 '0x45' -> 0" ]
	[ "$(bf_state)" = "$before" ]
}

# BlueField-3: llt, llt_miss and mss are CRSPACE blocks, started by enable like l3cache
BF3EV=(-e bfperf/llt0/HNF0_REQS_RECEIVED/ -e bfperf/llt0/0x3/ -e bfperf/mss0/0x1/
	-e bfperf/llt_miss0/GDC_MISS_MACHINE_G_FIFO_FF_EXEC0_1/ -e bfperf/clock_measure/FMON_CLK_LAST_COUNT_PLL_G1/)

@test "bluefield-3: crspace blocks count once enabled, 32-bit counters wrap, every eventN and enable restored" {
	BF_SRC=$BF3 bf_mount --init llt0/event0=0x5 --init llt0/enable=1 --init mss0/counter0=0xfffffc18
	before=$(bf_state)
	pmuctl --sysfs-root "$BFROOT" -j stat "${BF3EV[@]}" --duration 0.2
	[ "$status" -eq 0 ]
	# mss0/counter0 starts 1000 below 2^32: the delta is still exact
	[ "$(jq_py '[(c["event"], c["count"]) for c in d["counts"]]')" = "[('bfperf/llt0/HNF0_REQS_RECEIVED/', 1000), ('bfperf/llt0/0x3/', 1000), ('bfperf/mss0/0x1/', 1000), ('bfperf/llt_miss0/GDC_MISS_MACHINE_G_FIFO_FF_EXEC0_1/', 1000), ('bfperf/clock_measure/FMON_CLK_LAST_COUNT_PLL_G1/', 1000)]" ]
	[ "$(cat "$BFLOG")" = "write llt0/event0 '0x1' -> 0
write llt0/event1 '0x3' -> 0
write mss0/event0 '0x1' -> 0
write llt_miss0/event0 '0xe' -> 0
write llt0/enable '1' -> 0
write mss0/enable '1' -> 0
write llt_miss0/enable '1' -> 0
write llt0/enable '0' -> 0
write mss0/enable '0' -> 0
write llt_miss0/enable '0' -> 0
write llt_miss0/event0 '0x0' -> 0
write mss0/event0 '0x0' -> 0
write llt0/event1 '0x0' -> 0
write llt0/event0 '0x5' -> 0
write llt0/enable '1' -> 0
write mss0/enable '0' -> 0
write llt_miss0/enable '0' -> 0" ]
	[ "$(bf_state)" = "$before" ]
}

@test "bluefield-3: the example tree lists its blocks and the names of the llt_miss table without the driver's trailing spaces" {
	pmuctl --sysfs-root "$BF3" list
	[ "$status" -eq 0 ]
	[[ "$output" == *"mss0                 crspace   4 counters, 155 events"* ]]
	[[ "$output" == *"llt_miss0            crspace   4 counters, 76 events"* ]]
	[[ "$output" == *"clock_measure        register  28 statistics registers"* ]]
	pmuctl --sysfs-root "$BF3" list --events bfperf/llt_miss0
	[[ "$output" == *"bfperf/llt_miss0/GDC_MISS_MACHINE_G_FIFO_FF_EXEC0_1/ 0xe"* ]]
	# the fixture keeps the wart, byte for byte
	grep -q '^0xe: GDC_MISS_MACHINE_G_FIFO_FF_EXEC0_1 $' "$BF3/class/hwmon/hwmon0/llt_miss0/event_list"
}
