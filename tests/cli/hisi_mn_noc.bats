#!/usr/bin/env bats
# HiSilicon MN and NoC PMUs (hisi_scl<S>_mn<I>, hisi_scl<S>_noc<I>_<sub>), which 6.18 added
# (torvalds/linux 2257798498b3, e31c0eb10388): the Hip09 tree with them as those drivers write
# them (tests/gen/fixtures.py hisi_mn_noc); pmu/family/hisi_mn.c, hisi_noc.c.
load helpers

HIP09=$FIX/hip09/sys
HIP09_LIVE=$FIX/hip09-live/sys

tree() {
	local sys=$BATS_TEST_TMPDIR/sys
	cp -a "${2:-$HIP09}" "$sys"
	python3 "$BATS_TEST_DIRNAME/../gen/fixtures.py" --hisi-mn-noc "$sys" $1
	echo "$sys"
}

@test "hisi_mn_noc: each MN and NoC PMU is its family's, its SCL, unit and sub id from the name; none is generic" {
	root=$(tree)
	pmuctl -q --sysfs-root "$root" -j list
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(p["name"], p["family"], p["scl"], p.get("mn"), p.get("noc"), p["sub"], p["cpumask"]) for p in d["pmus"] if p["family"] in ("hisi_mn", "hisi_noc")]')" = "[('hisi_scl1_mn0', 'hisi_mn', 1, 0, None, None, [0]), ('hisi_scl3_mn0', 'hisi_mn', 3, 0, None, None, [32]), ('hisi_scl1_noc0_0', 'hisi_noc', 1, None, 0, 0, [0]), ('hisi_scl1_noc0_1', 'hisi_noc', 1, None, 0, 1, [0]), ('hisi_scl3_noc0_0', 'hisi_noc', 3, None, 0, 0, [32]), ('hisi_scl3_noc0_1', 'hisi_noc', 3, None, 0, 1, [32])]" ]
	[ "$(jq_py 'len([p for p in d["pmus"] if p["name"].startswith("hisi_scl") and p["family"] == "generic"])')" = 0 ]
	pmuctl -q --sysfs-root "$root" -j stat --dry-run -e 'hisi_scl1_noc0_1/ingress_flow_sum,ch=6,tt_en=1/' -e hisi_scl3_mn0/pa_req_dvmsync_latency/
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(e["config"], e["config1"]) for e in d["events"]]')" = "[('0x1a', '0xe'), ('0x87', '0x0')]" ]
}

@test "hisi_mn_noc: NoC's codes stop at 0x1f and MN's at 0xff; groups past 4 counters refused" {
	root=$(tree)
	pmuctl --sysfs-root "$root" stat --dry-run -e 'hisi_scl1_noc0_0/event=0x20/'
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: event 0x20 is past the last the driver takes on 'hisi_scl1_noc0_0', 0x1f (check_event of PMU v1, hisi_uncore_pmu_event_init)" ]
	pmuctl --sysfs-root "$root" stat --dry-run -e 'hisi_scl1_mn0/event=0xff/'
	[ "$status" -eq 0 ]
	pmuctl --sysfs-root "$root" stat --dry-run -e "{$(printf 'hisi_scl1_mn0/event=%d/,' 1 2 3 4 5 | sed 's/,$//')}"
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: the group needs more than 4 counters on 'hisi_scl1_mn0': the driver refuses it (hisi_validate_event_group); split the group" ]
	pmuctl --sysfs-root "$root" stat --dry-run -e "{$(printf 'hisi_scl1_noc0_0/event=%d/,' 1 2 3 4 | sed 's/,$//')}"
	[ "$status" -eq 0 ]
}

@test "hisi_mn_noc: NoC's tracetag switch is the PMU's: events whose tt_en differs never count together, said once" {
	root=$(tree)
	pmuctl --sysfs-root "$root" stat --dry-run -e 'hisi_scl1_noc0_0/cycles/' -e 'hisi_scl1_noc0_0/ingress_flow_sum,tt_en=1/' -e 'hisi_scl1_noc0_1/egress_flow_sum,tt_en=1/'
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "pmuctl: warning: hisi_scl1_noc0_0/ingress_flow_sum,tt_en=1/: 'hisi_scl1_noc0_0' has one tracetag switch for all its counters: beside 'hisi_scl1_noc0_0/cycles/', whose tt_en differs, it waits until that one stops (hisi_noc_pmu_get_event_idx: -EAGAIN), and in one group the group never counts" ]
	[[ "${lines[1]}" != *warning* ]]
}

@test "hisi_mn_noc: the NoC clock counts on the live copy; doctor names both drivers' arrival" {
	root=$(tree live "$HIP09_LIVE")
	pmuctl -q --sysfs-root "$root" -j stat -M hisi_noc_clock --duration 0.2
	[ "$status" -eq 0 ]
	# each ring's cycles count cpu-clock nanoseconds: a 1000 MHz clock
	[ "$(jq_py '[(m["metric"], m["coverage"], int(900 < m["value"] < 1100)) for m in d["metrics"]]')" = "[('hisi_noc_clock', 1.0, 1)]" ]
	pmuctl -q --sysfs-root "$root" --kernel 6.12 -j doctor
	[ "$(jq_py '[(c["id"], c["status"]) for c in d["checks"] if c["id"] in ("kernel.hisi_mn.v6.18", "kernel.hisi_noc.v6.18")]')" = "[('kernel.hisi_mn.v6.18', 'warn'), ('kernel.hisi_noc.v6.18', 'warn')]" ]
}
