#!/usr/bin/env bats
# HiSilicon DDRC PMUs (hisi_sccl<S>_ddrc<I>[_<sub>], one per DDR controller of a SCCL) on the
# Hip09 tree: one descriptor file (pmu/family/hisi_ddrc.c) and its row in the family table.
load helpers

HIP09=$FIX/hip09/sys
HIP09_LIVE=$FIX/hip09-live/sys

teardown() {
	stop_background
}

# A Hip08 (PMU v1) controller as hisi_uncore_ddrc_pmu.c writes it: no sub id, event config:0-4,
# its eight fixed events, cpumask "%d", as it sits in /sys/devices before pmu.parent (v6.1)
v1_tree() {
	local d=$BATS_TEST_TMPDIR/v1/devices/hisi_sccl3_ddrc2 e=0
	mkdir -p "$d/format" "$d/events" "$BATS_TEST_TMPDIR/v1/bus/event_source/devices" \
		"$BATS_TEST_TMPDIR/v1/devices/platform/HISI0233:00"
	echo 42 >"$d/type"
	echo 0 >"$d/cpumask"
	echo config:0-4 >"$d/format/event"
	for n in flux_wr flux_rd flux_wcmd flux_rcmd pre_cmd act_cmd rnk_chg rw_chg; do
		printf 'config=0x%x\n' $e >"$d/events/$n"
		e=$((e + 1))
	done
	ln -s ../../../devices/hisi_sccl3_ddrc2 "$BATS_TEST_TMPDIR/v1/bus/event_source/devices/hisi_sccl3_ddrc2"
	echo "$BATS_TEST_TMPDIR/v1"
}

@test "hisi_ddrc: every controller's PMU is the family's, its SCCL, channel and sub id from the name, v1 names too" {
	pmuctl -q --sysfs-root "$HIP09" -j list --formats
	[ "$status" -eq 0 ]
	[ "$(jq_py 'len([p for p in d["pmus"] if p["family"] == "hisi_ddrc"])')" = 16 ]
	[ "$(jq_py '[(p["sccl"], p["ddrc"], p["sub"], p["cpumask"], p["identifier"]) for p in d["pmus"] if p["name"] == "hisi_sccl5_ddrc3_0"]')" = "[(5, 3, 0, [64], '0x00000030')]" ]
	# the v2 driver's format and events, as hisi_event_sysfs_show writes them
	[ "$(jq_py '[(f["name"], f["word"], f["bits"]) for p in d["pmus"] if p["name"] == "hisi_sccl1_ddrc0_0" for f in p["formats"]] + [(e["name"], e["value"]) for p in d["pmus"] if p["name"] == "hisi_sccl1_ddrc0_0" for e in p["events"]]')" = "[('event', 'config', '0-7'), ('cycles', 'config=0x0'), ('flux_rd', 'config=0x84'), ('flux_wr', 'config=0x83')]" ]
	root=$(v1_tree)
	pmuctl --sysfs-root "$root" list
	[ "$status" -eq 0 ]
	[[ "${lines[1]}" == "  hisi_sccl3_ddrc2                     sccl 3, ddrc 2  "* ]]
}

@test "hisi_ddrc: an event past check_event is refused with the driver's function named: v1's 0x7, v2's 0x90 before 6.17 and 0xff since" {
	# v1's format holds 0-31, its driver only 0-7
	root=$(v1_tree)
	pmuctl --sysfs-root "$root" stat --dry-run -e 'hisi_sccl3_ddrc2/event=0x8/'
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: event 0x8 is past the last the driver takes on 'hisi_sccl3_ddrc2', 0x7 (check_event of PMU v1, hisi_uncore_pmu_event_init)" ]
	# 35f5b36e8cc2 (v6.17) raised v2's last from 0x90 to 0xff: a tree alone follows the newest driver
	pmuctl --sysfs-root "$HIP09" stat --dry-run -e 'hisi_sccl1_ddrc0_0/event=0xff/'
	[ "$status" -eq 0 ]
	[[ "$output" != *warning* ]]
	pmuctl --sysfs-root "$HIP09" --kernel 6.12 stat --dry-run -e '{hisi_sccl1_ddrc0_0/flux_rd/,hisi_sccl1_ddrc0_0/event=0x91/}'
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: event 0x91 is past 0x90, the last Linux 6.12 (--kernel) takes on 'hisi_sccl1_ddrc0_0' (check_event of PMU v2); 35f5b36e8cc2 (v6.17) raised it to 0xff" ]
	[ "${lines[2]}" = "                               ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~" ]
	pmuctl --sysfs-root "$HIP09" --kernel 6.17 stat --dry-run -e 'hisi_sccl1_ddrc0_0/event=0x91/'
	[ "$status" -eq 0 ]
	# the release of the machine --proc-root copies, as osrelease writes it
	mkdir -p "$BATS_TEST_TMPDIR/proc/sys/kernel"
	echo 6.6.87-cloud-arm64 >"$BATS_TEST_TMPDIR/proc/sys/kernel/osrelease"
	pmuctl --sysfs-root "$HIP09" --proc-root "$BATS_TEST_TMPDIR/proc" stat --dry-run -e 'hisi_sccl1_ddrc0_0/event=0x91/'
	[ "$status" -eq 1 ]
	[[ "${lines[0]}" == *"the last Linux 6.6 (--proc-root's osrelease) takes on"* ]]
	pmuctl --sysfs-root "$HIP09" --kernel 6 stat --dry-run -e 'hisi_sccl1_ddrc0_0/event=0x91/'
	[ "$status" -eq 64 ]
	[ "${lines[0]}" = "pmuctl: --kernel needs a release as MAJOR.MINOR, as 6.12, not '6'" ]
}

@test "hisi_ddrc: before 6.18 the whole config word is checked (43de0ac332b8): bits above the code are warned, since then taken" {
	pmuctl --sysfs-root "$HIP09" stat --dry-run -e 'hisi_sccl1_ddrc0_0/config=0x184/'
	[ "$status" -eq 0 ]
	[[ "$output" != *warning* ]]
	pmuctl --sysfs-root "$HIP09" --kernel 6.17 stat --dry-run -e 'hisi_sccl1_ddrc0_0/config=0x184/'
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "pmuctl: warning: hisi_sccl1_ddrc0_0/config=0x184/: config 0x184 sets bits above the event code: Linux 6.17 (--kernel) checks the whole word against 0xff and refuses it, unless it has 43de0ac332b8 (v6.18, in stable kernels since)" ]
}

@test "hisi_ddrc: a group of nine is refused (hisi_validate_event_group); v1's second event of one code is warned" {
	pmuctl --sysfs-root "$HIP09" stat --dry-run -e "{$(printf 'hisi_sccl1_ddrc0_0/event=%d/,' 1 2 3 4 5 6 7 8 9 | sed 's/,$//')}"
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: the group needs more than 8 counters on 'hisi_sccl1_ddrc0_0': the driver refuses it (hisi_validate_event_group); split the group" ]
	root=$(v1_tree)
	pmuctl --sysfs-root "$root" stat --dry-run -e '{hisi_sccl3_ddrc2/flux_rd/,hisi_sccl3_ddrc2/event=0x1/}'
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "pmuctl: warning: hisi_sccl3_ddrc2/event=0x1/: 'hisi_sccl3_ddrc2' counts event 1 on a fixed counter of its own (hisi_ddrc_pmu_v1_get_event_idx): a second one takes turns with 'hisi_sccl3_ddrc2/flux_rd/', and in one group never counts" ]
}

@test "hisi_ddrc: doctor finds 16 PMUs on the HISI0234 devices, and the v6.1 layout (PMUs in /sys/devices) is no missing driver" {
	pmuctl -q --sysfs-root "$HIP09" -j doctor
	[ "$(jq_py '[(c["status"], c["seen"]) for c in d["checks"] if c["id"] == "family.hisi_ddrc"]')" = "[('ok', '16 PMUs, on 16 platform devices (HISI023*)')]" ]
	root=$(v1_tree)
	pmuctl -q --sysfs-root "$root" -j doctor
	[ "$(jq_py '[(c["status"], c["seen"]) for c in d["checks"] if c["id"] == "family.hisi_ddrc"]')" = "[('ok', '1 PMU, on 1 platform device (HISI023*)')]" ]
}

@test "hisi_ddrc: the live copy counts hisi_ddrc_rd_ops per socket, each controller placed by its cpumask CPU" {
	pmuctl -q --sysfs-root "$HIP09_LIVE" -j stat -M hisi_ddrc_rd_ops,hisi_ddrc_clock --per-socket --duration 0.2
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(m["metric"], m["scope"], m["socket"], m["coverage"]) for m in d["metrics"]]')" = "[('hisi_ddrc_rd_ops', 'socket', 0, 1.0), ('hisi_ddrc_rd_ops', 'socket', 1, 1.0), ('hisi_ddrc_clock', 'socket', 0, 1.0), ('hisi_ddrc_clock', 'socket', 1, 1.0)]" ]
	# each controller's flux_rd counts cpu-clock nanoseconds: 1000 "M/s" a controller, 8 a socket;
	# the clock is averaged
	[ "$(jq_py '[int(7200 < m["value"] < 8800) for m in d["metrics"][:2]] + [int(900 < m["value"] < 1100) for m in d["metrics"][2:]]')" = "[1, 1, 1, 1]" ]
}

@test "hisi_ddrc: serve labels each controller's series with its socket by its cpumask CPU, as stat --per-socket counts it" {
	background "$PMUCTL" --sysfs-root "$HIP09_LIVE" serve --listen 127.0.0.1:0 -I 100 -M hisi_ddrc_rd_ops
	wait_for "serve to listen" listening
	wait_for "a sample" eval 'curl -sf "http://127.0.0.1:$PORT/metrics" | grep -q "^pmuctl_hisi_ddrc_flux_rd_total"'
	curl -sf "http://127.0.0.1:$PORT/metrics" >"$BATS_TEST_TMPDIR/m.prom"
	# SCCL 5 is the second socket's first die: its cpumask CPU is socket 1's
	grep -q '^pmuctl_hisi_ddrc_flux_rd_total{pmu="hisi_sccl5_ddrc0_0",socket="1",event="hisi_sccl5_ddrc0_0/flux_rd/"} [0-9]*$' "$BATS_TEST_TMPDIR/m.prom"
	grep -q '^pmuctl_hisi_ddrc_rd_ops{pmu="hisi_sccl1_ddrc0_0",socket="0"} [0-9.e+]*$' "$BATS_TEST_TMPDIR/m.prom" ||
		{ grep hisi_sccl1_ddrc0_0 "$BATS_TEST_TMPDIR/m.prom"; false; }
}
