#!/usr/bin/env bats
# Warnings: one line per cause, naming the events and PMUs it hit, never one per PMU.
load helpers

@test "warnings: a cause shared by 12 PMUs is one line, with the events and PMUs it hit" {
	pmuctl --sysfs-root "$LIVE" stat -M t410_pcie --duration 0.05
	[ "$status" -eq 2 ]
	[ "$(grep -c '^pmuctl: warning:' <<<"$output")" -eq 2 ]
	[[ "$output" == *"pmuctl: warning: rd_req/, wr_req/, rd_cum_outs/ on 12 PMUs (nvidia_pcie_pmu_0_rc_0, nvidia_pcie_pmu_0_rc_1, ..., nvidia_pcie_pmu_1_rc_5): not counted: cycles/ in its group failed (the kernel has no PMU of type 1 or it has no event 0x100000000: "* ]]
	[[ "$output" == *"pmuctl: warning: cycles/ on 12 PMUs (nvidia_pcie_pmu_0_rc_0, nvidia_pcie_pmu_0_rc_1, ..., nvidia_pcie_pmu_1_rc_5): the kernel has no PMU of type 1"* ]]
}

@test "warnings: one PMU and one event keep the event string whole" {
	pmuctl --sysfs-root "$LIVE" stat -e '{nvidia_pcie_pmu_0_rc_1/rd_req/,nvidia_pcie_pmu_0_rc_1/cycles/}' -e nvidia_ucf_pmu_0/event=0x0/ --duration 0.05
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "pmuctl: warning: nvidia_pcie_pmu_0_rc_1/rd_req/: not counted: nvidia_pcie_pmu_0_rc_1/cycles/ in its group failed (the kernel has no PMU of type 1 or it has no event 0x100000000: the PMU is absent, its driver is not loaded, or the sysfs root is not this machine)" ]
	[ "$(grep -c '^pmuctl: warning:' <<<"$output")" -eq 2 ]
}

@test "warnings: a family with no PMU on the machine is one line for all its metrics" {
	pmuctl --sysfs-root "$LIVE" stat -M hns3,t410_pcie_rd_bw --duration 0.05
	[ "$status" -eq 0 ]
	[ "$(grep -c '^pmuctl: warning:' <<<"$output")" -eq 1 ]
	[[ "${lines[0]}" == "pmuctl: warning: 55 metrics (hns3_bw_ssu_egu, hns3_bw_ssu_rpu, "*"...): no hns3 PMU on this machine" ]]
	# a metric named itself that applies to no PMU is an error, not a warning
	pmuctl --sysfs-root "$LIVE" stat -M hns3_dly_tpu,t410_pcie_rd_bw --duration 0.05
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: metric hns3_dly_tpu applies to no PMU on this machine: it counts on hns3 PMUs (pmuctl list --metrics --all hns3_dly_tpu)" ]
	# named through a glob, it is one of many: a warning
	pmuctl --sysfs-root "$LIVE" stat -M 'hns3_dly_tp*,t410_pcie_rd_bw' --duration 0.05
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == "pmuctl: warning: "*"no hns3 PMU on this machine" ]]
}

@test "warnings: the true cause first: a cpumask CPU the running kernel lacks, not a PMU rule" {
	# the example trees' PMUs count on CPUs 64 and 72; this kernel may have fewer
	online=$(cat /sys/devices/system/cpu/online)
	python3 -c 'import sys
r = [tuple(map(int, (p + "-" + p).split("-")[:2])) for p in sys.argv[1].split(",")]
sys.exit(any(a <= 72 <= b or a <= 64 <= b for a, b in r))' "$online" || skip "this kernel has CPU 64 or 72 online"
	pmuctl --sysfs-root "$T410" stat -e nvidia_pcie_pmu_1_rc_4/rd_bytes/ --duration 0.05
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: warning: nvidia_pcie_pmu_1_rc_4/rd_bytes/: CPU 72, where the PMU counts (its cpumask), is not online in the running kernel (online: $online): the sysfs root is not this machine, or the CPU is offline" ]
	pmuctl --sysfs-root "$YITIAN" stat -e ali_drw_40021000/hif_rd/ --duration 0.05
	[[ "${lines[0]}" == "pmuctl: warning: ali_drw_40021000/hif_rd/: CPU 64, where the PMU counts"* ]]
	pmuctl --sysfs-root "$HIP09" stat -e hns3_pmu_sicl_2/bw_rd_ebd_byte_num,global=1/ --duration 0.05
	[[ "${lines[0]}" == "pmuctl: warning: hns3_pmu_sicl_2/bw_rd_ebd_byte_num,global=1/: CPU 64, where the PMU counts"* ]]
}

@test "warnings: a PCIE event without a filter is never blamed on the one-filter rule" {
	# CPU 0 is online everywhere; the kernel has no PMU of the fixture's type
	pmuctl --sysfs-root "$T410" stat -e nvidia_pcie_pmu_0_rc_1/rd_bytes/ --duration 0.05
	[ "$status" -eq 1 ]
	[[ "${lines[0]}" != *"one BDF filter"* ]]
}

@test "warnings: stat --per-device on the live examples: one line per cause, not one per group member or PMU" {
	pmuctl --sysfs-root "$LIVE" stat --per-device --duration 0.1
	# (and a switch port is no row: no warning that it has no BAR to filter)
	[ "$(grep -c '^pmuctl: warning' <<<"$output")" -eq 4 ]
	[ "$(grep -c 'its group leader' <<<"$output")" -eq 0 ]
	# a group's members whose leader failed: one line for all of them, after the leader's
	grep -q "^pmuctl: warning: wr_bytes,dst_addr_base=.* on 12 PMUs (nvidia_pcie_tgt_pmu_0_rc_0, .*): not opened, as their group leader failed (said above)$" <<<"$output"
	grep -qF "pmuctl: warning: 'nvidia_pcie_pmu_0_rc_1' (6), 'nvidia_pcie_pmu_0_rc_3' (2), 'nvidia_pcie_pmu_0_rc_4' (4) and more, 7 PMUs: their BDF filters (src_bdf=0x8300, src_bdf=0x8400, src_bdf=0xa100, ...) count in turns" <<<"$output"
	pmuctl --sysfs-root "$DWC_LIVE" stat --per-device --duration 0.1
	[ "${lines[0]}" = "pmuctl: warning: 'dwc_rootport_3018', 'dwc_rootport_3028', 'dwc_rootport_8008': 2 events need 2 counters of one kind at once, and each PMU has 1 (one counter per event type, dwc_pcie_pmu_event_add): the kernel rotates them, some counting 50% of the time (--dry-run shows which); count fewer at once" ]
	[ "$(grep -c "counters of one kind" <<<"$output")" -eq 1 ]
}
