#!/usr/bin/env bats
load helpers

count_pmus() { jq_py 'len(d["pmus"])'; }

@test "list shows every Tegra410 PMU, grouped by family with socket and RC" {
	pmuctl --sysfs-root "$T410" -j list
	[ "$status" -eq 0 ]
	[ "$(count_pmus)" = 34 ]
	[ "$(jq_py '[p["name"] for p in d["pmus"] if p["family"] == "t410_pcie"][11]')" = nvidia_pcie_pmu_1_rc_5 ]
	[ "$(jq_py '[(p["socket"], p["rc"]) for p in d["pmus"] if p["name"] == "nvidia_pcie_tgt_pmu_1_rc_3"][0]')" = "(1, 3)" ]
	[ "$(jq_py 'sorted(set(p["family"] for p in d["pmus"]))')" = "['t410_cmem_latency', 't410_nvclink', 't410_nvdlink', 't410_nvlink_c2c', 't410_pcie', 't410_pcie_tgt', 't410_ucf']" ]
	pmuctl --sysfs-root "$T410" list
	[ "${lines[0]}" = "NVIDIA Tegra410 UCF" ]
	[[ "${lines[1]}" == "  nvidia_ucf_pmu_0 "*"socket 0 "*"type 24 "*"cpu 0 "*"20 events" ]]
}

@test "list decodes the C2C peer" {
	pmuctl --sysfs-root "$T410" -j list --formats nvidia_nvlink_c2c_pmu_0
	[ "$(jq_py 'd["pmus"][0]["peer_kind"], d["pmus"][0]["peer_count"]')" = "('gpu', 2)" ]
	[ "$(jq_py '[f["name"] for f in d["pmus"][0]["formats"]]')" = "['event', 'gpu_mask']" ]
}

@test "list -j holds what was asked: formats null without -l or --formats, as the text shows none" {
	pmuctl --sysfs-root "$T410" -j list --events nvidia_pcie_pmu_0_rc_4
	[ "$status" -eq 0 ]
	[ "$(jq_py '(d["pmus"][0]["formats"], len(d["pmus"][0]["events"]) > 0)')" = "(None, True)" ]
	pmuctl --sysfs-root "$T410" -j list -l nvidia_pcie_pmu_0_rc_4
	[ "$(jq_py 'len(d["pmus"][0]["formats"]) > 0')" = True ]
}

@test "list -j gives formats with masks and events with values" {
	pmuctl --sysfs-root "$T410" -j list --formats nvidia_pcie_pmu_0_rc_4
	[ "$(count_pmus)" = 1 ]
	[ "$(jq_py '[f for f in d["pmus"][0]["formats"] if f["name"] == "src_bdf"][0]')" = "{'name': 'src_bdf', 'word': 'config1', 'bits': '8-23', 'mask': '0xffff00', 'max': '0xffff', 'description': \"the BDF that will be monitored: (bus << 8) + (device << 3) + (function), see 'pmuctl bdf'\"}" ]
	[ "$(jq_py '[e["value"] for e in d["pmus"][0]["events"] if e["name"] == "cycles"][0]')" = "event=0x100000000" ]
	[ "$(jq_py 'd["pmus"][0]["identifier"], d["pmus"][0]["cpumask"], d["pmus"][0]["associated_cpus"]')" = "('1030136b', [0], None)" ]
	# the associated CPUs as the text shows them, with -l
	pmuctl --sysfs-root "$T410" -j list -l nvidia_pcie_pmu_0_rc_4
	[ "$(jq_py 'len(d["pmus"][0]["associated_cpus"])')" = 72 ]
}

@test "list shows all 16 Yitian DRW PMUs with die, channel and sub-channel" {
	pmuctl --sysfs-root "$YITIAN" -j list
	[ "$(count_pmus)" = 16 ]
	[ "$(jq_py '[(p["die"], p["channel"], p["subchannel"], p["address"]) for p in d["pmus"] if p["name"] == "ali_drw_40025080"][0]')" = "(1, 2, 1, '0x40025080000')" ]
	# both identifier file names of the driver's history
	[ "$(jq_py 'sorted(set(p["identifier_file"] for p in d["pmus"]))')" = "['ali_drw_pmu_identifier', 'identifier']" ]
	[ "$(jq_py '[e["value"] for e in d["pmus"][0]["events"] if e["name"] == "cycle"][0]')" = "config=0x80" ]
}

@test "list shows both HNS3 SICLs with bdf range, clock and filter modes" {
	pmuctl --sysfs-root "$HIP09" -j list
	# the two HNS3 SICLs, the two HiSilicon PCIe cores, on 4 SCCLs 16 DDR controllers, 8 home
	# agents, 24 L3 caches and 4 SLLCs, and a PA and a CPA on each SICL
	[ "$(count_pmus)" = 60 ]
	[ "$(jq_py '[(p["sicl"], p["bdf_min"], p["bdf_max"], p["hw_clk_freq"], len(p["events"])) for p in d["pmus"] if p["family"] == "hns3"]')" = "[(0, '0x3500', '0x35ff', 100000000, 110), (2, '0xbd00', '0xbdff', 100000000, 110)]" ]
	[ "$(jq_py '[e["filter_modes"] for e in d["pmus"][0]["events"] if e["name"] == "bw_ssu_rpu_byte_num"][0]')" = "['global', 'port', 'port-tc', 'func', 'func-queue']" ]
}

@test "list shows the BlueField-2 bfperf blocks and their kinds" {
	pmuctl --sysfs-root "$BF2" -j list
	[ "$status" -eq 0 ]
	[ "$(jq_py 'len(d["bluefield"][0]["blocks"])')" = 19 ]
	[ "$(jq_py '{b["name"]: (b["kind"], b["counters"], len(b["events"])) for b in d["bluefield"][0]["blocks"]}["l3cachehalf0"]')" = "('l3cache', 5, 44)" ]
	[ "$(jq_py '{b["name"]: (b["kind"], b["counters"], len(b["events"])) for b in d["bluefield"][0]["blocks"]}["pcie0"]')" = "('register', 0, 12)" ]
	[ "$(jq_py '[e for e in d["bluefield"][0]["blocks"][8]["events"] if e["name"] == "HNF_REQUESTS"][0]')" = "{'name': 'HNF_REQUESTS', 'description': 'Number of REQs that were processed in HNF', 'event': 'bfperf/tile1/HNF_REQUESTS/', 'code': '0x45'}" ]
}

@test "list --events explains events from the documents" {
	pmuctl --sysfs-root "$T410" list --events nvidia_pcie_pmu_0_rc_0
	[[ "$output" == *"rd_cum_outs"*"event=0x4"*"count outstanding rd_req each cycle"* ]]
}

@test "list PATTERN takes a family id" {
	pmuctl --sysfs-root "$T410" -j list t410_cmem_latency
	[ "$(jq_py '[p["name"] for p in d["pmus"]]')" = "['nvidia_cmem_latency_pmu_0', 'nvidia_cmem_latency_pmu_1']" ]
}

@test "list on this machine shows its generic PMUs" {
	pmuctl -j list
	[ "$status" -eq 0 ]
	[[ "$output" == *'"name":"software","family":"generic"'* ]]
}

@test "a PMU link that leaves the root is skipped with a warning, exit 2" {
	d=$BATS_TEST_TMPDIR/sys
	mkdir -p "$d/bus/event_source/devices"
	cp -r "$HIP09/devices" "$d/"
	ln -s ../../../devices/hns3_pmu_sicl_0 "$d/bus/event_source/devices/hns3_pmu_sicl_0"
	ln -s /etc "$d/bus/event_source/devices/evil"
	ln -s ../../../../../../../../../../etc "$d/bus/event_source/devices/evil2"
	pmuctl --sysfs-root "$d" list
	[ "$status" -eq 2 ]
	[[ "$output" == *"PMU 'evil' skipped: its link leads outside the sysfs root"* ]]
	[[ "$output" == *"PMU 'evil2' skipped: its link leads outside the sysfs root"* ]]
	[[ "$output" == *"hns3_pmu_sicl_0"* ]]
}

@test "garbage format and type files are warnings, not crashes" {
	d=$BATS_TEST_TMPDIR/sys
	mkdir -p "$d/bus/event_source/devices/bad/format" "$d/bus/event_source/devices/bad/events"
	printf 'config9:1-2\n' > "$d/bus/event_source/devices/bad/format/f"
	printf 'banana\n' > "$d/bus/event_source/devices/bad/type"
	printf '\x01\x02' > "$d/bus/event_source/devices/bad/cpumask"
	pmuctl --sysfs-root "$d" list --formats
	[ "$status" -eq 2 ]
	[[ "$output" == *"PMU 'bad': type is not a number: 'banana'"* ]]
	[[ "$output" == *"format 'f' ignored: format word 'config9' is not config, config1 or config2"* ]]
	[[ "$output" == *"cpumask is not a CPU list"* ]]
}

@test "events/ .scale and .unit files are read, not listed as events" {
	d=$BATS_TEST_TMPDIR/sys
	p=$d/bus/event_source/devices/power_x
	mkdir -p "$p/events" "$p/format"
	printf '23\n' > "$p/type"
	printf 'config:0-7\n' > "$p/format/event"
	printf 'event=0x02\n' > "$p/events/energy-pkg"
	printf '2.3283064365386962890625e-10\n' > "$p/events/energy-pkg.scale"
	printf 'Joules\n' > "$p/events/energy-pkg.unit"
	pmuctl --sysfs-root "$d" -j list
	[ "$status" -eq 0 ]
	[ "$(jq_py 'd["pmus"][0]["events"]')" = "[{'name': 'energy-pkg', 'value': 'event=0x02', 'description': None, 'scale': '2.3283064365386962890625e-10', 'unit': 'Joules', 'alias_of': None}]" ]
}

@test "a symlink loop is a warning, not a hang" {
	d=$BATS_TEST_TMPDIR/sys
	mkdir -p "$d/bus/event_source/devices"
	ln -s loop "$d/bus/event_source/devices/loop"
	pmuctl --sysfs-root "$d" list
	[ "$status" -eq 2 ]
	[[ "$output" == *"PMU 'loop' skipped: symlink loop"* ]]
}

@test "control characters read from sysfs are escaped in human output" {
	d=$BATS_TEST_TMPDIR/sys
	p=$d/bus/event_source/devices/$'bad\x1bname'
	mkdir -p "$p"
	printf '7\n' > "$p/type"
	pmuctl --sysfs-root "$d" list
	[ "$status" -eq 0 ]
	[[ "$output" == *'bad\x1bname'* ]]
	[[ "$output" != *$'\x1b'* ]]
}

@test "C1 and bidirectional controls and bytes that are not UTF-8 are escaped too; other scripts are not" {
	d=$BATS_TEST_TMPDIR/sys
	# 8-bit CSI, NEL, RIGHT-TO-LEFT OVERRIDE, an isolate, a byte that starts no UTF-8, then Greek
	name=$'c1\xc2\x9b31m\xc2\x85rlo\xe2\x80\xaeiso\xe2\x81\xa6bad\xff\xce\xb1\xce\xb2'
	for n in "$name" plain; do
		mkdir -p "$d/bus/event_source/devices/$n/events"
		printf '7\n' >"$d/bus/event_source/devices/$n/type"
		printf 'config=0x1\n' >"$d/bus/event_source/devices/$n/events/$name"
	done
	pmuctl --sysfs-root "$d" list --events plain
	[ "$status" -eq 0 ]
	[[ "$output" == *'c1\u009b31m\u0085rlo\u202eiso\u2066bad\xff'$'\xce\xb1\xce\xb2'* ]]
	pmuctl --sysfs-root "$d" list
	[[ "$output" == *'c1\u009b31m\u0085rlo\u202eiso\u2066bad\xff'$'\xce\xb1\xce\xb2'* ]]
	run grep -c $'\xc2\x9b\|\xc2\x85\|\xe2\x80\xae\|\xe2\x81\xa6\|\xff' <<<"$output"
	[ "$output" = 0 ]
}

@test "list --long shows the HNS3 function range and clock" {
	pmuctl --sysfs-root "$HIP09" list --long
	[ "$status" -eq 0 ]
	[[ "$output" == *"      functions 35:00.0-35:1f.7, hw_clk_freq 100000000 Hz"* ]]
	[[ "$output" == *"      functions bd:00.0-bd:1f.7, hw_clk_freq 100000000 Hz"* ]]
}

@test "list: a directory is read in open, getdents64 and close, without fdopendir's fstat and fcntl" {
	command -v strace >/dev/null || skip "strace is not installed (the test command installs it)"
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
		run strace -f -qq -e trace=fcntl,newfstatat,fstat,getdents64 -o "$BATS_TEST_TMPDIR/trace" \
		"${PMUCTL_REAL:-$PMUCTL}" --sysfs-root "$LIVE" list
	[ "$status" -eq 0 ]
	# before: each of the 35 directories (the PMUs' and theirs) one fstat and two fcntl more
	run grep -c 'getdents64(' "$BATS_TEST_TMPDIR/trace"
	[ "$output" = 70 ]
	run grep -c 'fcntl(\|S_IFDIR' "$BATS_TEST_TMPDIR/trace"
	[ "$output" = 0 ]
}

@test "list -j reads associated_cpus only with -l, which alone shows them" {
	local n
	n=$(ls "$T410/bus/event_source/devices" | wc -l)
	# before: every PMU's file was read and parsed (64 sockets: 16M instructions), then shown as null
	trace_opens --sysfs-root "$T410" -j list --events
	[ "$status" -eq 0 ]
	run grep -c 'associated_cpus"' "$BATS_TEST_TMPDIR/trace"
	[ "$output" = 0 ]
	trace_opens --sysfs-root "$T410" -j list -l
	[ "$status" -eq 0 ]
	run grep -c 'associated_cpus", .* = [0-9]' "$BATS_TEST_TMPDIR/trace"
	[ "$output" -gt 0 ]
	[ "$output" -le "$n" ]
}
