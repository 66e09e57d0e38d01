#!/usr/bin/env bats
# --format=csv writes one RFC 4180 table per stream (-x SEP its separator): read back with
# Python's csv module, every row has the header's columns, whatever mix of counts, metrics and
# intervals, and an event string with commas is one field. -x alone writes perf's lines.
load helpers

FILTERED='nvidia_pcie_pmu_0_rc_4/rd_bytes,src_bdf=0x4100,src_bdf_en=1/'

# the column $2 of data row $3 (1 = first after the header), read with delimiter $1; fails
# unless every row has as many fields as the header
csv_field() {
	python3 -c '
import csv, sys
rows = list(csv.reader(sys.stdin, delimiter=sys.argv[1]))
head = rows[0]
assert all(len(r) == len(head) for r in rows), rows
print(rows[int(sys.argv[3])][head.index(sys.argv[2])])' "$@" <<<"$output"
}

@test "csv: a filtered event string with commas is one quoted field" {
	pmuctl --sysfs-root "$LIVE" stat --format=csv -e "$FILTERED" --duration 0.05
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "time,kind,name,value,unit,pmu,socket,rc,cpu,device,scope,running_pct,state,multiplexed,coverage,together" ]
	[ "${lines[1]}" = "$(csv_field , time 1),count,\"$FILTERED\",$(csv_field , value 1),,nvidia_pcie_pmu_0_rc_4,0,4,0,,,100.00,counted,no,1.000000," ]
	[ "$(csv_field , name 1)" = "$FILTERED" ]
	[ "$(csv_field , pmu 1)" = nvidia_pcie_pmu_0_rc_4 ]
	[ "$(csv_field , state 1)" = counted ]
}

@test "csv: one stream is one table: counts, metrics and intervals together have the header's fields" {
	pmuctl --sysfs-root "$LIVE" stat --format=csv -e nvidia_pcie_pmu_0_rc_4/rd_bytes/ -M t410_pcie_rd_bw -I 100 --interval-count 2
	[ "$status" -eq 0 ]
	# a header, then per interval a count row, a metric row and a row per input of it (the
	# PCIE PMUs of the machine), all of 16 fields
	[ "${#lines[@]}" -eq $((1 + 2 * (1 + 1 + 12))) ]
	[ "$(python3 -c 'import csv, sys; print({len(r) for r in csv.reader(sys.stdin)})' <<<"$output")" = "{16}" ]
	[ "$(csv_field , kind 1),$(csv_field , kind 2),$(csv_field , kind 3),$(csv_field , kind 15)" = count,metric,input,count ]
	[ "$(csv_field , name 3)" = nvidia_pcie_pmu_0_rc_4/rd_bytes/ ]
	# an input row carries every location its PMU gives, as a count row does
	[ "$(csv_field , socket 3),$(csv_field , rc 3)" = 0,4 ]
	[ "$(csv_field , name 9),$(csv_field , socket 9),$(csv_field , rc 9)" = nvidia_pcie_pmu_1_rc_0/rd_bytes/,1,0 ]
	[ "$(csv_field , name 2)" = t410_pcie_rd_bw ]
	[ "$(csv_field , unit 2)" = GB/s ]
	[ "$(csv_field , scope 2)" = total ]
	[ "$(grep -c '^time,' <<<"$output")" -eq 1 ]
	# -x alone: perf's lines, no header, 8 fields with -I (time, then perf's 7): per interval
	# the -e count, the metric's other 11 input events with its value beside the first, as perf
	# prints a metric (the -e event is one of its 12: one line, as perf), and duration_time
	pmuctl --sysfs-root "$LIVE" stat -x, -e nvidia_pcie_pmu_0_rc_4/rd_bytes/ -M t410_pcie_rd_bw -I 100 --interval-count 2
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq $((2 * (1 + 11 + 1))) ]
	[ "$(awk -F, '{ print NF }' <<<"$output" | sort -u)" = 8 ]
	[[ "${lines[0]}" =~ ^\ +0\.[0-9]{9},[0-9]+,,nvidia_pcie_pmu_0_rc_4/rd_bytes/,[0-9]+,100\.00,,$ ]]
	# the -e event is one of the metric's inputs (one counter feeds both): its line is the -e
	# one (a second line of it, --input summed both); the value beside the next input
	[ "$(grep -c 'nvidia_pcie_pmu_0_rc_4/rd_bytes/' <<<"$output")" -eq 2 ]
	[[ "${lines[1]}" =~ ^\ +0\.[0-9]{9},[0-9]+,,nvidia_pcie_pmu_0_rc_0/rd_bytes/,[0-9]+,100\.00,[0-9.]+,GB/s\ \ t410_pcie_rd_bw$ ]]
	[[ "${lines[2]}" =~ ^\ +0\.[0-9]{9},[0-9]+,,nvidia_pcie_pmu_0_rc_1/rd_bytes/,[0-9]+,100\.00,,$ ]]
	[[ "${lines[12]}" =~ ^\ +0\.[0-9]{9},[0-9]+,ns,duration_time,[0-9]+,100\.00,,$ ]]
	# a glob counted per PMU: each line names its instance, as perf --no-merge does
	pmuctl --sysfs-root "$LIVE" stat -x, --per-pmu -e 'nvidia_pcie_pmu_0_rc_*/rd_bytes/' --duration 0.05
	[ "$status" -eq 0 ]
	[ "$(cut -d, -f3 <<<"$output" | tr '\n' ' ')" = "nvidia_pcie_pmu_0_rc_0/rd_bytes/ nvidia_pcie_pmu_0_rc_1/rd_bytes/ nvidia_pcie_pmu_0_rc_2/rd_bytes/ nvidia_pcie_pmu_0_rc_3/rd_bytes/ nvidia_pcie_pmu_0_rc_4/rd_bytes/ nvidia_pcie_pmu_0_rc_5/rd_bytes/ " ]
}

@test "csv: -x '\\t' is a tab, as in perf" {
	pmuctl --sysfs-root "$LIVE" stat --format=csv -x '\t' -I 100 --interval-count 1 -e "$FILTERED"
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == "$(printf 'time\tkind\tname\tvalue\t')"* ]]
	[ "$(csv_field $'\t' name 1)" = "$FILTERED" ]
	# a comma is no separator here: not quoted
	[[ "${lines[1]}" == *$'\t'"$FILTERED"$'\t'* ]]
}

@test "csv: metrics with -I, any one-character separator" {
	pmuctl --sysfs-root "$LIVE" stat --format=csv -x ';' -M t410_pcie_rd_bw --per-pmu -I 100 --interval-count 1
	[ "$status" -eq 0 ]
	[ "$(csv_field ';' name 1)" = t410_pcie_rd_bw ]
	[ "$(csv_field ';' unit 1)" = GB/s ]
	[ "$(csv_field ';' multiplexed 1)" = no ]
}

@test "csv: a quote cannot be the separator" {
	pmuctl --sysfs-root "$LIVE" stat -x '"' -e "$FILTERED" --duration 0.05
	[ "$status" -eq 64 ]
	[[ "${lines[0]}" == *"invalid separator '\"': give one or more characters, not a newline or a quote (which CSV quotes fields with)" ]]
}

@test "csv: -x with -M writes the metric's events, and --input of that file gives the metric again" {
	pmuctl --sysfs-root "$LIVE" stat -M t410_pcie_rd_bw -x, --duration 0.1 -o "$BATS_TEST_TMPDIR/f"
	[ "$status" -eq 0 ]
	[ "$(grep -c '/rd_bytes/' "$BATS_TEST_TMPDIR/f")" -eq 12 ]
	recorded=$(sed -n 's/^[0-9]*,,nvidia_pcie_pmu_0_rc_0\/rd_bytes\/,[0-9]*,100\.00,\([0-9.]*\),GB\/s  t410_pcie_rd_bw$/\1/p' "$BATS_TEST_TMPDIR/f")
	[ -n "$recorded" ]
	pmuctl --sysfs-root "$LIVE" stat --input "$BATS_TEST_TMPDIR/f" -M t410_pcie_rd_bw -x,
	[ "$status" -eq 0 ]
	# the same layout as the counting run's: the value beside its first input
	again=$(sed -n 's/^[0-9]*,,nvidia_pcie_pmu_0_rc_0\/rd_bytes\/,[0-9]*,100\.00,\([0-9.]*\),GB\/s  t410_pcie_rd_bw$/\1/p' <<<"$output")
	# the counts are written whole: the value agrees to 9 digits
	python3 -c 'import sys; a, b = map(float, sys.argv[1:]); sys.exit(0 if abs(a - b) <= 1e-9 * b else 1)' "$again" "$recorded"
}

