#!/usr/bin/env bats
load helpers

# type config config1 config2 cpus of every encoded event, one line each
encoded() {
	jq_py '"\n".join("%s %d %s %s %s %s" % (e["pmu"], e["type"], e["config"], e["config1"], e["config2"], e["cpus"]) for e in d["events"])'
}

@test "the document's PCIE BDF filter example encodes as perf does" {
	pmuctl --sysfs-root "$T410" -j stat --dry-run -e 'nvidia_pcie_pmu_0_rc_4/event=0x4,src_bdf=0x0180,src_bdf_en=0x1/'
	[ "$status" -eq 0 ]
	[ "$(encoded)" = "nvidia_pcie_pmu_0_rc_4 33 0x4 0x1018000 0x0 [0]" ]
	[ "$(jq_py 'd["perf_command"]')" = "perf stat -a -e 'nvidia_pcie_pmu_0_rc_4/event=0x4,src_bdf=0x0180,src_bdf_en=0x1/'" ]
}

@test "UCF source and destination filters land in config1" {
	pmuctl --sysfs-root "$T410" -j stat --dry-run -e 'nvidia_ucf_pmu_1/event=0x0,src_loc_noncpu=0x1,dst_rem=0x1/'
	[ "$(encoded)" = "nvidia_ucf_pmu_1 41 0x0 0x801 0x0 [72]" ]
}

@test "the 33-bit cycles event and the PCIE destination filter in config2" {
	pmuctl --sysfs-root "$T410" -j stat --dry-run -e 'nvidia_pcie_pmu_1_rc_3/cycles,dst_rem/'
	[ "$(encoded)" = "nvidia_pcie_pmu_1_rc_3 48 0x100000000 0x0 0x10 [72]" ]
}

@test "PCIE-TGT address filter: 64-bit base and mask in config1 and config2" {
	pmuctl --sysfs-root "$T410" -j stat --dry-run -e 'nvidia_pcie_tgt_pmu_0_rc_1/event=0x1,dst_addr_base=0x10000,dst_addr_mask=0xFFF00,dst_addr_en=0x1/'
	[ "$(encoded)" = "nvidia_pcie_tgt_pmu_0_rc_1 28 0x801 0x10000 0xfff00 [0]" ]
	pmuctl --sysfs-root "$T410" -j stat --dry-run -e 'nvidia_pcie_tgt_pmu_0_rc_1/rd_req,dst_rp_mask=0xff,dst_addr_base=0xffffffffffffffff,dst_addr_mask=0xffffffffffffffff,dst_addr_en/'
	[ "$(encoded)" = "nvidia_pcie_tgt_pmu_0_rc_1 28 0xffa 0xffffffffffffffff 0xffffffffffffffff [0]" ]
}

@test "HNS3 named events are config=, filters config1, and the driver's mode is shown" {
	pmuctl --sysfs-root "$HIP09" -j stat --dry-run -e 'hns3_pmu_sicl_0/dly_tpu_packet_num,bdf=0x3500,queue=0xFFFF/'
	[ "$(encoded)" = "hns3_pmu_sicl_0 60 0x1020f 0xffff350000 0x0 [0]" ]
	[ "$(jq_py 'd["events"][0]["filter_mode"]')" = func ]
	pmuctl --sysfs-root "$HIP09" -j stat --dry-run -e 'hns3_pmu_sicl_0/config=0x1020F,port=0,tc=0xF/'
	[ "$(jq_py 'd["events"][0]["filter_mode"], d["events"][0]["config1"]')" = "('port', '0xf0')" ]
	pmuctl --sysfs-root "$HIP09" -j stat --dry-run -e 'hns3_pmu_sicl_0/bw_ssu_rpu_byte_num,global=1/'
	[ "$(encoded)" = "hns3_pmu_sicl_0 60 0x2 0x10000000000000 0x0 [0]" ]
}

@test "Yitian DRW events are config= values" {
	pmuctl --sysfs-root "$YITIAN" -j stat --dry-run -e ali_drw_40021000/hif_rmw/ -e ali_drw_21080/cycle/
	[ "$(encoded)" = "$(printf 'ali_drw_40021000 48 0x3 0x0 0x0 [64]\nali_drw_21080 41 0x80 0x0 0x0 [0]')" ]
}

@test "a glob expands to every matching PMU, and groups split per PMU" {
	pmuctl --sysfs-root "$T410" -j stat --dry-run -e '{nvidia_pcie_pmu_1_rc_*/rd_bytes/,nvidia_pcie_pmu_1_rc_*/cycles/}'
	[ "$(jq_py 'len(d["events"]), len(set(e["group"] for e in d["events"])), sum(e["leader"] for e in d["events"])')" = "(12, 6, 6)" ]
	[[ "$(jq_py 'd["perf_command"]')" == "perf stat -a -e '{nvidia_pcie_pmu_1_rc_0/rd_bytes/,nvidia_pcie_pmu_1_rc_0/cycles/}' -e '{nvidia_pcie_pmu_1_rc_1/rd_bytes/"* ]]
}

@test "a PMU prefix expands as in perf" {
	pmuctl --sysfs-root "$YITIAN" -j stat --dry-run -e 'ali_drw/hif_rd/'
	[ "$(jq_py 'len(d["events"])')" = 16 ]
	pmuctl --sysfs-root "$T410" -j stat --dry-run -e 'nvidia_pcie_pmu/rd_bytes/'
	[ "$status" -eq 1 ]
}

@test "a value too wide names the term, its maximum, and points at it" {
	pmuctl --sysfs-root "$T410" stat --dry-run -e 'nvidia_pcie_pmu_0_rc_4/src_rp_mask=0x100/'
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: value 0x100 too big for format 'src_rp_mask' (config1:0-7), maximum is 255 (0xff)" ]
	[ "${lines[1]}" = "  nvidia_pcie_pmu_0_rc_4/src_rp_mask=0x100/" ]
	[ "${lines[2]}" = "                                     ^~~~~" ]
}

@test "an unknown term lists the valid ones: the PMU's events first, no perf-internal terms" {
	pmuctl --sysfs-root "$T410" stat --dry-run -e 'nvidia_cmem_latency_pmu_0/rd_req,gpu_mask=1/'
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: unknown term 'gpu_mask' for PMU 'nvidia_cmem_latency_pmu_0'; valid: events: cycles, rd_cum_outs, rd_req; terms: event" ]
	[ "${lines[2]}" = "                                   ^~~~~~~~" ]
}

@test "an unknown PMU is named" {
	pmuctl --sysfs-root "$T410" stat --dry-run -e 'nvidia_pcie_pmu_7_rc_0/rd_bytes/'
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: cannot find PMU 'nvidia_pcie_pmu_7_rc_0' under the sysfs root (did you mean 'nvidia_pcie_pmu_0_rc_0' or 'nvidia_pcie_pmu_1_rc_0'?); pmuctl list shows them" ]
	[ "${lines[2]}" = "  ^~~~~~~~~~~~~~~~~~~~~~" ]
}

@test "malformed strings are usage errors with a caret" {
	pmuctl --sysfs-root "$T410" stat --dry-run -e 'nvidia_pcie_pmu_0_rc_4/src_bdf=0x18z/'
	[ "$status" -eq 64 ]
	[ "${lines[0]}" = "pmuctl: error: invalid number '0x18z' (decimal or 0x hex)" ]
	[ "${lines[2]}" = "                                 ^~~~~" ]
	pmuctl --sysfs-root "$T410" stat --dry-run -e '{nvidia_pcie_pmu_0_rc_4/rd_bytes/'
	[ "$status" -eq 64 ]
	[ "${lines[0]}" = "pmuctl: error: no closing '}' for this group" ]
	pmuctl --sysfs-root "$T410" stat --dry-run -e $'nvidia_pcie_pmu_0_rc_4/rd\x01/'
	[ "$status" -eq 64 ]
	[ "${lines[0]}" = "pmuctl: error: unexpected control character 0x01, expected ',' or '/'" ]
}

@test "human dry run shows the words, the CPU and the perf command" {
	pmuctl --sysfs-root "$T410" stat --dry-run -e 'nvidia_pcie_pmu_1_rc_2/event=0x2,src_rp_mask=0x1/'
	[ "$status" -eq 0 ]
	[ "$output" = "nvidia_pcie_pmu_1_rc_2/event=0x2,src_rp_mask=0x1/
  pmu      nvidia_pcie_pmu_1_rc_2 (NVIDIA Tegra410 PCIE, socket 1, rc 2)
  type     46
  config   0x2
  config1  0x1
  config2  0x0
  cpu      72

Schedule (predicted; the counts say what ran):
  1 PMU counts all its events at once

perf stat -a -e 'nvidia_pcie_pmu_1_rc_2/event=0x2,src_rp_mask=0x1/'" ]
}

@test "a PMU without cpumask opens on every online CPU with -a" {
	pmuctl --sysfs-root "$T410" -j stat --dry-run -a -e cpu-clock
	[ "$(jq_py 'len(d["events"][0]["cpus"]), d["events"][0]["type"]')" = "(144, 1)" ]
}

@test "stat without --dry-run or without events is a usage error" {
	pmuctl --sysfs-root "$T410" stat --dry-run
	[ "$status" -eq 64 ]
	[[ "$output" == *"no event given"* ]]
}

@test "a BDF filter is shown decoded, so a wrong value is seen before counting" {
	pmuctl --sysfs-root "$T410" stat --dry-run -e 'nvidia_pcie_pmu_0_rc_4/event=0x4,src_bdf=0x0180,src_bdf_en=0x1/'
	[ "$status" -eq 0 ]
	[ "${lines[7]}" = "  bdf      0x0180 = 01:10.0" ]
	pmuctl --sysfs-root "$HIP09" stat --dry-run -e 'hns3_pmu_sicl_0/bw_ssu_rpu_time,bdf=0x3508,queue=0xFFFF/'
	[ "${lines[8]}" = "  bdf      0x3508 = 35:01.0" ]
}

@test "every event name list shows on every example tree is one that --dry-run accepts" {
	for root in "$T410" "$LIVE" "$YITIAN" "$HIP09" "$BF2"; do
		mapfile -t evs < <("$PMUCTL" --sysfs-root "$root" -j list | python3 -c '
import json, sys
d = json.load(sys.stdin)
for p in d["pmus"]:
    for e in p["events"]:
        print(f"-e{p['"'"'name'"'"']}/{e['"'"'name'"'"']}/")
for h in d["bluefield"]:
    for b in h["blocks"]:
        for e in b["events"]:
            print(f"-e{e['"'"'event'"'"']}")')
		[ "${#evs[@]}" -gt 100 ]
		# the driver rules are not parsing: one PMU may not take all its events at once
		pmuctl --sysfs-root "$root" -q stat --dry-run --no-rules "${evs[@]}"
		[ "$status" -eq 0 ] || { echo "$root: ${lines[*]:0:3}"; return 1; }
		[ "$(grep -c '^  pmu ' <<<"$output")" -eq "${#evs[@]}" ]
	done
}
