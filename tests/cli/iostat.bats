#!/usr/bin/env bats
# pmuctl iostat: perf iostat's list and four MB columns per root port, on the live Tegra410
# (its PCIE PMUs count cpu-clock nanoseconds there, so rd_bytes grows 1e9 a second).
load helpers

HEADER="    port             Inbound Read(MB)    Inbound Write(MB)    Outbound Read(MB)   Outbound Write(MB)"

@test "iostat list: perf's S<socket>-<PMU><<port>> per root port, the functions below it" {
	pmuctl --sysfs-root "$LIVE" iostat list
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 21 ]
	[ "${lines[0]}" = "S0-nvidia_pcie_pmu_0_rc_0<0001:00:00.0>  0001:01:00.0 (Samsung Electronics Co Ltd NVMe SSD Controller PM9A1/PM9A3/980PRO)" ]
	[ "${lines[8]}" = "S0-nvidia_pcie_pmu_0_rc_4<0005:40:00.0>  0005:41:00.0 (Mellanox Technologies MT43244 BlueField-3 integrated ConnectX-7 network controller), 0005:41:00.1 (Mellanox Technologies MT43244 BlueField-3 integrated ConnectX-7 network controller)" ]
	[ "${lines[20]}" = "S1-nvidia_pcie_pmu_1_rc_5<000e:00:00.0>  000e:01:00.0 (Samsung Electronics Co Ltd NVMe SSD Controller PM9A1/PM9A3/980PRO)" ]
	pmuctl --sysfs-root "$LIVE" -j iostat list
	[ "$status" -eq 0 ]
	[ "$(jq_py 'd[8]')" = "{'port': '0005:40:00.0', 'pmu': 'nvidia_pcie_pmu_0_rc_4', 'socket': 0, 'functions': ['0005:41:00.0', '0005:41:00.1']}" ]
}

@test "iostat -- sleep: perf iostat's header, a row per root port, the time elapsed" {
	pmuctl --sysfs-root "$LIVE" iostat -- sleep 0.2
	# the fixture's PCIE-TGT port filters are no software event: those columns are n/a, exit 2
	[ "$status" -eq 2 ]
	grep -qxF " Performance counter stats for 'sleep 0.2':" <<<"$output"
	grep -qxF "$HEADER" <<<"$output"
	[ "$(grep -cE '^[0-9a-f]{4}:[0-9a-f]{2}:00\.0 +[0-9]+ +[0-9]+ +([0-9]+|n/a) +([0-9]+|n/a)$' <<<"$output")" -eq 21 ]
	grep -qE '^0005:40:00\.0 +[0-9]+ +[0-9]+ +n/a +n/a$' <<<"$output"
	grep -qE '^ +[0-9]+\.[0-9]{9} seconds time elapsed$' <<<"$output"
}

@test "iostat: a column is MB (2^20 bytes) of its metric's bytes over the time counted" {
	pmuctl --sysfs-root "$LIVE" -j iostat 0005:41:00.0 --duration 0.3
	# the port's PCIE-TGT filter is no software event on the fixture: outbound n/a, exit 2
	[ "$status" -eq 2 ]
	output=$(grep -v '^pmuctl: warning' <<<"$output")
	# a function names its whole port; rd_bytes here is nanoseconds of cpu-clock: MB x 2^20 = 1e9 x time
	[ "$(jq_py 'd["ports"][0]["port"]')" = 0005:40:00.0 ]
	[ "$(jq_py 'd["ports"][0]["outbound_read_mb"]')" = None ]
	python3 -c 'import json, sys
d = json.loads(sys.argv[1]); p = d["ports"][0]
for k in ("inbound_read_mb", "inbound_write_mb"):
    bytes_ = p[k] * 2**20
    sys.exit(0 if abs(bytes_ - 1e9 * d["time_s"]) <= 0.02 * 1e9 * d["time_s"] else 1)' "$output"
}

@test "iostat -x and -I: a header, a line per port and interval, the coverage perf does not print" {
	pmuctl --sysfs-root "$LIVE" iostat 0005:40:00.0 -x, --duration 0.1
	[ "$status" -eq 2 ]
	output=$(grep -v '^pmuctl: warning' <<<"$output")
	mapfile -t lines <<<"$output"
	[ "${lines[0]}" = "port,Inbound Read(MB),Inbound Write(MB),Outbound Read(MB),Outbound Write(MB),coverage%" ]
	[[ "${lines[1]}" =~ ^0005:40:00\.0,[0-9]+,[0-9]+,,,100\.00$ ]]
	[ "${#lines[@]}" -eq 2 ]
	pmuctl --sysfs-root "$LIVE" iostat 0005:40:00.0,0001:00:00.0 -I 100 --interval-count 2
	output=$(grep -v '^pmuctl: warning' <<<"$output")
	mapfile -t lines <<<"$output"
	[ "${lines[0]}" = "#          time    port             Inbound Read(MB)    Inbound Write(MB)    Outbound Read(MB)   Outbound Write(MB)" ]
	[ "$(grep -cE '^ +0\.[0-9]{9} 0005:40:00\.0 ' <<<"$output")" -eq 2 ]
	[ "$(grep -cE '^ +0\.[0-9]{9} 0001:00:00\.0 ' <<<"$output")" -eq 2 ]
	[ "$status" -eq 2 ]
}

@test "iostat: a machine whose families do not count its columns says which do; usage errors" {
	pmuctl --sysfs-root "$DWC_LIVE" iostat list
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: iostat list: no root port that a PMU of this machine counts perf iostat's traffic on; the families that do: NVIDIA Tegra410 PCIE, NVIDIA Tegra410 PCIE-TGT, Intel IIO (pmuctl-iostat(1) says why not the others)" ]
	pmuctl --sysfs-root "$DWC_LIVE" iostat --duration 0.1
	[ "$status" -eq 1 ]
	pmuctl --sysfs-root "$LIVE" iostat list 0005:40:00.0
	[ "$status" -eq 64 ]
	[ "${lines[0]}" = "pmuctl iostat: iostat list lists the root ports and their functions: it takes no ports, -I, --duration, --per-device, --dry-run or command" ]
	pmuctl --sysfs-root "$LIVE" iostat --interval-count 2
	[ "$status" -eq 64 ]
	pmuctl --sysfs-root "$LIVE" iostat 0005:99:00.0 --duration 0.1
	[ "$status" -eq 1 ]
}

@test "iostat takes perf iostat's ports (dddd:bb, a root bus); an error names the word typed, never --device" {
	pmuctl --sysfs-root "$LIVE" iostat 0005:40,0001:00 -x, --duration 0.1
	[ "$status" -eq 2 ]
	output=$(grep -v '^pmuctl: warning' <<<"$output")
	mapfile -t lines <<<"$output"
	# each root bus gives its root port, as perf iostat's dddd:bb names its IIO stack
	[[ "${lines[1]}" =~ ^0005:40:00\.0,[0-9]+,[0-9]+,,,100\.00$ ]]
	[[ "${lines[2]}" =~ ^0001:00:00\.0,[0-9]+,[0-9]+,[0-9]+,[0-9]+,100\.00$ ]]
	[ "${#lines[@]}" -eq 3 ]
	pmuctl --sysfs-root "$LIVE" iostat lst -- true
	[ "$status" -eq 64 ]
	[ "$output" = "pmuctl: error: iostat: 'lst' is no port: give a root bus as perf iostat does (dddd:bb, like 0001:00), a root port's BDF or a function's below it, or 'list' alone" ]
	pmuctl --sysfs-root "$LIVE" iostat 0005:99 -- true
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: iostat 0005:99: no root port on root bus 0005:99 that a PMU counts perf iostat's traffic on (pmuctl iostat list names the ports)" ]
	pmuctl --sysfs-root "$LIVE" iostat 0005:99:00.0 -- true
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: iostat 0005:99:00.0: no such PCI function on this machine (pmuctl iostat list lists them)" ]
}

@test "iostat --per-device: under each port a row per function below it" {
	pmuctl --sysfs-root "$LIVE" iostat --per-device 0005:40:00.0,0001:00:00.0 --duration 0.1
	[ "$status" -eq 2 ]
	output=$(grep -v '^pmuctl: warning' <<<"$output")
	mapfile -t lines < <(grep -E '^ *[0-9a-f]{4}:' <<<"$output")
	# each port, then its functions indented in its column, in the order given
	[ "$(printf '%s\n' "${lines[@]}" | cut -c1-16 | tr '\n' '|')" = "0005:40:00.0    |  0005:41:00.0  |  0005:41:00.1  |0001:00:00.0    |  0001:01:00.0  |" ]
	[[ "${lines[1]}" =~ ^\ \ 0005:41:00\.0\ +[0-9]+\ +[0-9]+\ +n/a\ +n/a$ ]]
	# -x: the port on every line, the function beside it (empty on the port's own line)
	pmuctl --sysfs-root "$LIVE" iostat --per-device 0005:40:00.0 -x, --duration 0.1
	output=$(grep -v '^pmuctl: warning' <<<"$output")
	mapfile -t lines <<<"$output"
	[ "${lines[0]}" = "port,function,Inbound Read(MB),Inbound Write(MB),Outbound Read(MB),Outbound Write(MB),coverage%" ]
	[[ "${lines[1]}" =~ ^0005:40:00\.0,,[0-9]+,[0-9]+,,,100\.00$ ]]
	[[ "${lines[2]}" =~ ^0005:40:00\.0,0005:41:00\.0,[0-9]+,[0-9]+,,,100\.00$ ]]
	[[ "${lines[3]}" =~ ^0005:40:00\.0,0005:41:00\.1,[0-9]+,[0-9]+,,,100\.00$ ]]
	[ "${#lines[@]}" -eq 4 ]
	# JSON: function null for the port whole
	pmuctl --sysfs-root "$LIVE" -j iostat --per-device 0005:40:00.0 --duration 0.1
	output=$(grep -v '^pmuctl: warning' <<<"$output")
	[ "$(jq_py '[(p["port"], p["function"], p["pmu"]) for p in d["ports"]]')" = "[('0005:40:00.0', None, 'nvidia_pcie_pmu_0_rc_4'), ('0005:40:00.0', '0005:41:00.0', 'nvidia_pcie_pmu_0_rc_4'), ('0005:40:00.0', '0005:41:00.1', 'nvidia_pcie_pmu_0_rc_4')]" ]
	pmuctl --sysfs-root "$LIVE" iostat list --per-device
	[ "$status" -eq 64 ]
	[[ "${lines[0]}" == *"iostat list lists the root ports and their functions: it takes no ports, -I, --duration, --per-device, --dry-run or command" ]]
}
