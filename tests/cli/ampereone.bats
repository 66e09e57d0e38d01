#!/usr/bin/env bats
# AmpereOne MCU PMUs (ampere_mcu_pmu_<N>, one per DDR5 controller, on arm_cspmu): one
# descriptor file (pmu/family/ampereone.c) and its row in the family table.
load helpers

AMPERE=$FIX/ampereone/sys
AMPERE_LIVE=$FIX/ampereone-live/sys

@test "ampereone: every MCU PMU is the family's, with the driver's formats and the document's example encoded as perf does" {
	pmuctl -q --sysfs-root "$AMPERE" -j list --formats
	[ "$status" -eq 0 ]
	[ "$(jq_py 'sorted(set(p["family"] for p in d["pmus"]))')" = "['ampereone_mcu']" ]
	[ "$(jq_py '[(p["mcu"], p["cpumask"], p["identifier"], len(p["events"])) for p in d["pmus"] if p["name"] == "ampere_mcu_pmu_9"]')" = "[(9, [96], '100a16', 58)]" ]
	[ "$(jq_py '[(f["name"], f["word"], f["bits"]) for p in d["pmus"] if p["name"] == "ampere_mcu_pmu_0" for f in p["formats"]]')" = "[('bank', 'config1', '24-55'), ('event', 'config', '0-32'), ('rank', 'config1', '8-23'), ('threshold', 'config1', '0-7')]" ]
	# ampere_cspmu.rst's example: bank in bits 24-55, rank 8-23, threshold 0-7
	pmuctl -q --sysfs-root "$AMPERE" -j stat --dry-run -e 'ampere_mcu_pmu_0/act_sent,bank=5,rank=3,threshold=2/'
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(e["config"], e["config1"], e["cpus"]) for e in d["events"]]')" = "[('0x1', '0x5000302', [0])]" ]
}

@test "ampereone: a group member whose filter differs from its leader's is refused with the driver's function named" {
	pmuctl --sysfs-root "$AMPERE" stat --dry-run -e '{ampere_mcu_pmu_0/act_sent,bank=5/,ampere_mcu_pmu_0/rd_sent/}'
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: 'ampere_mcu_pmu_0/rd_sent/' has config1=0x0, its group leader 'ampere_mcu_pmu_0/act_sent,bank=5/' 0x5000000: the MCU PMU's threshold, rank and bank are one per PMU, and the driver refuses a group that differs (ampere_cspmu_validate_configs); give the group one filter" ]
	[ "${lines[2]}" = "                                     ^~~~~~~~~~~~~~~~~~~~~~~~~" ]
	# cycles are exempt (arm_cspmu_get_event_idx gives them the cycle counter first)
	pmuctl -q --sysfs-root "$AMPERE" stat --dry-run -e '{ampere_mcu_pmu_0/act_sent,bank=5/,ampere_mcu_pmu_0/cycles/}'
	[ "$status" -eq 0 ]
}

@test "ampereone: events alone with two filters take turns on the PMU's one filter; cycles count throughout" {
	pmuctl -q --sysfs-root "$AMPERE" -j stat --dry-run -e 'ampere_mcu_pmu_0/act_sent,bank=5/' \
		-e 'ampere_mcu_pmu_0/rd_sent/' -e 'ampere_mcu_pmu_0/wr_sent/'
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(s["filter_slots"], s["filter_values"], s["rotates"]) for s in d["schedule"]]')" = "[(1, 2, True)]" ]
}

@test "ampereone: the live copy counts read commands per socket, each controller placed by its cpumask CPU" {
	pmuctl -q --sysfs-root "$AMPERE_LIVE" -j stat -M ampereone_mcu_rd_cmds,ampereone_mcu_clock --per-socket --duration 0.2
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(m["metric"], m["socket"], m["coverage"]) for m in d["metrics"]]')" = "[('ampereone_mcu_rd_cmds', 0, 1.0), ('ampereone_mcu_rd_cmds', 1, 1.0), ('ampereone_mcu_clock', 0, 1.0), ('ampereone_mcu_clock', 1, 1.0)]" ]
	# every event counts cpu-clock nanoseconds: 1000 "M/s" a controller, 8 to a socket; the clock averaged
	[ "$(jq_py '[int(7200 < m["value"] < 8800) for m in d["metrics"][:2]] + [int(900 < m["value"] < 1100) for m in d["metrics"][2:]]')" = "[1, 1, 1, 1]" ]
}

@test "ampereone: names that go on with digits are perf's: ampere_mcu_pmu_ takes all 16, and a bare bank takes _1 and _10 to _15" {
	# perf_pmu__valid_suffix: digits after the token, with a '_' before them or not
	pmuctl -q --sysfs-root "$AMPERE" -j stat --dry-run -e 'ampere_mcu_pmu_/rd_sent/'
	[ "$status" -eq 0 ]
	[ "$(jq_py 'len(d["events"])')" = 16 ]
	# perf refuses the bare multi-bit term on the exact PMU, then retries its prefix with a
	# copy of the terms that takes it as bank=1 (parse_events_term__clone drops no_value)
	pmuctl -q --sysfs-root "$AMPERE" -j stat --dry-run --no-rules -e 'ampere_mcu_pmu_1/rd_sent,bank/'
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(e["pmu"], e["config1"]) for e in d["events"]]')" = "[('ampere_mcu_pmu_1', '0x1000000'), ('ampere_mcu_pmu_10', '0x1000000'), ('ampere_mcu_pmu_11', '0x1000000'), ('ampere_mcu_pmu_12', '0x1000000'), ('ampere_mcu_pmu_13', '0x1000000'), ('ampere_mcu_pmu_14', '0x1000000'), ('ampere_mcu_pmu_15', '0x1000000')]" ]
}

@test "ampereone: mem_rd_bw and mem_wr_bw are 64 bytes a DDR5 read or write command, per controller and summed" {
	printf '%s\n' '# started on Sat Nov 21 06:00:00 2026' '' \
		'1000000000,,ampere_mcu_pmu_0/rd_rda_sent/,2000000000,100.00,,' \
		'500000000,,ampere_mcu_pmu_1/rd_rda_sent/,2000000000,100.00,,' \
		'250000000,,ampere_mcu_pmu_8/rd_rda_sent/,2000000000,100.00,,' \
		'125000000,,ampere_mcu_pmu_8/wr_wra_sent/,2000000000,100.00,,' \
		'2000000000,ns,duration_time,2000000000,100.00,,' >"$BATS_TEST_TMPDIR/rec.csv"
	pmuctl -q -j stat --input "$BATS_TEST_TMPDIR/rec.csv" -M mem_rd_bw,mem_wr_bw
	[ "$status" -eq 0 ]
	# 1.75e9 reads x 64 bytes over 2 s: 56 GB/s; 1.25e8 writes: 4 GB/s
	[ "$(jq_py 'sorted((m["metric"], m["value"], m["unit"]) for m in d["metrics"])')" = \
		"[('mem_rd_bw', 56.0, 'GB/s'), ('mem_wr_bw', 4.0, 'GB/s')]" ]
	pmuctl -q -j stat --input "$BATS_TEST_TMPDIR/rec.csv" -M ampereone_mcu_rd_bw --per-pmu
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(m["pmu"], m["value"]) for m in d["metrics"]]')" = \
		"[('ampere_mcu_pmu_0', 32.0), ('ampere_mcu_pmu_1', 16.0), ('ampere_mcu_pmu_8', 8.0)]" ]
	# the description says where the 64 comes from
	pmuctl -q -j list --metrics --all ampereone_mcu_rd_bw
	[ "$(jq_py '"64 bytes" in d["metrics"][0]["description"]')" = True ]
}

@test "ampereone: the live copy counts mem_rd_bw per socket, 8 controllers each" {
	pmuctl -q --sysfs-root "$AMPERE_LIVE" -j stat -M mem_rd_bw --per-socket --duration 0.2
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(m["metric"], m["socket"], m["coverage"]) for m in d["metrics"]]')" = "[('mem_rd_bw', 0, 1.0), ('mem_rd_bw', 1, 1.0)]" ]
	# every event counts cpu-clock nanoseconds: 64 GB/s a controller, 512 a socket
	[ "$(jq_py '[int(460 < m["value"] < 564) for m in d["metrics"]]')" = "[1, 1]" ]
}

@test "ampereone: without a cycle counter (PMCFGR.CC 0) the driver hides cycles, and 0x100000000 takes a normal counter" {
	cp -a "$AMPERE" "$BATS_TEST_TMPDIR/sys"
	rm "$(readlink -f "$BATS_TEST_TMPDIR/sys/bus/event_source/devices/ampere_mcu_pmu_1")/events/cycles"
	# with one: a group of two needs two cycle counters, and the driver refuses it
	pmuctl --sysfs-root "$BATS_TEST_TMPDIR/sys" stat --dry-run -e '{ampere_mcu_pmu_0/event=0x100000000/,ampere_mcu_pmu_0/event=0x100000000/}'
	[ "$status" -eq 1 ]
	[[ "${lines[0]}" == *"the group has 2 events for the 1 counter of their kind on 'ampere_mcu_pmu_0'"* ]]
	# without: two normal counters, taken as any two events (arm_cspmu_get_event_idx)
	pmuctl --sysfs-root "$BATS_TEST_TMPDIR/sys" stat --dry-run -e '{ampere_mcu_pmu_1/event=0x100000000/,ampere_mcu_pmu_1/event=0x100000000/}'
	[ "$status" -eq 0 ]
	[[ "$output" != *warning* ]]
}
