#!/usr/bin/env bats
# HiSilicon UC PMUs (hisi_sccl<S>_uc<C>_<sub>, four a CPU cluster), on a tree the test writes as
# hisi_uncore_uc_pmu.c does: no example machine has them (a chip after Hip09, v6.5 and later).
load helpers

# One cluster's four UCs below their ACPI device (pmu.parent), identifier HISI_PMU_V2
uc_tree() {
	local root=$BATS_TEST_TMPDIR/uc sub d n
	mkdir -p "$root/bus/event_source/devices"
	for sub in 0 1 2 3; do
		d=$root/devices/platform/HISI0291:0$sub/hisi_sccl3_uc2_$sub
		mkdir -p "$d/format" "$d/events"
		echo $((200 + sub)) >"$d/type"
		echo 40 >"$d/cpumask"
		echo 0x00000030 >"$d/identifier"
		echo config:0-7 >"$d/format/event"
		echo config1:0-0 >"$d/format/rd_req_en"
		echo config1:4-5 >"$d/format/uring_channel"
		echo config1:6-19 >"$d/format/srcid"
		echo config1:20-20 >"$d/format/srcid_en"
		for n in sq_time=0x0 pq_time=0x1 hbm_time=0x2 iq_comp_time_cring=0x3 \
			iq_comp_time_uring=0x5 cpu_rd=0x10 cpu_rd64=0x17 cpu_rs64=0x19 cpu_mru=0x1c \
			cycles=0x95 spipe_hit=0xb3 hpipe_hit=0xdb cring_rxdat_cnt=0xfa \
			cring_txdat_cnt=0xfb uring_rxdat_cnt=0xfc uring_txdat_cnt=0xfd; do
			echo "config=${n#*=}" >"$d/events/${n%%=*}"
		done
		ln -s "../../../devices/platform/HISI0291:0$sub/hisi_sccl3_uc2_$sub" \
			"$root/bus/event_source/devices/hisi_sccl3_uc2_$sub"
	done
	echo "$root"
}

@test "hisi_uc: each UC is its cluster's, SCCL, CCL and sub id from the name" {
	root=$(uc_tree)
	pmuctl -q --sysfs-root "$root" -j list
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(p["name"], p["family"], p["sccl"], p["uc"], p["sub"], len(p["events"])) for p in d["pmus"]][:2]')" = "[('hisi_sccl3_uc2_0', 'hisi_uc', 3, 2, 0, 16), ('hisi_sccl3_uc2_1', 'hisi_uc', 3, 2, 1, 16)]" ]
	pmuctl --sysfs-root "$root" list
	[[ "${lines[1]}" == "  hisi_sccl3_uc2_0                     sccl 3, uc 2, sub 0  "* ]]
}

@test "hisi_uc: srcid_en without rd_req_en is refused as hisi_uc_pmu_check_filter refuses it; uring_channel off its events warned" {
	root=$(uc_tree)
	pmuctl --sysfs-root "$root" stat --dry-run -e 'hisi_sccl3_uc2_0/cpu_rd,srcid=0x21,srcid_en=1/'
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: srcid_en needs rd_req_en on 'hisi_sccl3_uc2_0': the driver refuses it (hisi_uc_pmu_check_filter, \"rcid_en depends on rd_req_en being enabled\"); add rd_req_en=1" ]
	[ "${lines[1]}" = "  hisi_sccl3_uc2_0/cpu_rd,srcid=0x21,srcid_en=1/" ]
	[ "${lines[2]}" = "                                     ^~~~~~~~~~" ]
	pmuctl --sysfs-root "$root" stat --dry-run -e 'hisi_sccl3_uc2_0/cpu_rd,srcid=0x21,srcid_en=1,rd_req_en=1/'
	[ "$status" -eq 0 ]
	pmuctl --sysfs-root "$root" stat --dry-run -e 'hisi_sccl3_uc2_1/cpu_rd,uring_channel=2/' -e 'hisi_sccl3_uc2_2/event=0x47,uring_channel=2/'
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "pmuctl: warning: hisi_sccl3_uc2_1/cpu_rd,uring_channel=2/: uring_channel filters events 0x47-0x59 only, not 0x10: the driver says so in the kernel log and counts both channels (hisi_uc_pmu_check_filter)" ]
	[[ "${lines[1]}" != *warning* ]]
	pmuctl --sysfs-root "$root" --kernel 6.12 stat --dry-run -e 'hisi_sccl3_uc2_0/config=0x100/'
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "pmuctl: warning: hisi_sccl3_uc2_0/config=0x100/: config 0x100 sets bits above the event code: Linux 6.12 (--kernel) checks the whole word against 0xff and refuses it, unless it has 43de0ac332b8 (v6.18, in stable kernels since)" ]
}
