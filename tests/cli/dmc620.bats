#!/usr/bin/env bats
# Arm DMC-620 memory controller PMUs (arm_dmc620_<PA >> 12>, one per DDR channel) on an Ampere
# Altra: one descriptor file (pmu/family/dmc620.c) and its row in the family table.
load helpers

ALTRA=$FIX/altra/sys
ALTRA_LIVE=$FIX/altra-live/sys

@test "dmc620: every channel's PMU is the family's, with the address its name gives" {
	pmuctl --sysfs-root "$ALTRA" -j list --formats
	[ "$status" -eq 0 ]
	# and a CMN-600 mesh a socket beside them (arm_cmn.bats)
	[ "$(jq_py 'sorted(set(p["family"] for p in d["pmus"]))')" = "['arm_cmn', 'dmc620']" ]
	[ "$(jq_py 'len([p for p in d["pmus"] if p["family"] == "dmc620"])')" = 16 ]
	[ "$(jq_py '[p["address"] for p in d["pmus"] if p["name"] == "arm_dmc620_10008c000"][0]')" = 0x10008c000000 ]
	# perf's sysfs format strings, as GEN_PMU_FORMAT_ATTR writes them
	[ "$(jq_py '[(f["name"], f["word"], f["bits"]) for p in d["pmus"] if p["name"] == "arm_dmc620_10008c000" for f in p["formats"] if f["name"] in ("event", "clkdiv2")]')" = "[('clkdiv2', 'config2', '9'), ('event', 'config2', '3-8')]" ]
}

@test "dmc620: the driver patch's example encodes mask, match and config2's fields as perf does" {
	pmuctl --sysfs-root "$ALTRA" -j stat --dry-run -e 'arm_dmc620_10008c000/clkdiv2_allocate,mask=0x1f,match=0x2f,incr=2,invert=1/'
	[ "$status" -eq 0 ]
	# invert bit 0, incr 2 in bits 1-2, event 1 in bits 3-8, clkdiv2 bit 9: 0x1 | 0x4 | 0x8 | 0x200
	[ "$(jq_py '[(e["config"], e["config1"], e["config2"], e["cpus"]) for e in d["events"]]')" = "[('0x1f', '0x2f', '0x20d', [0])]" ]
}

@test "dmc620: a second hardware event in a group is refused with the driver's function named, before anything opens" {
	pmuctl --sysfs-root "$ALTRA" stat -e '{arm_dmc620_10008c000/clk_request/,arm_dmc620_10008c000/clk_cycle_count/}' --duration 0.1
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: DMC-620 event 'arm_dmc620_10008c000/clk_request/' shares a group with 'arm_dmc620_10008c000/clk_cycle_count/': the driver allows one hardware event per group (dmc620_pmu_event_init); write them outside {}" ]
	[ "${lines[2]}" = "   ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~" ]
}

@test "dmc620: three clk events on one channel take turns on its two clk counters; clkdiv2 events have eight" {
	pmuctl -q --sysfs-root "$ALTRA" -j stat --dry-run -e arm_dmc620_10008c000/clk_request/ \
		-e arm_dmc620_10008c000/clk_cycle_count/ -e arm_dmc620_10008c000/clk_upload_stall/
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(s["rotates"], s["coverage_predicted"]) for s in d["schedule"]]')" = "[(True, 0.6666666666666666)]" ]
	pmuctl -q --sysfs-root "$ALTRA" -j stat --dry-run -e arm_dmc620_10008c000/clk_request/ \
		-e arm_dmc620_10008c000/clkdiv2_rdwr/ -e arm_dmc620_10008c000/clkdiv2_refresh/ -e arm_dmc620_10008c000/clk_cycle_count/
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(s["rotates"], s["coverage_predicted"]) for s in d["schedule"]]')" = "[(False, 1.0)]" ]
}

@test "dmc620: the live copy counts dmc620_clock, averaged over its 16 channels as a clock" {
	pmuctl --sysfs-root "$ALTRA_LIVE" -j stat -M dmc620_clock --duration 0.2
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(m["metric"], m["scope"], m["coverage"]) for m in d["metrics"]]')" = "[('dmc620_clock', 'total', 1.0)]" ]
	# each channel's clk_cycle_count counts cpu-clock nanoseconds there: about 1000 "MHz", not 16 times it
	[ "$(jq_py 'int(900 < d["metrics"][0]["value"] < 1100)')" = 1 ]
}

@test "dmc620: dmc620_mem_bw is 64 bytes a DDR4 read or write command, per channel; the live copy counts it on every channel" {
	printf '%s\n' '# started on Sat Nov 21 06:00:00 2026' '' \
		'1000000000,,arm_dmc620_10008c000/clkdiv2_rdwr/,2000000000,100.00,,' \
		'250000000,,arm_dmc620_50008c000/clkdiv2_rdwr/,2000000000,100.00,,' \
		'2000000000,ns,duration_time,2000000000,100.00,,' >"$BATS_TEST_TMPDIR/rec.csv"
	pmuctl -q -j stat --input "$BATS_TEST_TMPDIR/rec.csv" -M dmc620_mem_bw --per-pmu
	[ "$status" -eq 0 ]
	# 1e9 commands x 64 bytes over 2 s: 32 GB/s
	[ "$(jq_py '[(m["pmu"], m["value"], m["unit"]) for m in d["metrics"]]')" = \
		"[('arm_dmc620_10008c000', 32.0, 'GB/s'), ('arm_dmc620_50008c000', 8.0, 'GB/s')]" ]
	pmuctl -q --sysfs-root "$ALTRA_LIVE" -j stat -M dmc620_mem_bw --per-pmu --duration 0.2
	[ "$status" -eq 0 ]
	[ "$(jq_py 'len(d["metrics"]), sorted(set(m["coverage"] for m in d["metrics"]))')" = "(16, [1.0])" ]
	# each channel's clkdiv2_rdwr counts cpu-clock nanoseconds there: 64 GB/s
	[ "$(jq_py 'sorted(set(int(58 < m["value"] < 70) for m in d["metrics"]))')" = "[1]" ]
}
