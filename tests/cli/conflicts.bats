#!/usr/bin/env bats
# Options that contradict each other are refused (64) with both named, whatever their order;
# none silently wins.
load helpers

EV=nvidia_pcie_pmu_0_rc_4/rd_bytes/

refused() {
	local want=$1
	shift
	pmuctl --sysfs-root "$LIVE" "$@"
	[ "$status" -eq 64 ] || { echo "$*: exit $status"; return 1; }
	[ "${lines[0]}" = "$want" ] || { echo "$*: ${lines[0]}"; return 1; }
}

@test "conflicts: two output formats" {
	refused "pmuctl stat: -j and -x are two output formats: give one" -j stat -x, --dry-run -e $EV
	refused "pmuctl stat: -j and -x are two output formats: give one" stat -x, -j --dry-run -e $EV
	refused "pmuctl stat: -j and --format=openmetrics are two output formats: give one" -j stat --format=openmetrics -M t410_pcie_rd_bw --duration 0.05
	refused "pmuctl stat: -x and --format=openmetrics are two output formats: give one" stat -x, --format=openmetrics -M t410_pcie_rd_bw --duration 0.05
	refused "pmuctl stat: --dry-run prints text or -j, not -x" stat --dry-run -x, -e $EV
}

@test "conflicts: two aggregations" {
	refused "pmuctl stat: --per-socket and --per-pmu are two ways to aggregate: give one" stat --per-socket --per-pmu --dry-run -e $EV
	refused "pmuctl stat: --per-pmu and --per-socket are two ways to aggregate: give one" stat --per-pmu --per-socket --dry-run -e $EV
	refused "pmuctl stat: -A and --per-pmu are two ways to aggregate: give one" stat -A --per-pmu --dry-run -e $EV
	# the same one twice is no conflict
	pmuctl --sysfs-root "$LIVE" stat --per-pmu --per-pmu --dry-run --dry-run -e $EV
	[ "$status" -eq 0 ]
}

@test "conflicts: -q and -v" {
	refused "pmuctl: -q and -v ask for less and for more: give one" -q -v list
	refused "pmuctl list: -q and -v ask for less and for more: give one" -v list -q
}
