#!/usr/bin/env bats
# Numbers for people, as perf prints them: grouped digits, never an exponent; one counter, two
# counters.
load helpers

@test "human: metric values have grouped digits and no exponent, large or small" {
	printf '[{"name": "raw", "family": "t410_pcie", "expr": "rd_bytes", "unit": "bytes"},
		 {"name": "tiny", "family": "t410_pcie", "expr": "rd_bytes / 1e15", "unit": "x"}]' >"$BATS_TEST_TMPDIR/m.json"
	pmuctl -q stat --input "$BATS_TEST_DIRNAME/../data/perf-pcie.csv" -M raw,tiny --metrics-file "$BATS_TEST_TMPDIR/m.json" --per-pmu
	[ "$status" -eq 0 ]
	[[ "$output" != *e+* && "$output" != *e-0* ]]
	[[ "${lines[1]}" == *"(nvidia_pcie_pmu_0_rc_4)       3,000,000,000.00 bytes" ]]
	# six significant digits below 100, as %g had them
	[[ "$output" == *"(nvidia_pcie_pmu_0_rc_4)        0.00000300000 x"* ]]
}

@test "human: one counter, two counters" {
	pmuctl -v --sysfs-root "$LIVE" stat -e nvidia_pcie_pmu_0_rc_4/rd_bytes/ --duration 0.01
	[ "$status" -eq 0 ]
	[[ "$output" == *"counting with 1 counter; Ctrl-C stops and prints the totals"* ]]
	pmuctl -v --sysfs-root "$LIVE" stat -e nvidia_pcie_pmu_0_rc_4/rd_bytes/ -e nvidia_pcie_pmu_0_rc_4/rd_bytes/ --duration 0.01
	[[ "$output" == *"counting with 2 counters; Ctrl-C"* ]]
}
