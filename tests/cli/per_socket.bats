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

# -x in every aggregation: the inputs' counts, the metric on its first input's line, and
# --input of the file gives the same lines (counts exactly; values from the ns duration)
xround() {
	pmuctl -q --sysfs-root "$LIVE" stat -x, -M t410_pcie_rd_bw "$@" -- sleep 0.1
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/live.csv"
	pmuctl -q --sysfs-root "$LIVE" stat --input "$BATS_TEST_TMPDIR/live.csv" -x, -M t410_pcie_rd_bw "$@"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/input.csv"
	run python3 -c '
import sys
a, b = (open(f).read().splitlines() for f in sys.argv[1:3])
assert len(a) == len(b), (len(a), len(b))
for x, y in zip(a, b):
    x, y = x.split(","), y.split(",")
    # every field alike but the value: the recording holds the duration in whole ns
    assert x[:-2] == y[:-2] and x[-1] == y[-1] and bool(x[-2]) == bool(y[-2]), (x, y)
    if x[-2]:
        assert abs(float(x[-2]) - float(y[-2])) <= 1e-9 * abs(float(x[-2])), (x, y)
print(len(a))' "$BATS_TEST_TMPDIR/live.csv" "$BATS_TEST_TMPDIR/input.csv"
}

@test "per-socket: -x with -M is perf's in every aggregation, and --input reads each file back to the same lines" {
	# --per-socket: S<socket>,1, before each PMU's count, the socket's value on its first line
	xround --per-socket
	[ "$output" = 13 ]
	run cat "$BATS_TEST_TMPDIR/live.csv"
	[[ "${lines[0]}" =~ ^S0,1,[0-9]+,,nvidia_pcie_pmu_0_rc_0/rd_bytes/,[0-9]+,100\.00,[0-9.]+,GB/s\ \ t410_pcie_rd_bw$ ]]
	[[ "${lines[1]}" =~ ^S0,1,[0-9]+,,nvidia_pcie_pmu_0_rc_1/rd_bytes/,[0-9]+,100\.00,,$ ]]
	[[ "${lines[6]}" =~ ^S1,1,[0-9]+,,nvidia_pcie_pmu_1_rc_0/rd_bytes/,[0-9]+,100\.00,[0-9.]+,GB/s\ \ t410_pcie_rd_bw$ ]]
	[[ "${lines[12]}" =~ ^[0-9]+,ns,duration_time,[0-9]+,100\.00,,$ ]]
	# -A: CPU<n>, before each count, the CPU of its PMU's cpumask; each PMU's value beside it
	xround -A
	[ "$output" = 13 ]
	run cat "$BATS_TEST_TMPDIR/live.csv"
	[[ "${lines[0]}" =~ ^CPU0,[0-9]+,,nvidia_pcie_pmu_0_rc_0/rd_bytes/,[0-9]+,100\.00,[0-9.]+,GB/s\ \ t410_pcie_rd_bw$ ]]
	[[ "${lines[6]}" =~ ^CPU1,[0-9]+,,nvidia_pcie_pmu_1_rc_0/rd_bytes/, ]]
	# --per-device: each device's events with their filters, its value on the first
	xround --per-device --device 0001:01:00.0,0005:41:00.0
	[ "$output" = 3 ]
	run cat "$BATS_TEST_TMPDIR/live.csv"
	[[ "${lines[0]}" =~ ^[0-9]+,,nvidia_pcie_pmu_0_rc_0/rd_bytes,src_rp_mask=0x1/,[0-9]+,100\.00,[0-9.]+,GB/s\ \ t410_pcie_rd_bw$ ]]
	[ "$(grep -c '^kind' "$BATS_TEST_TMPDIR/live.csv")" = 0 ]
	xround
	[ "$output" = 13 ]
}

@test "per-socket: -x with -M prints every socket's input lines, past 63 sockets too" {
	python3 "$BATS_TEST_DIRNAME/../gen/fixtures.py" --tegra410-live-sockets 66 "$BATS_TEST_TMPDIR/big"
	pmuctl -q --sysfs-root "$BATS_TEST_TMPDIR/big/sys" stat -x, -M t410_pcie_rd_bw --per-socket --duration 0.05
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/run.csv"
	# six root complexes a socket, each its own count line; none a bare value line
	[ "$(grep -c '^S65,1,[0-9]*,,nvidia_pcie_pmu_65_rc_' "$BATS_TEST_TMPDIR/run.csv")" = 6 ]
	run awk -F, '/^S/ && $3 == ""' "$BATS_TEST_TMPDIR/run.csv"
	[ "$output" = "" ]
}
