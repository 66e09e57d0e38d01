#!/usr/bin/env bats
# NVIDIA Grace (Tegra241): the five PMUs of nvidia-tegra241-pmu.rst per socket, from one
# descriptor file (pmu/family/grace.c) and its rows in the family table.
load helpers

@test "grace: list names every PMU by family and socket" {
	pmuctl --sysfs-root "$GRACE" list
	[ "$status" -eq 0 ]
	[ "$(grep -c '^NVIDIA Grace ' <<<"$output")" -eq 5 ]
	for t in "SCF" "PCIE" "NVLink-C2C0" "NVLink-C2C1" "CNVLink"; do
		grep -qx "NVIDIA Grace $t" <<<"$output"
	done
	for n in scf pcie nvlink_c2c0 nvlink_c2c1 cnvlink; do
		for s in 0 1; do
			[[ "$output" =~ "  nvidia_${n}_pmu_$s "\ +"socket $s " ]]
		done
	done
	pmuctl --sysfs-root "$GRACE" -j list
	[ "$(jq_py 'sorted((p["family"], p["socket"]) for p in d["pmus"])[:3]')" = \
		"[('grace_cnvlink', 0), ('grace_cnvlink', 1), ('grace_nvlink_c2c0', 0)]" ]
	[ "$(jq_py 'len(d["pmus"])')" -eq 10 ]
}

@test "grace: list --long says what traffic each PMU sees, from the document's coverage tables" {
	pmuctl --sysfs-root "$GRACE" list --long nvidia_scf_pmu_0 nvidia_cnvlink_pmu_1
	[ "$status" -eq 0 ]
	[[ "$output" == *"sees: local CPU -> local and remote memory; remote socket's CPU and strongly ordered PCIe writes -> local memory (nvidia-tegra241-pmu.rst, Traffic Coverage)"* ]]
	[[ "$output" == *"sees: remote sockets' GPU and PCIe reads and relaxed-ordered writes -> local memory (initiators not told apart)"* ]]
	[[ "$output" == *"identifier 2cf0036b"* ]]
	pmuctl --sysfs-root "$GRACE" -j list nvidia_pcie_pmu_0
	[ "$(jq_py 'd["pmus"][0]["coverage"]')" = "this socket's PCIe reads and writes -> local and remote memory (CMEM, GMEM)" ]
}

@test "grace: events and filters encode as the driver's formats say" {
	pmuctl --sysfs-root "$GRACE" -j stat --dry-run -e 'nvidia_pcie_pmu_1/rd_bytes_rem,root_port=0x3/' \
		-e nvidia_scf_pmu_0/socket_3_wr_data/ -e nvidia_nvlink_c2c1_pmu_0/cycles/ \
		-e 'nvidia_cnvlink_pmu_0/total_bytes_rem,rem_socket=0xe/'
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(e["config"], e["config1"], e["cpus"]) for e in d["events"]]')" = \
		"[('0x1', '0x3', [72]), ('0x17f', '0x0', [0]), ('0x100000000', '0x0', [0]), ('0x5', '0xe', [0])]" ]
	pmuctl --sysfs-root "$GRACE" stat --dry-run -e 'nvidia_pcie_pmu_0/rd_bytes_loc,root_port=0x400/'
	[ "$status" -ne 0 ]
	[[ "$output" == *"root_port"* ]]
}

@test "grace: a 0 or omitted filter counts all from v6.14 and nothing before it, and CNVLink's own socket adds nothing: warnings" {
	pmuctl --sysfs-root "$GRACE" stat --dry-run -e 'nvidia_pcie_pmu_0/rd_bytes_loc,root_port=0/'
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "pmuctl: warning: nvidia_pcie_pmu_0/rd_bytes_loc,root_port=0/: root_port=0 counts every root port from v6.14 (bce61d5c5764) and nothing before it (nv_cspmu_event_filter): name them, root_port=0x3ff, to count on both" ]
	pmuctl --sysfs-root "$GRACE" stat --dry-run -e 'nvidia_nvlink_c2c0_pmu_1/rd_bytes_loc,port=0/'
	[ "${lines[0]}" = "pmuctl: warning: nvidia_nvlink_c2c0_pmu_1/rd_bytes_loc,port=0/: port=0 counts every port from v6.14 (bce61d5c5764) and nothing before it (nv_cspmu_event_filter): name them, port=0x3, to count on both" ]
	# omitted: one warning for the plan, per family; cycles has no filter to name
	pmuctl --sysfs-root "$GRACE" stat --dry-run -e 'nvidia_pcie_pmu_0/rd_bytes_loc/' -e 'nvidia_pcie_pmu_1/rd_bytes_rem/' -e 'nvidia_pcie_pmu_0/cycles/' -e 'nvidia_cnvlink_pmu_1/rd_bytes_loc/'
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "pmuctl: warning: 2 events leave root_port out (nvidia_pcie_pmu_0/rd_bytes_loc/, ...): that counts every root port from v6.14 (bce61d5c5764) and nothing before it: name them, root_port=0x3ff, to count on both (pmuctl's -M metrics do)" ]
	[ "${lines[1]}" = "pmuctl: warning: 1 event leaves rem_socket out (nvidia_cnvlink_pmu_1/rd_bytes_loc/): that counts every remote socket from v6.14 (bce61d5c5764) and nothing before it: name them, rem_socket=0xf, to count on both (pmuctl's -M metrics do)" ]
	[[ "${lines[2]}" != *warning* ]]
	pmuctl --sysfs-root "$GRACE" stat --dry-run -e 'nvidia_cnvlink_pmu_1/rd_bytes_loc,rem_socket=0x3/'
	[ "${lines[0]}" = "pmuctl: warning: nvidia_cnvlink_pmu_1/rd_bytes_loc,rem_socket=0x3/: rem_socket=0x3 names socket 1, this PMU's own: its traffic does not cross CNVLink, so that bit adds nothing (nvidia-tegra241-pmu.rst)" ]
	# the socket's own bit alone is still a warning; other sockets' bits are not, nor all of them
	pmuctl --sysfs-root "$GRACE" stat --dry-run -e 'nvidia_cnvlink_pmu_0/rd_bytes_loc,rem_socket=0xe/' -e 'nvidia_cnvlink_pmu_0/rd_bytes_rem,rem_socket=0xf/'
	[ "$status" -eq 0 ]
	[[ "$output" != *warning* ]]
}

@test "grace: pmuctl's metrics name every port and socket, so that they count before v6.14 too" {
	pmuctl --sysfs-root "$GRACE" -j stat --dry-run -M grace_pcie_rd_bw,grace_nvlink_c2c0_rd_bw,grace_nvlink_c2c1_rd_bw,grace_cnvlink_rd_bw,grace_scf_mem_rd_bw
	[ "$status" -eq 0 ]
	[[ "$output" != *warning* ]]
	[ "$(jq_py 'sorted({(e["family"], e["config1"]) for e in d["events"]})')" = \
		"[('grace_cnvlink', '0xf'), ('grace_nvlink_c2c0', '0x3'), ('grace_nvlink_c2c1', '0x3'), ('grace_pcie', '0x3ff'), ('grace_scf', '0x0')]" ]
	pmuctl --sysfs-root "$GRACE" list --formats nvidia_pcie_pmu_0
	[[ "$output" == *"omitted or 0: all from v6.14, none before it"* ]]
}

@test "grace: a latency's outstanding count, requests and cycles open as one group" {
	pmuctl --sysfs-root "$GRACE" -j stat --dry-run -M grace_scf_mem_rd_latency_ns
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(e["event"].split("/")[1], e["group"], e["leader"]) for e in d["events"][:3]]')" = \
		"[('cmem_rd_outstanding', 0, True), ('cmem_rd_access', 0, False), ('cycles', 0, False)]" ]
}

@test "grace: the PCIe and link bandwidth metrics count on the live example, one value per socket" {
	pmuctl --sysfs-root "$GRACE_LIVE" -j stat -M grace_pcie_rd_bw,grace_nvlink_c2c0_bw --duration 0.1 --per-pmu
	[ "$status" -eq 0 ]
	[ "$(jq_py 'sorted((m["metric"], m["pmu"]) for m in d["metrics"])')" = \
		"[('grace_nvlink_c2c0_bw', 'nvidia_nvlink_c2c0_pmu_0'), ('grace_nvlink_c2c0_bw', 'nvidia_nvlink_c2c0_pmu_1'), ('grace_pcie_rd_bw', 'nvidia_pcie_pmu_0'), ('grace_pcie_rd_bw', 'nvidia_pcie_pmu_1')]" ]
	[ "$(jq_py 'all(c["state"] == "counted" for c in d["counts"])')" = True ]
	# rd_bytes_loc is event 0, the software PMU's cpu-clock there: nanoseconds, never 0
	[ "$(jq_py 'all(m["value"] > 0 for m in d["metrics"] if m["metric"] == "grace_pcie_rd_bw")')" = True ]
}

@test "grace: a recording gives each metric its formula's value exactly" {
	printf '%s\n' '# started on Sat Nov 21 06:00:00 2026' '' \
		'1000000,,nvidia_scf_pmu_0/cmem_rd_data/,1000000000,100.00,,' \
		'64000000,,nvidia_scf_pmu_0/cmem_wr_total_bytes/,1000000000,100.00,,' \
		'2000000000,,duration_time,2000000000,100.00,,' >"$BATS_TEST_TMPDIR/rec.csv"
	pmuctl -q -j stat --input "$BATS_TEST_TMPDIR/rec.csv" -M grace_scf_mem_rd_bw,grace_scf_mem_wr_bw
	[ "$status" -eq 0 ]
	# 1e6 beats x 32 bytes over 2 s: 0.016 GB/s; 64e6 bytes over 2 s: 0.032 GB/s
	[ "$(jq_py '[(m["metric"], round(m["value"], 12)) for m in d["metrics"]]')" = \
		"[('grace_scf_mem_rd_bw', 0.016), ('grace_scf_mem_wr_bw', 0.032)]" ]
}

@test "grace: map places every function by socket, and says which root port a root_port bit is is not known" {
	pmuctl --sysfs-root "$GRACE" map
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "pmuctl: note: nvidia_pcie_pmu_0: its root_port bit N is root port N of the socket, and no public source says which lspci root port that is: pmuctl maps no function to it (count the socket's PCIe whole, stat -M grace_pcie_rd_bw --per-socket, or one port by its bit, root_port=0x1)" ]
	# each socket's root port and device, by their NUMA node, and no PMU filter guessed
	[ "${lines[1]}" = "socket 0" ]
	[[ "${lines[2]}" =~ ^\ \ \ \ 0000:00:00.0\ +port\ +NVIDIA ]]
	[[ "${lines[3]}" =~ ^\ \ \ \ \ \ 0000:01:00.0\ +Samsung ]]
	[ "${lines[4]}" = "socket 1" ]
	pmuctl -q --sysfs-root "$GRACE" -j map
	[ "$(jq_py '[(r["bdf"], r["location"]["socket"], r["location"]["root_port"], r["requester"]) for r in d]')" = \
		"[('0000:00:00.0', 0, '0000:00:00.0', None), ('0000:01:00.0', 0, '0000:00:00.0', None), ('0008:00:00.0', 1, '0008:00:00.0', None), ('0008:01:00.0', 1, '0008:00:00.0', None)]" ]
}
