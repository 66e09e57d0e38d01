#!/usr/bin/env bats
# --per-socket for PMUs with no socket of their own (core PMUs, software events): each CPU
# counts for its devices/system/cpu/cpuN/topology/physical_package_id, as perf groups them.
load helpers

# the live tree with CPU 0 in package $1 and CPU 1 in package $2
machine() {
	ROOT=$BATS_TEST_TMPDIR/sys
	rm -rf "$ROOT"
	cp -r "$LIVE" "$ROOT"
	for cpu in 0 1; do
		mkdir -p "$ROOT/devices/system/cpu/cpu$cpu/topology"
	done
	echo "$1" >"$ROOT/devices/system/cpu/cpu0/topology/physical_package_id"
	echo "$2" >"$ROOT/devices/system/cpu/cpu1/topology/physical_package_id"
}

@test "per-socket: a software event is summed per package, with its CPU count as in perf" {
	machine 0 1
	pmuctl --sysfs-root "$ROOT" stat --per-socket -e cpu-clock --duration 0.05
	[ "$status" -eq 0 ]
	[[ "${lines[1]}" =~ ^S0\ +1\ +[0-9,]+\ +cpu-clock$ ]]
	[[ "${lines[2]}" =~ ^S1\ +1\ +[0-9,]+\ +cpu-clock$ ]]
	machine 0 0
	pmuctl --sysfs-root "$ROOT" -j stat --per-socket -e cpu-clock --duration 0.05
	[ "$(jq_py '[(c["socket"], c["state"]) for c in d["counts"]]')" = "[(0, 'counted')]" ]
	pmuctl --sysfs-root "$ROOT" stat --per-socket -e cpu-clock --duration 0.05
	[[ "${lines[1]}" =~ ^S0\ +2\ +[0-9,]+\ +cpu-clock$ ]]
}

@test "per-socket: an uncore PMU keeps the socket its name gives" {
	machine 1 1
	pmuctl --sysfs-root "$ROOT" stat --per-socket -e 'nvidia_pcie_pmu_*_rc_4/rd_bytes/' --duration 0.05
	[ "$status" -eq 0 ]
	[[ "${lines[1]}" =~ ^S0\ +1\ +[0-9,]+\ +nvidia_pcie_pmu_\*_rc_4/rd_bytes/$ ]]
	[[ "${lines[2]}" =~ ^S1\ +1\ +[0-9,]+\ +nvidia_pcie_pmu_\*_rc_4/rd_bytes/$ ]]
}
