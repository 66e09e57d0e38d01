#!/usr/bin/env bats
# HiSilicon SLLC (hisi_sccl<S>_sllc<I>), PA and CPA (hisi_sicl<S>_pa<I>, _cpa<I>), the links of a
# CPU die and of an I/O die, on the Hip09 tree: pmu/family/hisi_sllc.c, hisi_pa.c, hisi_cpa.c on
# hisi_uncore.c.
load helpers

HIP09=$FIX/hip09/sys
HIP09_LIVE=$FIX/hip09-live/sys

@test "hisi_links: each SLLC is its SCCL's and each PA its SICL's, with the driver's filters" {
	pmuctl -q --sysfs-root "$HIP09" -j list --formats
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(p["name"], p["family"], p.get("sccl"), p.get("sicl"), p.get("sllc"), p.get("pa"), p["cpumask"]) for p in d["pmus"] if p["family"] in ("hisi_sllc", "hisi_pa")]')" = "[('hisi_sccl1_sllc0', 'hisi_sllc', 1, None, 0, None, [0]), ('hisi_sccl3_sllc0', 'hisi_sllc', 3, None, 0, None, [32]), ('hisi_sccl5_sllc0', 'hisi_sllc', 5, None, 0, None, [64]), ('hisi_sccl7_sllc0', 'hisi_sllc', 7, None, 0, None, [96]), ('hisi_sicl0_pa0', 'hisi_pa', None, 0, None, 0, [0]), ('hisi_sicl2_pa0', 'hisi_pa', None, 2, None, 0, [0])]" ]
	[ "$(jq_py '[(f["name"], f["word"], f["bits"]) for p in d["pmus"] if p["name"] == "hisi_sicl0_pa0" for f in p["formats"]]')" = "[('event', 'config', '0-7'), ('srcid_cmd', 'config1', '22-32'), ('srcid_msk', 'config1', '33-43'), ('tgtid_cmd', 'config1', '0-10'), ('tgtid_msk', 'config1', '11-21'), ('tracetag_en', 'config1', '44')]" ]
}

@test "hisi_links: past check_event refused (SLLC 0x80, PA 0xb0 before 6.17; 0xff since); filters the driver drops warned" {
	pmuctl --sysfs-root "$HIP09" --kernel 6.1 stat --dry-run -e 'hisi_sccl1_sllc0/config=0x81/'
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: event 0x81 is past 0x80, the last Linux 6.1 (--kernel) takes on 'hisi_sccl1_sllc0' (check_event of PMU v2); 35f5b36e8cc2 (v6.17) raised it to 0xff" ]
	pmuctl --sysfs-root "$HIP09" --kernel 6.6 stat --dry-run -e 'hisi_sicl0_pa0/config=0xb1/'
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: event 0xb1 is past 0xb0, the last Linux 6.6 (--kernel) takes on 'hisi_sicl0_pa0' (check_event of PMU v2); 35f5b36e8cc2 (v6.17) raised it to 0xff" ]
	pmuctl --sysfs-root "$HIP09" --kernel 6.18 stat --dry-run -e 'hisi_sccl1_sllc0/config=0xff/' -e 'hisi_sicl0_pa0/config=0xff/'
	[ "$status" -eq 0 ]
	pmuctl --sysfs-root "$HIP09" stat --dry-run -e 'hisi_sccl1_sllc0/rx_data,tgtid_min=0x10/'
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "pmuctl: warning: hisi_sccl1_sllc0/rx_data,tgtid_min=0x10/: tgtid_min 0x10 and tgtid_max 0x0 are no range (the driver wants max > 0 and max >= min, tgtid_is_valid): it counts every target" ]
	pmuctl --sysfs-root "$HIP09" stat --dry-run -e 'hisi_sicl2_pa0/rx_req,tgtid_msk=0x7/'
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "pmuctl: warning: hisi_sicl2_pa0/rx_req,tgtid_msk=0x7/: tgtid_msk without tgtid_cmd filters nothing: the driver writes the mask only beside a command (hisi_pa_pmu_config_tgtid)" ]
	pmuctl --sysfs-root "$HIP09" stat --dry-run -e 'hisi_sccl1_hha0/rx_ops_num,srcid_msk=0x3/'
	[ "${lines[0]}" = "pmuctl: warning: hisi_sccl1_hha0/rx_ops_num,srcid_msk=0x3/: srcid_msk without srcid_cmd filters nothing: the driver writes the mask only beside a command (hisi_hha_pmu_config_srcid)" ]
	# a range, a command with its mask: nothing to say
	pmuctl --sysfs-root "$HIP09" stat --dry-run -e 'hisi_sccl1_sllc0/rx_data,tgtid_min=0x10,tgtid_max=0x20/' -e 'hisi_sicl0_pa0/rx_req,srcid_cmd=0x1,srcid_msk=0x7/'
	[ "$status" -eq 0 ]
	[[ "$output" != *warning* ]]
	# one SLLC, two target ranges: its filter registers are one
	pmuctl --sysfs-root "$HIP09" stat --dry-run -e 'hisi_sccl1_sllc0/rx_data,tgtid_min=0x10,tgtid_max=0x20/' -e 'hisi_sccl1_sllc0/tx_data/'
	[[ "${lines[0]}" == "pmuctl: warning: hisi_sccl1_sllc0/tx_data/: 'hisi_sccl1_sllc0' has one filter for all its counters (SLLC_SRCID_CTRL, SLLC_TGTID_CTRL and SLLC_PERF_CTRL, hisi_sllc_pmu_enable_filter): "* ]]
}

@test "hisi_links: the live copy counts each link's clock; a PA, with no CPU of its own, on socket 0's CPU" {
	pmuctl -q --sysfs-root "$HIP09_LIVE" -j stat -M hisi_sllc_clock,hisi_pa_clock --per-socket --duration 0.2
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(m["metric"], m["socket"], m["coverage"]) for m in d["metrics"]]')" = "[('hisi_sllc_clock', 0, 1.0), ('hisi_sllc_clock', 1, 1.0), ('hisi_pa_clock', 0, 1.0)]" ]
	# cpu-clock nanoseconds: 1000 "MHz", averaged over a socket's links
	[ "$(jq_py '[int(900 < m["value"] < 1100) for m in d["metrics"]]')" = "[1, 1, 1]" ]
	pmuctl -q --sysfs-root "$HIP09" -j doctor
	[ "$(jq_py '[(c["id"], c["status"], c["seen"]) for c in d["checks"] if c["id"] in ("family.hisi_sllc", "family.hisi_pa")]')" = "[('family.hisi_sllc', 'ok', '4 PMUs, on 4 platform devices (HISI0263*)'), ('family.hisi_pa', 'ok', '2 PMUs, on 2 platform devices (HISI027*)')]" ]
}

@test "hisi_links: a CPA has perf's JSON-only events where its identifier is the JSON's Compat, and perf's port bandwidth" {
	pmuctl -q --sysfs-root "$HIP09" -j list
	[ "$(jq_py '[(e["name"], e["value"], e.get("json_only")) for p in d["pmus"] if p["name"] == "hisi_sicl2_cpa0" for e in p["events"] if e["name"].endswith(("_64b", "_32b", "p0_rd_dat"))]')" = "[('cpa_p0_rd_dat', 'config=0xe2', None), ('cpa_p1_rd_dat_64b', 'config=0x3', \"perf's hip09/sys/uncore-cpa.json\"), ('cpa_p1_rd_dat_32b', 'config=0x4', \"perf's hip09/sys/uncore-cpa.json\"), ('cpa_p0_rd_dat_64b', 'config=0x83', \"perf's hip09/sys/uncore-cpa.json\"), ('cpa_p0_rd_dat_32b', 'config=0x84', \"perf's hip09/sys/uncore-cpa.json\")]" ]
	pmuctl -q --sysfs-root "$HIP09" -j stat --dry-run -M cpa_p0_avg_bw
	[ "$status" -eq 0 ]
	[ "$(jq_py 'sorted(set((e["event"], e["config"]) for e in d["events"] if e["pmu"] == "hisi_sicl0_cpa0"))')" = "[('hisi_sicl0_cpa0/cpa_cycles/', '0x0'), ('hisi_sicl0_cpa0/cpa_p0_rd_dat_32b/', '0x84'), ('hisi_sicl0_cpa0/cpa_p0_rd_dat_64b/', '0x83'), ('hisi_sicl0_cpa0/cpa_p0_wr_dat/', '0xe1')]" ]
	# another identifier: perf adds no JSON event, and neither does pmuctl
	cp -a "$HIP09" "$BATS_TEST_TMPDIR/sys"
	echo 0x00000040 >"$BATS_TEST_TMPDIR/sys/devices/platform/HISI0281:00/hisi_sicl0_cpa0/identifier"
	pmuctl --sysfs-root "$BATS_TEST_TMPDIR/sys" stat --dry-run -e 'hisi_sicl0_cpa0/cpa_p0_rd_dat_64b/'
	[ "$status" -eq 1 ]
	[[ "${lines[0]}" == "pmuctl: error: unknown term 'cpa_p0_rd_dat_64b' for PMU 'hisi_sicl0_cpa0' (did you mean 'cpa_p0_rd_dat'?)"* ]]
	# a wide code: only config:0-7 is checked since 43de0ac332b8 (v6.18), the whole word before
	pmuctl --sysfs-root "$HIP09" stat --dry-run -e 'hisi_sicl0_cpa0/config=0x1001/'
	[ "$status" -eq 0 ]
	[[ "$output" != *warning* ]]
	pmuctl --sysfs-root "$HIP09" --kernel 6.12 stat --dry-run -e 'hisi_sicl0_cpa0/config=0x1001/'
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "pmuctl: warning: hisi_sicl0_cpa0/config=0x1001/: config 0x1001 sets bits above the event code: Linux 6.12 (--kernel) checks the whole word against 0xff and refuses it, unless it has 43de0ac332b8 (v6.18, in stable kernels since)" ]
	pmuctl -q --sysfs-root "$HIP09_LIVE" -j stat -M hisi_cpa_clock --duration 0.2
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(m["metric"], m["scope"], m["coverage"], int(900 < m["value"] < 1100)) for m in d["metrics"]]')" = "[('hisi_cpa_clock', 'total', 1.0, 1)]" ]
}

# An H60PA and a PA v3 (v6.5, torvalds/linux 1a51688474c0), under their ACPI devices HISI0274 and
# HISI0275, the Hip09 PA's formats and each its own events: no example machine has them
h60pa_tree() {
	local root=$BATS_TEST_TMPDIR/h60pa pa=$HIP09/bus/event_source/devices/hisi_sicl0_pa0 d n
	for d in HISI0274:00/hisi_sicl1_h60pa0 HISI0275:00/hisi_sicl3_pa0; do
		mkdir -p "$root/devices/platform/$d/events" "$root/bus/event_source/devices"
		cp -r "$pa/format" "$root/devices/platform/$d/"
		echo 0 >"$root/devices/platform/$d/cpumask"
		ln -s "../../../devices/platform/$d" "$root/bus/event_source/devices/${d#*/}"
	done
	echo 130 >"$root/devices/platform/HISI0274:00/hisi_sicl1_h60pa0/type"
	echo 131 >"$root/devices/platform/HISI0275:00/hisi_sicl3_pa0/type"
	for n in rx_flit=0x50 tx_flit=0x65; do
		echo "config=${n#*=}" >"$root/devices/platform/HISI0274:00/hisi_sicl1_h60pa0/events/${n%%=*}"
	done
	for n in tx_req=0x0 tx_dat=0x1 tx_snp=0x2 rx_req=0x7 rx_dat=0x8 rx_snp=0x9; do
		echo "config=${n#*=}" >"$root/devices/platform/HISI0275:00/hisi_sicl3_pa0/events/${n%%=*}"
	done
	echo "$root"
}

@test "hisi_links: an H60PA and a PA v3 are the PA family's, with the PA's rules, their own events, and no clock to count" {
	root=$(h60pa_tree)
	pmuctl -q --sysfs-root "$root" -j list
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(p["name"], p["family"], p["sicl"], p["pa"]) for p in d["pmus"]]')" = "[('hisi_sicl1_h60pa0', 'hisi_pa', 1, 0), ('hisi_sicl3_pa0', 'hisi_pa', 3, 0)]" ]
	pmuctl --sysfs-root "$root" list --events
	[[ "$output" == *"hisi_sicl1_h60pa0                    sicl 1, h60pa 0"* ]]
	[[ "$output" == *"rx_flit"*"flits the H60PA receives"* ]]
	# hisi_pa_pmu_dev_probe: check_event 0xB0 for every PA, until 35f5b36e8cc2
	pmuctl --sysfs-root "$root" --kernel 6.16 stat --dry-run -e 'hisi_sicl1_h60pa0/config=0xb1/'
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: event 0xb1 is past 0xb0, the last Linux 6.16 (--kernel) takes on 'hisi_sicl1_h60pa0' (check_event of PMU v2); 35f5b36e8cc2 (v6.17) raised it to 0xff" ]
	pmuctl -q --sysfs-root "$root" -j stat --dry-run -e 'hisi_sicl1_h60pa0/tx_flit,srcid_cmd=0x12/' -e hisi_sicl3_pa0/rx_dat/
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(e["event"], e["config"], e["config1"]) for e in d["events"]]')" = "[('hisi_sicl1_h60pa0/tx_flit,srcid_cmd=0x12/', '0x65', '0x4800000'), ('hisi_sicl3_pa0/rx_dat/', '0x8', '0x0')]" ]
	# neither registers a cycle event: hisi_pa_clock does not apply, and says so
	pmuctl --sysfs-root "$root" stat --dry-run -M hisi_pa_clock
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: metric hisi_pa_clock applies to no PMU on this machine: it counts on hisi_pa PMUs of another version than this machine's (pmuctl list --metrics --all hisi_pa_clock)" ]
	pmuctl -q --sysfs-root "$root" -j doctor
	[ "$(jq_py '[(c["status"], c["seen"]) for c in d["checks"] if c["id"] == "family.hisi_pa"]')" = "[('ok', '2 PMUs, on 2 platform devices (HISI027*)')]" ]
}
