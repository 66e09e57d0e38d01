#!/usr/bin/env bats
# "Did you mean": every kind of name a user types is checked against the real ones, and the
# exit status follows one rule: malformed 64, well-formed but absent 1.
load helpers

@test "suggest: a misspelt PMU, event and format term name the nearest real one" {
	pmuctl --sysfs-root "$LIVE" stat --dry-run -e nvidia_pcie_pmu_0_rc4/rd_bytes/
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: cannot find PMU 'nvidia_pcie_pmu_0_rc4' under the sysfs root (did you mean 'nvidia_pcie_pmu_0_rc_4'?); pmuctl list shows them" ]
	pmuctl --sysfs-root "$LIVE" stat --dry-run -e nvidia_pcie_pmu_0_rc_4/rd_byte/
	[ "$status" -eq 1 ]
	[[ "${lines[0]}" == "pmuctl: error: unknown term 'rd_byte' for PMU 'nvidia_pcie_pmu_0_rc_4' (did you mean 'rd_bytes'?); valid: events: cycles, rd_bytes, "* ]]
	[ "${lines[2]}" = "                         ^~~~~~~" ]
	pmuctl --sysfs-root "$LIVE" stat --dry-run -e nvidia_pcie_pmu_0_rc_4/rd_bytes,src_bfd=0x4100/
	[[ "${lines[0]}" == "pmuctl: error: unknown term 'src_bfd' for PMU 'nvidia_pcie_pmu_0_rc_4' (did you mean 'src_bdf'?); "* ]]
}

@test "suggest: a misspelt command and long option, with usage status 64" {
	pmuctl lsit
	[ "$status" -eq 64 ]
	[ "$output" = "pmuctl: error: 'lsit' is not a pmuctl command (did you mean 'list'?); the commands are list, map, stat, top, iostat, serve, doctor, bdf and help" ]
	pmuctl stat --per-scoket -e cycles
	[ "$status" -eq 64 ]
	[ "${lines[0]}" = "pmuctl stat: unrecognized option '--per-scoket' (did you mean '--per-socket'?)" ]
	# getopt's own rule stays: an unambiguous prefix is the option
	pmuctl --sysfs-root "$LIVE" stat --per-s --dry-run -e nvidia_pcie_pmu_0_rc_4/rd_bytes/
	[ "$status" -eq 0 ]
	# a workload's options are its own
	pmuctl --sysfs-root "$LIVE" stat -e nvidia_pcie_pmu_0_rc_4/rd_bytes/ -- sh -c 'exit 0' --per-scoket
	[ "$status" -eq 0 ]
}

@test "suggest: list patterns and metrics that match nothing are errors on stderr, exit 1" {
	pmuctl --sysfs-root "$LIVE" list nvidia_ucf_pmu_00
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: no PMU matches 'nvidia_ucf_pmu_00' (did you mean 'nvidia_ucf_pmu_0'?); pmuctl list shows them all" ]
	# nothing on stdout: the message is on stderr, as ls says it
	run bash -c '"$0" --sysfs-root "$1" list nosuch 2>/dev/null' "$PMUCTL" "$LIVE"
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	pmuctl --sysfs-root "$LIVE" stat --dry-run -M t410_pcie_rd_bww
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: unknown metric 't410_pcie_rd_bww' (did you mean 't410_pcie_rd_bw'?); pmuctl list --metrics --all shows them" ]
}

@test "suggest: -d without a colon is not lspci's selector: perf's -d is named, and map says what -d takes" {
	# perf's -d takes no argument: the next word arrives as -d's
	pmuctl --sysfs-root "$T410" stat -d -e nvidia_pcie_pmu_0_rc_4/rd_bytes/
	[ "$status" -eq 64 ]
	[ "${lines[0]}" = "pmuctl stat: -d '-e': pmuctl's -d is lspci's VENDOR:DEVICE (as -d 10de: or -d :22b1); perf's -d (--detailed) adds core events, which uncore PMUs do not have" ]
	pmuctl --sysfs-root "$T410" map -d 15b3
	[ "$status" -eq 64 ]
	[ "${lines[0]}" = "pmuctl map: -d '15b3': a VENDOR:DEVICE selector, as lspci -d takes (15b3: is every function of vendor 15b3)" ]
}

@test "suggest: every message names pmuctl, however it was run (getopt said ./pmuctl)" {
	cd "$(dirname "$PMUCTL")"
	run "./$(basename "$PMUCTL")" -I
	[ "$status" -eq 64 ]
	[ "${lines[0]}" = "pmuctl: invalid option -- 'I'" ]
	run "./$(basename "$PMUCTL")" --bogus
	[ "${lines[0]}" = "pmuctl: unrecognized option '--bogus'" ]
}

@test "suggest: a PMU with a wrong instance number is offered the PMUs of its name, not the nearest other name" {
	pmuctl --sysfs-root "$T410" list nvidia_pcie_pmu_9
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: no PMU matches 'nvidia_pcie_pmu_9' (did you mean 'nvidia_pcie_pmu_0_rc_0', 'nvidia_pcie_pmu_0_rc_1' or 'nvidia_pcie_pmu_0_rc_2'?); pmuctl list shows them all" ]
}
