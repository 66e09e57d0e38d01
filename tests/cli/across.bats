#!/usr/bin/env bats
# One name for one quantity on every machine (pcie_rd_bw, pcie_wr_bw, mem_rd_bw, mem_wr_bw),
# each family's formula behind it: a fleet's dashboard or rule works on Vera, Grace, Yitian,
# Kunpeng 920, Xeon and EPYC.
load helpers

GRACE_LIVE=$FIX/grace-live/sys

@test "across: list --metrics --all names each shared metric once per family, with its formula" {
	pmuctl -j list --metrics --all 'pcie_*' 'mem_*'
	[ "$status" -eq 0 ]
	[ "$(jq_py 'sorted((m["name"], m["family"]) for m in d["metrics"])')" = \
		"[('mem_rd_bw', 'amd_umc'), ('mem_rd_bw', 'ampereone_mcu'), ('mem_rd_bw', 'grace_scf'), ('mem_rd_bw', 'hisi_hha'), ('mem_rd_bw', 'intel_imc'), ('mem_rd_bw', 't410_ucf'), ('mem_rd_bw', 'yitian_drw'), ('mem_wr_bw', 'amd_umc'), ('mem_wr_bw', 'ampereone_mcu'), ('mem_wr_bw', 'grace_scf'), ('mem_wr_bw', 'hisi_hha'), ('mem_wr_bw', 'intel_imc'), ('mem_wr_bw', 't410_ucf'), ('mem_wr_bw', 'yitian_drw'), ('pcie_rd_bw', 'arm_cmn'), ('pcie_rd_bw', 'dwc_pcie'), ('pcie_rd_bw', 'grace_pcie'), ('pcie_rd_bw', 'intel_iio'), ('pcie_rd_bw', 't410_pcie'), ('pcie_wr_bw', 'arm_cmn'), ('pcie_wr_bw', 'dwc_pcie'), ('pcie_wr_bw', 'grace_pcie'), ('pcie_wr_bw', 'intel_iio'), ('pcie_wr_bw', 't410_pcie')]" ]
	[ "$(jq_py 'sorted(set(m["unit"] for m in d["metrics"]))')" = "['GB/s']" ]
	# a machine lists the formula it uses
	pmuctl --sysfs-root "$GRACE_LIVE" -j list --metrics pcie_rd_bw
	[ "$(jq_py '[(m["family"], m["expression"]) for m in d["metrics"] if m["name"] == "pcie_rd_bw"]')" = "[('grace_pcie', '(rd_bytes_loc + rd_bytes_rem) / (duration_time * 1e9)')]" ]
}

@test "across: pcie_rd_bw counts on Vera and on Grace, equal to each family's own metric in the same run" {
	pmuctl -q --sysfs-root "$LIVE" -j stat -M pcie_rd_bw,t410_pcie_rd_bw --duration 0.1
	[ "$status" -eq 0 ]
	[ "$(jq_py 'len(d["metrics"]) == 2 and d["metrics"][0]["value"] == d["metrics"][1]["value"] > 0')" = True ]
	pmuctl -q --sysfs-root "$GRACE_LIVE" -j stat -M pcie_rd_bw,grace_pcie_rd_bw --duration 0.1
	[ "$status" -eq 0 ]
	[ "$(jq_py 'len(d["metrics"]) == 2 and d["metrics"][0]["value"] == d["metrics"][1]["value"] > 0')" = True ]
}

@test "across: a family id keeps to its own names; a machine with none of the formulas says so" {
	pmuctl --sysfs-root "$T410" -j stat --dry-run -M t410_pcie
	[ "$status" -eq 0 ]
	[ "$(jq_py 'sorted(set(e["metric"] for e in d["events"]) & {"pcie_rd_bw", "pcie_wr_bw"})')" = "[]" ]
	pmuctl --sysfs-root "$HIP09" stat --dry-run -M pcie_rd_bw
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: metric pcie_rd_bw applies to no PMU on this machine: it counts on t410_pcie, grace_pcie, dwc_pcie, arm_cmn, intel_iio PMUs (pmuctl list --metrics --all pcie_rd_bw)" ]
	# a family's metrics, none of which applies here: where to look
	pmuctl --sysfs-root "$HIP09" stat --dry-run -M 't410_*'
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: none of the metrics asked for applies on this machine (pmuctl list --metrics shows those that do; --all, every one)" ]
	# a metric of another family, named: whose it is (issue 45: it said only "none applies")
	pmuctl --sysfs-root "$T410" stat --dry-run -M grace_pcie_rd_bw
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: metric grace_pcie_rd_bw applies to no PMU on this machine: it counts on grace_pcie PMUs (pmuctl list --metrics --all grace_pcie_rd_bw)" ]
	# beside one that applies, the name says which families have it
	pmuctl --sysfs-root "$YITIAN" stat --dry-run -M pcie_rd_bw,mem_rd_bw
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: metric pcie_rd_bw applies to no PMU on this machine: it counts on t410_pcie, grace_pcie, dwc_pcie, arm_cmn, intel_iio PMUs (pmuctl list --metrics --all pcie_rd_bw)" ]
}

@test "across: mem_rd_bw on Yitian is perf's ddr_read_bandwidth.all in GB/s, per die" {
	printf '%s\n' '# started on Sat Nov 21 06:00:00 2026' '' \
		'1000000000,,ali_drw_21000/hif_rd/,2000000000,100.00,,' \
		'500000000,,ali_drw_21080/hif_rd/,2000000000,100.00,,' \
		'2000000000,ns,duration_time,2000000000,100.00,,' >"$BATS_TEST_TMPDIR/rec.csv"
	pmuctl -q -j stat --input "$BATS_TEST_TMPDIR/rec.csv" -M mem_rd_bw,ddr_read_bandwidth.all
	[ "$status" -eq 0 ]
	# 1.5e9 commands x 64 bytes over 2 s: 48 GB/s, 48,000 MB/s
	[ "$(jq_py 'sorted((m["metric"], m["value"], m["unit"]) for m in d["metrics"])')" = \
		"[('ddr_read_bandwidth.all', 48000.0, 'MB/s'), ('mem_rd_bw', 48.0, 'GB/s')]" ]
	# both sub-channels are die 0's: --per-socket sums by die
	pmuctl -q -j stat --input "$BATS_TEST_TMPDIR/rec.csv" -M mem_rd_bw --per-socket
	[ "$(jq_py '[(m["value"], m["scope"], m["socket"]) for m in d["metrics"]]')" = "[(48.0, 'socket', 0)]" ]
}
