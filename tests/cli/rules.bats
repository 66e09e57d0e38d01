#!/usr/bin/env bats
# The rule table (tests/rules.tsv): for every driver rule, what the kernel does and what pmuctl
# does, asserted row by row. The kernel refuses: pmuctl errors. The kernel accepts: pmuctl
# warns or is silent, except a row marked error, which must offer --no-rules and then encode.
load helpers

TABLE=$BATS_TEST_DIRNAME/../rules.tsv

setup_file() {
	# a C2C link to one GPU: gpu_mask has a bit the driver masks away
	local one=$BATS_FILE_TMPDIR/onegpu dev=bus/event_source/devices/nvidia_nvlink_c2c_pmu_0
	mkdir -p "$one/bus/event_source/devices" "$one/devices/system/cpu"
	cp -rL "$T410/$dev" "$one/$dev"
	cp "$T410/devices/system/cpu/online" "$one/devices/system/cpu/online"
	printf 'nr_gpu=1\n' >"$one/$dev/peer"
}

tree_of() {
	case $1 in
	T410) echo "$T410" ;;
	YITIAN) echo "$YITIAN" ;;
	HIP09) echo "$HIP09" ;;
	DWC) echo "$DWC" ;;
	GRACE) echo "$GRACE" ;;
	ONEGPU) echo "$BATS_FILE_TMPDIR/onegpu" ;;
	*) return 1 ;;
	esac
}

@test "rules: every row of the table holds: pmuctl refuses exactly what the kernel refuses" {
	local rows=0 bad=0 rule source tree kernel outcome message
	while IFS=$'\t' read -r -a f; do
		[[ ${#f[@]} -eq 0 || ${f[0]} == \#* ]] && continue
		rule=${f[0]} source=${f[1]} tree=$(tree_of "${f[2]}") kernel=${f[3]} outcome=${f[4]} message=${f[5]}
		local args=()
		for ev in "${f[@]:6}"; do args+=(-e "$ev"); done
		rows=$((rows + 1))
		run "$PMUCTL" --sysfs-root "$tree" stat --dry-run "${args[@]}"
		local why=""
		case $kernel/$outcome in
		refuses/error) [ "$status" -eq 1 ] || why="exit $status, want 1" ;;
		accepts/error) [ "$status" -eq 1 ] && [[ $output == *--no-rules* ]] || why="exit $status without --no-rules offered" ;;
		accepts/warning) [ "$status" -eq 0 ] && [[ $output == *"pmuctl: warning: "* ]] || why="exit $status, want 0 and a warning" ;;
		accepts/clean) [ "$status" -eq 0 ] && [[ $output != *warning* ]] || why="exit $status, want 0 and no warning" ;;
		*) why="kernel '$kernel' with pmuctl '$outcome' is not a row this table may hold" ;;
		esac
		if [ -z "$why" ] && [ "$message" != - ] && [[ $output != *"$message"* ]]; then
			why="message lacks: $message"
		fi
		# what the kernel accepts, --no-rules encodes
		if [ -z "$why" ] && [ "$kernel" = accepts ]; then
			run "$PMUCTL" --sysfs-root "$tree" stat --no-rules --dry-run "${args[@]}"
			[ "$status" -eq 0 ] || why="--no-rules: exit $status"
		fi
		if [ -n "$why" ]; then
			echo "row $rows: $rule ($source), ${f[2]}, kernel $kernel: $why"
			echo "  ${output%%$'\n'*}"
			bad=$((bad + 1))
		fi
	done <"$TABLE"
	echo "$rows rows, $bad wrong"
	[ "$rows" -ge 30 ]
	[ "$bad" -eq 0 ]
}

@test "rules: every rule of the table has a case the kernel accepts, and names its driver source" {
	run awk -F'\t' '!/^#/ && NF { if ($2 !~ /\(.*\.c\)$/) print "no source file: " $1; if ($4 == "accepts") ok[$1] = 1; seen[$1] = 1 }
		END { for (r in seen) if (!ok[r]) print "no accepted case: " r }' "$TABLE"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
}

@test "rules: HNS3 --device with an event that has no func mode names the event's modes, not the bdf pmuctl added" {
	# global only: no bdf can select a function
	pmuctl --sysfs-root "$HIP09" stat --dry-run -M hns3_bw_rd_fbd --device 0000:35:00.0
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: event 'bw_rd_fbd_byte_num' on 'hns3_pmu_sicl_0' has no func mode, only 'global' (filtermode/bw_rd_fbd_byte_num), so --device cannot count a function with it: count the metric without --device, for the whole SICL (hns3-pmu.rst)" ]
	# port modes: the driver would count a port; the advice is the metric without --device
	pmuctl --sysfs-root "$HIP09" stat --dry-run -M hns3_bw_ssu_egu --device 0000:35:00.0
	[ "$status" -eq 1 ]
	[[ "${lines[0]}" == *": this event has no func mode, so no function can be counted alone with it: count the metric without --device (the whole SICL), or --no-rules to send it as written" ]]
	# written by hand, the terms are the user's: the message says what each mode needs
	pmuctl --sysfs-root "$HIP09" stat --dry-run -e 'hns3_pmu_sicl_0/bw_rd_fbd_byte_num,bdf=0x3500,queue=0xffff/'
	[ "$status" -eq 1 ]
	[[ "${lines[0]}" == *"global needs global=1, port needs tc=0xF, func needs bdf and queue=0xFFFF (hns3-pmu.rst)" ]]
	pmuctl --sysfs-root "$HIP09" stat --dry-run -e 'hns3_pmu_sicl_0/bw_ssu_egu_byte_num,bdf=0x3500,queue=0xffff/'
	[ "$status" -eq 1 ]
	[[ "${lines[0]}" == *": this event has no func mode: drop bdf, or --no-rules to send it as written" ]]
}

@test "rules: one cycle counter per CSPMU: two cycles events rotate, a group of two is refused (arm_cspmu_get_event_idx)" {
	pmuctl --sysfs-root "$T410" stat --dry-run -e '{nvidia_pcie_pmu_0_rc_4/cycles/,nvidia_pcie_pmu_0_rc_4/cycles/}'
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: 'nvidia_pcie_pmu_0_rc_4/cycles/': the group has 2 events for the 1 counter of their kind on 'nvidia_pcie_pmu_0_rc_4' (one cycle counter: arm_cspmu_get_event_idx, and arm_cspmu_validate_group refuses a group needing two): the driver refuses it; count them outside {}" ]
	[ "${lines[2]}" = "                                  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~" ]
	pmuctl --sysfs-root "$T410" stat --dry-run -e 'nvidia_pcie_pmu_0_rc_4/cycles/' -e 'nvidia_pcie_pmu_0_rc_4/cycles/'
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "pmuctl: warning: 'nvidia_pcie_pmu_0_rc_4': 2 events need its 1 counter of their kind (one cycle counter: arm_cspmu_get_event_idx, and arm_cspmu_validate_group refuses a group needing two): the kernel rotates them, some counting 50% of the time (--dry-run shows which); count one at once" ]
	[[ "$output" == *"1 counter of their own for 2 (one cycle counter"*"they rotate, the least counted 50.0% of the time"* ]]
	# one cycles event beside other events: its own counter, nothing rotates (Grace too)
	pmuctl -q --sysfs-root "$GRACE" stat --dry-run -e 'nvidia_pcie_pmu_0/cycles/' -e 'nvidia_pcie_pmu_0/rd_bytes_loc,root_port=1/'
	[ "$status" -eq 0 ]
	[[ "$output" == *"1 PMU counts all its events at once"* ]]
}

@test "rules: PCIE-TGT's cycle event is its event type 4, whatever its port mask (pcie_tgt_pmu_is_cycle_counter_event)" {
	pmuctl --sysfs-root "$T410" stat --dry-run -e 'nvidia_pcie_tgt_pmu_0_rc_4/cycles,dst_rp_mask=0x1/' -e 'nvidia_pcie_tgt_pmu_0_rc_4/cycles/'
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == "pmuctl: warning: 'nvidia_pcie_tgt_pmu_0_rc_4': 2 events need its 1 counter of their kind"* ]]
	pmuctl --sysfs-root "$T410" stat --dry-run -e '{nvidia_pcie_tgt_pmu_0_rc_4/cycles,dst_rp_mask=0x1/,nvidia_pcie_tgt_pmu_0_rc_4/cycles/}'
	[ "$status" -eq 1 ]
}

@test "rules: src_bdf without src_bdf_en=1 on the Tegra410 PCIE PMU is a warning, as PCIE-TGT's address without dst_addr_en is" {
	pmuctl --sysfs-root "$T410" stat --dry-run -e 'nvidia_pcie_pmu_0_rc_4/rd_bytes,src_bdf=0x4100/'
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "pmuctl: warning: nvidia_pcie_pmu_0_rc_4/rd_bytes,src_bdf=0x4100/: src_bdf without src_bdf_en=1: the driver ignores the BDF (pcie_v2_pmu_bdf_val_en), and as config1 is not 0 it keeps src_rp_mask=0 instead of every root port (pcie_v2_pmu_event_filter): add src_bdf_en=1" ]
	pmuctl --sysfs-root "$T410" stat --dry-run -e 'nvidia_pcie_pmu_0_rc_4/rd_bytes,src_bdf=0x4100,src_bdf_en=1/'
	[ "$status" -eq 0 ]
	[[ "$output" != *warning* ]]
}

@test "rules: a DesignWare lane at or past its root port's link width is refused at the lane= term (dwc_pcie_pmu_event_init)" {
	pmuctl --sysfs-root "$DWC" stat --dry-run -e 'dwc_rootport_*/rx_memory_read,lane=8/'
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: lane=8 on 'dwc_rootport_3018': its root port has 8 lanes, 0 to 7 (its link capability; dwc_pcie_pmu_event_init refuses the rest)" ]
	[ "${lines[1]}" = "  dwc_rootport_*/rx_memory_read,lane=8/" ]
	[ "${lines[2]}" = "                                ^~~~~~" ]
	pmuctl -q --sysfs-root "$DWC" stat --dry-run -e 'dwc_rootport_3018/rx_memory_read,lane=7/'
	[ "$status" -eq 0 ]
}
