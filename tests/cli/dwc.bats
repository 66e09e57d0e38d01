#!/usr/bin/env bats
# Synopsys DesignWare PCIe PMUs (dwc_rootport_<sbdf>, one per root port) on a Yitian 710 machine:
# one descriptor file (pmu/family/dwc_pcie.c) and its row in the family table.
load helpers

teardown() {
	stop_background
}

# the exposition has every root port's L0 counter
scraped() {
	curl -sf "http://127.0.0.1:$PORT/metrics" >"$BATS_TEST_TMPDIR/d.prom" &&
		[ "$(grep -c '^pmuctl_dwc_pcie_l0_total{' "$BATS_TEST_TMPDIR/d.prom")" -eq 3 ]
}

# a recording: 20e9 and 8e9 bytes at 30:03.0, 4e9 and 2e9 at 30:05.0 (perf's counts, scaled to
# the whole 2 s from the half each ran)
record() {
	printf '%s\n' '# started on Sat Nov 21 06:00:00 2026' '' \
		'20000000000,,dwc_rootport_3018/Rx_PCIe_TLP_Data_Payload/,1000000000,50.00,,' \
		'8000000000,,dwc_rootport_3018/Tx_PCIe_TLP_Data_Payload/,1000000000,50.00,,' \
		'4000000000,,dwc_rootport_3028/Rx_PCIe_TLP_Data_Payload/,1000000000,50.00,,' \
		'2000000000,,dwc_rootport_3028/Tx_PCIe_TLP_Data_Payload/,1000000000,50.00,,' \
		'2000000000,ns,duration_time,2000000000,100.00,,' >"$BATS_TEST_TMPDIR/rec.csv"
}

@test "dwc: list names each root port's PMU by the port its name encodes" {
	pmuctl --sysfs-root "$DWC" list
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "Synopsys DesignWare PCIe" ]
	[[ "${lines[1]}" =~ ^\ \ dwc_rootport_3018\ +root\ port\ 0000:30:03.0\ + ]]
	[[ "${lines[3]}" =~ ^\ \ dwc_rootport_8008\ +root\ port\ 0000:80:01.0\ + ]]
	pmuctl --sysfs-root "$DWC" -j list dwc_rootport_3028
	[ "$(jq_py '(d["pmus"][0]["family"], d["pmus"][0]["root_port"])')" = "('dwc_pcie', '0000:30:05.0')" ]
}

@test "dwc: map puts each root port beside its own PMU, the devices below it named with it, by socket" {
	pmuctl --sysfs-root "$DWC" map
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "socket 0" ]
	[[ "${lines[1]}" =~ ^\ \ \ \ 30:03.0\ +port\ +dwc_rootport_3018\  ]]
	# the port's PMU counts its devices with the rest of the port: named, and said so
	[[ "${lines[2]}" =~ ^\ \ \ \ \ \ 31:00.0\ +dwc_rootport_3018,\ port\ whole\ +Samsung ]]
	[ "${lines[6]}" = "socket 1" ]
	[[ "${lines[7]}" =~ ^\ \ \ \ 80:01.0\ +port\ +dwc_rootport_8008\  ]]
	pmuctl --sysfs-root "$DWC" -j map 30:05.0
	# no filter selects the port: the PMU is the port's own (no trailing comma, as there was)
	[ "$(jq_py 'd[0]["requester"]["event"]')" = "dwc_rootport_3028/Rx_PCIe_TLP_Data_Payload/" ]
	[ "$(jq_py '(d[0]["location"]["socket"], d[0]["location"]["numa_node"], d[0]["location"]["root_port"])')" = "(0, 0, '0000:30:05.0')" ]
	pmuctl --sysfs-root "$DWC" stat --dry-run -e "$(jq_py 'd[0]["requester"]["event"]')"
	[ "$status" -eq 0 ]
	# a device below: no event counts it alone, its port's event counts it with the port
	pmuctl --sysfs-root "$DWC" -j map 32:00.1
	[ "$(jq_py '[d[0]["requester"][k] for k in ("pmu", "filter", "event", "root_port_filter", "root_port_event")]')" = "['dwc_rootport_3028', '', None, '', 'dwc_rootport_3028/Rx_PCIe_TLP_Data_Payload/']" ]
}

@test "dwc: a lane event needs lane=, as perf says; lane= encodes beside eventid and type" {
	pmuctl --sysfs-root "$DWC" stat --dry-run -e dwc_rootport_3018/rx_memory_read/
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: Required parameter 'lane' not specified: event 'rx_memory_read' of PMU 'dwc_rootport_3018' asks for it ('eventid=0x70c,type=0x1,lane=?'); add lane=N" ]
	[ "${lines[2]}" = "                    ^~~~~~~~~~~~~~" ]
	pmuctl --sysfs-root "$DWC" -j stat --dry-run -e dwc_rootport_3018/rx_memory_read,lane=4/ -e dwc_rootport_3018/Rx_PCIe_TLP_Data_Payload/
	[ "$status" -eq 0 ]
	[ "$(jq_py '[e["config"] for e in d["events"]]')" = "['0x41070c', '0x21']" ]
}

@test "dwc: the driver's refusals (dwc_pcie_pmu_event_init) and its one counter per type" {
	pmuctl --sysfs-root "$DWC" stat --dry-run -e 'dwc_rootport_3018/eventid=1,type=2/'
	[ "$status" -ne 0 ]
	[ "${lines[0]}" = "pmuctl: error: type=2 on 'dwc_rootport_3018': the driver counts type 0 (time-based) and 1 (lane events) only (dwc_pcie_pmu_event_init)" ]
	pmuctl --sysfs-root "$DWC" stat --dry-run -e '{dwc_rootport_3018/L0/,dwc_rootport_3018/one_cycle/}'
	[ "$status" -ne 0 ]
	[[ "${lines[0]}" == "pmuctl: error: 'dwc_rootport_3018/one_cycle/' follows 'dwc_rootport_3018/L0/' in a group: the driver takes a DesignWare event only as a group's leader or after a software event"* ]]
	# after a software leader it is the driver's to take
	pmuctl --sysfs-root "$DWC" stat --dry-run -e '{cpu-clock,dwc_rootport_3018/L0/}'
	[ "$status" -eq 0 ]
	# two lane events share the one lane counter: the schedule rotates them (its bank of one)
	pmuctl --sysfs-root "$DWC" stat --dry-run -e dwc_rootport_3018/rx_memory_read,lane=0/ -e dwc_rootport_3018/tx_memory_read,lane=1/
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "pmuctl: warning: 'dwc_rootport_3018': 2 events need 2 counters of one kind at once, and it has 1 (one counter per event type, dwc_pcie_pmu_event_add): the kernel rotates them, some counting 50% of the time (--dry-run shows which); count fewer at once" ]
	pmuctl -q --sysfs-root "$DWC" -j stat --dry-run -e dwc_rootport_3018/rx_memory_read,lane=0/ -e dwc_rootport_3018/tx_memory_read,lane=1/
	[ "$(jq_py '[(s["counters"], s["counters_needed"], s["rotates"], s["coverage_predicted"]) for s in d["schedule"]]')" = "[(1, 2, True, 0.5)]" ]
	# a lane event beside a time-based one: one counter each, nothing rotates, nothing said
	pmuctl --sysfs-root "$DWC" -j stat --dry-run -e dwc_rootport_3018/rx_memory_read,lane=0/ -e dwc_rootport_3018/Rx_PCIe_TLP_Data_Payload/
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(s["counters"], s["counters_needed"], s["rotates"], s["coverage_predicted"]) for s in d["schedule"]]')" = "[(1, 1, False, 1.0)]" ]
	pmuctl --sysfs-root "$DWC" stat --dry-run -e dwc_rootport_3018/Rx_PCIe_TLP_Data_Payload/ -e dwc_rootport_3018/Tx_PCIe_TLP_Data_Payload/
	[[ "${lines[0]}" == "pmuctl: warning: 'dwc_rootport_3018': 2 events need 2 counters of one kind at once, and it has 1 (one counter per event type, dwc_pcie_pmu_event_add)"* ]]
}

@test "dwc: --per-device gives a row per root port, method port, the document's bandwidth" {
	record
	pmuctl -q --sysfs-root "$DWC" -j stat --input "$BATS_TEST_TMPDIR/rec.csv" --per-device
	[ "$status" -eq 0 ]
	# 20e9 bytes over 2 s: 10 GB/s; unrecorded 80:01.0 has no values and no share
	[ "$(jq_py '[(r["device"], r["method"], r["values"]["dwc_pcie_rx_bw"], r["values"]["dwc_pcie_tx_bw"], r["running_pct"]) for r in d["devices"]]')" = \
		"[('0000:30:03.0', 'port', 10.0, 4.0, 50.0), ('0000:30:05.0', 'port', 2.0, 1.0, 50.0), ('0000:80:01.0', 'port', None, None, None)]" ]
	pmuctl -q --sysfs-root "$DWC" stat --input "$BATS_TEST_TMPDIR/rec.csv" --per-device
	[[ "${lines[2]}" =~ ^\ \ 0000:30:03.0\ +0\ +-\ +-\ port\ +10.0000\ +4.0000\ +50.0%\ +16GT/s\ x8\  ]]
	# a row with nothing counted says n/a, not 100%; its socket from its NUMA node
	[[ "${lines[4]}" =~ ^\ \ 0000:80:01.0\ +1\ +-\ +-\ port\ +n/a\ +n/a\ +n/a\ +down ]]
}

@test "dwc: group-0 events count on the live example (the bandwidth ones are no software event there)" {
	pmuctl -q --sysfs-root "$DWC_LIVE" -j stat -M dwc_pcie_l0_share --duration 0.1 --per-pmu
	[ "$status" -eq 0 ]
	[ "$(jq_py 'len(d["metrics"])')" -eq 3 ]
	# L0 is event 3 there, the software PMU's context switches (an idle CPU may have none in
	# 0.1 s); one_cycle its cpu-clock, which always runs: a number, never n/a
	[ "$(jq_py 'all(m["value"] is not None and m["value"] >= 0 and m["coverage"] == 1.0 for m in d["metrics"])')" = True ]
	pmuctl --sysfs-root "$DWC_LIVE" stat -M dwc_pcie_rx_bw --duration 0.1
	[ "$status" -eq 1 ]
	[ "${lines[-1]}" = "pmuctl: error: no event could be counted" ]
}

@test "dwc: top shows a row per root port, selected as its own PMU's" {
	pmuctl -q --sysfs-root "$DWC_LIVE" top -b -M dwc_pcie_l0_share -n 1 -I 100
	[ "$status" -eq 0 ]
	[ "$(grep -cE '^  0000:[38]0:0[135].0  [01]  -  - port ' <<<"$output")" -eq 3 ]
}

@test "dwc: serve --per-device labels each root port's own counters with its pci_bus_id, and its socket by its cpumask CPU" {
	command -v curl >/dev/null || skip "curl is not installed"
	background "$PMUCTL" --sysfs-root "$DWC_LIVE" serve --listen 127.0.0.1:0 -I 100 --per-device -M dwc_pcie_l0_share
	wait_for "serve to listen" listening
	wait_for "the three ports' counters" scraped
	grep -q '^pmuctl_dwc_pcie_l0_total{pmu="dwc_rootport_3018",socket="0",pci_bus_id="00000000:30:03.0",event="dwc_rootport_3018/L0/"} [0-9]*$' "$BATS_TEST_TMPDIR/d.prom"
	grep -q '^pmuctl_dwc_pcie_one_cycle_total{pmu="dwc_rootport_8008",socket="1",pci_bus_id="00000000:80:01.0",event="dwc_rootport_8008/one_cycle/"} [0-9]*$' "$BATS_TEST_TMPDIR/d.prom"
}

@test "dwc: --device of a root port counts through its own PMU, method port; a device below it only with --root-port" {
	pmuctl -q --sysfs-root "$DWC" -j stat --dry-run -M dwc_pcie_rx_bw --device 0000:30:03.0
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(e["event"], e["device"], e["method"]) for e in d["events"]]')" = \
		"[('dwc_rootport_3018/Rx_PCIe_TLP_Data_Payload/', '0000:30:03.0', 'port')]" ]
	pmuctl --sysfs-root "$DWC" stat --dry-run -M dwc_pcie_rx_bw --device 0000:31:00.0
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: --device 0000:31:00.0: dwc_rootport_3018 counts its root port 0000:30:03.0 whole, and no filter selects one function there: add --root-port to count the port" ]
	pmuctl -q --sysfs-root "$DWC" -j stat --dry-run -M dwc_pcie_rx_bw --device 0000:31:00.0 --root-port
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(e["event"], e["device"]) for e in d["events"]]')" = "[('dwc_rootport_3018/Rx_PCIe_TLP_Data_Payload/', '0000:30:03.0')]" ]
}

@test "dwc: '?' is a sysfs event's way to ask for a value, not a metric filter's: refused, with the parser's reason" {
	printf '[{"name": "q_bw", "family": "dwc_pcie", "expr": "rx_memory_read / duration_time", "unit": "1/s", "description": "lane", "filter": "lane=?"}]\n' >"$BATS_TEST_TMPDIR/q.json"
	pmuctl --sysfs-root "$DWC" stat --dry-run --metrics-file "$BATS_TEST_TMPDIR/q.json" -M q_bw
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: metric 'q_bw': filter 'lane=?': unexpected '?', expected a value after '='" ]
}
