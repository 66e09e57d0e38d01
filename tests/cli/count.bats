#!/usr/bin/env bats
# pmuctl stat counting for real: msr and a software-aliased Tegra410 against perf, side by side;
# BlueField hwmon against a process playing the driver; errors, formats, signals, locks.
load helpers


# |a - b| <= 2% of b
within_2pct() {
	python3 -c 'import sys; a, b = float(sys.argv[1]), float(sys.argv[2]); sys.exit(0 if b > 0 and abs(a - b) <= 0.02 * b else 1)' "$1" "$2" ||
		{ echo "$1 and $2 differ by more than 2%"; return 1; }
}

# count per second of running time of one event, from perf stat -x, output
perf_rate() {
	awk -F, -v ev="$2" '$3 == ev { printf "%.6f\n", $1 / $4 * 1e9 }' "$1"
}

# the same from pmuctl -j: rates, not counts, so that how long each run took does not matter
# (under valgrind pmuctl starts and stops much later than its workload's clock says)
our_rate() {
	jq_py "d['counts'][$1]['count'] / d['counts'][$1]['running_ns'] * 1e9"
}

@test "count: msr/tsc/ system-wide counts at the rate perf stat counts, within 2%" {
	[ -d /sys/bus/event_source/devices/msr ] || skip "this machine has no msr PMU"
	pmuctl -j stat -a -e msr/tsc/ --duration 0.3
	[ "$status" -eq 0 ]
	[ "$(jq_py 'd["counts"][0]["running_pct"]')" = 100.0 ]
	ours=$(our_rate 0)
	perf stat -x, -a -e msr/tsc/ -o "$BATS_TEST_TMPDIR/perf.csv" -- sleep 0.3
	within_2pct "$ours" "$(perf_rate "$BATS_TEST_TMPDIR/perf.csv" msr/tsc/)"
}

@test "count: a software-aliased Tegra410 counts at the rates perf counts on the same tree" {
	evs=(-e nvidia_pcie_pmu_0_rc_4/rd_bytes/ -e nvidia_cmem_latency_pmu_1/cycles/ -e nvidia_ucf_pmu_0/event=0x1/)
	SYSFS_PATH=$LIVE perf stat -x, -a "${evs[@]}" -o "$BATS_TEST_TMPDIR/perf.csv" -- sleep 0.3
	pmuctl --sysfs-root "$LIVE" -j stat "${evs[@]}" --duration 0.3
	[ "$status" -eq 0 ]
	for i in 0 1 2; do
		ev=$(jq_py "d['counts'][$i]['event']")
		within_2pct "$(our_rate $i)" "$(perf_rate "$BATS_TEST_TMPDIR/perf.csv" "$ev")"
	done
}

@test "count: the time printed covers all a counter counted, a workload's start included" {
	# time starts when the counters do, not once the command has been exec'd (an exec takes
	# far more than the 50 us allowed for the kernel's clock and CLOCK_MONOTONIC to differ)
	for _ in 1 2 3; do
		pmuctl --sysfs-root "$LIVE" -j stat -e nvidia_ucf_pmu_0/event=0x0/ -- sleep 0.05
		[ "$status" -eq 0 ]
		[ "$(jq_py 'd["counts"][0]["enabled_ns"] <= d["time_s"] * 1e9 + 50_000')" = True ]
	done
}

@test "count: an event the kernel lacks fails alone, explained; the others count (exit 2)" {
	pmuctl --sysfs-root "$LIVE" stat -e nvidia_pcie_pmu_0_rc_1/cycles/ -e nvidia_pcie_pmu_0_rc_1/rd_req/ --duration 0.2
	[ "$status" -eq 2 ]
	[[ "$output" == *"pmuctl: warning: nvidia_pcie_pmu_0_rc_1/cycles/: the kernel has no PMU of type 1 or it has no event 0x100000000"* ]]
	[[ "$output" == *"<not supported>      nvidia_pcie_pmu_0_rc_1/cycles/"* ]]
	[[ "$output" =~ [0-9,]+\ +nvidia_pcie_pmu_0_rc_1/rd_req/ ]]
	pmuctl --sysfs-root "$LIVE" stat -e nvidia_pcie_pmu_0_rc_1/cycles/ --duration 0.1
	[ "$status" -eq 1 ]
	[ "${lines[-1]}" = "pmuctl: error: no event could be counted" ]
}

@test "count: a group with a failing member is not counted at all" {
	pmuctl --sysfs-root "$LIVE" -j stat -e '{nvidia_pcie_pmu_0_rc_1/rd_req/,nvidia_pcie_pmu_0_rc_1/cycles/}' -e nvidia_ucf_pmu_0/event=0x0/ --duration 0.1
	[ "$status" -eq 2 ]
	json=${lines[-1]}
	output=$json
	[ "$(jq_py '[c["state"] for c in d["counts"]]')" = "['not_counted', 'not_supported', 'counted']" ]
}

@test "count: family rules are checked before anything opens" {
	pmuctl --sysfs-root "$YITIAN" stat -e '{ali_drw_21000/hif_rd/,ali_drw_21000/hif_wr/}' --duration 0.1
	[ "$status" -eq 1 ]
	[[ "${lines[0]}" == "pmuctl: error: Yitian DRW event 'ali_drw_21000/hif_rd/' shares a group with 'ali_drw_21000/hif_wr/'"* ]]
	[ "${#lines[@]}" -eq 3 ]
}

@test "count: latency events are grouped on their own" {
	pmuctl --sysfs-root "$LIVE" -j stat -A -e nvidia_cmem_latency_pmu_0/rd_req/ -e nvidia_cmem_latency_pmu_0/rd_cum_outs/ -e nvidia_cmem_latency_pmu_0/cycles/ --duration 0.1
	[ "$status" -eq 0 ]
	[ "$(jq_py 'len(d["counts"])')" = 3 ]
	[ "$(jq_py 'set(c["cpu"] for c in d["counts"])')" = "{0}" ]
}

@test "count: --per-socket, --per-pmu and -A split a glob" {
	pmuctl --sysfs-root "$LIVE" -j stat -e 'nvidia_pcie_pmu_*_rc_0/rd_bytes/' --per-socket --duration 0.1
	[ "$(jq_py '[(c["socket"], c["event"]) for c in d["counts"]]')" = "[(0, 'nvidia_pcie_pmu_*_rc_0/rd_bytes/'), (1, 'nvidia_pcie_pmu_*_rc_0/rd_bytes/')]" ]
	pmuctl --sysfs-root "$LIVE" -j stat -e 'nvidia_pcie_pmu_*_rc_0/rd_bytes/' --per-pmu --duration 0.1
	[ "$(jq_py '[c["pmu"] for c in d["counts"]]')" = "['nvidia_pcie_pmu_0_rc_0', 'nvidia_pcie_pmu_1_rc_0']" ]
	pmuctl --sysfs-root "$LIVE" -j stat -e 'nvidia_pcie_pmu_*_rc_0/rd_bytes/' --duration 0.1
	[ "$(jq_py '[(c["pmu"], c["event"]) for c in d["counts"]]')" = "[(None, 'nvidia_pcie_pmu_*_rc_0/rd_bytes/')]" ]
	pmuctl --sysfs-root "$LIVE" -j stat -A -e 'nvidia_pcie_pmu_*_rc_0/rd_bytes/' --duration 0.1
	[ "$(jq_py '[(c["pmu"], c["cpu"]) for c in d["counts"]]')" = "[('nvidia_pcie_pmu_0_rc_0', 0), ('nvidia_pcie_pmu_1_rc_0', 1)]" ]
}

@test "count: CSV has a header, -x perf's lines; -I gives one JSON line per interval" {
	pmuctl --sysfs-root "$LIVE" stat --format=csv -x';' -e nvidia_ucf_pmu_0/event=0x0/ --duration 0.1
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "time;kind;name;value;unit;pmu;socket;rc;cpu;device;scope;running_pct;state;multiplexed;coverage;together" ]
	[[ "${lines[1]}" =~ ^[0-9.]+\;count\;nvidia_ucf_pmu_0/event=0x0/\;[0-9]+\;\;nvidia_ucf_pmu_0\;0\;\;0\;\;\;100.00\;counted\;no\;1.000000\;$ ]]
	pmuctl --sysfs-root "$LIVE" stat -x';' -e nvidia_ucf_pmu_0/event=0x0/ --duration 0.1
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" =~ ^[0-9]+\;\;nvidia_ucf_pmu_0/event=0x0/\;[0-9]+\;100.00\;\;$ ]]
	# stdout alone: under load a late report says so on stderr
	run --separate-stderr "$PMUCTL" --sysfs-root "$LIVE" -j stat -I 50 --interval-count 3 -e nvidia_ucf_pmu_0/event=0x0/
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 3 ]
	for i in 0 1 2; do
		output=${lines[$i]} && [ "$(jq_py 'd["interval"]')" = $((i + 1)) ]
		# cpu-clock here: an interval counts the time it ran, however long that was
		[ "$(jq_py 'd["counts"][0]["count"] > 0')" = True ]
		within_2pct "$(our_rate 0)" 1e9
	done
}

@test "count: -o writes the file and no temporary one; a bad path writes nothing" {
	pmuctl --sysfs-root "$LIVE" -j stat -o "$BATS_TEST_TMPDIR/out.json" -e nvidia_ucf_pmu_0/event=0x0/ --duration 0.1
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	output=$(cat "$BATS_TEST_TMPDIR/out.json")
	[ "$(jq_py 'd["counts"][0]["pmu"]')" = nvidia_ucf_pmu_0 ]
	[ "$(ls "$BATS_TEST_TMPDIR" | grep -c tmp)" = 0 ]
	pmuctl --sysfs-root "$LIVE" stat -o "$BATS_TEST_TMPDIR/no/such/dir/out" -e nvidia_ucf_pmu_0/event=0x0/ --duration 0.1
	[ "$status" -eq 1 ]
	[[ "$output" == "pmuctl: error: cannot write '$BATS_TEST_TMPDIR/no/such/dir/out': No such file or directory" ]]
	[ ! -e "$BATS_TEST_TMPDIR/no" ]
}

@test "count: an event given twice is two rows, not one row counting double" {
	ev=nvidia_pcie_pmu_0_rc_4/rd_bytes/
	pmuctl --sysfs-root "$LIVE" -j stat -e $ev,$ev -e "{$ev,$ev}" --duration 0.2
	[ "$status" -eq 0 ]
	[ "$(jq_py 'len(d["counts"])')" = 4 ]
	# the live fixture counts cpu-clock: each row alone counts the time it ran, once (a row
	# counting double would count two ns per ns)
	for i in 0 1 2 3; do
		within_2pct "$(our_rate $i)" 1e9
	done
	# one event over several PMUs (a glob) is still one row, as perf merges it
	pmuctl --sysfs-root "$LIVE" -j stat -e 'nvidia_pcie_pmu_0_rc_*/rd_bytes/' --duration 0.2
	[ "$(jq_py 'len(d["counts"])')" = 1 ]
}

@test "count: -o onto a device or a FIFO writes there and replaces nothing; onto a symlink, nothing" {
	ev=nvidia_ucf_pmu_0/event=0x0/
	# renaming a temporary file over /dev/full once turned it into a regular file
	pmuctl --sysfs-root "$LIVE" stat -o /dev/full -e $ev --duration 0.05
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: cannot write '/dev/full': No space left on device" ]
	[ -c /dev/full ]
	pmuctl --sysfs-root "$LIVE" stat -M t410_pcie_rd_bw --format=openmetrics -o /dev/full -I 20 --interval-count 3
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: cannot write '/dev/full': No space left on device" ]
	[ -c /dev/full ]
	mkfifo "$BATS_TEST_TMPDIR/fifo"
	head -n 1 "$BATS_TEST_TMPDIR/fifo" >"$BATS_TEST_TMPDIR/from-fifo" &
	pid=$!
	pmuctl --sysfs-root "$LIVE" stat -x, -o "$BATS_TEST_TMPDIR/fifo" -e $ev --duration 0.05
	[ "$status" -eq 0 ]
	wait "$pid"
	[[ "$(cat "$BATS_TEST_TMPDIR/from-fifo")" =~ ^[0-9]+,,nvidia_ucf_pmu_0/event=0x0/,[0-9]+,100.00,,$ ]]
	[ -p "$BATS_TEST_TMPDIR/fifo" ]
	echo old >"$BATS_TEST_TMPDIR/real"
	ln -s real "$BATS_TEST_TMPDIR/link"
	pmuctl --sysfs-root "$LIVE" stat -x, -o "$BATS_TEST_TMPDIR/link" -e $ev --duration 0.05
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: cannot write '$BATS_TEST_TMPDIR/link': it is a symbolic link, which pmuctl does not follow (whoever can write its directory could point it anywhere); give the file itself, or - for standard output" ]
	[ -L "$BATS_TEST_TMPDIR/link" ]
	[ "$(cat "$BATS_TEST_TMPDIR/real")" = old ]
}

@test "count: SIGINT prints the totals, then pmuctl dies by it as perf does (130)" {
	background "$PMUCTL" -v --sysfs-root "$LIVE" stat -e nvidia_ucf_pmu_0/event=0x0/
	wait_for "pmuctl to count" counting "$BATS_TEST_TMPDIR/out"
	kill -INT "$BG"
	finish
	[ "$status" -eq 130 ]
	[[ "$output" == *"nvidia_ucf_pmu_0/event=0x0/"* ]]
	[[ "$output" == *"seconds time elapsed"* ]]
}

@test "count: bad intervals, durations, separators and commands" {
	pmuctl stat -e msr/tsc/ -I 5
	[ "$status" -eq 64 ]
	[[ "${lines[0]}" == *"invalid interval '5': expected a whole number from 10 to 86400000" ]]
	pmuctl stat -e msr/tsc/ --duration -1
	[ "$status" -eq 64 ]
	[[ "${lines[0]}" == *"invalid duration '-1': expected seconds, more than 0 (e.g. 1 or 0.5)" ]]
	pmuctl stat -e msr/tsc/ --interval-count 3
	[ "$status" -eq 64 ]
	[[ "${lines[0]}" == *"--interval-count needs -I MS" ]]
	pmuctl stat -e msr/tsc/ --dry-run -- true
	[ "$status" -eq 64 ]
	pmuctl --sysfs-root "$LIVE" stat -e nvidia_ucf_pmu_0/event=0x0/ -- /no/such/command
	[ "$status" -eq 1 ]
	[[ "$output" == *"pmuctl: error: cannot run '/no/such/command': No such file or directory"* ]]
}

@test "count: bfperf events are checked against event_list" {
	pmuctl --sysfs-root "$BF2" stat -e bfperf/tile0/NOPE/ --duration 0.1
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: block tile0 has no event 'NOPE' (pmuctl list --events bluefield)" ]
	[ "${lines[2]}" = "               ^~~~" ]
	pmuctl --sysfs-root "$BF2" stat -e bfperf/tile9/HNF_REQUESTS/ --duration 0.1
	[ "$status" -eq 1 ]
	[[ "${lines[0]}" == "pmuctl: error: no block 'tile9' in hwmon0"* ]]
}

@test "count: a soft open-file limit below the counters is raised, as perf does; a hard one is named" {
	command -v prlimit >/dev/null || skip "prlimit (util-linux) is not installed"
	# four pairs of sockets of the live tree: 116 functions, 232 counters
	python3 "$BATS_TEST_DIRNAME/../gen/fixtures.py" --tegra410-live-pairs 4 "$BATS_TEST_TMPDIR/big" >/dev/null
	# valgrind gives pmuctl a hard limit equal to its soft one (the descriptors above are its own):
	# nothing can be raised under it, so there the limit fits and the raise is the other runs' to show
	local soft=256 hard=300
	[ -z "${PMUCTL_REAL:-}" ] || { soft=1024 hard=256; }
	run prlimit --nofile=$soft:20000 "$PMUCTL" -q --sysfs-root "$BATS_TEST_TMPDIR/big/sys" -j stat --per-device \
		-M t410_pcie_rd_bw,t410_pcie_wr_bw --duration 0.05
	[ "$status" -eq 0 ]
	# every function counted: no value n/a
	[ "$(jq_py 'len(d["devices"])')" = 116 ]
	[ "$(jq_py 'sum(v is None for x in d["devices"] for v in x["values"].values())')" = 0 ]
	run prlimit --nofile=256:300 "$PMUCTL" -q --sysfs-root "$BATS_TEST_TMPDIR/big/sys" stat --per-device \
		-M t410_pcie_rd_bw,t410_pcie_wr_bw --duration 0.05
	[ "$status" -eq 1 ]
	[[ "$output" == "pmuctl: error: 232 counters need about "*" open files, more than the hard limit of $hard: raise it (ulimit -Hn; LimitNOFILE= in a systemd unit) or count fewer events (--socket, --rc, fewer -M)" ]]
}

@test "count: -e duration_time counts the run's nanoseconds, as perf's tool event; name= labels the row" {
	pmuctl --sysfs-root "$LIVE" -j stat -e duration_time -e nvidia_ucf_pmu_0/event=0x0/ --duration 0.1
	[ "$status" -eq 0 ]
	[ "$(jq_py 'd["counts"][0]["event"], d["counts"][0]["pmu"], d["counts"][0]["state"]')" = "('duration_time', 'tool', 'counted')" ]
	# the clock's own: enabled and running all the time, at least the 0.1 s asked
	[ "$(jq_py 'd["counts"][0]["count"] == d["counts"][0]["running_ns"] == d["counts"][0]["enabled_ns"] >= 100000000')" = True ]
	pmuctl --sysfs-root "$LIVE" stat -e duration_time --dry-run
	[ "${lines[1]}" = "  pmu      perf tool event, counted by the clock: no PMU, no counter" ]
	# name= is the row's label in every format, as perf's
	ev='nvidia_pcie_pmu_0_rc_4/rd_bytes,name=pcie_rd/'
	run env SYSFS_PATH="$LIVE" perf stat -x, -a -e "$ev" -- true
	[ "$(cut -d, -f3 <<<"${lines[-1]}")" = pcie_rd ]
	pmuctl --sysfs-root "$LIVE" stat -x, -e "$ev" --duration 0.05
	[ "$(cut -d, -f3 <<<"${lines[0]}")" = pcie_rd ]
	pmuctl --sysfs-root "$LIVE" stat -e "$ev" --duration 0.05
	[[ "${lines[1]}" =~ ^\ +[0-9,]+\ +pcie_rd$ ]]
	pmuctl --sysfs-root "$LIVE" -j stat -e "$ev" --duration 0.05
	[ "$(jq_py 'd["counts"][0]["event"]')" = pcie_rd ]
}

@test "count: duration_time's unit is ns in the table and in -x's unit field, as perf prints it" {
	# pmuctl left the unit field empty, where perf stat -x, writes ns
	run env SYSFS_PATH="$LIVE" perf stat -x, -a -e duration_time -- true
	[ "$(cut -d, -f2,3 <<<"${lines[-1]}")" = "ns,duration_time" ]
	pmuctl --sysfs-root "$LIVE" stat -x, -e duration_time -e nvidia_ucf_pmu_0/event=0x0/ --duration 0.05
	[ "$status" -eq 0 ]
	[ "$(cut -d, -f2,3 <<<"${lines[0]}")" = "ns,duration_time" ]
	[ "$(cut -d, -f2,3 <<<"${lines[1]}")" = ",nvidia_ucf_pmu_0/event=0x0/" ]
	pmuctl --sysfs-root "$LIVE" stat -e duration_time -e nvidia_ucf_pmu_0/event=0x0/ --duration 0.05
	[ "$status" -eq 0 ]
	[[ "${lines[1]}" =~ ^\ +[0-9,]+\ ns\ \ \ duration_time$ ]]
	[[ "${lines[2]}" =~ ^\ +[0-9,]+\ {6}nvidia_ucf_pmu_0/event=0x0/$ ]]
}

# the counter reads through tests/shim/halve_running.c: every perf event ran half the time
with_half_running() {
	cc -shared -fPIC -o "$BATS_TEST_TMPDIR/halve.so" "$BATS_TEST_DIRNAME/../shim/halve_running.c" -ldl
	run env LD_PRELOAD="$BATS_TEST_TMPDIR/halve.so" \
		ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" "$PMUCTL" "$@"
}

@test "count: reads that show 50% where the schedule predicted 100% warn once, naming the PMU" {
	need_tool cc "builds the test double for the counter reads"
	with_half_running --sysfs-root "$LIVE" stat -e nvidia_pcie_pmu_0_rc_4/rd_bytes/ -I 100 --interval-count 3
	[ "$status" -eq 0 ]
	[ "$(grep -c 'pmuctl: warning' <<<"$output")" -eq 1 ]
	grep -qxF "pmuctl: warning: 'nvidia_pcie_pmu_0_rc_4': its events counted 50% of the time where the plan predicted 100%: another perf user holds some of its counters or its filter (one BDF per PMU, pcie_v2_pmu_validate_event), or it has fewer than the plan assumed; the counts are scaled from what ran" <<<"$output"
	[ "$(grep -c '(50.00%)' <<<"$output")" -eq 3 ]
	# a family whose budget the driver does not say: four events taking turns on the reads'
	# two counters imply two
	with_half_running --sysfs-root "$LIVE" stat -e '{nvidia_ucf_pmu_0/event=0x1/,nvidia_ucf_pmu_0/event=0x2/,nvidia_ucf_pmu_0/event=0x3/,nvidia_ucf_pmu_0/event=0x4/}' --duration 0.1
	grep -qxF "pmuctl: warning: 'nvidia_ucf_pmu_0': its events counted 50% of the time where the plan predicted 100%: another perf user holds some of its counters, or it has fewer than the plan assumed; the reads imply 2 counters for its 4 (arm_cspmu reads PMCFGR.N from the hardware, and sysfs does not show it; --counters nvidia_ucf_pmu_0=2 gives --dry-run that); the counts are scaled from what ran" <<<"$output"
	[ "$status" -eq 0 ]
	# that budget given: --dry-run predicts what ran, and the run says nothing more
	run "$PMUCTL" --sysfs-root "$LIVE" stat --dry-run --counters nvidia_ucf_pmu_0=2 -e '{nvidia_ucf_pmu_0/event=0x1/,nvidia_ucf_pmu_0/event=0x2/},{nvidia_ucf_pmu_0/event=0x3/,nvidia_ucf_pmu_0/event=0x4/}'
	grep -qxF "  nvidia_ucf_pmu_0: 4 events in 2 groups; 2 counters for 4 (given: --counters): they rotate, the least counted 50.0% of the time" <<<"$output"
	with_half_running --sysfs-root "$LIVE" stat --counters 'nvidia_ucf_pmu_*=2' -e '{nvidia_ucf_pmu_0/event=0x1/,nvidia_ucf_pmu_0/event=0x2/},{nvidia_ucf_pmu_0/event=0x3/,nvidia_ucf_pmu_0/event=0x4/}' --duration 0.1
	[ "$(grep -c "its events counted" <<<"$output")" -eq 0 ]
	[ "$status" -eq 0 ]
	# the same run without the double: every event ran all the time, nothing to say
	run "$PMUCTL" --sysfs-root "$LIVE" stat -e nvidia_pcie_pmu_0_rc_4/rd_bytes/ -I 100 --interval-count 2
	[ "$(grep -c 'pmuctl: warning' <<<"$output")" -eq 0 ]
}

@test "count: --exclusive gives no value for an event that ran part of the time, says how much it ran, exits 2" {
	need_tool cc "builds the test double for the counter reads"
	with_half_running --sysfs-root "$LIVE" stat --exclusive -e nvidia_pcie_pmu_0_rc_4/rd_bytes/ -M t410_pcie_rd_bw -x, -I 100 --interval-count 2
	[ "$status" -eq 2 ]
	[ "$(grep -c '^ *0\.[0-9]*,<multiplexed>,,nvidia_pcie_pmu_0_rc_4/rd_bytes/,[0-9]*,50\.00,,$' <<<"$output")" -eq 2 ]
	grep -qF "or they have fewer than the plan assumed; --exclusive reports none of their counts" <<<"$output"
	# the metric has no value, and JSON says what ran
	with_half_running --sysfs-root "$LIVE" -j stat --exclusive -e nvidia_pcie_pmu_0_rc_4/rd_bytes/ --duration 0.1
	[ "$status" -eq 2 ]
	output=$(grep -v '^pmuctl: warning' <<<"$output")
	[ "$(jq_py '[d["counts"][0]["count"], d["counts"][0]["state"], round(d["counts"][0]["coverage"], 3)]')" = "[None, 'multiplexed', 0.5]" ]
	# counters that ran all the time are counted as ever
	run "$PMUCTL" --sysfs-root "$LIVE" stat --exclusive -e nvidia_pcie_pmu_0_rc_4/rd_bytes/ -x, --duration 0.1
	[ "$status" -eq 0 ]
	[[ "$output" =~ ^[0-9]+,,nvidia_pcie_pmu_0_rc_4/rd_bytes/,[0-9]+,100\.00,,$ ]]
}

@test "count: --counters PMU=N: a bad one is a usage error naming it; one that names no PMU of the plan is said" {
	pmuctl --sysfs-root "$LIVE" stat --dry-run --counters 'nvidia_ucf*=x' -e nvidia_ucf_pmu_0/event=0x1/
	[ "$status" -eq 64 ]
	[ "${lines[0]}" = "pmuctl stat: --counters 'nvidia_ucf*=x': give PMU=N, a PMU name (or glob) and its counters, 1 to 256 (nvidia_ucf_pmu_0=8)" ]
	pmuctl --sysfs-root "$LIVE" stat --dry-run --counters =2 -e nvidia_ucf_pmu_0/event=0x1/
	[ "$status" -eq 64 ]
	pmuctl --sysfs-root "$LIVE" stat --dry-run --counters nvidia_ucf_pmu_0=0 -e nvidia_ucf_pmu_0/event=0x1/
	[ "$status" -eq 64 ]
	pmuctl --sysfs-root "$LIVE" stat --dry-run --counters nope=2 -e nvidia_ucf_pmu_0/event=0x1/
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "pmuctl: warning: --counters nope=2: no PMU the plan counts on is named so" ]
}


@test "count: an event of no group is read plainly, as perf reads it; a group's in one read" {
	need_tool strace
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
		run strace -f -qq -e trace=read -o "$BATS_TEST_TMPDIR/trace" "${PMUCTL_REAL:-$PMUCTL}" --sysfs-root "$LIVE" \
		stat -e '{nvidia_pcie_pmu_0_rc_0/rd_bytes/,nvidia_pcie_pmu_0_rc_0/wr_bytes/}' \
		-e nvidia_pcie_pmu_0_rc_1/rd_bytes/ -I 100 --interval-count 2
	[ "$status" -eq 0 ]
	# before: PERF_FORMAT_GROUP for every leader, the kernel allocating and locking for each
	# read; the one alone: value, enabled, running, id
	run grep -c '^[0-9]* *read([0-9]*, ".*, 32) = 32$' "$BATS_TEST_TMPDIR/trace"
	[ "$output" = 2 ]
	# the group: nr, enabled, running, then a value and an id a member
	run grep -c '^[0-9]* *read([0-9]*, ".*, 56) = 56$' "$BATS_TEST_TMPDIR/trace"
	[ "$output" = 2 ]
}
