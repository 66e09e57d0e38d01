#!/usr/bin/env bats
# What only the release binary can show: instruction counts under callgrind (valgrind runs no
# sanitized binary), and allocations that fail (a sanitized binary's malloc is ASan's own).
load ../cli/helpers

# Ir, the instructions callgrind counted for pmuctl "$@"
instructions() {
	valgrind --tool=callgrind --callgrind-out-file=/dev/null "$PMUCTL" "$@" 2>&1 >/dev/null |
		sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

# a perf stat -x, recording of $1 rd_bytes counts, one PMU each
recording() {
	python3 -c '
import sys
for i in range(int(sys.argv[1])):
    print(f"{1000 + i},,nvidia_pcie_pmu_0_rc_{i}/rd_bytes/,1000,100.00,,")' "$1" >"$BATS_TEST_TMPDIR/rec-$1.csv"
}

@test "release: --input is linear in the PMUs a recording names: 4x the PMUs, under 5x the instructions" {
	need_tool valgrind "counts the instructions"
	recording 2000
	recording 8000
	small=$(instructions stat --input "$BATS_TEST_TMPDIR/rec-2000.csv" -M t410_pcie_rd_bw)
	large=$(instructions stat --input "$BATS_TEST_TMPDIR/rec-8000.csv" -M t410_pcie_rd_bw)
	echo "2000: $small, 8000: $large"
	# before, each record searched every PMU and every metric instance: 16x
	[ "$large" -lt $((5 * small)) ]
}

@test "release: -g whose group cannot be allocated fails, said, never counts the events apart" {
	need_tool cc "builds the test double for malloc"
	cc -shared -fPIC -o "$BATS_TEST_TMPDIR/fail.so" "$BATS_TEST_DIRNAME/../shim/fail_malloc.c"
	# 4,000 events of 33 bytes: the group's string is the one allocation past 128 KiB
	args=()
	for i in $(seq 4000); do args+=(-e nvidia_pcie_pmu_0_rc_4/rd_bytes/); done
	run env LD_PRELOAD="$BATS_TEST_TMPDIR/fail.so" FAIL_MALLOC_AT=131072 "$PMUCTL" --sysfs-root "$LIVE" \
		stat -g --dry-run "${args[@]}"
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: -g: out of memory for the group" ]
}

@test "release: --per-device's pci.ids names are looked up for the rows alone, each model once, not for every function of the tree" {
	need_tool valgrind "counts libpci's calls"
	run --separate-stderr valgrind -q --tool=callgrind --callgrind-out-file="$BATS_TEST_TMPDIR/cg" \
		"$PMUCTL" -q --sysfs-root "$LIVE" stat --per-device -M t410_pcie_rd_bw --duration 0.05
	[ "$status" -eq 0 ]
	[ "$(grep -cE '^  [0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-7] ' <<<"$output")" -eq 29 ]
	[[ "${lines[2]}" == "  0001:01:00.0 "*"  Samsung Electronics Co Ltd NVMe SSD Controller PM9A1/PM9A3/980PRO" ]]
	# calls to libpci's pci_lookup_name, from callgrind's compressed names (fn=(id) name, cfn=(id))
	run awk -v want=pci_lookup_name '
		/^c?fn=\([0-9]+\) / { id = $0; sub(/^c?fn=\(/, "", id); sub(/\).*/, "", id); nm = $0; sub(/^c?fn=\([0-9]+\) /, "", nm); name[id] = nm }
		/^cfn=/ { id = $0; sub(/^cfn=\(/, "", id); sub(/\).*/, "", id); cur = name[id] }
		/^calls=/ { if (cur == want) { split($1, c, "="); n += c[2] } }
		END { print n + 0 }' "$BATS_TEST_TMPDIR/cg"
	# before: 62, each function of the tree (its root ports and bridges print no row); then 29,
	# each row; now each of the rows' 4 models once, the others copying its name
	[ "$output" = 4 ]
}
