#!/usr/bin/env bats
# One plan for every mode: --dry-run prints what counting opens, metrics included, BlueField
# events are events like any other, and --input feeds the same plan recorded counts.
load helpers

DATA=$BATS_TEST_DIRNAME/../data

# every event list --events names on a machine, as pmu/event/ (BlueField's as list gives them)
listed_events() {
	"$PMUCTL" --sysfs-root "$1" -j list --events | python3 -c '
import json, sys
d = json.load(sys.stdin)
for p in d["pmus"]:
    for e in p["events"]:
        print("%s/%s/" % (p["name"], e["name"]))
for dev in d["bluefield"]:
    for b in dev["blocks"]:
        for e in b["events"]:
            print(e["event"])'
}

@test "plan: --dry-run accepts every event list --events prints, BlueField included" {
	for tree in "$T410" "$YITIAN" "$HIP09" "$BF2"; do
		mapfile -t evs < <(listed_events "$tree")
		[ "${#evs[@]}" -gt 0 ]
		args=()
		for e in "${evs[@]}"; do args+=(-e "$e"); done
		# the drivers' rules judge combinations (a CPU peer's write events): here, the names
		pmuctl --sysfs-root "$tree" -j stat --dry-run --no-rules "${args[@]}"
		[ "$status" -eq 0 ] || { echo "$tree: $output" | head -5; false; }
		[ "$(jq_py 'len(d["events"])')" = "${#evs[@]}" ]
	done
}

@test "plan: a BlueField event in --dry-run: its block, its code, no perf command" {
	pmuctl --sysfs-root "$BF2" -j stat --dry-run -e bfperf/l3cachehalf0/HITS_BANK0/ -e bfperf/tile0/0x46/
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(e["pmu"], e["family"], e["type"], e["config"], e["cpus"]) for e in d["events"]]')" = "[('bfperf/l3cachehalf0', 'bluefield', None, '0x17', None), ('bfperf/tile0', 'bluefield', None, '0x46', None)]" ]
	[ "$(jq_py 'd["perf_command"]')" = None ]
	pmuctl --sysfs-root "$BF2" stat --dry-run -e bfperf/pcie0/IN_C_PKT_CNT/
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "  pmu      bfperf/pcie0 (NVIDIA BlueField performance counters, hwmon0, register block)" ]
	[ "${lines[2]}" = "  reads    the register file IN_C_PKT_CNT" ]
	pmuctl --sysfs-root "$BF2" stat --dry-run -e bfperf/tile0//
	[ "$status" -eq 64 ]
	[ "${lines[0]}" = "pmuctl: error: expected an event name or number and a closing '/'" ]
}

@test "plan: --dry-run -M prints the events a metric counts, with --device's filter, grouped" {
	pmuctl --sysfs-root "$T410" -j stat --dry-run -M t410_pcie_rd_latency_ns --device 0005:41:00.0
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(e["event"], e["config1"], e["group"], e["leader"], e["metric"]) for e in d["events"]]')" = "[('nvidia_pcie_pmu_0_rc_4/rd_cum_outs,src_bdf=0x4100,src_bdf_en=1/', '0x1410000', 0, True, 't410_pcie_rd_latency_ns'), ('nvidia_pcie_pmu_0_rc_4/rd_req,src_bdf=0x4100,src_bdf_en=1/', '0x1410000', 0, False, 't410_pcie_rd_latency_ns'), ('nvidia_pcie_pmu_0_rc_4/cycles,src_bdf=0x4100,src_bdf_en=1/', '0x1410000', 0, False, 't410_pcie_rd_latency_ns')]" ]
	# Yitian's driver takes one event per group: a metric's events stay apart
	pmuctl --sysfs-root "$YITIAN" -j stat --dry-run -M ddr_write_bandwidth
	[ "$(jq_py 'len(d["events"]), set(e["group"] for e in d["events"])')" = "(32, {None})" ]
	# HNS3's metrics carry the document's global=1, and the driver's mode follows
	pmuctl --sysfs-root "$HIP09" -j stat --dry-run -M hns3_bw_ssu_rpu
	[ "$(jq_py 'sorted(set((e["config1"], e["filter_mode"]) for e in d["events"]))')" = "[('0x10000000000000', 'global')]" ]
}

@test "plan: counting -e and -M in one run: the rows and the metrics from one set of counters" {
	pmuctl --sysfs-root "$LIVE" -j stat -e nvidia_pcie_pmu_0_rc_4/rd_bytes/ -M t410_pcie_rd_bw --duration 0.1
	[ "$status" -eq 0 ]
	# one report: counts and metrics in one object
	[ "${#lines[@]}" -eq 1 ]
	[ "$(jq_py '[c["event"] for c in d["counts"]]')" = "['nvidia_pcie_pmu_0_rc_4/rd_bytes/']" ]
	[ "$(jq_py 'len(d["metrics"]) > 0 and all(m["metric"] == "t410_pcie_rd_bw" for m in d["metrics"])')" = True ]
}

@test "plan: --input reads filtered events whole, matches their filter, honours --device and -o" {
	# perf quotes nothing: the filtered event's commas split its CSV line
	printf '%s\n' '2000000000,,nvidia_pcie_pmu_0_rc_4/rd_bytes,src_bdf=0x4100,src_bdf_en=1/,2000000000,100.00,,' \
		'3000000000,,nvidia_pcie_pmu_0_rc_4/rd_bytes/,2000000000,100.00,,' \
		'2000000000,ns,duration_time,2000000000,100.00,,' >"$BATS_TEST_TMPDIR/rec.csv"
	# without --device the RC's unfiltered count, not the two added up
	pmuctl -q -j stat --input "$BATS_TEST_TMPDIR/rec.csv" -M t410_pcie_rd_bw --per-pmu
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(m["pmu"], m["value"]) for m in d["metrics"]]')" = "[('nvidia_pcie_pmu_0_rc_4', 1.5)]" ]
	pmuctl -q --sysfs-root "$T410" -j stat --input "$BATS_TEST_TMPDIR/rec.csv" -M t410_pcie_rd_bw --device 0005:41:00.0
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(m["device"], m["value"]) for m in d["metrics"]]')" = "[('0005:41:00.0', 1.0)]" ]
	pmuctl -q stat --input "$DATA/perf-pcie.csv" -M t410_pcie_rd_bw -o "$BATS_TEST_TMPDIR/out.txt"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	want=$("$PMUCTL" stat --input "$DATA/perf-pcie.csv" -M t410_pcie_rd_bw)
	[ "$(cat "$BATS_TEST_TMPDIR/out.txt")" = "$want" ]
	pmuctl -q stat --input "$DATA/perf-pcie.csv" -M t410_pcie_rd_bw -I 1000
	[ "$status" -eq 64 ]
	[[ "${lines[0]}" == *"--input takes the intervals and the time the recording has: drop -I and --duration" ]]
}

FIVE=t410_pcie_rd_bw,t410_pcie_rd_req_rate,t410_pcie_freq,t410_pcie_rd_latency_ns,t410_pcie_rd_latency_cycles

# per PMU: how many events, how many distinct, and per metric the groups its inputs are in
merged_shape() {
	python3 -c '
import collections, json, sys
d = json.load(sys.stdin)
per = collections.defaultdict(list)
for e in d["events"]:
    per[e["pmu"]].append(e)
shape = set()
for pmu, evs in per.items():
    groups = collections.defaultdict(set)
    for e in evs:
        for m in [e["metric"]] + e["also_feeds"]:
            groups[m].add(e["group"])
    shape.add((len(evs), len({e["event"] for e in evs}), max(len(g) for g in groups.values())))
print(len(per), sorted(shape))'
}

@test "plan: an event several metrics read is counted once, and each metric's inputs are one group (perf's merging)" {
	pmuctl --sysfs-root "$T410" -j stat --dry-run -M $FIVE
	[ "$status" -eq 0 ]
	# 12 PCIE PMUs, each: 4 counters, 4 distinct events, every metric's inputs in 1 group
	[ "$(merged_shape <<<"$output")" = "12 [(4, 4, 1)]" ]
	# cycles serves three metrics: the first, and two more
	[ "$(jq_py '[e["also_feeds"] for e in d["events"] if e["event"] == "nvidia_pcie_pmu_0_rc_4/cycles/"]')" = \
		"[['t410_pcie_freq', 't410_pcie_rd_latency_ns']]" ]
	# --metric-no-merge, as perf's: each metric its own events, 9 a PMU; its 3 cycles events
	# share the one cycle counter, so they take turns (arm_cspmu_get_event_idx)
	run --separate-stderr "$PMUCTL" --sysfs-root "$T410" -j stat --dry-run -M $FIVE --metric-no-merge
	[ "$status" -eq 0 ]
	[ "$(merged_shape <<<"$output")" = "12 [(9, 4, 1)]" ]
	[[ "$stderr" == "pmuctl: warning: 'nvidia_pcie_pmu_0_rc_0': 3 events need its 1 counter of their kind"* ]]
	# --metric-no-group: no group at all
	pmuctl --sysfs-root "$T410" -j stat --dry-run -M $FIVE --metric-no-group
	[ "$(jq_py 'sorted({e["group"] for e in d["events"]}, key=str)')" = "[None]" ]
	# an -e event is the metric's input too: one counter, its row and the metric's input
	pmuctl --sysfs-root "$T410" -j stat --dry-run -e nvidia_pcie_pmu_0_rc_4/rd_bytes/ -M t410_pcie_rd_bw
	[ "$(jq_py 'len(d["events"]), d["events"][0]["metric"]')" = "(12, 't410_pcie_rd_bw')" ]
	# the text names every metric an event serves
	pmuctl --sysfs-root "$T410" stat --dry-run -M $FIVE
	[[ "$output" == *$'  metric   t410_pcie_rd_req_rate (cycles)\n  also     t410_pcie_freq (cycles)\n  also     t410_pcie_rd_latency_ns (cycles)'* ]]
}

@test "plan: a merged counter gives each metric what it counted, as counted apart" {
	pmuctl --sysfs-root "$LIVE" -j stat -e nvidia_pcie_pmu_0_rc_4/rd_bytes/ -M t410_pcie_rd_bw --per-pmu --duration 0.05
	[ "$status" -eq 0 ]
	# one counter: the row's count and the metric's input are the same number
	[ "$(jq_py 'abs([m for m in d["metrics"] if m["pmu"] == "nvidia_pcie_pmu_0_rc_4"][0]["value"] * 1e9 * d["time_s"] - d["counts"][0]["count"]) < 1')" = True ]
}

@test "plan: the perf command counts as the plan does: -a only where every event is system-wide" {
	pmuctl --sysfs-root "$LIVE" -j stat --dry-run -e cpu-clock -e nvidia_pcie_pmu_0_rc_4/rd_bytes/
	# cpu-clock follows the command without -a, as in perf: pasted, it must not become -a
	[ "$(jq_py 'd["perf_command"]')" = "perf stat -e 'cpu-clock' -e 'nvidia_pcie_pmu_0_rc_4/rd_bytes/' -- <command>" ]
	pmuctl --sysfs-root "$LIVE" -j stat --dry-run -a -e cpu-clock
	[ "$(jq_py 'd["perf_command"]')" = "perf stat -a -e 'cpu-clock'" ]
	pmuctl --sysfs-root "$LIVE" -j stat --dry-run -e nvidia_pcie_pmu_0_rc_4/rd_bytes/
	[ "$(jq_py 'd["perf_command"]')" = "perf stat -a -e 'nvidia_pcie_pmu_0_rc_4/rd_bytes/'" ]
}

# the schedule record of PMU $1 in $output (a dry-run's JSON), as "events units counters needed slots values rotates coverage"
sched_of() {
	python3 -c 'import json, sys
d = json.loads(sys.stdin.read())
s = [x for x in d["schedule"] if x["pmu"] == sys.argv[1]][0]
print(s["events"], s["units"], s["counters"], s["counters_needed"], s["filter_slots"], s["filter_values"], s["rotates"], round(s["coverage_predicted"], 6))' "$1" <<<"$output"
}

@test "schedule: --dry-run predicts what rotates: one BDF per PCIE PMU, eight PCIE-TGT address filters, a device's reads and writes opened as one group" {
	run --separate-stderr "$PMUCTL" --sysfs-root "$LIVE" -j stat --dry-run --per-device
	[ "$status" -eq 0 ]
	python3 "$BATS_TEST_DIRNAME/../schema_check.py" <(printf '%s\n' "$output") -- -j stat --dry-run
	# 6 functions below rc 1 (a switch's 3 ports are no rows): 6 BDFs for the one slot; rd_bytes
	# and wr_bytes of each one group
	[ "$(sched_of nvidia_pcie_pmu_0_rc_1)" = "12 6 None 12 1 6 True 0.166667" ]
	# a function alone below its port: filtered by the port's bit, nothing rotates
	[ "$(sched_of nvidia_pcie_pmu_0_rc_0)" = "2 2 None 2 1 1 False 1.0" ]
	# 12 BARs, 8 address slots: each counted 8 ticks in 12
	[ "$(sched_of nvidia_pcie_tgt_pmu_0_rc_1)" = "24 12 None 24 8 12 True 0.666667" ]
	# and every event says its own share
	[ "$(jq_py 'sorted(set(round(e["coverage_predicted"], 6) for e in d["events"] if e["pmu"] == "nvidia_pcie_pmu_0_rc_1"))')" = "[0.166667]" ]
	run --separate-stderr "$PMUCTL" --sysfs-root "$LIVE" stat --dry-run --per-device
	[[ "$output" == *"  nvidia_pcie_pmu_0_rc_1: 12 events in 6 groups; counters not known (arm_cspmu reads PMCFGR.N from the hardware, and sysfs does not show it); 6 filters for 1 slot (one BDF per PMU, pcie_v2_pmu_validate_event): they rotate, the least counted 16.7% of the time"* ]]
	[[ "$output" == *"  counts   16.7% of the time, predicted: its PMU rotates (Schedule, below)"* ]]
}

@test "schedule: a PMU with more events than its driver's counters is said once before counting (HNS3's 8, Yitian's 16 and a free cycle counter)" {
	local e=() ev
	for ev in $(ls "$HIP09/bus/event_source/devices/hns3_pmu_sicl_0/events" | head -20); do e+=(-e "hns3_pmu_sicl_0/$ev,global=1/"); done
	run --separate-stderr "$PMUCTL" --sysfs-root "$HIP09" -j stat --dry-run "${e[@]}"
	[ "$status" -eq 0 ]
	[ "$stderr" = "pmuctl: warning: 'hns3_pmu_sicl_0': 20 events need 10 counters at once, and it has 8 (HNS3_PMU_MAX_HW_EVENTS, hns3_pmu.c): the kernel rotates them, some counting 80% of the time (--dry-run shows which); count fewer at once" ]
	# ten byte/time pairs, each one hardware event read as one group: eight fit at once
	[ "$(sched_of hns3_pmu_sicl_0)" = "20 10 8 10 None 0 True 0.8" ]
	# six pairs fit: nothing said
	run --separate-stderr "$PMUCTL" --sysfs-root "$HIP09" -j stat --dry-run "${e[@]:0:24}"
	[ -z "$stderr" ]
	[ "$(sched_of hns3_pmu_sicl_0)" = "12 6 8 6 None 0 False 1.0" ]
	e=()
	for ev in $(ls "$YITIAN/bus/event_source/devices/ali_drw_21000/events" | head -19); do e+=(-e "ali_drw_21000/$ev/"); done
	run --separate-stderr "$PMUCTL" --sysfs-root "$YITIAN" -j stat --dry-run "${e[@]}"
	[ "$status" -eq 0 ]
	# 19 events, one of them cycle on its own counter: 18 for 16
	[ "$(sched_of ali_drw_21000)" = "19 19 16 18 None 0 True 0.842105" ]
	# 16 and the cycle fit: nothing said, nothing rotates
	run --separate-stderr "$PMUCTL" --sysfs-root "$YITIAN" -j stat --dry-run "${e[@]:0:34}"
	[ -z "$stderr" ]
	[ "$(sched_of ali_drw_21000)" = "17 17 16 16 None 0 False 1.0" ]
}

@test "plan: the PMU directories a count's look-ups opened are closed before its counters open" {
	command -v strace >/dev/null || skip "strace is not installed (the test command installs it)"
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
		run strace -f -qq -e trace=openat2,close,perf_event_open -o "$BATS_TEST_TMPDIR/trace" \
		"${PMUCTL_REAL:-$PMUCTL}" --sysfs-root "$LIVE" stat -M t410_pcie_rd_bw -I 100 --interval-count 1
	[ "$status" -eq 0 ]
	# a directory a look-up opened holds a descriptor the counters may need: 12 PMUs, none left
	run awk '/openat2\([0-9]+, "bus\/event_source\/devices\/[^\/"]*", .*O_DIRECTORY/ { if ($NF + 0 >= 0) open[$NF] = 1 }
		/close\(/ { match($0, /close\(([0-9]+)\)/, m); delete open[m[1]] }
		/perf_event_open\(/ && !seen { seen = 1; n = 0; for (f in open) n++; print n }' "$BATS_TEST_TMPDIR/trace"
	[ "$output" = 0 ]
	run grep -c '"events/rd_bytes"' "$BATS_TEST_TMPDIR/trace"
	[ "$output" = 12 ]
}

@test "plan: a count reads the event and format files, type and cpumask of the PMUs it encodes on, not every PMU's" {
	trace_opens --sysfs-root "$LIVE" stat --dry-run -M t410_pcie_rd_bw
	[ "$status" -eq 0 ]
	# before: every PMU's every events/ and format/ file (the UCF's 15 events, the C2C's ...)
	# the event and its side files, probed by name: none of the 12 PMUs' events/ is listed
	grep -o '"events/[^"]*"' "$BATS_TEST_TMPDIR/trace" | sort | uniq -c >"$BATS_TEST_TMPDIR/events"
	[ "$(awk '{ print $1, $2 }' "$BATS_TEST_TMPDIR/events" | paste -sd' ')" = '12 "events/rd_bytes" 12 "events/rd_bytes.scale" 12 "events/rd_bytes.unit"' ]
	# the formats the terms name, and rd_bytes (a term is a format before it is an event, as in perf)
	grep -o '"format/[^"]*"' "$BATS_TEST_TMPDIR/trace" | sort | uniq -c >"$BATS_TEST_TMPDIR/formats"
	[ "$(awk '{ print $1, $2 }' "$BATS_TEST_TMPDIR/formats" | paste -sd' ')" = '12 "format/event" 12 "format/rd_bytes" 12 "format/src_bdf" 12 "format/src_bdf_en" 12 "format/src_rp_mask"' ]
	# each opened from its PMU's directory, not through the root and the PMU's link again
	run grep -c '/\(events\|format\)/' "$BATS_TEST_TMPDIR/trace"
	[ "$output" = 0 ]
	# before: each PMU's format/ and events/ listed, ten calls a PMU (four getdents64)
	run grep -c '"format"\|"events"' "$BATS_TEST_TMPDIR/trace"
	[ "$output" = 0 ]
	run grep -c 'nvidia_ucf_pmu_[0-9]*/\(events\|format\)' "$BATS_TEST_TMPDIR/trace"
	[ "$output" = 0 ]
	# the type and cpumask of the 12 PMUs it opens, not of the 34 it lists (before: 34 each)
	run grep -c '"type"' "$BATS_TEST_TMPDIR/trace"
	[ "$output" = 12 ]
	run grep -c '"cpumask"' "$BATS_TEST_TMPDIR/trace"
	[ "$output" = 12 ]
}

@test "plan: a count opens the directory of each PMU it uses once, not of every PMU it lists" {
	trace_opens --sysfs-root "$LIVE" stat --dry-run -M t410_pcie_rd_bw
	[ "$status" -eq 0 ]
	grep -o '"bus/event_source/devices/[^"]*"' "$BATS_TEST_TMPDIR/trace" |
		sed 's/_[0-9]*_rc_[0-9]*"$/_rc"/; s/_[0-9]*"$/"/' | sort | uniq -c >"$BATS_TEST_TMPDIR/dirs"
	# before: each of the 34 at the scan, and the 12 it encodes on again (46); now the 12 once
	[ "$(awk '{ print $1, $2 }' "$BATS_TEST_TMPDIR/dirs" | paste -sd' ')" = '12 "bus/event_source/devices/nvidia_pcie_pmu_rc"' ]
	# the C2C PMUs' peer files (their rules read them) neither: before, 6 at the scan
	run grep -c '"peer"\|"identifier"' "$BATS_TEST_TMPDIR/trace"
	[ "$output" = 0 ]
	# a count on them opens each once and reads its peer, which the GPU-mask rule needs
	trace_opens --sysfs-root "$LIVE" stat --dry-run -M t410_c2c_freq
	[ "$status" -eq 0 ]
	run grep -c '"bus/event_source/devices/nvidia_nvlink_c2c_pmu_[01]"' "$BATS_TEST_TMPDIR/trace"
	[ "$output" = 2 ]
	run grep -c '"peer"' "$BATS_TEST_TMPDIR/trace"
	[ "$output" = 2 ]
}
