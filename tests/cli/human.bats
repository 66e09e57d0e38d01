#!/usr/bin/env bats
# Numbers for people, as perf prints them: digits grouped as LC_NUMERIC says, never an exponent;
# one counter, two counters.
load helpers

@test "human: metric values have grouped digits and no exponent, large or small" {
	test_locale en_US.UTF-8
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

@test "human: digits are grouped as LC_NUMERIC says, as perf's: none in C, dots in German; JSON and CSV keep C's" {
	rec=$BATS_TEST_DIRNAME/../data/perf-pcie.csv
	LC_ALL=C pmuctl -q stat --input "$rec" -M t410_pcie_rd_bw --per-pmu
	[ "$status" -eq 0 ]
	[[ "${lines[1]}" =~ \(nvidia_pcie_pmu_0_rc_4\)\ +1\.50000\ GB/s$ ]]
	LC_ALL=C pmuctl --sysfs-root "$LIVE" stat -e nvidia_pcie_pmu_0_rc_4/rd_bytes/ --duration 0.05
	[[ "${lines[1]}" =~ ^\ +[0-9]{7,}\ +nvidia_pcie_pmu_0_rc_4/rd_bytes/$ ]]
	test_locale de_DE.UTF-8
	pmuctl -q stat --input "$rec" -M t410_pcie_rd_bw --per-pmu
	[[ "${lines[1]}" =~ \(nvidia_pcie_pmu_0_rc_4\)\ +1,50000\ GB/s$ ]]
	pmuctl --sysfs-root "$LIVE" stat -e nvidia_pcie_pmu_0_rc_4/rd_bytes/ --duration 0.05
	[ "$status" -eq 0 ]
	[[ "${lines[1]}" =~ ^\ +[0-9]{1,3}(\.[0-9]{3})+\ +nvidia_pcie_pmu_0_rc_4/rd_bytes/$ ]]
	# what programs read is the C locale's, whatever the user's
	pmuctl -q -j stat --input "$rec" -M t410_pcie_rd_bw --per-pmu
	[ "$(jq_py 'd["metrics"][0]["value"]')" = 1.5 ]
	pmuctl -q stat --input "$rec" -M t410_pcie_rd_bw --per-pmu --format=csv
	[[ "${lines[1]}" == *,1.5,GB/s,* ]]
	pmuctl --sysfs-root "$LIVE" stat -x, -e nvidia_pcie_pmu_0_rc_4/rd_bytes/ --duration 0.05
	[[ "${lines[0]}" =~ ^[0-9]+,,nvidia_pcie_pmu_0_rc_4/rd_bytes/,[0-9]+,100.00,,$ ]]
}
