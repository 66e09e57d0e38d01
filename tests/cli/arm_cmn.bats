#!/usr/bin/env bats
# Arm CMN mesh PMUs (arm_cmn_<N>) on the Ampere Altra tree, a CMN-600 r3p1 a socket: one
# descriptor file (pmu/family/arm_cmn.c) and its row in the family table.
load helpers

ALTRA=$FIX/altra/sys
ALTRA_LIVE=$FIX/altra-live/sys
GRAVITON=$FIX/graviton/sys
GRAVITON_LIVE=$FIX/graviton-live/sys

@test "arm_cmn: each mesh is the family's, its model and revision from the identifier, the events a CMN-600 shows" {
	pmuctl -q --sysfs-root "$ALTRA" -j list --long
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(p["name"], p["mesh"], p["model"], p["cpumask"], len(p["events"])) for p in d["pmus"] if p["family"] == "arm_cmn"]')" = "[('arm_cmn_0', 0, 'CMN-600', [0], 182), ('arm_cmn_1', 1, 'CMN-600', [80], 182)]" ]
	# arm_cmn_format_show: one bit "config:%d", past config "config%d:%d-%d"
	[ "$(jq_py '[(f["name"], f["word"], f["bits"]) for p in d["pmus"] if p["name"] == "arm_cmn_0" for f in p["formats"] if f["name"] in ("bynodeid", "wp_val", "occupid")]')" = "[('bynodeid', 'config', '31'), ('occupid', 'config', '27-30'), ('wp_val', 'config1', '0-63')]" ]
	pmuctl --sysfs-root "$ALTRA" list --long arm_cmn_1
	[[ "${lines[1]}" == *"mesh 1, CMN-600 r3p1"* ]]
}

@test "arm_cmn: a node type the mesh lacks and a watchpoint without a direction are refused with arm_cmn_event_init named" {
	# CCHA (0x104) is a CMN-700 node: a CMN-600's events/ has none
	pmuctl --sysfs-root "$ALTRA" stat --dry-run -e 'arm_cmn_0/type=0x104,eventid=0x61/'
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: no node of type 0x104 on the mesh of 'arm_cmn_0': its events/ lists none (arm_cmn_event_init: arm_cmn_node() finds none)" ]
	[ "${lines[2]}" = "  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~" ]
	pmuctl --sysfs-root "$ALTRA" stat --dry-run -e 'arm_cmn_0/type=0x7770,eventid=0x1,wp_chn_sel=3/'
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: a watchpoint's eventid is its direction, 0 (watchpoint_up) or 2 (watchpoint_down), not 0x1 (arm_cmn_event_init)" ]
	# the named watchpoint asks for its channel and the rest ("?" in arm_cmn_event_show), as perf does
	pmuctl --sysfs-root "$ALTRA" stat --dry-run -e 'arm_cmn_0/watchpoint_up,wp_dev_sel=1,wp_grp=0,wp_val=1,wp_mask=0/'
	[ "$status" -eq 1 ]
	[[ "${lines[0]}" == "pmuctl: error: Required parameter 'wp_chn_sel' not specified: event 'watchpoint_up' of PMU 'arm_cmn_0'"* ]]
}

@test "arm_cmn: occupid where the event has no filter is warned (the driver ignores it); clashing filters in a group are refused" {
	pmuctl --sysfs-root "$ALTRA" stat --dry-run -e 'arm_cmn_0/hnf_cache_miss,occupid=2/'
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "pmuctl: warning: arm_cmn_0/hnf_cache_miss,occupid=2/: occupid=2 on an event without an occupancy filter: the driver ignores it (arm_cmn_filter_sel)" ]
	pmuctl --sysfs-root "$ALTRA" stat --dry-run -e '{arm_cmn_0/hnf_qos_pocq_occupancy_read/,arm_cmn_0/hnf_qos_pocq_occupancy_write/}'
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: 'arm_cmn_0/hnf_qos_pocq_occupancy_write/' has occupid 2, 'arm_cmn_0/hnf_qos_pocq_occupancy_read/' in its group 1: a node has one filter of the kind for both (arm_cmn_validate_group); count them apart" ]
}

@test "arm_cmn: a group past a DTM's 4 counters, or with a second cycles event, is refused (arm_cmn_validate_group)" {
	pmuctl --sysfs-root "$ALTRA" stat --dry-run -e '{arm_cmn_0/hnf_cache_miss/,arm_cmn_0/hnf_sf_hit/,arm_cmn_0/hnf_mc_reqs/,arm_cmn_0/hnf_mc_retries/,arm_cmn_0/hnf_cache_fill/}'
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: 'arm_cmn_0/hnf_cache_fill/' needs a counter on the DTM of crosspoint (1, 0) of 'arm_cmn_0', whose 4 its group's events before it hold (arm_cmn_validate_group); split the group" ]
	# the budget is each crosspoint's, whatever the types: 3 crosspoint events and 2 HN-F ones
	# meet on every crosspoint with an HN-F; beside an RN-I alone on (0, 2) they do not
	pmuctl --sysfs-root "$ALTRA" stat --dry-run -e '{arm_cmn_0/mxp_e_req_txflit_valid/,arm_cmn_0/mxp_w_req_txflit_valid/,arm_cmn_0/mxp_n_req_txflit_valid/,arm_cmn_0/hnf_cache_miss/,arm_cmn_0/hnf_sf_hit/}'
	[ "$status" -eq 1 ]
	[[ "${lines[0]}" == "pmuctl: error: 'arm_cmn_0/hnf_sf_hit/' needs a counter on the DTM of crosspoint (1, 0) of 'arm_cmn_0'"* ]]
	pmuctl -q --sysfs-root "$ALTRA" stat --dry-run -e '{arm_cmn_0/mxp_e_req_txflit_valid/,arm_cmn_0/mxp_w_req_txflit_valid/,arm_cmn_0/mxp_n_req_txflit_valid/,arm_cmn_0/rnid_rxdat_flits,bynodeid=1,nodeid=0x10/,arm_cmn_0/hnf_sf_hit/}'
	[ "$status" -eq 0 ]
	# without the map, one node type's events meet on each of its DTMs
	cp -a "$ALTRA" "$BATS_TEST_TMPDIR/nomap"
	rm -r "$BATS_TEST_TMPDIR/nomap/kernel/debug/arm-cmn"
	pmuctl --sysfs-root "$BATS_TEST_TMPDIR/nomap" stat --dry-run -e '{arm_cmn_0/hnf_cache_miss/,arm_cmn_0/hnf_sf_hit/,arm_cmn_0/hnf_mc_reqs/,arm_cmn_0/hnf_mc_retries/,arm_cmn_0/hnf_cache_fill/}'
	[ "$status" -eq 1 ]
	[[ "${lines[-3]}" == "pmuctl: error: the group has 5 events on the same nodes of 'arm_cmn_0', past a crosspoint DTM's 4 counters (arm_cmn_validate_group); split the group" ]]
	# by node id they may sit on different crosspoints: the kernel decides
	pmuctl -q --sysfs-root "$ALTRA" stat --dry-run -e '{arm_cmn_0/hnf_cache_miss,bynodeid=1,nodeid=0x20/,arm_cmn_0/hnf_sf_hit,bynodeid=1,nodeid=0x28/,arm_cmn_0/hnf_mc_reqs,bynodeid=1,nodeid=0x30/,arm_cmn_0/hnf_mc_retries,bynodeid=1,nodeid=0x38/,arm_cmn_0/hnf_cache_fill,bynodeid=1,nodeid=0x40/}'
	[ "$status" -eq 0 ]
	pmuctl --sysfs-root "$ALTRA" stat --dry-run -e '{arm_cmn_0/dtc_cycles/,arm_cmn_0/hnf_sf_hit/,arm_cmn_0/dtc_cycles/}'
	[ "$status" -eq 1 ]
	[[ "${lines[0]}" == "pmuctl: error: 'arm_cmn_0/dtc_cycles/': the group has 2 events for the 1 counter of their kind on 'arm_cmn_0'"* ]]
	# two upward watchpoints of one wp_grp: one slot a DTM
	wp=wp_grp=0,wp_val=0,wp_mask=0
	pmuctl --sysfs-root "$ALTRA" stat --dry-run -e "{arm_cmn_0/watchpoint_up,wp_dev_sel=0,wp_chn_sel=0,$wp/,arm_cmn_0/watchpoint_up,wp_dev_sel=1,wp_chn_sel=3,$wp/}"
	[ "$status" -eq 1 ]
	[[ "${lines[0]}" == *"in one group need one watchpoint of their direction and group, or differ in wp_combine (arm_cmn_validate_group); count them apart" ]]
}

@test "arm_cmn: perf's RN-I bandwidth counts on the live copy, both meshes summed" {
	pmuctl -q --sysfs-root "$ALTRA_LIVE" -j stat -M rni_actual_read_bandwidth.all --duration 0.2
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(m["metric"], m["scope"], m["unit"], m["coverage"]) for m in d["metrics"]]')" = "[('rni_actual_read_bandwidth.all', 'total', 'MB/s', 1.0)]" ]
	# each mesh's rnid_rxdat_flits counts cpu-clock ns: 32 bytes a "flit", 32000 MB/s a mesh
	[ "$(jq_py 'int(57600 < d["metrics"][0]["value"] < 70400)')" = 1 ]
}

@test "arm_cmn: a CMN-700 shows its own node types and filters; the CMN-600's CCIX types are refused there" {
	pmuctl -q --sysfs-root "$GRAVITON" -j list
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(p["name"], p["model"], len(p["events"])) for p in d["pmus"]]')" = "[('arm_cmn_0', 'CMN-700', 253)]" ]
	pmuctl --sysfs-root "$GRAVITON" list --long arm_cmn_0
	[[ "${lines[1]}" == *"mesh 0, CMN-700 r2p0"* ]]
	# CXRA (0x100) is on the Altra's CMN-600, not here
	pmuctl --sysfs-root "$GRAVITON" stat --dry-run -e 'arm_cmn_0/type=0x100,eventid=0x1/'
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: no node of type 0x100 on the mesh of 'arm_cmn_0': its events/ lists none (arm_cmn_event_init: arm_cmn_node() finds none)" ]
	# the CMN-700's class filter is one a node: class0 and class2 clash, the SN throttle filter is another kind
	pmuctl --sysfs-root "$GRAVITON" stat --dry-run -e '{arm_cmn_0/hnf_pocq_class_occup_class0/,arm_cmn_0/hnf_pocq_class_retry_class2/}'
	[ "$status" -eq 1 ]
	[[ "${lines[0]}" == *"has occupid 2, 'arm_cmn_0/hnf_pocq_class_occup_class0/' in its group 0: a node has one filter of the kind for both (arm_cmn_validate_group); count them apart" ]]
	pmuctl -q --sysfs-root "$GRAVITON" stat --dry-run -e '{arm_cmn_0/hnf_pocq_class_occup_class0/,arm_cmn_0/hnf_sn_throttle_read/}'
	[ "$status" -eq 0 ]
}

@test "arm_cmn: the Graviton-like live copy counts perf's RN-I write bandwidth on its one mesh" {
	pmuctl -q --sysfs-root "$GRAVITON_LIVE" -j stat -M rni_actual_write_bandwidth.all --duration 0.2
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(m["metric"], m["scope"], m["coverage"]) for m in d["metrics"]]')" = "[('rni_actual_write_bandwidth.all', 'total', 1.0)]" ]
	[ "$(jq_py 'int(28800 < d["metrics"][0]["value"] < 35200)')" = 1 ]
}

@test "arm_cmn: pcie_rd_bw and pcie_wr_bw are perf's RN-I bandwidths in GB/s, counted once with them; map says the SoC's node map is nowhere to read" {
	pmuctl -q --sysfs-root "$ALTRA_LIVE" -j stat -M pcie_rd_bw,rni_actual_read_bandwidth.all,pcie_wr_bw --duration 0.2
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(m["metric"], m["unit"], m["coverage"]) for m in d["metrics"]]')" = "[('rni_actual_read_bandwidth.all', 'MB/s', 1.0), ('pcie_rd_bw', 'GB/s', 1.0), ('pcie_wr_bw', 'GB/s', 1.0)]" ]
	# one event, rnid_rxdat_flits, feeds both: the same count, 1000 MB a GB
	[ "$(jq_py 'abs(d["metrics"][0]["value"] / 1000 - d["metrics"][1]["value"]) < 1e-9 * d["metrics"][1]["value"]')" = True ]
	# the Altra tree has no PCI devices: an lspci dump stands for them
	pmuctl --sysfs-root "$ALTRA" map -F "$BATS_TEST_DIRNAME/../../examples/yitian710-dwc-lspci-xxxx.txt"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "pmuctl: note: arm_cmn_0: its RN-I and RN-D nodes are where PCIe enters the mesh, but which root port enters at which node is the SoC's to say, and no file of the kernel's says it (arm-cmn's debugfs map shows node types at crosspoint ports, not devices): pcie_rd_bw, pcie_wr_bw and rni_* count every RN-I of the mesh" ]
	# what the machine does say: the RN-Is the debugfs map shows, to count one at a time
	[ "${lines[1]}" = "pmuctl: note: arm_cmn_0: its debugfs map has RN-D #2 at nodeid 0x18, RN-I #0 at nodeid 0x4, RN-I #1 at nodeid 0x10: rnid_*,bynodeid=1,nodeid=<id> counts one" ]
}

# A CMN S3 r0p1 mesh (identifier "%03x%02x": PART_CMN_S3 0x43e, REV_CMNS3_R0P1 1), as v6.12's arm-cmn.c shows one
# with DVM, HN-S and RN-I nodes: no example machine has one
s3_tree() {
	local root=$BATS_TEST_TMPDIR/s3 d n
	d=$root/devices/arm_cmn_0
	mkdir -p "$d/events" "$root/bus/event_source/devices"
	cp -r "$GRAVITON/bus/event_source/devices/arm_cmn_0/format" "$d/"
	echo 120 >"$d/type"
	echo 0 >"$d/cpumask"
	echo 43e01 >"$d/identifier"
	echo type=0x3 >"$d/events/dtc_cycles"
	for n in dn_trk_occupancy_all=0x1,0xc,0x0 dn_trk_occupancy_dvmop=0x1,0xc,0x1 \
		hns_cache_miss_all=0x200,0x1,0x0 hns_cache_miss_hbt=0x200,0x1,0x1 hns_cache_miss_lbt=0x200,0x1,0x2 \
		hns_sf_hit_hbt=0x200,0x6,0x1 hns_mc_reqs_local_sn=0x200,0xd,0x1 hns_dir_snoops_sent=0x200,0x8 \
		rnid_rxdat_flits=0xa,0x4 rnid_txdat_flits=0xa,0x5; do
		IFS=, read -r t e o <<<"${n#*=}"
		echo "type=$t,eventid=$e${o:+,occupid=$o}" >"$d/events/${n%%=*}"
	done
	ln -s ../../../devices/arm_cmn_0 "$root/bus/event_source/devices/arm_cmn_0"
	echo "$root"
}

@test "arm_cmn: a CMN S3 mesh is named from its identifier, and its HN-S filters are the driver's" {
	root=$(s3_tree)
	pmuctl -q --sysfs-root "$root" -j list --long
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(p["family"], p["model"], p["identifier"]) for p in d["pmus"]]')" = "[('arm_cmn', 'CMN S3', '43e01')]" ]
	pmuctl --sysfs-root "$root" list --long
	# revision 1 is r0p1: S3 went r0p0, r0p1, r1p0 (b3fe1c83a56f), unlike the other parts
	[[ "${lines[1]}" == *"mesh 0, CMN S3 r0p1"* ]]
	echo 43e02 >"$root/devices/arm_cmn_0/identifier"
	pmuctl --sysfs-root "$root" list --long
	[[ "${lines[1]}" == *"mesh 0, CMN S3 r1p0"* ]]
	# hns_cache_miss_hbt selects by hbt_lbt_sel (CMN_EVENT_HNS_HBT): no warning; it warned before
	# pmuctl knew the HN-S table
	pmuctl --sysfs-root "$root" stat --dry-run -e arm_cmn_0/hns_cache_miss_hbt/ -e arm_cmn_0/hns_dir_snoops_sent,occupid=1/
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "pmuctl: warning: arm_cmn_0/hns_dir_snoops_sent,occupid=1/: occupid=1 on an event without an occupancy filter: the driver ignores it (arm_cmn_filter_sel)" ]
	[[ "${lines[1]}" != *warning* ]]
	# one hbt_lbt_sel a node: two values in a group are refused, one value or two filters are not
	pmuctl --sysfs-root "$root" stat --dry-run -e '{arm_cmn_0/hns_cache_miss_hbt/,arm_cmn_0/hns_cache_miss_lbt/}'
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: 'arm_cmn_0/hns_cache_miss_lbt/' has occupid 2, 'arm_cmn_0/hns_cache_miss_hbt/' in its group 1: a node has one filter of the kind for both (arm_cmn_validate_group); count them apart" ]
	[[ "${lines[2]}" == *"^~~~"* ]]
	pmuctl --sysfs-root "$root" stat --dry-run -e '{arm_cmn_0/hns_cache_miss_hbt/,arm_cmn_0/hns_sf_hit_hbt/,arm_cmn_0/hns_mc_reqs_local_sn/}'
	[ "$status" -eq 0 ]
	# the DVM's _cxha and _pdn occupancies are CMN-700's (CMN_EVENT_DVM_OCC(CMN700, ...)): on an S3
	# an occupid there is ignored, on the Graviton-like CMN-700 it is a filter
	pmuctl --sysfs-root "$root" stat --dry-run -e 'arm_cmn_0/type=0x1,eventid=0xd,occupid=1/'
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "pmuctl: warning: arm_cmn_0/type=0x1,eventid=0xd,occupid=1/: occupid=1 on an event without an occupancy filter: the driver ignores it (arm_cmn_filter_sel)" ]
	pmuctl --sysfs-root "$GRAVITON" stat --dry-run -e '{arm_cmn_0/dn_trk_occupancy_cxha_dvmop/,arm_cmn_0/dn_trk_occupancy_cxha_dvmsync/}'
	[ "$status" -eq 1 ]
	[[ "${lines[0]}" == *"(arm_cmn_validate_group); count them apart" ]]
	# perf's RN-I names and the fleet's pcie_rd_bw count there as on any mesh with RN-Is
	pmuctl -q --sysfs-root "$root" -j stat --dry-run -M pcie_rd_bw
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(e["event"], e["config"]) for e in d["events"]]')" = "[('arm_cmn_0/rnid_rxdat_flits/', '0x4000a')]" ]
}

@test "arm_cmn: debugfs's node map names each node's nodeid, and a nodeid with no node there is refused as arm_cmn_event_init refuses it" {
	pmuctl --sysfs-root "$ALTRA" list -l arm_cmn_0
	[ "$status" -eq 0 ]
	[ "${lines[3]}" = "      mesh 4x4, 15 nodes (debugfs arm-cmn/map): bynodeid=1,nodeid=<id> counts on one" ]
	[[ "$output" == *"      node HN-F     #0   nodeid 0x20   x 1, y 0, port 0, dev 0"* ]]
	[[ "$output" == *"      node RN-I     #1   nodeid 0x10   x 0, y 2, port 0, dev 0"* ]]
	pmuctl -q --sysfs-root "$ALTRA" -j list
	[ "$(jq_py '[(p["name"], p["mesh_x"], p["mesh_y"]) for p in d["pmus"] if p["family"] == "arm_cmn"]')" = "[('arm_cmn_0', 4, 4), ('arm_cmn_1', 4, 4)]" ]
	[ "$(jq_py '[n["nodeid"] for p in d["pmus"] if p["name"] == "arm_cmn_0" for n in p["nodes"] if n["type"] == "HN-F"]')" = "['0x20', '0x28', '0x30', '0x38', '0x40', '0x48', '0x50', '0x58']" ]
	# (3, 0) port 0 is memory (SN-F), no CMN node: the driver finds none ("invalid node")
	pmuctl --sysfs-root "$ALTRA" stat --dry-run -e 'arm_cmn_0/hnf_cache_miss,bynodeid=1,nodeid=0x60/'
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: no node of type 0x5 at nodeid 0x60 on the mesh of 'arm_cmn_0': its debugfs map shows none there (arm_cmn_event_init: \"invalid node\"); pmuctl list -l arm_cmn_0 names its nodes" ]
	[ "${lines[2]}" = "                                      ^~~~~~~~~~~" ]
	# a node of another type at the id: the driver looks for type and id both ("invalid node");
	# an RN-D port's node is an RN-I to it
	pmuctl --sysfs-root "$ALTRA" stat --dry-run -e 'arm_cmn_0/hnf_cache_miss,bynodeid=1,nodeid=0x8/'
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: no node of type 0x5 at nodeid 0x8 on the mesh of 'arm_cmn_0': its debugfs map shows SBSX #0 there (arm_cmn_event_init: \"invalid node\"); pmuctl list -l arm_cmn_0 names its nodes" ]
	pmuctl --sysfs-root "$ALTRA" stat --dry-run -e 'arm_cmn_0/rnid_rxdat_flits,bynodeid=1,nodeid=0x20/'
	[ "$status" -eq 1 ]
	[[ "${lines[0]}" == *"at nodeid 0x20 on the mesh of 'arm_cmn_0': its debugfs map shows HN-F #0 there"* ]]
	pmuctl -q --sysfs-root "$ALTRA" stat --dry-run -e 'arm_cmn_0/rnid_rxdat_flits,bynodeid=1,nodeid=0x18/' -e 'arm_cmn_0/rnid_rxdat_flits,bynodeid=1,nodeid=0x10/'
	[ "$status" -eq 0 ]
	# a crosspoint event needs a crosspoint's id (port 0, device 0), past the grid nothing
	pmuctl --sysfs-root "$ALTRA" stat --dry-run -e 'arm_cmn_0/mxp_e_req_txflit_valid,bynodeid=1,nodeid=0x24/'
	[ "$status" -eq 1 ]
	[[ "${lines[0]}" == *"at nodeid 0x24 on the mesh of 'arm_cmn_0': its debugfs map shows no crosspoint there"* ]]
	pmuctl --sysfs-root "$ALTRA" stat --dry-run -e 'arm_cmn_0/hnf_sf_hit,bynodeid=1,nodeid=0x200/'
	[ "$status" -eq 1 ]
	# devices past 1 the map never prints, and a mesh without a map: the kernel decides
	pmuctl -q --sysfs-root "$ALTRA" stat --dry-run -e 'arm_cmn_0/hnf_cache_miss,bynodeid=1,nodeid=0x22/' -e 'arm_cmn_0/mxp_e_req_txflit_valid,bynodeid=1,nodeid=0x20/'
	[ "$status" -eq 0 ]
	root=$(s3_tree)
	pmuctl -q --sysfs-root "$root" stat --dry-run -e 'arm_cmn_0/hns_cache_miss_all,bynodeid=1,nodeid=0x60/'
	[ "$status" -eq 0 ]
	pmuctl -q --sysfs-root "$root" -j list
	[ "$(jq_py '[(p["mesh_x"], p["mesh_y"], p["nodes"]) for p in d["pmus"]]')" = "[(None, None, None)]" ]
}

@test "arm_cmn: doctor says whether each mesh's node map was read, and how to read it" {
	pmuctl -q --sysfs-root "$ALTRA" -j doctor
	[ "$(jq_py '[(c["status"], c["seen"]) for c in d["checks"] if c["id"] == "family.arm_cmn.files"]')" = "[('ok', '2 PMUs: every file the family reads beyond sysfs was read')]" ]
	root=$(s3_tree)
	pmuctl -q --sysfs-root "$root" -j doctor
	[ "$(jq_py '[(c["status"], c["seen"], c["fix"]) for c in d["checks"] if c["id"] == "family.arm_cmn.files"]')" = "[('warn', 'arm_cmn_0: no node map read (debugfs kernel/debug/arm-cmn/map): nodeids are neither named (list -l) nor checked (stat)', 'run as root, with debugfs mounted (mount -t debugfs none /sys/kernel/debug); the kernel still judges every nodeid at open')]" ]
}

@test "arm_cmn: a map that is not arm-cmn's is said so (-v, as every file a PMU's scan cannot read), and checks nothing" {
	root=$(s3_tree)
	mkdir -p "$root/kernel/debug/arm-cmn"
	printf 'not a map\n' >"$root/kernel/debug/arm-cmn/map"
	pmuctl -v --sysfs-root "$root" stat --dry-run -e 'arm_cmn_0/hns_cache_miss_all,bynodeid=1,nodeid=0x60/'
	[ "$status" -eq 0 ]
	run grep -cxF "pmuctl: warning: arm_cmn_0: kernel/debug/arm-cmn/map is not arm-cmn's node map (arm_cmn_map_show): nodeids are not checked" <<<"$output"
	[ "$output" = 1 ]
	# doctor: the file was read, so no advice to mount debugfs or run as root
	pmuctl -q --sysfs-root "$root" -j doctor
	[ "$(jq_py '[(c["status"], c["seen"]) for c in d["checks"] if c["id"] == "family.arm_cmn.files"]')" = "[('warn', \"arm_cmn_0: the node map (debugfs kernel/debug/arm-cmn/map) was read and is not arm_cmn_map_show's format: nodeids are neither named (list -l) nor checked (stat)\")]" ]
	[ "$(jq_py '[c["fix"] for c in d["checks"] if c["id"] == "family.arm_cmn.files"][0]')" = "pmuctl -v list says which file; a kernel newer than pmuctl's reading of the map, or a file that is not the driver's: the kernel still judges every nodeid at open" ]
}

# The Altra tree with arm_cmn_0's map replaced by the mixed 3 x 3 mesh's (tests/gen/fixtures.py
# cmn_mixed_ports), as the driver since e79634b53e39 ("per-xp") or before ("legacy") prints it
cmn_mixed() {
	local sys=$BATS_TEST_TMPDIR/sys-$1
	cp -a "$ALTRA" "$sys"
	python3 "$BATS_TEST_DIRNAME/../gen/fixtures.py" --cmn-mixed-map "$1" >"$sys/kernel/debug/arm-cmn/map"
	echo "$sys"
}

@test "arm_cmn: node ids decode per crosspoint (e79634b53e39): a mesh mixing 2- and 4-port crosspoints, and the cells the map shows on ports with no device" {
	root=$(cmn_mixed per-xp)
	pmuctl -q --sysfs-root "$root" -j list
	[ "$status" -eq 0 ]
	# 21 nodes: the 8 cells below ports without a device are other ids' nodes, not nodes there
	[ "$(jq_py 'len([n for p in d["pmus"] if p["name"] == "arm_cmn_0" for n in p["nodes"]])')" = 21 ]
	[ "$(jq_py '[(n["type"], n["logid"], n["nodeid"]) for p in d["pmus"] if p["name"] == "arm_cmn_0" for n in p["nodes"] if (n["type"], n["logid"]) in (("RN-I", 1), ("RN-I", 2), ("RN-I", 6), ("HN-F", 1), ("SBSX", 0))]')" = "[('HN-F', 1, '0x2c'), ('RN-I', 1, '0x4'), ('RN-I', 2, '0xc'), ('RN-I', 6, '0x44'), ('SBSX', 0, '0x6')]" ]
	# a 2-port crosspoint keeps 2 device bits though others have 4 ports: RN-I #6 is 0x44
	pmuctl --sysfs-root "$root" stat --dry-run -e 'arm_cmn_0/rnid_rxdat_flits,bynodeid=1,nodeid=0x44/' -e 'arm_cmn_0/hnf_cache_miss,bynodeid=1,nodeid=0x2e/'
	[ "$status" -eq 0 ]
	# the HN-F the map shows below (1, 0)'s port 2 is (1, 1)'s: 0x24 is (1, 0)'s RN-I
	pmuctl --sysfs-root "$root" stat --dry-run -e 'arm_cmn_0/hnf_cache_miss,bynodeid=1,nodeid=0x24/'
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: no node of type 0x5 at nodeid 0x24 on the mesh of 'arm_cmn_0': its debugfs map shows RN-I #4 there (arm_cmn_event_init: \"invalid node\"); pmuctl list -l arm_cmn_0 names its nodes" ]
	# an HN-F and an RN-I share (0, 1)'s DTM: three HN-F events and two RN-I ones need five there
	h=bynodeid=1,nodeid=0x8 r=bynodeid=1,nodeid=0xc
	pmuctl --sysfs-root "$root" stat --dry-run -e "{arm_cmn_0/hnf_cache_miss,$h/,arm_cmn_0/hnf_sf_hit,$h/,arm_cmn_0/hnf_mc_reqs,$h/,arm_cmn_0/rnid_rxdat_flits,$r/,arm_cmn_0/rnid_txdat_flits,$r/}"
	[ "$status" -eq 1 ]
	[[ "${lines[0]}" == "pmuctl: error: 'arm_cmn_0/rnid_txdat_flits,$r/' needs a counter on the DTM of crosspoint (0, 1) of 'arm_cmn_0'"* ]]
	# those cells say the driver is the per-crosspoint one, whatever the release says
	pmuctl --sysfs-root "$root" --kernel 6.6 stat --dry-run -e 'arm_cmn_0/rnid_rxdat_flits,bynodeid=1,nodeid=0x44/'
	[ "$status" -eq 0 ]
}

@test "arm_cmn: before e79634b53e39 (6.10.y) one port width for the whole mesh: the release decides where the map cannot" {
	root=$(cmn_mixed legacy)
	pmuctl --sysfs-root "$root" --kernel 6.6 stat --dry-run -e 'arm_cmn_0/rnid_rxdat_flits,bynodeid=1,nodeid=0x42/'
	[ "$status" -eq 0 ]
	pmuctl --sysfs-root "$root" --kernel 6.6 stat --dry-run -e 'arm_cmn_0/rnid_rxdat_flits,bynodeid=1,nodeid=0x44/'
	[ "$status" -eq 1 ]
	pmuctl -q --sysfs-root "$root" --kernel 6.6 -j list
	[ "$(jq_py '[n["nodeid"] for p in d["pmus"] if p["name"] == "arm_cmn_0" for n in p["nodes"] if (n["type"], n["logid"]) == ("RN-I", 6)]')" = "['0x42']" ]
	# a tree alone follows the newest driver
	pmuctl --sysfs-root "$root" stat --dry-run -e 'arm_cmn_0/rnid_rxdat_flits,bynodeid=1,nodeid=0x44/'
	[ "$status" -eq 0 ]
}

@test "arm_cmn: since 4a112585ebe8 a watchpoint takes its direction's first free slot, whatever wp_grp (config:56-57 says so); !!wp_combine compared" {
	local sys=$BATS_TEST_TMPDIR/sys fmt
	cp -a "$ALTRA" "$sys"
	fmt=$(readlink -f "$sys/bus/event_source/devices/arm_cmn_0")/format
	echo config:56-57 >"$fmt/wp_grp"
	echo config:58 >"$fmt/wp_exclusive"
	up() { printf 'arm_cmn_0/watchpoint_up,wp_dev_sel=0,wp_chn_sel=%d,wp_grp=%d,wp_val=0,wp_mask=0%s/' "$@"; }
	# two upward watchpoints of one group: two slots, the driver takes both
	pmuctl --sysfs-root "$sys" stat --dry-run -e "{$(up 0 0 ''),$(up 3 0 '')}"
	[ "$status" -eq 0 ]
	pmuctl --sysfs-root "$sys" stat --dry-run -e "{$(up 0 0 ''),$(up 3 2 ''),$(up 1 1 '')}"
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: '$(up 1 1 '')' is the group's third watchpoint of its direction on the same crosspoints: a DTM has two (arm_cmn_val_find_free_wp_config); count it apart" ]
	# wp_combine 1 and 3 are both "combined"; 0 beside 1 is not
	pmuctl --sysfs-root "$sys" stat --dry-run -e "{$(up 0 0 ,wp_combine=1),$(up 3 0 ,wp_combine=3)}"
	[ "$status" -eq 0 ]
	pmuctl --sysfs-root "$sys" stat --dry-run -e "{$(up 0 0 ,wp_combine=1),$(up 3 0 '')}"
	[ "$status" -eq 1 ]
	[[ "${lines[0]}" == *"share their direction's pair of watchpoints, one with wp_combine and one without (arm_cmn_validate_group); give both the same, or count them apart" ]]
	# an upward and a downward one never meet
	pmuctl --sysfs-root "$sys" stat --dry-run -e "{$(up 0 0 ''),$(up 3 0 ''),arm_cmn_0/watchpoint_down,wp_dev_sel=0,wp_chn_sel=0,wp_grp=0,wp_val=0,wp_mask=0/}"
	[ "$status" -eq 0 ]
}

@test "arm_cmn: from ab33c66fd8f1 (v6.8) each DTC domain has its 8 counters, as the map's DTC row places crosspoints; before, the mesh's 8" {
	local sys=$BATS_TEST_TMPDIR/sys
	cp -a "$ALTRA" "$sys"
	# rows 3 and 2 in DTC 1's domain, rows 1 and 0 in DTC 0's
	awk '/^[32] +\| XP/ {d = 1} /^[10] +\| XP/ {d = 0} /^ +\| DTC/ {gsub(/DTC 0/, "DTC " d)} {print}' \
		"$ALTRA/kernel/debug/arm-cmn/map" >"$sys/kernel/debug/arm-cmn/map"
	xp() { for id in "$@"; do printf 'arm_cmn_0/mxp_e_req_txflit_valid,bynodeid=1,nodeid=%s/,' "$id"; done; }
	# five in domain 0 and four in domain 1: nine in the group, at most five in a domain
	group=$(xp 0x0 0x8 0x20 0x28 0x40 0x10 0x18 0x30 0x38)
	pmuctl -q --sysfs-root "$sys" stat --dry-run -e "{${group%,}}"
	[ "$status" -eq 0 ]
	pmuctl --sysfs-root "$sys" --kernel 6.6 stat --dry-run -e "{${group%,}}"
	[ "$status" -eq 1 ]
	[[ "${lines[0]}" == "pmuctl: error: the group has 9 events but cycles on 'arm_cmn_0', past the DTC's 8 counters (arm_cmn_validate_group); split the group" ]]
	group=$(xp 0x0 0x8 0x20 0x28 0x40 0x48 0x60 0x68 0x10)
	pmuctl --sysfs-root "$sys" stat --dry-run -e "{${group%,}}"
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: 'arm_cmn_0/mxp_e_req_txflit_valid,bynodeid=1,nodeid=0x10/' joins a group whose events before it hold all 8 counters of DTC domain 0 of 'arm_cmn_0' (arm_cmn_validate_group); split the group" ]
}
