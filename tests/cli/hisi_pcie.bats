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

@test "hisi_pcie: map puts each endpoint below a core's root ports under its PMU with its bdf filter" {
	pmuctl --sysfs-root "$HIP09" map
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" =~ ^01:00.0\ +hisi_pcie0_core0\ bdf=0x0100\  ]]
	[[ "${lines[2]}" =~ ^02:00.1\ +hisi_pcie0_core0\ bdf=0x0201\  ]]
	[[ "$output" =~ $'\n'81:00.0\ +hisi_pcie2_core0\ bdf=0x8100\  ]]
	# the root ports have no bit the documents define for them: they are not mapped
	[[ "$output" != *"00:04.0 "* ]]
	pmuctl --sysfs-root "$HIP09" -j map 02:00.0
	[ "$(jq_py 'd[0]["hns3"]["event"]')" = "hisi_pcie0_core0/rx_mwr_flux,bdf=0x0200/" ]
}

@test "hisi_pcie: the driver's refusals (hisi_pcie_pmu_valid_filter) and the document's warnings" {
	pmuctl --sysfs-root "$HIP09" stat --dry-run -e 'hisi_pcie0_core0/rx_mrd_flux,port=1,thr_len=11/'
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: thr_len and trig_len are at most 10 (2^10 DW) on 'hisi_pcie0_core0' (hisi_pcie_pmu_valid_filter)" ]
	pmuctl --sysfs-root "$HIP09" stat --dry-run -e 'hisi_pcie2_core0/rx_mrd_flux,bdf=0x3500/'
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: 'hisi_pcie2_core0' needs port= or the bdf= of a function below its root ports (bus 80): bdf=0x3500 is not (hisi_pcie_pmu_valid_filter); pmuctl map shows the functions it sees" ]
	pmuctl --sysfs-root "$HIP09" stat --dry-run -e 'hisi_pcie0_core0/rx_mwr_latency,bdf=0x100/'
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "pmuctl: warning: hisi_pcie0_core0/rx_mwr_latency,bdf=0x100/: bdf on a latency event: the driver takes it, but \"this filter can only be used in bandwidth events\" (hisi-pcie-pmu.rst)" ]
	pmuctl --sysfs-root "$HIP09" stat --dry-run -e 'hisi_pcie0_core0/rx_mrd_flux/'
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == "pmuctl: warning: hisi_pcie0_core0/rx_mrd_flux/: neither port nor bdf: \"one of these two interfaces must be set\""* ]]
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
	[ "$(jq_py '[(r["device"], r["method"]) for r in d["devices"] if not r["device"].startswith(("0000:35", "0000:bd"))]')" = \
		"[('0000:01:00.0', 'bdf'), ('0000:02:00.0', 'bdf'), ('0000:02:00.1', 'bdf'), ('0000:81:00.0', 'bdf')]" ]
	[ "$(jq_py 'len(d["devices"])')" -eq 12 ]
	# 01:00.0: rx_mwr_flux is event 33, its time 34; tx_cpl_flux 41, its time 42 (after 32 HNS3 ones)
	[ "$(jq_py '[(round(v["hisi_pcie_rx_mwr_flux_rate"], 12), round(v["hisi_pcie_tx_cpl_flux_rate"], 12)) for r in d["devices"] if r["device"] == "0000:01:00.0" for v in [r["values"]]]')" = \
		"[(0.970588235294, 0.97619047619)]" ]
}
