#!/usr/bin/env bats
# HiSilicon PCIe PMUs (hisi_pcie<sicl>_core<core>) beside the HNS3 ones of the Hip09 example: one
# descriptor file (pmu/family/hisi_pcie.c) and its row in the family table.
load helpers

@test "hisi_pcie: list reads the bus file as the driver prints it, '0000' for bus 0" {
	pmuctl --sysfs-root "$HIP09" -j list 'hisi_pcie*'
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(p["name"], p["family"], p["sicl"], p["core"], p["bus"]) for p in d["pmus"]]')" = \
		"[('hisi_pcie0_core0', 'hisi_pcie', 0, 0, 0), ('hisi_pcie2_core0', 'hisi_pcie', 2, 0, 128)]" ]
	[ "$(cat "$HIP09/bus/event_source/devices/hisi_pcie0_core0/bus")" = "0000" ]
	pmuctl --sysfs-root "$HIP09" list --long hisi_pcie2_core0
	[[ "${lines[1]}" =~ ^\ \ hisi_pcie2_core0\ +sicl\ 2,\ core\ 0,\ bus\ 80\  ]]
}

@test "hisi_pcie: map places each root port at its core by the PMU's bus, its devices below it with their bdf" {
	pmuctl --sysfs-root "$HIP09" map
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "socket 0" ]
	[ "${lines[1]}" = "  core 0  hisi_pcie0_core0" ]
	# the document's port bits: 00:00.0 is bit 0, 00:04.0 bit 8
	[[ "${lines[2]}" =~ ^\ \ \ \ 00:00.0\ +RP\ 0\ +port=0x1\  ]]
	[[ "${lines[3]}" =~ ^\ \ \ \ \ \ 01:00.0\ +bdf=0x0100\  ]]
	[[ "${lines[4]}" =~ ^\ \ \ \ 00:04.0\ +RP\ 8\ +port=0x100\  ]]
	[[ "${lines[6]}" =~ ^\ \ \ \ \ \ 02:00.1\ +bdf=0x0201\  ]]
	# the second socket's core (SICL 2), its NUMA node 2 on socket 1: a node is not a socket
	[[ "$output" == *$'\nsocket 1\n  core 0  hisi_pcie2_core0\n    80:00.0  '* ]]
	pmuctl --sysfs-root "$HIP09" -j map 02:00.0 81:00.0
	[ "$(jq_py '[r["requester"]["event"] for r in d]')" = "['hisi_pcie0_core0/rx_mwr_flux,bdf=0x0200/', 'hisi_pcie2_core0/rx_mwr_flux,bdf=0x8100/']" ]
	[ "$(jq_py '[(r["location"]["socket"], r["location"]["numa_node"], r["location"]["rc"], r["location"]["rp"], r["requester"]["root_port_filter"]) for r in d]')" = \
		"[(0, 0, 0, 8, 'port=0x100'), (1, 2, 0, 0, 'port=0x1')]" ]
}

@test "hisi_pcie: bdf_min and bdf_max, where the kernel has them, narrow a core to its own root ports on a shared bus" {
	cp -a "$FIX/hip09" "$BATS_TEST_TMPDIR/m"
	local pmu=$BATS_TEST_TMPDIR/m/sys/bus/event_source/devices/hisi_pcie0_core0
	printf '00:00.0\n' >"$pmu/bdf_min"
	printf '00:03.7\n' >"$pmu/bdf_max"
	pmuctl --sysfs-root "$BATS_TEST_TMPDIR/m/sys" -j map 01:00.0 02:00.0
	[ "$status" -eq 0 ]
	# 00:04.0 is on the core's bus but past bdf_max: neither it nor 02:00.0 below it is the core's
	[ "$(jq_py '[(r["bdf"], r["location"]["rc"], r["requester"] and r["requester"]["pmu"]) for r in d]')" = \
		"[('0000:01:00.0', 0, 'hisi_pcie0_core0'), ('0000:02:00.0', None, None)]" ]
	pmuctl --sysfs-root "$BATS_TEST_TMPDIR/m/sys" stat --dry-run -e 'hisi_pcie0_core0/rx_mwr_flux,bdf=0x0200/'
	[ "$status" -eq 1 ]
	[[ "${lines[0]}" == "pmuctl: error: 'hisi_pcie0_core0' needs port= or the bdf= of a function below its root ports (on bus 00): 0000:02:00.0 is below none of them"* ]]
	# a number works as well as a BDF; the bus file alone gives the whole bus back
	printf '0x0020\n' >"$pmu/bdf_max"
	pmuctl --sysfs-root "$BATS_TEST_TMPDIR/m/sys" stat --dry-run -e 'hisi_pcie0_core0/rx_mwr_flux,bdf=0x0200/'
	[ "$status" -eq 0 ]
	rm "$pmu/bdf_min" "$pmu/bdf_max"
	printf '00:00.0\n' >"$pmu/bdf_max"
	pmuctl --sysfs-root "$BATS_TEST_TMPDIR/m/sys" stat --dry-run -e 'hisi_pcie0_core0/rx_mwr_flux,bdf=0x0200/'
	[ "$status" -eq 0 ]
}

@test "hisi_pcie: the driver's refusals (hisi_pcie_pmu_valid_filter, its requester check and its group) and the document's warnings" {
	pmuctl --sysfs-root "$HIP09" stat --dry-run -e 'hisi_pcie0_core0/rx_mrd_flux,port=1,thr_len=11/'
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: thr_len and trig_len are at most 10 (2^10 DW) on 'hisi_pcie0_core0' (hisi_pcie_pmu_valid_filter)" ]
	pmuctl --sysfs-root "$HIP09" stat --dry-run -e 'hisi_pcie2_core0/rx_mrd_flux,bdf=0x3500/'
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: 'hisi_pcie2_core0' needs port= or the bdf= of a function below its root ports (on bus 80): 0000:35:00.0 is below none of them (hisi_pcie_pmu_valid_requester_id); pmuctl map shows the PMU that sees it" ]
	# 81:00.0 is below core 0 of SICL 2, not SICL 0's, although its bus is above bus 0
	pmuctl --sysfs-root "$HIP09" stat --dry-run -e 'hisi_pcie0_core0/rx_mwr_flux,bdf=0x8100/'
	[ "$status" -eq 1 ]
	[[ "${lines[0]}" == "pmuctl: error: 'hisi_pcie0_core0' needs port= or the bdf= of a function below its root ports (on bus 00): 0000:81:00.0 is below none of them"* ]]
	[ "${lines[2]}" = "  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~" ]
	# nine distinct counters in one group: the driver refuses the group, it never rotates
	group="{$(for e in rx_mwr_latency rx_mrd_latency tx_mrd_latency rx_mwr_flux rx_mrd_flux rx_cpl_flux tx_mwr_flux tx_mrd_flux tx_cpl_flux; do printf 'hisi_pcie0_core0/%s,port=1/,' $e; done)"
	pmuctl --sysfs-root "$HIP09" stat --dry-run -e "${group%,}}"
	[ "$status" -eq 1 ]
	[[ "${lines[0]}" == "pmuctl: error: the group needs more than 8 counters on 'hisi_pcie0_core0' (events of one hardware event and filter share one): the driver refuses it (hisi_pcie_pmu_validate_event_group); split the group" ]]
	pmuctl --sysfs-root "$HIP09" stat --dry-run -e 'hisi_pcie0_core0/rx_mwr_latency,bdf=0x100/' -e 'hisi_pcie0_core0/rx_mrd_latency,bdf=0x100/'
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "pmuctl: warning: 2 latency events with bdf= (hisi_pcie0_core0/rx_mwr_latency,bdf=0x100/, ...): the driver takes it, but \"bdf filter can only be used in bandwidth events\" (hisi-pcie-pmu.rst): count latency by port= (--per-device does where a function is alone below its port)" ]
	pmuctl --sysfs-root "$HIP09" stat --dry-run -e 'hisi_pcie0_core0/rx_mrd_flux/'
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == "pmuctl: warning: hisi_pcie0_core0/rx_mrd_flux/: neither port nor bdf: \"one of these two interfaces must be set\""* ]]
}

@test "hisi_pcie: every metric plans system-wide with every port bit, and counts on the live example" {
	for m in $("$PMUCTL" --sysfs-root "$HIP09" list --metrics 'hisi_pcie_*' -j | python3 -c 'import json,sys; print(" ".join(m["name"] for m in json.load(sys.stdin)["metrics"]))'); do
		pmuctl --sysfs-root "$HIP09" -j stat --dry-run -M "$m"
		[ "$status" -eq 0 ] || { echo "$m: $output"; false; }
		[ "$(jq_py 'sorted(set(e["config2"] for e in d["events"]))')" = "['0xffff']" ] || { echo "$m"; false; }
	done
	pmuctl -q --sysfs-root "$HIP09_LIVE" -j stat -M hisi_pcie_rx_mwr_flux_rate --per-pmu --duration 0.1
	[ "$status" -eq 0 ]
	# flux is cpu-clock there, its time task-clock: both count the CPU's time, a ratio near 1
	[ "$(jq_py '[(m["pmu"], m["value"] is not None and 0.5 < m["value"] < 2) for m in d["metrics"]]')" = \
		"[('hisi_pcie0_core0', True), ('hisi_pcie2_core0', True)]" ]
}

@test "hisi_pcie: a pair (xxx_flux, xxx_time) is one group on one counter, as the document asks" {
	pmuctl --sysfs-root "$HIP09" -j stat --dry-run -M hisi_pcie_rx_mwr_flux_rate --device 0000:02:00.1
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(e["event"], e["config"], e["config2"], e["group"]) for e in d["events"]]')" = \
		"[('hisi_pcie0_core0/rx_mwr_flux,bdf=0x0201/', '0x104', '0x2010000', 0), ('hisi_pcie0_core0/rx_mwr_time,bdf=0x0201/', '0x10104', '0x2010000', 0)]" ]
	[ "$(jq_py '[(s["pmu"], s["counters_needed"]) for s in d["schedule"]]')" = "[('hisi_pcie0_core0', 1)]" ]
}

@test "hisi_pcie: --per-device on the Hip09 example rows its endpoints beside the HNS3 functions" {
	pmuctl -q --sysfs-root "$HIP09" -j stat --dry-run --per-device
	[ "$status" -eq 0 ]
	# each event k counts k * 1e6 over 2 s
	/usr/bin/python3 -c '
import json, sys
for i, e in enumerate(json.loads(sys.argv[1])["events"]):
    print("%d,,%s,2000000000,100.00,," % ((i + 1) * 1000000, e["event"]))
print("2000000000,ns,duration_time,2000000000,100.00,,")' "$output" >"$BATS_TEST_TMPDIR/rec.csv"
	pmuctl -q --sysfs-root "$HIP09" -j stat --input "$BATS_TEST_TMPDIR/rec.csv" --per-device
	[ "$status" -eq 0 ]
	# alone below its port, a function is counted by the port's bit; two sharing one, by their bdf
	[ "$(jq_py '[(r["device"], r["method"]) for r in d["devices"] if not r["device"].startswith(("0000:35", "0000:bd"))]')" = \
		"[('0000:01:00.0', 'rp'), ('0000:02:00.0', 'bdf'), ('0000:02:00.1', 'bdf'), ('0000:81:00.0', 'rp')]" ]
	[ "$(jq_py 'len(d["devices"])')" -eq 12 ]
	# 01:00.0: rx_mwr_flux is event 33, its time 34; tx_cpl_flux 41, its time 42 (after 32 HNS3 ones)
	[ "$(jq_py '[(round(v["hisi_pcie_rx_mwr_flux_rate"], 12), round(v["hisi_pcie_tx_cpl_flux_rate"], 12)) for r in d["devices"] if r["device"] == "0000:01:00.0" for v in [r["values"]]]')" = \
		"[(0.970588235294, 0.97619047619)]" ]
}
