#!/usr/bin/env bats
# Metrics: the catalog, hand-computed values from recorded perf output, -M live, --device,
# OpenMetrics checked by promtool and served by a real node_exporter.
load helpers

DATA=$BATS_TEST_DIRNAME/../data

@test "metrics: list --metrics with a pattern that matches no metric says so" {
	pmuctl --sysfs-root "$T410" list --metrics nvidia_pcie_pmu_0_rc_4
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: no metric matches 'nvidia_pcie_pmu_0_rc_4' (patterns match metric names and families; pmuctl list --metrics --all shows them all)" ]
	pmuctl list --metrics t410_pcie_rd_bww
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: no metric matches 't410_pcie_rd_bww' (did you mean 't410_pcie_rd_bw'?) (patterns match metric names and families; pmuctl list --metrics --all shows them all)" ]
}

@test "metrics: list --metrics has every formula of the documents" {
	pmuctl -j list --metrics --all
	[ "$status" -eq 0 ]
	[ "$(jq_py 'len(d["metrics"])')" = 230 ]
	for m in t410_ucf_slc_rd_bw t410_ucf_slc_wr_bw t410_ucf_mem_rd_bw t410_ucf_mem_wr_bw \
		t410_ucf_slc_rd_req_rate t410_ucf_slc_wr_req_rate t410_ucf_mem_rd_req_rate t410_ucf_mem_wr_req_rate \
		t410_pcie_rd_bw t410_pcie_wr_bw t410_pcie_rd_req_rate t410_pcie_wr_req_rate t410_pcie_freq \
		t410_pcie_rd_latency_cycles t410_pcie_rd_latency_ns t410_pcie_tgt_rd_bw t410_pcie_tgt_wr_bw \
		t410_pcie_rd_bw_{cmem,gmem,p2p,cxl,remote} t410_pcie_wr_bw_{cmem,gmem,p2p,cxl,remote} \
		t410_ucf_noncpu_rd_bw_{cmem,gmem,cxl,remote} t410_ucf_noncpu_wr_bw_{cmem,gmem,cxl,remote} \
		t410_pcie_tgt_rd_req_rate t410_pcie_tgt_wr_req_rate t410_cmem_rd_latency_cycles \
		t410_cmem_rd_latency_ns t410_cmem_rd_bw t410_c2c_in_rd_latency_ns t410_c2c_in_wr_latency_ns \
		t410_c2c_out_rd_latency_ns t410_c2c_out_wr_latency_cycles t410_clink_in_rd_latency_ns \
		t410_clink_out_rd_latency_ns t410_dlink_in_rd_latency_ns ddr_read_bandwidth ddr_write_bandwidth \
		ddr_read_bandwidth.all ddr_write_bandwidth.all hns3_bw_ssu_rpu hns3_pps_tpu_ssu hns3_dly_tpu \
		hns3_pps_intr_msix_nic t410_cmem_freq t410_c2c_freq t410_clink_freq t410_dlink_freq ddr_clock bf_l3c_hit_rate bf_tile_mem_reads bf_tile_mem_writes bf_pcie_in_bytes bf_pcie_out_pkts; do
		[ "$(jq_py "[m['name'] for m in d['metrics']].count('$m')")" = 1 ] || { echo "missing $m"; return 1; }
	done
	[ "$(jq_py '[m for m in d["metrics"] if m["name"] == "ddr_write_bandwidth.all"][0]["expression"]')" = "(hif_wr + hif_rmw) * 64 / 1e6 / duration_time" ]
	[ "$(jq_py 'len([m for m in d["metrics"] if m["family"] == "hns3"])')" = 55 ]
}

@test "metrics: perf CSV input gives the hand-computed values at each scope the flags ask" {
	local ms=t410_pcie_rd_bw,t410_pcie_rd_latency_ns,t410_pcie_freq,ddr_read_bandwidth.all
	local q='[(m["metric"], m["scope"], m["pmu"], m["socket"], m["value"], m["multiplexed"]) for m in d["metrics"]]'
	# 3e9 bytes / 2e9 ns; 1e9 / 2e9; latency (10000 / 200) cycles / (4e9 cycles / 2e9 ns); 4e6 * 64 / 1e6 / 2 s
	pmuctl -q -j stat --input "$DATA/perf-pcie.csv" -M $ms --per-pmu
	[ "$status" -eq 0 ]
	[ "$(jq_py "$q")" = "[('t410_pcie_rd_bw', 'pmu', 'nvidia_pcie_pmu_0_rc_4', 0, 1.5, False), ('t410_pcie_rd_bw', 'pmu', 'nvidia_pcie_pmu_1_rc_4', 1, 0.5, True), ('t410_pcie_freq', 'pmu', 'nvidia_pcie_pmu_0_rc_4', 0, 2.0, False), ('t410_pcie_rd_latency_ns', 'pmu', 'nvidia_pcie_pmu_0_rc_4', 0, 25.0, False), ('t410_pcie_rd_latency_ns', 'pmu', 'nvidia_pcie_pmu_1_rc_4', 1, None, False), ('ddr_read_bandwidth.all', 'total', None, None, 128.0, False)]" ]
	# -A is --per-pmu for metrics: none is per CPU
	pmuctl -q -j stat --input "$DATA/perf-pcie.csv" -M $ms -A
	[ "$(jq_py "$q")" = "[('t410_pcie_rd_bw', 'pmu', 'nvidia_pcie_pmu_0_rc_4', 0, 1.5, False), ('t410_pcie_rd_bw', 'pmu', 'nvidia_pcie_pmu_1_rc_4', 1, 0.5, True), ('t410_pcie_freq', 'pmu', 'nvidia_pcie_pmu_0_rc_4', 0, 2.0, False), ('t410_pcie_rd_latency_ns', 'pmu', 'nvidia_pcie_pmu_0_rc_4', 0, 25.0, False), ('t410_pcie_rd_latency_ns', 'pmu', 'nvidia_pcie_pmu_1_rc_4', 1, None, False), ('ddr_read_bandwidth.all', 'total', None, None, 128.0, False)]" ]
	pmuctl -q -j stat --input "$DATA/perf-pcie.csv" -M $ms --per-socket
	[ "$(jq_py "$q")" = "[('t410_pcie_rd_bw', 'socket', None, 0, 1.5, False), ('t410_pcie_rd_bw', 'socket', None, 1, 0.5, True), ('t410_pcie_freq', 'socket', None, 0, 2.0, False), ('t410_pcie_rd_latency_ns', 'socket', None, 0, 25.0, False), ('t410_pcie_rd_latency_ns', 'socket', None, 1, None, False), ('ddr_read_bandwidth.all', 'total', None, None, 128.0, False)]" ]
	# no flag: one value for the machine, as perf merges uncore PMUs
	pmuctl -q -j stat --input "$DATA/perf-pcie.csv" -M $ms
	[ "$(jq_py "$q")" = "[('t410_pcie_rd_bw', 'total', None, None, 2.0, True), ('t410_pcie_freq', 'total', None, None, 2.0, False), ('t410_pcie_rd_latency_ns', 'total', None, None, None, False), ('ddr_read_bandwidth.all', 'total', None, None, 128.0, False)]" ]
}

@test "metrics: -M --per-socket on the live tree prints one line per socket and interval" {
	pmuctl --sysfs-root "$LIVE" stat -M t410_pcie_rd_bw --per-socket -I 100 --interval-count 2
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 4 ]
	[[ "${lines[0]}" == *"t410_pcie_rd_bw"*"socket 0 (6 PMUs)"*"GB/s" ]]
	[[ "${lines[1]}" == *"t410_pcie_rd_bw"*"socket 1 (6 PMUs)"*"GB/s" ]]
	pmuctl --sysfs-root "$LIVE" stat -M t410_pcie_rd_bw -I 100 --interval-count 2
	[ "${#lines[@]}" -eq 2 ]
	[[ "${lines[1]}" == *"t410_pcie_rd_bw"*"total (12 PMUs)"*"GB/s" ]]
	pmuctl --sysfs-root "$LIVE" stat -M t410_pcie_rd_bw --per-pmu -I 100 --interval-count 1
	[ "${#lines[@]}" -eq 12 ]
}

@test "metrics: perf JSON input with intervals, and <not counted> is n/a" {
	pmuctl -q -j stat --input "$DATA/perf-pcie-interval.json" -M t410_pcie_rd_bw,t410_pcie_wr_bw
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 2 ]
	output=${lines[0]}
	[ "$(jq_py '[(d["interval"], m["value"]) for m in d["metrics"]]')" = "[(1, 0.5), (1, None)]" ]
	output=${lines[1]}
	[ "$(jq_py '[round(m["value"], 12) for m in d["metrics"]]')" = "[2.0, 0.1]" ]
	pmuctl -q stat --input "$DATA/perf-pcie-interval.json" -M t410_pcie_wr_bw --per-pmu
	# not counted is n/a, not a scaled count
	[[ "${lines[0]}" == *"t410_pcie_wr_bw"*"socket 0 rc 4 (nvidia_pcie_pmu_0_rc_4)"*"n/a" ]]
}

@test "metrics: every catalog metric equals its formula on a recorded input" {
	run python3 "$BATS_TEST_DIRNAME/../metric_check.py" "$PMUCTL" "$HIP09" "${METRIC_SEED:-5}"
	echo "$output"
	[ "$status" -eq 0 ]
	# every metric of the catalog, which the families' data make
	[ "${lines[-1]}" = "metric_check: $("$PMUCTL" __complete metrics | wc -l) metrics, 0 differences" ]
}

@test "metrics: perf's own output, recorded on the live fixture, gives the metric perf's counts give" {
	SYSFS_PATH=$LIVE perf stat -x, -a -e nvidia_pcie_pmu_0_rc_4/rd_bytes/,duration_time -o "$BATS_TEST_TMPDIR/rec.csv" -- sleep 0.2
	bytes=$(awk -F, '$3 == "nvidia_pcie_pmu_0_rc_4/rd_bytes/" { print $1 }' "$BATS_TEST_TMPDIR/rec.csv")
	ns=$(awk -F, '$3 == "duration_time" { print $1 }' "$BATS_TEST_TMPDIR/rec.csv")
	pmuctl -q -j stat --input "$BATS_TEST_TMPDIR/rec.csv" -M t410_pcie_rd_bw
	[ "$status" -eq 0 ]
	[ "$(jq_py "abs(d['metrics'][0]['value'] - $bytes / $ns) < 1e-12")" = True ]
}

@test "metrics: -M on the live fixture prints per-RC, per-socket and total values as asked" {
	pmuctl --sysfs-root "$LIVE" -j stat -M t410_pcie_rd_bw --duration 0.2 --per-pmu
	[ "$status" -eq 0 ]
	[ "$(jq_py '[m["scope"] for m in d["metrics"]].count("pmu")')" = 12 ]
	[ "$(jq_py 'len(d["metrics"])')" = 12 ]
	# rd_bytes is cpu-clock here: no RC can count more ns than the run lasted (time starts
	# when the counters do), so 1 "GB/s" per RC is a bound, whatever the machine's load
	[ "$(jq_py 'all(0 < m["value"] <= 1.001 for m in d["metrics"])')" = True ]
	pmuctl --sysfs-root "$LIVE" -j stat -M t410_pcie_rd_bw --duration 0.2 --per-socket
	[ "$(jq_py '[(m["scope"], m["socket"]) for m in d["metrics"]]')" = "[('socket', 0), ('socket', 1)]" ]
	[ "$(jq_py 'all(0 < m["value"] <= 6.006 for m in d["metrics"])')" = True ]
	pmuctl --sysfs-root "$LIVE" -j stat -M t410_pcie_rd_bw --duration 0.2
	[ "$(jq_py '[(m["scope"], m["socket"]) for m in d["metrics"]]')" = "[('total', None)]" ]
	[ "$(jq_py 'all(0 < m["value"] <= 12.012 for m in d["metrics"])')" = True ]
	pmuctl --sysfs-root "$LIVE" stat -M t410_pcie_rd_bw --duration 0.1 --per-pmu
	[[ "$output" == *"t410_pcie_rd_bw                socket 1 rc 5 (nvidia_pcie_pmu_1_rc_5)"* ]]
	pmuctl --sysfs-root "$LIVE" stat -M t410_pcie_rd_bw --duration 0.1
	[[ "$output" == *"t410_pcie_rd_bw                total (12 PMUs)"* ]]
}

@test "metrics: --device narrows to the function's RC with its src_bdf filter" {
	pmuctl --sysfs-root "$LIVE" -j stat -M t410_pcie_rd_bw --device 0005:41:00.0 --duration 0.1
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(m["pmu"], m["device"], m["scope"]) for m in d["metrics"]]')" = "[('nvidia_pcie_pmu_0_rc_4', '0005:41:00.0', 'pmu')]" ]
	# well-formed, but not on this machine: absent, 1
	pmuctl --sysfs-root "$LIVE" -j stat -M t410_pcie_rd_bw --device 0005:77:00.0 --duration 0.1
	[ "$status" -eq 1 ]
	[[ "$output" == *"--device 0005:77:00.0: no such PCI function on this machine (pmuctl map lists them)"* ]]
}

@test "metrics: --device is repeatable and takes lists; every device counts, one BDF per PMU in turns" {
	pmuctl -q --sysfs-root "$LIVE" -j stat -M t410_pcie_rd_bw --device 0005:41:00.0 --device 000d:41:00.0,0005:01:00.0 --duration 0.05
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(m["device"], m["pmu"]) for m in d["metrics"]]')" = "[('0005:41:00.0', 'nvidia_pcie_pmu_0_rc_4'), ('0005:01:00.0', 'nvidia_pcie_pmu_0_rc_4'), ('000d:41:00.0', 'nvidia_pcie_pmu_1_rc_4')]" ]
	# two BDFs on one RC's PMU: said to take turns
	pmuctl --sysfs-root "$LIVE" stat --dry-run -M t410_pcie_rd_bw --device 0005:41:00.0,0005:01:00.0
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == *"'nvidia_pcie_pmu_0_rc_4': 2 BDF filters (src_bdf=0x4100, src_bdf=0x0100) count in turns"* ]]
	# a BDF without a domain that is in two domains
	pmuctl --sysfs-root "$LIVE" stat -M t410_pcie_rd_bw --device 41:00.0 --duration 0.05
	[ "$status" -eq 64 ]
	[ "$output" = "pmuctl: error: --device 41:00.0 names 2 functions, one per PCI domain: 0005:41:00.0, 000d:41:00.0; give the domain" ]
	# --root-port names the port it counts, once for two functions below it
	pmuctl -q --sysfs-root "$LIVE" -j stat -M t410_pcie_rd_bw --device 0005:41:00.0,0005:41:00.1 --root-port --duration 0.05
	[ "$(jq_py '[m["device"] for m in d["metrics"]]')" = "['0005:40:00.0']" ]
}

@test "metrics: --device with a PCIE-TGT metric counts traffic to each of its BARs, summed per device" {
	local b0=dst_addr_base=0x4030000000,dst_addr_mask=0xfffffffffe000000,dst_addr_en=1
	local b2=dst_addr_base=0x32000000,dst_addr_mask=0xfffffffffff00000,dst_addr_en=1
	# the plan: one address filter per sized memory BAR, as map gives them
	pmuctl --sysfs-root "$T410" -j stat --dry-run -M t410_pcie_tgt_rd_bw --device 0005:41:00.0
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(e["event"], e["config"], e["config1"], e["config2"], e["device"], e["bar"]) for e in d["events"]]')" = "[('nvidia_pcie_tgt_pmu_0_rc_4/rd_bytes,$b0/', '0x800', '0x4030000000', '0xfffffffffe000000', '0005:41:00.0', 0), ('nvidia_pcie_tgt_pmu_0_rc_4/rd_bytes,$b2/', '0x800', '0x32000000', '0xfffffffffff00000', '0005:41:00.0', 2)]" ]
	pmuctl --sysfs-root "$T410" stat --dry-run -M t410_pcie_tgt_rd_bw --device 0005:41:00.0
	[[ "$output" == *"  device   0005:41:00.0 (traffic to its BAR2)"* ]]
	# recorded: BAR0 2e9 + BAR2 1e9 bytes in 2 s; requests (300 + 100) over the one clock (4000)
	printf '%s\n' "2000000000,,nvidia_pcie_tgt_pmu_0_rc_4/rd_bytes,$b0/,2000000000,100.00,," \
		"1000000000,,nvidia_pcie_tgt_pmu_0_rc_4/rd_bytes,$b2/,2000000000,100.00,," \
		"300,,nvidia_pcie_tgt_pmu_0_rc_4/rd_req,$b0/,2000000000,100.00,," \
		"100,,nvidia_pcie_tgt_pmu_0_rc_4/rd_req,$b2/,2000000000,100.00,," \
		"4000,,nvidia_pcie_tgt_pmu_0_rc_4/cycles,$b0/,2000000000,100.00,," \
		"4000,,nvidia_pcie_tgt_pmu_0_rc_4/cycles,$b2/,2000000000,100.00,," \
		"9000000000,,nvidia_pcie_tgt_pmu_0_rc_4/rd_bytes/,2000000000,100.00,," \
		'2000000000,ns,duration_time,2000000000,100.00,,' >"$BATS_TEST_TMPDIR/tgt.csv"
	pmuctl -q --sysfs-root "$T410" -j stat --input "$BATS_TEST_TMPDIR/tgt.csv" -M t410_pcie_tgt_rd_bw,t410_pcie_tgt_rd_req_rate --device 0005:41:00.0
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(m["metric"], m["device"], m["pmu"], m["value"]) for m in d["metrics"]]')" = "[('t410_pcie_tgt_rd_bw', '0005:41:00.0', 'nvidia_pcie_tgt_pmu_0_rc_4', 1.5), ('t410_pcie_tgt_rd_req_rate', '0005:41:00.0', 'nvidia_pcie_tgt_pmu_0_rc_4', 0.1)]" ]
	# --root-port: the document's RP filter for BAR traffic
	pmuctl --sysfs-root "$T410" -j stat --dry-run -M t410_pcie_tgt_wr_bw --device 0005:41:00.0 --root-port
	[ "$(jq_py '[(e["event"], e["config"], e["device"], e["bar"]) for e in d["events"]]')" = "[('nvidia_pcie_tgt_pmu_0_rc_4/wr_bytes,dst_rp_mask=0x2/', '0x11', '0005:40:00.0', None)]" ]
	# a switch port has no memory BAR: said, not counted
	pmuctl --sysfs-root "$T410" stat --dry-run -M t410_pcie_tgt_wr_bw,t410_pcie_wr_bw --device 0002:81:00.0
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "pmuctl: warning: --device 0002:81:00.0: nvidia_pcie_tgt_pmu_0_rc_1 cannot count traffic to it: it has no memory BAR for an address filter to select (pmuctl map 0002:81:00.0)" ]
	[ "$(printf '%s\n' "${lines[@]}" | grep -c '^nvidia_pcie_tgt_pmu')" = 0 ]
	[ "${lines[1]}" = "nvidia_pcie_pmu_0_rc_1/wr_bytes,src_bdf=0x8100,src_bdf_en=1/" ]
}

@test "metrics: the OpenMetrics file passes promtool and node_exporter serves it" {
	command -v promtool || skip "promtool is not installed"
	mkdir "$BATS_TEST_TMPDIR/textfile"
	pmuctl --sysfs-root "$LIVE" stat -M t410_pcie_rd_bw,t410_cmem_rd_bw --per-pmu --format=openmetrics -o "$BATS_TEST_TMPDIR/textfile/pmuctl.prom" -I 100 --interval-count 2
	[ "$status" -eq 0 ]
	run promtool check metrics <"$BATS_TEST_TMPDIR/textfile/pmuctl.prom"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	[ "$(ls "$BATS_TEST_TMPDIR/textfile")" = pmuctl.prom ]
	grep -q '^pmuctl_t410_pcie_rd_bw_bytes_per_second{pmu="nvidia_pcie_pmu_1_rc_5",socket="1",rc="5"} ' "$BATS_TEST_TMPDIR/textfile/pmuctl.prom"
	# OpenMetrics ends so, and node_exporter reads it as a comment
	[ "$(tail -n 1 "$BATS_TEST_TMPDIR/textfile/pmuctl.prom")" = "# EOF" ]
	command -v prometheus-node-exporter || skip "prometheus-node-exporter is not installed"
	# a port the kernel just handed out, not a random one that may be taken
	port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
	prometheus-node-exporter --web.listen-address="127.0.0.1:$port" --collector.disable-defaults \
		--collector.textfile --collector.textfile.directory="$BATS_TEST_TMPDIR/textfile" 2>/dev/null 3>&- &
	ne=$!
	wait_for "node_exporter to answer" curl -sf -o "$BATS_TEST_TMPDIR/scrape" "http://127.0.0.1:$port/metrics"
	kill $ne
	grep -q '^pmuctl_t410_pcie_rd_bw_bytes_per_second{pmu="nvidia_pcie_pmu_0_rc_4",rc="4",socket="0"} ' "$BATS_TEST_TMPDIR/scrape"
	grep -q '^pmuctl_t410_cmem_rd_bw_bytes_per_second{pmu="nvidia_cmem_latency_pmu_1",socket="1"} ' "$BATS_TEST_TMPDIR/scrape"
	grep -q '^node_textfile_scrape_error 0$' "$BATS_TEST_TMPDIR/scrape"
}

@test "metrics: user metrics from a JSON file" {
	cat >"$BATS_TEST_TMPDIR/m.json" <<'JSON'
[{"name": "pcie_rd_mib", "family": "t410_pcie", "expr": "rd_bytes / 1048576 / duration_time", "unit": "MiB/s", "description": "read MiB/s"}]
JSON
	pmuctl -j list --metrics --all --metrics-file "$BATS_TEST_TMPDIR/m.json" pcie_rd_mib
	[ "$(jq_py 'd["metrics"][0]["expression"]')" = "rd_bytes / 1048576 / duration_time" ]
	pmuctl -q -j stat --input "$DATA/perf-pcie.csv" -M pcie_rd_mib --metrics-file "$BATS_TEST_TMPDIR/m.json" --per-pmu
	[ "$(jq_py 'd["metrics"][0]["value"] == 3e9 / 1048576 / 2')" = True ]
	echo '[{"name": "x", "family": "t410_pcie", "expr": "rd_bytes / (2"}]' >"$BATS_TEST_TMPDIR/bad.json"
	pmuctl list --metrics --metrics-file "$BATS_TEST_TMPDIR/bad.json"
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: $BATS_TEST_TMPDIR/bad.json:1: metric 'x': expected ')' at column 14 of 'rd_bytes / (2'" ]
	# a filter's unknown term is named: before, the message quoted itself and lost it
	echo '[{"name": "bad_filter", "family": "t410_pcie", "expr": "rd_bytes", "filter": "nonsense=1"}]' >"$BATS_TEST_TMPDIR/bad.json"
	pmuctl --sysfs-root "$T410" stat --dry-run -M bad_filter --metrics-file "$BATS_TEST_TMPDIR/bad.json"
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: metric bad_filter on nvidia_pcie_pmu_0_rc_0: unknown term 'nonsense' for PMU 'nvidia_pcie_pmu_0_rc_0'; valid: events: cycles, rd_bytes, rd_cum_outs, rd_req, wr_bytes, wr_req; terms: dst_loc_cmem, dst_loc_gmem, dst_loc_pcie_cxl, dst_loc_pcie_p2p, dst_rem, event, src_bdf, src_bdf_en, src_rp_mask" ]
}

@test "metrics: bad metric names, inputs and option mixes" {
	# well-formed, but not in the catalog: absent, as an unknown PMU is (1), not a usage error
	pmuctl stat --input "$DATA/perf-pcie.csv" -M nope
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: unknown metric 'nope'; pmuctl list --metrics --all shows them" ]
	pmuctl stat --input "$DATA/perf-pcie.csv" -M t410_pcie_rd_bww
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: unknown metric 't410_pcie_rd_bww' (did you mean 't410_pcie_rd_bw'?); pmuctl list --metrics --all shows them" ]
	pmuctl stat --input "$DATA/perf-pcie.csv" -M t410_pcie_rd_bw,,x
	[ "$status" -eq 64 ]
	pmuctl stat --input "$DATA/perf-pcie.csv"
	[ "$status" -eq 64 ]
	# nothing recorded is an error, not an empty report
	: >"$BATS_TEST_TMPDIR/empty.csv"
	pmuctl stat --input "$BATS_TEST_TMPDIR/empty.csv" -M t410_pcie_rd_bw
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: $BATS_TEST_TMPDIR/empty.csv holds no perf stat counts: record with perf stat -x, or -j (see pmuctl-stat(1))" ]
	printf '12,,a/b/,1,100.00,,\nhello world\n' >"$BATS_TEST_TMPDIR/bad.csv"
	pmuctl stat --input "$BATS_TEST_TMPDIR/bad.csv" -M t410_pcie_rd_bw
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: $BATS_TEST_TMPDIR/bad.csv: line 2: expected [time,]count,unit,event,... (perf stat -x,)" ]
	pmuctl stat -e msr/tsc/ --device 01:00.0
	[ "$status" -eq 64 ]
	pmuctl stat --format=openmetrics -e msr/tsc/
	[ "$status" -eq 64 ]
	# with -M too: the counts were a text table in the middle of the exposition
	pmuctl --sysfs-root "$LIVE" stat --format=openmetrics -e nvidia_pcie_pmu_0_rc_4/rd_bytes/ -M t410_pcie_rd_bw --duration 0.05
	[ "$status" -eq 64 ]
	[ "${lines[0]}" = "pmuctl stat: --format=openmetrics writes -M values, not -e counts: drop -e (pmuctl serve -e exposes each count as a counter)" ]
}

@test "metrics: a family counts where some instances lack an input: n/a there, one warning, exit 0" {
	pmuctl --sysfs-root "$LIVE" -j stat -M t410_nvlink_c2c --per-pmu --duration 0.05
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "pmuctl: warning: nvidia_nvlink_c2c_pmu_1: CPU peer: no write events: 4 metrics n/a there (t410_c2c_in_wr_latency_cycles, t410_c2c_in_wr_latency_ns, t410_c2c_out_wr_latency_cycles, t410_c2c_out_wr_latency_ns)" ]
	[ "$(grep -c warning <<<"$output")" -eq 1 ]
	output=${lines[1]}
	[ "$(jq_py '[m["value"] for m in d["metrics"] if m["pmu"] == "nvidia_nvlink_c2c_pmu_1" and "_wr_" in m["metric"]]')" = "[None, None, None, None]" ]
	[ "$(jq_py 'len(d["metrics"])')" = 18 ]
	# the machine's value sums the instances that have the input: one PMU here
	pmuctl --sysfs-root "$LIVE" stat -M t410_c2c_in_wr_latency_cycles,t410_c2c_in_rd_latency_cycles --duration 0.05
	[ "$status" -eq 0 ]
	[[ "$output" == *"t410_c2c_in_wr_latency_cycles  total (1 PMU)"* ]]
	[[ "$output" == *"t410_c2c_in_rd_latency_cycles  total (2 PMUs)"* ]]
}

@test "metrics: --input never succeeds silently: missing events named, merged PMUs refused, <not supported> said" {
	printf '%s\n' '3000000000,,nvidia_pcie_pmu_0_rc_4/rd_bytes/,2000000000,100.00,,' \
		'2000000000,ns,duration_time,2000000000,100.00,,' >"$BATS_TEST_TMPDIR/rec.csv"
	pmuctl stat --input "$BATS_TEST_TMPDIR/rec.csv" -M t410_pcie_rd_latency_ns
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: warning: metric t410_pcie_rd_latency_ns: no value: the recording has no rd_cum_outs, rd_req, cycles on nvidia_pcie_pmu_0_rc_4" ]
	[ "${lines[1]}" = "pmuctl: error: no metric asked for has a value in the recording: record the events above (pmuctl stat --dry-run -M ... prints them)" ]
	# one metric with a value, one without: printed, partial
	pmuctl stat --input "$BATS_TEST_TMPDIR/rec.csv" -M t410_pcie_rd_latency_ns,t410_pcie_rd_bw
	[ "$status" -eq 2 ]
	[[ "$output" == *"t410_pcie_rd_bw                total (1 PMU)"*"1.50000 GB/s"* ]]
	# perf's merge of nvidia_pcie_pmu_0_rc_* cannot be split into RCs
	printf '%s\n' '3000000000,,nvidia_pcie_pmu_0_rc/rd_bytes/,2000000000,100.00,,' \
		'2000000000,ns,duration_time,2000000000,100.00,,' >"$BATS_TEST_TMPDIR/merged.csv"
	pmuctl stat --input "$BATS_TEST_TMPDIR/merged.csv" -M t410_pcie_rd_bw
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: $BATS_TEST_TMPDIR/merged.csv: 'nvidia_pcie_pmu_0_rc' is perf's sum of every nvidia_pcie_pmu_0_rc_N PMU (a PMU name without its number): pmuctl cannot split it into instances; record with perf stat --no-merge, or name each PMU (-e nvidia_pcie_pmu_0_rc_0/...)" ]
	printf '%s\n' '<not supported>,,nvidia_pcie_pmu_0_rc_4/rd_bytes/,0,0.00,,' \
		'2000000000,ns,duration_time,2000000000,100.00,,' >"$BATS_TEST_TMPDIR/ns.csv"
	pmuctl stat --input "$BATS_TEST_TMPDIR/ns.csv" -M t410_pcie_rd_bw
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "pmuctl: warning: nvidia_pcie_pmu_0_rc_4/rd_bytes/: <not supported> in the recording: the metrics it feeds are n/a" ]
	[[ "$output" == *"t410_pcie_rd_bw                total (1 PMU)"*"n/a" ]]
	[[ "$output" != *multiplexed* ]]
}

@test "metrics: OpenMetrics in base units that promtool's lint accepts; a metrics-file name may not repeat a built-in" {
	command -v promtool || skip "promtool is not installed"
	pmuctl -q --sysfs-root "$LIVE" stat -M t410_pcie,t410_ucf,t410_nvlink_c2c,t410_cmem_rd_bw --per-pmu --format=openmetrics --duration 0.05
	# partial: the live tree aliases no PCIE cycles event
	[ "$status" -eq 2 ]
	printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/all.prom"
	run promtool check metrics <"$BATS_TEST_TMPDIR/all.prom"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	# ns become seconds, GB/s bytes per second: the value scaled with the name
	grep -q '^# TYPE pmuctl_t410_pcie_rd_latency_seconds gauge$' "$BATS_TEST_TMPDIR/all.prom"
	grep -q '^# TYPE pmuctl_t410_pcie_rd_latency_cycles gauge$' "$BATS_TEST_TMPDIR/all.prom"
	pmuctl -q -j stat --input "$DATA/perf-pcie.csv" -M t410_pcie_rd_bw --per-pmu
	gbs=$(jq_py 'd["metrics"][0]["value"]')
	pmuctl -q stat --input "$DATA/perf-pcie.csv" -M t410_pcie_rd_bw --per-pmu --format=openmetrics
	[[ "${lines[2]}" == 'pmuctl_t410_pcie_rd_bw_bytes_per_second{pmu="nvidia_pcie_pmu_0_rc_4",socket="0",rc="4"} 1500000000' ]]
	[ "$gbs" = 1.5 ]
	echo '[{"name": "t410_pcie_rd_bw", "family": "t410_pcie", "expr": "rd_bytes"}]' >"$BATS_TEST_TMPDIR/dup.json"
	pmuctl stat --input "$DATA/perf-pcie.csv" -M t410_pcie_rd_bw --metrics-file "$BATS_TEST_TMPDIR/dup.json"
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: $BATS_TEST_TMPDIR/dup.json:1: metric 't410_pcie_rd_bw' is already a built-in metric: give it another name" ]
}

@test "metrics: -v shows each metric's input counts and running share; --metric-only the values alone" {
	pmuctl -v --sysfs-root "$LIVE" stat -M t410_cmem_rd_latency_ns --per-pmu -I 100 --interval-count 1 -e nvidia_ucf_pmu_0/event=0x0/
	[ "$status" -eq 0 ]
	[ "$(grep -c 'input of t410_cmem_rd_latency_ns, 100.00%' <<<"$output")" -eq 6 ]
	[[ "$output" =~ [0-9,]+\ nvidia_cmem_latency_pmu_1/rd_req/\ \ \(input\ of\ t410_cmem_rd_latency_ns,\ 100.00%\) ]]
	pmuctl --sysfs-root "$LIVE" stat -M t410_cmem_rd_latency_ns --metric-only --per-pmu -I 100 --interval-count 1 -e nvidia_ucf_pmu_0/event=0x0/
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 2 ]
	[[ "$output" != *input* && "$output" != *event=0x0* ]]
	pmuctl --sysfs-root "$LIVE" stat --metric-only -e nvidia_ucf_pmu_0/event=0x0/ --duration 0.05
	[ "$status" -eq 64 ]
	[[ "${lines[0]}" == *"--metric-only shows -M values alone: give -M"* ]]
}

@test "metrics: list --metrics shows what applies to the machine, --all the catalog; sources say whose formula" {
	pmuctl --sysfs-root "$YITIAN" -j list --metrics
	[ "$status" -eq 0 ]
	[ "$(jq_py '[m["name"] for m in d["metrics"]]')" = "['ddr_read_bandwidth', 'ddr_write_bandwidth', 'ddr_read_bandwidth.all', 'ddr_write_bandwidth.all', 'ddr_clock', 'mem_rd_bw', 'mem_wr_bw']" ]
	[ "$(jq_py 'd["metrics"][2]["source"]')" = "perf tools/perf/pmu-events/arch/arm64/freescale/yitian710/sys/metrics.json" ]
	[[ "$(jq_py 'd["metrics"][0]["source"]')" == "pmuctl, on the formula of perf's"* ]]
	# a metric of another machine: said, with the way to see it
	pmuctl --sysfs-root "$YITIAN" list --metrics t410_pcie_rd_bw
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: 6 metrics match, but none applies to the PMUs of this machine: add --all to list them" ]
	pmuctl --sysfs-root "$YITIAN" list --metrics --all t410_pcie_rd_bw
	[ "$status" -eq 0 ]
	# the CMEM bandwidth is pmuctl's derivation, and says from what
	pmuctl -j list --metrics --all t410_cmem_rd_bw
	[[ "$(jq_py 'd["metrics"][0]["source"]')" == "pmuctl, derived from nvidia-tegra410-pmu.rst (CMEM latency: 32B per RD_REQ)" ]]
	# HNS3 pps_intr_nicroh_* pairs count packets (event type 0x01), not interrupts
	pmuctl -j list --metrics --all hns3_pps_intr_nicroh_tx_pre hns3_pps_intr_msix_nic
	[ "$(jq_py '[(m["name"], m["unit"]) for m in d["metrics"]]')" = "[('hns3_pps_intr_nicroh_tx_pre', 'packets/s'), ('hns3_pps_intr_msix_nic', '1/s')]" ]
}

@test "metrics: the link and CMEM clocks of the document, and Yitian's ddr_cycles alias and measured DDRC clock" {
	# 4e9 cycles in 2 s: 2 GHz; the DRW cycle counter at 1.6e9 in 2 s: 800 MHz
	printf '%s\n' '4000000000,,nvidia_nvlink_c2c_pmu_0/cycles/,2000000000,100.00,,' \
		'4000000000,,nvidia_cmem_latency_pmu_0/cycles/,2000000000,100.00,,' \
		'1600000000,,ali_drw_21000/ddr_cycles/,2000000000,100.00,,' \
		'2000000000,ns,duration_time,2000000000,100.00,,' >"$BATS_TEST_TMPDIR/clk.csv"
	pmuctl -q -j stat --input "$BATS_TEST_TMPDIR/clk.csv" -M t410_c2c_freq,t410_cmem_freq --per-pmu
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(m["metric"], m["value"], m["unit"]) for m in d["metrics"]]')" = "[('t410_cmem_freq', 2.0, 'GHz'), ('t410_c2c_freq', 2.0, 'GHz')]" ]
	# perf's JSON name for event 0x80 encodes as the sysfs cycle does
	pmuctl --sysfs-root "$YITIAN" -j stat --dry-run -e ali_drw_21000/ddr_cycles/ -e ali_drw_21000/cycle/
	[ "$(jq_py '[e["config"] for e in d["events"]]')" = "['0x80', '0x80']" ]
	pmuctl --sysfs-root "$YITIAN" -j list --events ali_drw_21000
	[ "$(jq_py '[e["alias_of"] for e in d["pmus"][0]["events"] if e["name"] == "ddr_cycles"]')" = "['cycle']" ]
}

@test "metrics: openmetrics: a Yitian DDR metric per PMU carries its channel label, exact values" {
	need_tool promtool "build/tools"
	printf '%s\n' '6400000000,,ali_drw_21000/hif_rd/,2000000000,100.00,,' \
		'3200000000,,ali_drw_23080/hif_rd/,2000000000,100.00,,' >"$BATS_TEST_TMPDIR/drw.csv"
	pmuctl stat --input "$BATS_TEST_TMPDIR/drw.csv" -M ddr_read_bandwidth --per-pmu --format=openmetrics
	[ "$status" -eq 0 ]
	# 64-byte HIF commands over the 2 s the recording ran
	[ "${lines[2]}" = 'pmuctl_ddr_read_bandwidth_bytes_per_second{pmu="ali_drw_21000",socket="0",channel="0"} 204800000000' ]
	[ "${lines[3]}" = 'pmuctl_ddr_read_bandwidth_bytes_per_second{pmu="ali_drw_23080",socket="0",channel="1"} 102400000000' ]
	run promtool check metrics <<<"$output"
	[ "$status" -eq 0 ]
	# per socket (die), no channel: no label
	pmuctl stat --input "$BATS_TEST_TMPDIR/drw.csv" -M ddr_read_bandwidth --per-socket --format=openmetrics
	[ "${lines[2]}" = 'pmuctl_ddr_read_bandwidth_bytes_per_second{socket="0"} 307200000000' ]
}

@test "metrics: every count and value says its coverage, running over enabled exactly, and whether its inputs ran together" {
	# recorded: PMU 1's rd_bytes ran half the time, its rd_cum_outs never
	pmuctl -q -j stat --input "$DATA/perf-pcie.csv" -M t410_pcie_rd_bw,t410_pcie_rd_latency_ns --per-pmu
	[ "$(jq_py '[(m["pmu"][-10:], m["metric"][10:], m["coverage"], m["together"]) for m in d["metrics"]]')" = \
		"[('pmu_0_rc_4', 'rd_bw', 1.0, True), ('pmu_1_rc_4', 'rd_bw', 0.5, True), ('pmu_0_rc_4', 'rd_latency_ns', 1.0, True), ('pmu_1_rc_4', 'rd_latency_ns', 0.0, True)]" ]
	# the text says how far to trust a scaled value
	pmuctl -q stat --input "$DATA/perf-pcie.csv" -M t410_pcie_rd_bw --per-pmu
	[[ "${lines[2]}" == *"0.500000 GB/s  (coverage 50.00%, scaled)" ]]
	pmuctl -q stat --input "$DATA/perf-pcie.csv" --format=csv -M t410_pcie_rd_bw --per-pmu
	[ "${lines[0]}" = "time,kind,name,value,unit,pmu,socket,rc,cpu,device,scope,running_pct,state,multiplexed,coverage,together" ]
	[ "${lines[2]}" = "2.000000000,metric,t410_pcie_rd_bw,0.5,GB/s,nvidia_pcie_pmu_1_rc_4,1,4,,,pmu,50.00,counted,yes,0.500000,yes" ]
	# perf's -x line of it: beside its input's count, whose percent running is its coverage
	pmuctl -q stat --input "$DATA/perf-pcie.csv" -x, -M t410_pcie_rd_bw --per-pmu
	[ "$(grep GB/s <<<"$output" | tail -1)" = "1000000000,,nvidia_pcie_pmu_1_rc_4/rd_bytes/,2000000000,50.00,0.5,GB/s  t410_pcie_rd_bw" ]
	# counting: a count's coverage is its running over enabled time, not rounded
	pmuctl --sysfs-root "$LIVE" -j stat -e nvidia_pcie_pmu_0_rc_4/rd_bytes/ -M t410_pcie_rd_bw --duration 0.05
	[ "$(jq_py 'all(c["coverage"] == c["running_ns"] / c["enabled_ns"] for c in d["counts"])')" = True ]
	[ "$(jq_py 'all(m["coverage"] == 1 and m["together"] for m in d["metrics"])')" = True ]
	# OpenMetrics: a coverage series per value, labelled as the value
	pmuctl -q stat --input "$DATA/perf-pcie.csv" -M t410_pcie_rd_bw --per-pmu --format=openmetrics
	[[ "$output" == *'pmuctl_metric_coverage_ratio{metric="t410_pcie_rd_bw",pmu="nvidia_pcie_pmu_1_rc_4",socket="1",rc="4"} 0.5'* ]]
}

@test "metrics: a ratio of inputs that took turns apart is flagged, not silently scaled" {
	# Yitian's DRW inputs are never one group: hif_wr and hif_rmw, each part of the time, apart
	printf '%s\n' '1000000,,ali_drw_21000/hif_wr/,2000000000,50.00,,' '400000,,ali_drw_21000/hif_rmw/,2000000000,50.00,,' \
		'2000000000,ns,duration_time,2000000000,100.00,,' >"$BATS_TEST_TMPDIR/drw.csv"
	pmuctl -q -j stat --input "$BATS_TEST_TMPDIR/drw.csv" -M ddr_write_bandwidth.all
	[ "$(jq_py 'd["metrics"][0]["together"], d["metrics"][0]["coverage"]')" = "(False, 0.5)" ]
	pmuctl -q stat --input "$BATS_TEST_TMPDIR/drw.csv" -M ddr_write_bandwidth.all
	[[ "$output" == *"(coverage 50.00%, scaled; its inputs ran at different times)"* ]]
}

# (metric, pmu or socket, value, coverage) of every metric of every report in file $1
metric_values() {
	python3 -c '
import json, sys
for line in open(sys.argv[1]):
    d = json.loads(line)
    print(d["time_s"], [(m["metric"], m["pmu"], m["socket"], m["value"], m["coverage"]) for m in d["metrics"]])' "$1"
}

# Texts $1 and $2 are the same but for their numbers, which are equal to 1e-9 of each
same_values() {
	/usr/bin/python3 -c '
import re, sys
num = r"-?[0-9]+\.?[0-9]*(?:e[-+]?[0-9]+)?"
a, b = sys.argv[1], sys.argv[2]
same = re.sub(num, "N", a) == re.sub(num, "N", b) and all(
    abs(float(x) - float(y)) <= 1e-9 * max(abs(float(x)), abs(float(y)), 1e-300)
    for x, y in zip(re.findall(num, a), re.findall(num, b)))
print(a, b, sep="\n") if not same else None
sys.exit(0 if same else 1)' "$1" "$2"
}

@test "metrics: --input of pmuctl's own -j run evaluates it again to the same values, totals and intervals" {
	pmuctl --sysfs-root "$LIVE" -j stat -M t410_pcie_rd_bw,t410_pcie_wr_bw --per-pmu --duration 0.1 -o "$BATS_TEST_TMPDIR/run.json"
	[ "$status" -eq 0 ]
	# the record keeps each metric input's counts
	output=$(cat "$BATS_TEST_TMPDIR/run.json")
	[ "$(jq_py 'len(d["inputs"]), d["inputs"][0]["event"], d["inputs"][0]["metric"], d["inputs"][0]["state"]')" = "(24, 'nvidia_pcie_pmu_0_rc_0/rd_bytes/', 't410_pcie_rd_bw', 'counted')" ]
	pmuctl -q -j stat --input "$BATS_TEST_TMPDIR/run.json" -M t410_pcie_rd_bw,t410_pcie_wr_bw --per-pmu -o "$BATS_TEST_TMPDIR/again.json"
	[ "$status" -eq 0 ]
	[ "$(metric_values "$BATS_TEST_TMPDIR/again.json" | cut -d' ' -f2-)" = "$(metric_values "$BATS_TEST_TMPDIR/run.json" | cut -d' ' -f2-)" ]
	[ "$(wc -l <"$BATS_TEST_TMPDIR/again.json")" -eq 1 ]
	# every interval, at its own time, per socket
	pmuctl --sysfs-root "$LIVE" -j stat -M t410_pcie_rd_bw --per-socket -I 100 --interval-count 3 -o "$BATS_TEST_TMPDIR/run.json"
	pmuctl -q -j stat --input "$BATS_TEST_TMPDIR/run.json" -M t410_pcie_rd_bw --per-socket -o "$BATS_TEST_TMPDIR/again.json"
	[ "$status" -eq 0 ]
	[ "$(wc -l <"$BATS_TEST_TMPDIR/again.json")" -eq 3 ]
	[ "$(metric_values "$BATS_TEST_TMPDIR/again.json")" = "$(metric_values "$BATS_TEST_TMPDIR/run.json")" ]
	# the same counts give the same report from any format pmuctl writes: the JSON record's
	# inputs written again as -x (counts, then metrics) read back to the same values (issue 45:
	# --input -x wrote the metric lines alone, which --input then refused)
	pmuctl -q stat --input "$BATS_TEST_TMPDIR/run.json" -M t410_pcie_rd_bw -x, -o "$BATS_TEST_TMPDIR/run2.csv"
	[ "$status" -eq 0 ]
	[ "$(grep -c ',nvidia_pcie_pmu_[01]_rc_[0-9]/rd_bytes/,' "$BATS_TEST_TMPDIR/run2.csv")" -eq 36 ]
	pmuctl -q -j stat --input "$BATS_TEST_TMPDIR/run2.csv" -M t410_pcie_rd_bw -o "$BATS_TEST_TMPDIR/again.json"
	[ "$status" -eq 0 ]
	pmuctl -q -j stat --input "$BATS_TEST_TMPDIR/run.json" -M t410_pcie_rd_bw -o "$BATS_TEST_TMPDIR/first.json"
	# the -x lines hold the counts and times to the nanosecond: equal to 1e-9 of each value
	same_values "$(metric_values "$BATS_TEST_TMPDIR/again.json")" "$(metric_values "$BATS_TEST_TMPDIR/first.json")"
	# pmuctl's -x lines are perf's: their -M lines are passed over, the counts read
	pmuctl --sysfs-root "$LIVE" stat -x, -e nvidia_pcie_pmu_0_rc_4/rd_bytes/ -e duration_time -M t410_pcie_rd_bw -I 100 --interval-count 2 -o "$BATS_TEST_TMPDIR/run.csv"
	pmuctl -q stat --input "$BATS_TEST_TMPDIR/run.csv" -x, -M t410_pcie_rd_bw
	[ "$status" -eq 0 ]
	[ "$(grep -c 'GB/s' <<<"$output")" -eq 2 ]
	# in the counting run's layout: the value beside its first input's count
	[[ "$(grep GB/s <<<"$output" | tail -1)" =~ ^\ +0\.2[0-9]+,[0-9]+,,nvidia_pcie_pmu_0_rc_4/rd_bytes/,[0-9]+,100\.00,[0-9.]+,GB/s\ \ t410_pcie_rd_bw$ ]]
	# the value the run printed, again: an -e event that is an input has one line (its second
	# was summed with it, 13 GB/s for 12) and the formulas' own duration_time is read (the -e one's
	# time differs)
	[ "$(grep -c ',nvidia_pcie_pmu_0_rc_4/rd_bytes/,' "$BATS_TEST_TMPDIR/run.csv")" -eq 2 ]
	same_values "$(grep GB/s "$BATS_TEST_TMPDIR/run.csv" | sed -E 's/.*,([0-9.]+),GB.*/\1/')" \
		"$(grep GB/s <<<"$output" | sed -E 's/.*,([0-9.]+),GB.*/\1/')"
}

@test "metrics: --input of pmuctl's own --format=csv table evaluates it again, to its nanosecond times' precision" {
	pmuctl --sysfs-root "$LIVE" stat --format=csv -M t410_pcie_rd_bw --per-socket -I 100 --interval-count 2 -o "$BATS_TEST_TMPDIR/run.csv"
	[ "$status" -eq 0 ]
	pmuctl -q stat --input "$BATS_TEST_TMPDIR/run.csv" --format=csv -M t410_pcie_rd_bw --per-socket -o "$BATS_TEST_TMPDIR/again.csv"
	[ "$status" -eq 0 ]
	run python3 -c '
import csv, sys
rows = lambda p: [(r["time"], r["name"], r["socket"], float(r["value"]), r["coverage"]) for r in csv.DictReader(open(p)) if r["kind"] == "metric"]
a, b = rows(sys.argv[1]), rows(sys.argv[2])
print(len(a), [x[:3] for x in a] == [y[:3] for y in b] and all(abs(x[3] - y[3]) <= 1e-9 * x[3] and x[4] == y[4] for x, y in zip(a, b)))' "$BATS_TEST_TMPDIR/run.csv" "$BATS_TEST_TMPDIR/again.csv"
	[ "$output" = "4 True" ]
	# a row that lost a field is named, with the header's count
	sed -i '3s/,[^,]*$//' "$BATS_TEST_TMPDIR/run.csv"
	pmuctl -q stat --input "$BATS_TEST_TMPDIR/run.csv" -M t410_pcie_rd_bw
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: $BATS_TEST_TMPDIR/run.csv: line 3: 15 fields where the header has 16 (pmuctl stat --format=csv)" ]
	sed -i '3s/$/,x,y/' "$BATS_TEST_TMPDIR/run.csv"
	pmuctl -q stat --input "$BATS_TEST_TMPDIR/run.csv" -M t410_pcie_rd_bw
	[ "$output" = "pmuctl: error: $BATS_TEST_TMPDIR/run.csv: line 3: more than 16 fields where the header has 16 (pmuctl stat --format=csv)" ]
	sed -i '3s/^\([^,]*,[^,]*\),/\1,"/' "$BATS_TEST_TMPDIR/run.csv"
	pmuctl -q stat --input "$BATS_TEST_TMPDIR/run.csv" -M t410_pcie_rd_bw
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: $BATS_TEST_TMPDIR/run.csv: line 3: a quoted field is not closed (pmuctl stat --format=csv)" ]
}

@test "metrics: --input reads the --format=csv table whatever separator -x gave it" {
	for sep in ';' '::' '\t'; do
		pmuctl --sysfs-root "$LIVE" stat --format=csv -x "$sep" -M t410_pcie_rd_bw --per-socket --duration 0.05 -o "$BATS_TEST_TMPDIR/run.csv"
		[ "$status" -eq 0 ]
		pmuctl -q stat --input "$BATS_TEST_TMPDIR/run.csv" --format=csv -M t410_pcie_rd_bw --per-socket -o "$BATS_TEST_TMPDIR/again.csv"
		[ "$status" -eq 0 ]
		run python3 -c '
import csv, sys
sep = sys.argv[3].replace("\\t", "\t")
read = lambda p, d: [(r["name"], r["socket"], float(r["value"])) for r in csv.DictReader(open(p), delimiter=d[0]) if r["kind"] == "metric"]
a, b = read(sys.argv[1], sep), read(sys.argv[2], ",")
print(len(a), [x[:2] for x in a] == [y[:2] for y in b] and all(abs(x[2] - y[2]) <= 1e-9 * x[2] for x, y in zip(a, b)))' "$BATS_TEST_TMPDIR/run.csv" "$BATS_TEST_TMPDIR/again.csv" "$sep"
		echo "separator '$sep': $output"
		[ "$output" = "2 True" ]
	done
}

@test "metrics: Yitian's values are summed and named by die, as the man page says, not by socket" {
	printf '%s\n' '1000000,,ali_drw_21000/hif_rd/,1000000000,100.00,,' '2000000,,ali_drw_40021000/hif_rd/,1000000000,100.00,,' \
		'1000000000,ns,duration_time,1000000000,100.00,,' >"$BATS_TEST_TMPDIR/drw.csv"
	pmuctl stat --input "$BATS_TEST_TMPDIR/drw.csv" -M ddr_read_bandwidth --per-socket
	[ "$status" -eq 0 ]
	[[ "${lines[1]}" =~ ^\ +ddr_read_bandwidth\ +die\ 0\ \(1\ PMU\)\ +64\.0000\ MB/s$ ]]
	[[ "${lines[2]}" =~ ^\ +ddr_read_bandwidth\ +die\ 1\ \(1\ PMU\)\ +128\.00\ MB/s$ ]]
	pmuctl stat --input "$BATS_TEST_TMPDIR/drw.csv" -M ddr_read_bandwidth --per-pmu
	[[ "${lines[1]}" =~ ^\ +ddr_read_bandwidth\ +die\ 0\ \(ali_drw_21000\)\ +64\.0000\ MB/s$ ]]
	# a Tegra410 value keeps its socket
	pmuctl -q stat --input "$DATA/perf-pcie.csv" -M t410_pcie_rd_bw --per-socket
	[[ "${lines[1]}" =~ ^\ +t410_pcie_rd_bw\ +socket\ 0\ \(1\ PMU\) ]]
}

@test "metrics: the socket's non-CPU traffic by destination (UCF's source and destination filters), exact, named not by the family id" {
	pmuctl -q --sysfs-root "$T410" -j stat --dry-run -M t410_ucf_noncpu_rd_bw_remote,t410_ucf_noncpu_wr_bw_cmem
	[ "$status" -eq 0 ]
	# src_loc_noncpu is config1 bit 0, dst_rem bit 11, dst_loc_cmem bit 8: the driver's format
	[ "$(jq_py '[(e["event"], e["config"], e["config1"]) for e in d["events"] if e["pmu"] == "nvidia_ucf_pmu_0"]')" = "[('nvidia_ucf_pmu_0/slc_bytes_rd,src_loc_noncpu=1,dst_rem=1/', '0x113', '0x801'), ('nvidia_ucf_pmu_0/slc_bytes_wr,src_loc_noncpu=1,dst_loc_cmem=1/', '0x114', '0x101')]" ]
	printf '%s\n' '3000000000,,nvidia_ucf_pmu_0/slc_bytes_rd,src_loc_noncpu=1,dst_rem=1/,2000000000,100.00,,' \
		'9000000000,,nvidia_ucf_pmu_0/slc_bytes_rd/,2000000000,100.00,,' \
		'1000000000,,nvidia_ucf_pmu_1/slc_bytes_rd,src_loc_noncpu=1,dst_rem=1/,2000000000,100.00,,' \
		'2000000000,ns,duration_time,2000000000,100.00,,' >"$BATS_TEST_TMPDIR/ucf.csv"
	pmuctl -q stat --input "$BATS_TEST_TMPDIR/ucf.csv" -j -M t410_ucf_noncpu_rd_bw_remote --per-socket
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(m["socket"], m["value"]) for m in d["metrics"]]')" = "[(0, 1.5), (1, 0.5)]" ]
	# the family id: its metrics of all traffic, as before
	pmuctl -q --sysfs-root "$T410" -j stat --dry-run -M t410_ucf
	[ "$(jq_py 'any("src_loc_noncpu" in e["event"] for e in d["events"])')" = False ]
}

@test "metrics: two families that give one name, one HELP and TYPE in OpenMetrics, their series apart by family" {
	# a Yitian 710's DesignWare root ports and a CMN mesh, each with pcie_rd_bw
	python3 "$BATS_TEST_DIRNAME/../fleet_tree.py" counted "$BATS_TEST_TMPDIR/y" "$FIX/yitian710-dwc-live" "$FIX/graviton-live"
	pmuctl -q --sysfs-root "$BATS_TEST_TMPDIR/y/sys" stat -M pcie_rd_bw --per-socket --format=openmetrics --duration 0.1
	[ "$status" -eq 0 ]
	[ "$(grep -c '^# TYPE pmuctl_pcie_rd_bw_bytes_per_second ' <<<"$output")" -eq 1 ]
	# before, two blocks, and socket 0's series twice alike, which Prometheus refuses whole
	[ "$(grep -c '^pmuctl_pcie_rd_bw_bytes_per_second{family="dwc_pcie",socket="0"} ' <<<"$output")" -eq 1 ]
	[ "$(grep -c '^pmuctl_pcie_rd_bw_bytes_per_second{family="arm_cmn",socket="0"} ' <<<"$output")" -eq 1 ]
	run promtool check metrics <<<"$output"
	[ "$status" -eq 0 ]
}
