#!/usr/bin/env bats
# list --metrics --format=prometheus-rules: promtool-clean rules whose every recording rule, fed
# counters that grow at known rates, gives what pmuctl stat --input computes from the same counts.
load helpers

setup() {
	command -v promtool >/dev/null || skip "promtool is not installed (the test command puts it in build/tools)"
}

# Counts per 15 s of every event of the Tegra410 PCIE and PCIE-TGT PMUs of socket 0 RC 4
COUNTS="nvidia_pcie_pmu_0_rc_4 rd_bytes 30000000000
nvidia_pcie_pmu_0_rc_4 wr_bytes 15000000000
nvidia_pcie_pmu_0_rc_4 rd_req 15000000
nvidia_pcie_pmu_0_rc_4 wr_req 7500000
nvidia_pcie_pmu_0_rc_4 rd_cum_outs 9000000000
nvidia_pcie_pmu_0_rc_4 cycles 15000000000
nvidia_pcie_tgt_pmu_0_rc_4 rd_bytes 3000000000
nvidia_pcie_tgt_pmu_0_rc_4 wr_bytes 1500000000
nvidia_pcie_tgt_pmu_0_rc_4 rd_req 3000000
nvidia_pcie_tgt_pmu_0_rc_4 wr_req 1500000
nvidia_pcie_tgt_pmu_0_rc_4 cycles 15000000000"

@test "rules: promtool check rules --lint-fatal is clean on every example machine's rules" {
	for m in tegra410 yitian710 yitian710-dwc hip09 grace; do
		pmuctl --sysfs-root "$FIX/$m/sys" list --metrics --format=prometheus-rules
		[ "$status" -eq 0 ]
		printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/$m.rules.yml"
		# without --lint-fatal promtool exits 0 on a duplicate rule
		run promtool check rules --lint-fatal "$BATS_TEST_TMPDIR/$m.rules.yml"
		[ "$status" -eq 0 ] || { echo "$m: $output"; return 1; }
	done
	# the document's alerts are there, and Tegra410's latency in seconds from the cycle counts
	grep -qx '      - alert: PmuctlDown' "$BATS_TEST_TMPDIR/tegra410.rules.yml"
	grep -qx '      - alert: PmuctlLinkDowntrained' "$BATS_TEST_TMPDIR/tegra410.rules.yml"
	grep -qx '      - record: pmu:pmuctl_t410_pcie_rd_latency_seconds:rate1m' "$BATS_TEST_TMPDIR/tegra410.rules.yml"
	# each counter per second it ran: stat's scaled count, whatever the multiplexing
	grep -qxF '        expr: "((sum without (event) (rate(pmuctl_t410_pcie_rd_cum_outs_total[1m]) / rate(pmuctl_running_seconds_total[1m])) / sum without (event) (rate(pmuctl_t410_pcie_rd_req_total[1m]) / rate(pmuctl_running_seconds_total[1m]))) / (sum without (event) (rate(pmuctl_t410_pcie_cycles_total[1m]) / rate(pmuctl_running_seconds_total[1m])) / (1 * 1e+09))) * 1e-09"' "$BATS_TEST_TMPDIR/tegra410.rules.yml"
	# HNS3's hw_clk_freq is the machine's own, a number in the rule
	grep -qF '        expr: "(((sum without (event) (rate(pmuctl_hns3_bw_ssu_egu_byte_num_total[1m]) / rate(pmuctl_running_seconds_total[1m])) / sum without (event) (rate(pmuctl_hns3_bw_ssu_egu_time_total[1m]) / rate(pmuctl_running_seconds_total[1m]))) * 1e+08) / 1e+06) * 1e+06"' "$BATS_TEST_TMPDIR/hip09.rules.yml"
	pmuctl list --format=prometheus-rules
	[ "$status" -eq 64 ]
	[ "${lines[0]}" = "pmuctl list: --format=prometheus-rules writes the rules of metrics: add --metrics" ]
}

@test "rules: the names every family shares are one rule each, its families' formulas joined by or" {
	# each family wrote pmu:pmuctl_mem_rd_bw... again: promtool --lint-fatal found 4 duplicates
	pmuctl list --metrics --all --format=prometheus-rules
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/all.rules.yml"
	run promtool check rules --lint-fatal "$BATS_TEST_TMPDIR/all.rules.yml"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	[ "$(grep -c '^      - record: pmu:pmuctl_mem_rd_bw_bytes_per_second:rate1m$' "$BATS_TEST_TMPDIR/all.rules.yml")" -eq 1 ]
	grep -qxF '        expr: "((sum without (event) (rate(pmuctl_t410_ucf_mem_bytes_rd_total[1m]) / rate(pmuctl_running_seconds_total[1m])) / (1 * 1e+09)) * 1e+09) or (((sum without (event) (rate(pmuctl_grace_scf_cmem_rd_data_total[1m]) / rate(pmuctl_running_seconds_total[1m])) * 32) / (1 * 1e+09)) * 1e+09) or (((sum without (event) (rate(pmuctl_yitian_drw_hif_rd_total[1m]) / rate(pmuctl_running_seconds_total[1m])) * 64) / (1 * 1e+09)) * 1e+09) or ((((sum without (event) (rate(pmuctl_hisi_hha_rd_ddr_64b_total[1m]) / rate(pmuctl_running_seconds_total[1m])) * 64) + (sum without (event) (rate(pmuctl_hisi_hha_rd_ddr_128b_total[1m]) / rate(pmuctl_running_seconds_total[1m])) * 128)) / (1 * 1e+09)) * 1e+09) or (((sum without (event) (rate(pmuctl_ampereone_mcu_rd_rda_sent_total[1m]) / rate(pmuctl_running_seconds_total[1m])) * 64) / (1 * 1e+09)) * 1e+09) or (((sum without (event) (rate(pmuctl_intel_imc_cas_count_read_total[1m]) / rate(pmuctl_running_seconds_total[1m])) * 64) / (1 * 1e+09)) * 1e+09) or (((sum without (event) (rate(pmuctl_amd_umc_umc_cas_cmd_rd_total[1m]) / rate(pmuctl_running_seconds_total[1m])) * 64) / (1 * 1e+09)) * 1e+09)"' "$BATS_TEST_TMPDIR/all.rules.yml"
}

# promtool's rule test: every gauge stat --input computes from COUNTS, recorded running $1 % of
# the time (perf prints the count scaled), is what the recording rule of its name gives from
# serve's counters, which hold what ran (raw), their running seconds growing at that share
rules_give_stat() {
	local pct=$1
	pmuctl --sysfs-root "$T410" list --metrics --format=prometheus-rules t410_pcie
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/rules.yml"
	# one 15 s interval of the counts, as perf stat -x, -I 15000 records it
	while read -r pmu ev n; do
		echo "15.000000000,$n,,$pmu/$ev/,$((15000000000 * pct / 100)),$pct.00,,"
	done <<<"$COUNTS" >"$BATS_TEST_TMPDIR/rec.csv"
	pmuctl -q stat --input "$BATS_TEST_TMPDIR/rec.csv" -M t410_pcie,t410_pcie_tgt --per-pmu --format=openmetrics
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/stat.om"
	# the same counts as serve's counters, sampled every 15 s; each gauge pmuctl computed is
	# what the rule of its name must give
	COUNTS=$COUNTS python3 - "$BATS_TEST_TMPDIR" "$pct" <<'PY'
import os, re, sys
d, pct = sys.argv[1], int(sys.argv[2])
lines = ["rule_files: [rules.yml]", "evaluation_interval: 15s", "tests:", "  - interval: 15s", "    input_series:"]
for row in os.environ["COUNTS"].splitlines():
    pmu, ev, n = row.split()
    fam = "t410_pcie_tgt" if "tgt" in pmu else "t410_pcie"
    rc = pmu.rsplit("_", 1)[1]
    labels = 'pmu="%s",socket="0",rc="%s",event="%s/%s/"' % (pmu, rc, pmu, ev)
    lines.append("      - series: 'pmuctl_%s_%s_total{%s}'" % (fam, ev, labels))
    lines.append("        values: '0+%dx40'" % (int(n) * pct // 100))
    lines.append("      - series: 'pmuctl_running_seconds_total{%s}'" % labels)
    lines.append("        values: '0+%rx40'" % (15 * pct / 100))
lines += ["    promql_expr_test:"]
gauges = 0
for l in open(os.path.join(d, "stat.om")):
    m = re.match(r'(pmuctl_t410_\w+)\{pmu="(\w+)",socket="(\d+)",rc="(\d+)"\} (\S+)$', l)
    if not m:
        continue
    name, pmu, s, rc, v = m.groups()
    gauges += 1
    labels = 'pmu="%s",socket="%s",rc="%s"' % (pmu, s, rc)
    lines += ["      - expr: 'pmu:%s:rate1m{%s}'" % (name, labels), "        eval_time: 5m",
              "        exp_samples:", "          - labels: '{__name__=\"pmu:%s:rate1m\",%s}'" % (name, labels),
              "            value: %s" % v]
assert gauges == 11, gauges
open(os.path.join(d, "test.yml"), "w").write("\n".join(lines) + "\n")
PY
	run promtool test rules "$BATS_TEST_TMPDIR/test.yml"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
}

@test "rules: promtool test rules: every recording rule gives what stat --input computes from the same counts" {
	rules_give_stat 100
}

@test "rules: a PMU that multiplexed: every recording rule gives stat's scaled value, not the raw rate" {
	# before, the rules read a quarter of stat's value where the counters ran a quarter of the time
	rules_give_stat 25
	# and the bandwidth is the whole of it: 30e9 bytes in 15 s
	grep -qx 'pmuctl_t410_pcie_rd_bw_bytes_per_second{pmu="nvidia_pcie_pmu_0_rc_4",socket="0",rc="4"} 2000000000' "$BATS_TEST_TMPDIR/stat.om"
}

@test "rules: each function's link share, each way, from the recorded rates over serve's link rate; an alert when it nears the raw rate" {
	pmuctl --sysfs-root "$T410" list --metrics --format=prometheus-rules t410_pcie_rd_bw t410_pcie_wr_bw t410_pcie_tgt_wr_bw
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/rules.yml"
	grep -qx '      - alert: PmuctlLinkSaturated' "$BATS_TEST_TMPDIR/rules.yml"
	run promtool check rules --lint-fatal "$BATS_TEST_TMPDIR/rules.yml"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	# one function: DMA reads 1 GB/s and writes into its BARs 0.5 GB/s toward it, DMA writes
	# 0.25 GB/s from it, on a link of x8 at 16 GT/s (128b/130b): 16e9 * 8 * 128 / 130 / 8 B/s;
	# machine b's function of the same BDF at twice that: a fleet's machines share BDFs, each
	# its own share (the rule summed them by BDF alone, and the division matched two links)
	python3 - "$BATS_TEST_TMPDIR/test.yml" <<'PY'
import sys
cap = 16e9 * 8 * 128 / 130 / 8
series, samples = [], []
for inst, k in (("a:10464", 1), ("b:10464", 2)):
    common = 'instance="%s",pmu="nvidia_pcie_pmu_0_rc_4",socket="0",rc="4",pci_bus_id="00000005:41:00.0"' % inst
    tgt = common.replace("nvidia_pcie_pmu", "nvidia_pcie_tgt_pmu")
    for name, labels, per15 in (("pmuctl_t410_pcie_rd_bytes_total", common + ',event="e1"', 15e9),
                                ("pmuctl_t410_pcie_wr_bytes_total", common + ',event="e2"', 3.75e9),
                                ("pmuctl_t410_pcie_tgt_wr_bytes_total", tgt + ',event="bar0"', 5e9),
                                ("pmuctl_t410_pcie_tgt_wr_bytes_total", tgt + ',event="bar2"', 2.5e9)):
        series.append("      - series: '%s{%s}'\n        values: '0+%dx40'" % (name, labels, k * per15))
        series.append("      - series: 'pmuctl_running_seconds_total{%s}'\n        values: '0+15x40'" % labels)
    series.append("      - series: 'pmuctl_pci_link_bytes_per_second{instance=\"%s\",pci_bus_id=\"00000005:41:00.0\"}'\n        values: '%rx40'" % (inst, cap))
    samples.append((inst, k * 1.5e9 / cap, k * 0.25e9 / cap))
tests = []
for way, col in (("to", 1), ("from", 2)):
    name = "pmu:pmuctl_pci_link_%s_device_ratio:rate1m" % way
    exp = "".join("          - labels: '{__name__=\"%s\",instance=\"%s\",pci_bus_id=\"00000005:41:00.0\"}'\n            value: %r\n" % (name, x[0], x[col]) for x in samples)
    tests.append("      - expr: '%s'\n        eval_time: 5m\n        exp_samples:\n%s" % (name, exp))
open(sys.argv[1], "w").write("rule_files: [rules.yml]\nevaluation_interval: 15s\ntests:\n  - interval: 15s\n    input_series:\n"
                             + "\n".join(series) + "\n    promql_expr_test:\n" + "".join(tests))
PY
	run promtool test rules "$BATS_TEST_TMPDIR/test.yml"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
}
