#!/usr/bin/env bats
# -x SEP writes RFC 4180 CSV: read back with Python's csv module, every row has the header's
# columns, and an event string with commas is one field.
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
	pmuctl --sysfs-root "$LIVE" stat -x, -e "$FILTERED" --duration 0.05
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "$(csv_field , count 1),\"$FILTERED\",nvidia_pcie_pmu_0_rc_4,0,0,100.00,counted" ]
	[ "$(csv_field , event 1)" = "$FILTERED" ]
	[ "$(csv_field , pmu 1)" = nvidia_pcie_pmu_0_rc_4 ]
	[ "$(csv_field , state 1)" = counted ]
}

@test "csv: -x '\\t' is a tab, as in perf" {
	pmuctl --sysfs-root "$LIVE" stat -x '\t' -I 100 --interval-count 1 -e "$FILTERED"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "$(printf 'time\tcount\tevent\tpmu\tsocket\tcpu\trunning_pct\tstate')" ]
	[ "$(csv_field $'\t' event 1)" = "$FILTERED" ]
	# a comma is no separator here: not quoted
	[[ "${lines[1]}" == *$'\t'"$FILTERED"$'\t'* ]]
}

@test "csv: metrics with -I, any one-character separator" {
	pmuctl --sysfs-root "$LIVE" stat -x ';' -M t410_pcie_rd_bw --per-pmu -I 100 --interval-count 1
	[ "$status" -eq 0 ]
	[ "$(csv_field ';' metric 1)" = t410_pcie_rd_bw ]
	[ "$(csv_field ';' unit 1)" = GB/s ]
	[ "$(csv_field ';' multiplexed 1)" = no ]
}

@test "csv: a quote cannot be the separator" {
	pmuctl --sysfs-root "$LIVE" stat -x '"' -e "$FILTERED" --duration 0.05
	[ "$status" -eq 64 ]
	[[ "${lines[0]}" == *"invalid separator '\"': give one or more characters, not a newline or a quote (which CSV quotes fields with)" ]]
}
