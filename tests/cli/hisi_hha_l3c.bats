#!/usr/bin/env bats
# HiSilicon HHA and L3C PMUs (hisi_sccl<S>_hha<I>, hisi_sccl<S>_l3c<C>): the Kunpeng 920 tree
# (Hip08, PMU v1, as v5.10 writes it) and the Hip09 tree's v2 units; pmu/family/hisi_hha.c,
# hisi_l3c.c and what they share, hisi_uncore.c.
load helpers

HIP08=$FIX/hip08/sys
HIP08_LIVE=$FIX/hip08-live/sys
HIP09=$FIX/hip09/sys

@test "hisi_hha_l3c: every PMU of the Kunpeng 920 tree is a family's, its SCCL and unit from the name" {
	pmuctl -q --sysfs-root "$HIP08" -j list
	[ "$status" -eq 0 ]
	[ "$(jq_py 'sorted(set((p["family"], sum(q["family"] == p["family"] for q in d["pmus"])) for p in d["pmus"]))')" = "[('hisi_ddrc', 16), ('hisi_hha', 8), ('hisi_l3c', 24)]" ]
	[ "$(jq_py '[(p["sccl"], p["hha"], p["sub"], p["cpumask"], len(p["events"])) for p in d["pmus"] if p["name"] == "hisi_sccl5_hha1"]')" = "[(5, 1, None, [48], 26)]" ]
	# an L3C's cpumask is its cluster's first CPU
	[ "$(jq_py '[(p["sccl"], p["l3c"], p["cpumask"], len(p["events"])) for p in d["pmus"] if p["name"] == "hisi_sccl3_l3c5"]')" = "[(3, 5, [44], 13)]" ]
	# the Hip09 tree's v2 units: their filters' formats, v2's five and four events
	pmuctl -q --sysfs-root "$HIP09" -j list --formats
	[ "$(jq_py '[(p["family"], [f["name"] for f in p["formats"]], len(p["events"]), p["identifier"]) for p in d["pmus"] if p["name"] in ("hisi_sccl7_hha1", "hisi_sccl7_l3c5")]')" = "[('hisi_hha', ['datasrc_skt', 'event', 'srcid_cmd', 'srcid_msk', 'tracetag_en'], 5, '0x00000030'), ('hisi_l3c', ['datasrc_cfg', 'datasrc_skt', 'event', 'tt_core', 'tt_req'], 4, '0x00000030')]" ]
}

@test "hisi_hha_l3c: an event past check_event is refused with the version's last, v1 told from v2 by the formats" {
	pmuctl --sysfs-root "$HIP08" stat --dry-run -e 'hisi_sccl1_hha0/config=0x66/'
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: event 0x66 is past the last the driver takes on 'hisi_sccl1_hha0', 0x65 (check_event of PMU v1, hisi_uncore_pmu_event_init)" ]
	pmuctl --sysfs-root "$HIP09" stat --dry-run -e 'hisi_sccl1_hha0/config=0x66/' -e 'hisi_sccl1_hha0/config=0xce/'
	[ "$status" -eq 0 ]
	# v2's 0xce until 35f5b36e8cc2 (v6.17), 0xff since
	pmuctl --sysfs-root "$HIP09" --kernel 6.16 stat --dry-run -e 'hisi_sccl1_hha0/config=0xcf/'
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: event 0xcf is past 0xce, the last Linux 6.16 (--kernel) takes on 'hisi_sccl1_hha0' (check_event of PMU v2); 35f5b36e8cc2 (v6.17) raised it to 0xff" ]
	pmuctl --sysfs-root "$HIP09" stat --dry-run -e 'hisi_sccl1_hha0/config=0xff/'
	[ "$status" -eq 0 ]
	pmuctl --sysfs-root "$HIP08" stat --dry-run -e 'hisi_sccl1_l3c0/event=0x5a/'
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: event 0x5a is past the last the driver takes on 'hisi_sccl1_l3c0', 0x59 (check_event of PMU v1, hisi_uncore_pmu_event_init)" ]
	pmuctl --sysfs-root "$HIP09" stat --dry-run -e 'hisi_sccl1_l3c0/event=0xff/'
	[ "$status" -eq 0 ]
}

@test "hisi_hha_l3c: an HHA has 16 counters on v1 and 8 on v2, for groups and for the schedule" {
	group() { printf '{%s}' "$(printf "$1/event=%d/," $(seq 1 "$2") | sed 's/,$//')"; }
	pmuctl --sysfs-root "$HIP08" stat --dry-run -e "$(group hisi_sccl1_hha0 17)"
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: the group needs more than 16 counters on 'hisi_sccl1_hha0': the driver refuses it (hisi_validate_event_group); split the group" ]
	pmuctl --sysfs-root "$HIP09" stat --dry-run -e "$(group hisi_sccl1_hha0 9)"
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: the group needs more than 8 counters on 'hisi_sccl1_hha0': the driver refuses it (hisi_validate_event_group); split the group" ]
	pmuctl --sysfs-root "$HIP09" stat --dry-run -e "$(group hisi_sccl1_l3c0 9)"
	[ "$status" -eq 1 ]
	# twelve events: all at once on v1, in turns on v2
	events=$(printf 'hisi_sccl1_hha0/event=%d/,' $(seq 1 12) | sed 's/,$//')
	pmuctl -q --sysfs-root "$HIP08" -j stat --dry-run -e "$events"
	[ "$(jq_py '[(s["counters"], s["rotates"]) for s in d["schedule"]]')" = "[(16, False)]" ]
	pmuctl -q --sysfs-root "$HIP09" -j stat --dry-run -e "$events"
	[ "$(jq_py '[(s["counters"], s["rotates"]) for s in d["schedule"]]')" = "[(8, True)]" ]
}

@test "hisi_hha_l3c: events of one PMU whose shared filters differ are warned; an L3C's datasrc_cfg is a counter's own" {
	pmuctl --sysfs-root "$HIP09" stat --dry-run -e 'hisi_sccl1_hha0/rx_ops_num,srcid_cmd=0x10/' -e 'hisi_sccl1_hha0/rx_outer/'
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "pmuctl: warning: hisi_sccl1_hha0/rx_outer/: 'hisi_sccl1_hha0' has one filter for all its counters (HHA_SRCID_CTRL and HHA_DATSRC_CTRL, hisi_hha_pmu_enable_filter): beside 'hisi_sccl1_hha0/rx_ops_num,srcid_cmd=0x10/', whose filter differs, both count with what the filtered ones wrote there last (ORed in or overwritten), and the first of those to end clears it" ]
	pmuctl --sysfs-root "$HIP09" stat --dry-run -e 'hisi_sccl1_l3c0/dat_access,datasrc_cfg=0xe/' -e 'hisi_sccl1_l3c0/dat_access,datasrc_cfg=0xf/' -e 'hisi_sccl1_l3c1/l3c_ref,tt_req=0x4/'
	[ "$status" -eq 0 ]
	[[ "$output" != *warning* ]]
	pmuctl --sysfs-root "$HIP09" stat --dry-run -e 'hisi_sccl1_l3c0/l3c_ref,tt_req=0x4/' -e 'hisi_sccl1_l3c0/l3c_ref,tt_req=0x5/'
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == "pmuctl: warning: hisi_sccl1_l3c0/l3c_ref,tt_req=0x5/: 'hisi_sccl1_l3c0' has one filter for all its counters (tt_core, tt_req and datasrc_skt: "* ]]
}

@test "hisi_hha_l3c: mem_rd_bw and hisi_hha_mem_wr_bw plan the DDR operations of v1's 8 HHAs (the differential runs their strings against perf), and apply to no v2 HHA" {
	pmuctl -q --sysfs-root "$HIP08" -j stat --dry-run -M mem_rd_bw,hisi_hha_mem_wr_bw
	[ "$status" -eq 0 ]
	[ "$(jq_py 'sorted(set((e["event"].split("/")[1], e["config"]) for e in d["events"]))')" = "[('rd_ddr_128b', '0x1e'), ('rd_ddr_64b', '0x1c'), ('wr_ddr_128b', '0x1f'), ('wr_ddr_64b', '0x1d')]" ]
	[ "$(jq_py 'len(set(e["pmu"] for e in d["events"]))')" = 8 ]
	pmuctl --sysfs-root "$HIP09" stat --dry-run -M hisi_hha_mem_rd_bw
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: metric hisi_hha_mem_rd_bw applies to no PMU on this machine: it counts on hisi_hha PMUs of another version than this machine's (pmuctl list --metrics --all hisi_hha_mem_rd_bw)" ]
	pmuctl -q --sysfs-root "$HIP09" -j list --metrics
	[ "$(jq_py '[m["name"] for m in d["metrics"] if m["family"] in ("hisi_hha", "hisi_l3c")]')" = "[]" ]
}

@test "hisi_hha_l3c: the live copy counts mem_rd_bw per socket from its home agents, and the L3C hit rate" {
	pmuctl -q --sysfs-root "$HIP08_LIVE" -j stat -M mem_rd_bw,hisi_l3c_rd_hit_rate --per-socket --duration 0.2
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(m["metric"], m["scope"], m["socket"], m["coverage"]) for m in d["metrics"]]')" = "[('hisi_l3c_rd_hit_rate', 'socket', 0, 1.0), ('hisi_l3c_rd_hit_rate', 'socket', 1, 1.0), ('mem_rd_bw', 'socket', 0, 1.0), ('mem_rd_bw', 'socket', 1, 1.0)]" ]
	# every event counts cpu-clock nanoseconds: 64 + 128 bytes a nanosecond an HHA, 4 a socket;
	# hits over reads, both the same clock
	[ "$(jq_py '[int(90 < m["value"] <= 100.01) for m in d["metrics"][:2]] + [int(690 < m["value"] < 845) for m in d["metrics"][2:]]')" = "[1, 1, 1, 1]" ]
}

@test "hisi_hha_l3c: doctor finds the HHAs and L3Cs on their ACPI devices, PMUs in /sys/devices as v5.10 puts them" {
	pmuctl -q --sysfs-root "$HIP08" -j doctor
	[ "$(jq_py '[(c["id"], c["status"], c["seen"]) for c in d["checks"] if c["id"] in ("family.hisi_hha", "family.hisi_l3c")]')" = "[('family.hisi_hha', 'ok', '8 PMUs, on 8 platform devices (HISI024*)'), ('family.hisi_l3c', 'ok', '24 PMUs, on 24 platform devices (HISI021*)')]" ]
}

# The Hip09 tree as 6.18's driver writes its L3Cs: v2 with tt_core in config2:0-15 and
# tt_core_deprecated in config1:0-7 (a084c3c4a267); sccl1_l3c1 a v3 (HISI0215), with ext
# (config:16-17) and no datasrc filters, and v3's events
l3c_618() {
	local sys=$BATS_TEST_TMPDIR/sys l3c dev
	cp -a "$HIP09" "$sys"
	for l3c in "$sys"/bus/event_source/devices/hisi_sccl*_l3c*; do
		echo config1:0-7 >"$l3c/format/tt_core_deprecated"
		echo config2:0-15 >"$l3c/format/tt_core"
	done
	dev=$(readlink -f "$sys/bus/event_source/devices/hisi_sccl1_l3c1")
	rm -f "$dev"/format/datasrc_* "$dev"/events/*
	echo config:16-17 >"$dev/format/ext"
	echo 0x00000040 >"$dev/identifier"
	for e in rd_spipe=0x18 rd_hit_spipe=0x19 wr_spipe=0x1a wr_hit_spipe=0x1b io_rd_spipe=0x1c \
		io_rd_hit_spipe=0x1d io_wr_spipe=0x1e io_wr_hit_spipe=0x1f cycles=0x7f l3c_ref=0xbc l3c2ring=0xbd; do
		echo "config=${e#*=}" >"$dev/events/${e%=*}"
	done
	echo "$sys"
}

@test "hisi_hha_l3c: 6.18's L3C: tt_core in config2 beside tt_core_deprecated, not both; one filter a PMU, config2's too" {
	root=$(l3c_618)
	pmuctl -q --sysfs-root "$root" -j stat --dry-run -e 'hisi_sccl1_l3c0/l3c_hit,tt_core=0x1ff/' -e 'hisi_sccl1_l3c2/l3c_hit,tt_core_deprecated=0x3/'
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(e["config1"], e["config2"]) for e in d["events"]]')" = "[('0x0', '0x1ff'), ('0x3', '0x0')]" ]
	pmuctl --sysfs-root "$root" stat --dry-run -e 'hisi_sccl1_l3c0/l3c_hit,tt_core=0x3,tt_core_deprecated=0x3/'
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: tt_core and tt_core_deprecated together on 'hisi_sccl1_l3c0': the driver refuses it (hisi_l3c_pmu_check_filter, a084c3c4a267); give tt_core alone" ]
	# L3C_CORE_CTRL is the PMU's: two cores' filters on one L3C share it
	pmuctl --sysfs-root "$root" stat --dry-run -e 'hisi_sccl1_l3c0/l3c_hit,tt_core=0x100/' -e 'hisi_sccl1_l3c0/l3c_ref,tt_core=0x200/'
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == "pmuctl: warning: hisi_sccl1_l3c0/l3c_ref,tt_core=0x200/: 'hisi_sccl1_l3c0' has one filter for all its counters"* ]]
}

@test "hisi_hha_l3c: a v3 L3C's extension events: ext past 2 refused, ext=2 warned, 8 counters a region" {
	root=$(l3c_618)
	pmuctl -q --sysfs-root "$root" -j stat --dry-run -e 'hisi_sccl1_l3c1/rd_spipe,ext=1/'
	[ "$status" -eq 0 ]
	[ "$(jq_py '[e["config"] for e in d["events"]]')" = "['0x10018']" ]
	# the code alone is checked (43de0ac332b8): the ext bits are above it
	pmuctl --sysfs-root "$root" --kernel 6.12 stat --dry-run -e 'hisi_sccl1_l3c1/rd_spipe,ext=1/'
	[ "$status" -eq 0 ]
	[[ "$output" != *warning* ]]
	pmuctl --sysfs-root "$root" stat --dry-run -e 'hisi_sccl1_l3c1/rd_spipe,ext=3/'
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: ext=3 names no extension region of 'hisi_sccl1_l3c1': an L3C has at most 2 (hisi_l3c_pmu_check_filter, L3C_MAX_EXT)" ]
	pmuctl --sysfs-root "$root" stat --dry-run -e 'hisi_sccl1_l3c1/rd_spipe,ext=2/'
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "pmuctl: warning: hisi_sccl1_l3c1/rd_spipe,ext=2/: ext=2 counts only on an L3C with two extension regions (three IRQs): one with one refuses it with EINVAL (hisi_l3c_pmu_check_filter)" ]
	# 8 normal and 8 extension events in one group fit: each region has its own counters
	group=$(printf 'hisi_sccl1_l3c1/event=%d/,' 1 2 3 4 5 6 7 8; printf 'hisi_sccl1_l3c1/event=%d,ext=1/,' 1 2 3 4 5 6 7 8)
	pmuctl --sysfs-root "$root" stat --dry-run -e "{${group%,}}"
	[ "$status" -eq 0 ]
	[[ "$output" != *warning* ]]
	# nine in one region: the driver takes the group (16 counters in all), the region has 8
	group=$(printf 'hisi_sccl1_l3c1/event=%d,ext=1/,' 1 2 3 4 5 6 7 8 9)
	pmuctl --sysfs-root "$root" stat --dry-run -e "{${group%,}}"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "pmuctl: warning: hisi_sccl1_l3c1/event=9,ext=1/: the group has more than 8 events in one counter region of 'hisi_sccl1_l3c1' (ext=1): it is taken, and never counts (hisi_l3c_pmu_get_event_idx finds no counter); split the group" ]
	group=$(printf 'hisi_sccl1_l3c1/event=%d/,' 1 2 3 4 5 6 7 8 9)
	pmuctl --sysfs-root "$root" stat --dry-run -e "{${group%,}}"
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == "pmuctl: warning: hisi_sccl1_l3c1/event=9/: the group has more than 8 events in one counter region of 'hisi_sccl1_l3c1' (ext=0)"* ]]
}
