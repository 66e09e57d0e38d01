#!/usr/bin/env bats
# stat --per-device: every function below a Tegra410 root port, each selected the exact way
# its place allows (its root port's bit when alone there, its BDF otherwise, its BARs' address
# filters for traffic to it), one row each with RC and socket sums.
load helpers

# The live example's 29 functions below a root port (its 12 switch ports are no rows): the 5
# alone below theirs count by rp
LONE="0001:01:00.0 0003:01:00.0 0006:01:00.0 000b:01:00.0 000e:01:00.0"

@test "per-device: every function below a root port of the live example is a row, with its method" {
	pmuctl -q --sysfs-root "$LIVE" -j stat --per-device -M t410_pcie_rd_bw --duration 0.2
	[ "$status" -eq 0 ]
	[ "$(jq_py 'len(d["devices"])')" = 29 ]
	[ "$(jq_py 'sorted(x["device"] for x in d["devices"] if x["method"] == "rp")')" = "$(python3 -c 'import sys; print(sorted(sys.argv[1:]))' $LONE)" ]
	[ "$(jq_py 'all(x["method"] == "bdf" for x in d["devices"] if x["device"] not in "'"$LONE"'".split())')" = True ]
	# every row counted: a bandwidth, and the rc and socket sums of it
	[ "$(jq_py 'all(x["values"]["t410_pcie_rd_bw"] > 0 for x in d["devices"])')" = True ]
	[ "$(jq_py '[(s["socket"], s["rc"], s["devices"]) for s in d["subtotals"] if s["rc"] is None]')" = "[(0, None, 15), (1, None, 14)]" ]
	# text: one row per device, the method beside it
	pmuctl --sysfs-root "$LIVE" stat --per-device -M t410_pcie_rd_bw --duration 0.2
	[ "$status" -eq 0 ]
	[ "$(grep -cE '^  [0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-7] +[01] +[0-5] +[0-9] (rp|bdf) ' <<<"$output")" = 29 ]
	[[ "$output" == *"  0001:01:00.0  0  0  0 rp "*"Samsung Electronics Co Ltd NVMe SSD Controller"* ]]
}

@test "per-device: --dry-run gives each device the filters map -j prints for it" {
	pmuctl -q --sysfs-root "$T410" -j stat --dry-run --per-device -M t410_pcie_rd_bw,t410_pcie_tgt_rd_bw
	[ "$status" -eq 0 ]
	echo "$output" >"$BATS_TEST_TMPDIR/plan.json"
	pmuctl --sysfs-root "$T410" -j map
	echo "$output" >"$BATS_TEST_TMPDIR/map.json"
	run /usr/bin/python3 - "$BATS_TEST_TMPDIR/plan.json" "$BATS_TEST_TMPDIR/map.json" <<'PY'
import json, sys
plan = json.load(open(sys.argv[1]))["events"]
fns = {f["bdf"]: f for f in json.load(open(sys.argv[2]))}
bad, seen = [], set()
for e in plan:
    f = fns[e["device"]]
    seen.add(e["device"])
    c1, c2 = int(e["config1"], 16), int(e["config2"], 16)
    req, tgt = f["requester"], f["target"]
    if e["method"] == "rp":
        ok = e["pmu"] == req["pmu"] and req["root_port_filter"] == "src_rp_mask=0x%x" % c1
    elif e["method"] == "bdf":
        ok = e["pmu"] == req["pmu"] and c1 == (1 << 24 | f["src_bdf"] << 8)
    else:
        t = [dict(kv.split("=") for kv in x["filter"].split(",")) for x in tgt["bars"] if x["bar"] == e["bar"]]
        ok = e["pmu"] == tgt["pmu"] and len(t) == 1 and c1 == int(t[0]["dst_addr_base"], 16) \
            and c2 == int(t[0]["dst_addr_mask"], 16) and int(e["config"], 16) == 0x800
    if not ok:
        bad.append(e["event"])
print(len(seen), "devices,", len(plan), "events,", len(bad), "differ", bad[:3])
PY
	[ "$output" = "29 devices, 87 events, 0 differ []" ]
}

@test "per-device: each function's resource file is read only when a metric filters by BAR" {
	local n
	n=$(ls "$T410/bus/pci/devices" | wc -l)
	trace_opens -q --sysfs-root "$T410" stat --dry-run --per-device -M t410_pcie_rd_bw
	[ "$status" -eq 0 ]
	# before: every function's directory opened and its BARs read, which only PCIE-TGT's filters use
	run grep -c 'resource"' "$BATS_TEST_TMPDIR/trace"
	[ "$output" = 0 ]
	run grep -c 'bus/pci/devices/[^/"]*"' "$BATS_TEST_TMPDIR/trace"
	[ "$output" = 0 ]
	trace_opens -q --sysfs-root "$T410" stat --dry-run --per-device -M t410_pcie_rd_bw,t410_pcie_tgt_rd_bw
	[ "$status" -eq 0 ]
	# by its path: a kernel without NUMA has nothing else in the directory to read
	run grep -c 'bus/pci/devices/[^/"]*/resource"' "$BATS_TEST_TMPDIR/trace"
	[ "$output" = "$n" ]
}

@test "per-device: values from a recording, BARs summed, rows sorted, RC and socket sums, the running share" {
	pmuctl -q --sysfs-root "$T410" -j stat --dry-run --per-device -M t410_pcie_rd_bw,t410_pcie_tgt_rd_bw --socket 0 --rc 4
	[ "$status" -eq 0 ]
	# event k counts k * 1e8 in 2 s; the BDF groups ran half the time
	/usr/bin/python3 -c '
import json, sys
for i, e in enumerate(json.loads(sys.argv[1])["events"]):
    print("%d,,%s,2000000000,%s,," % ((i + 1) * 100000000, e["event"], "50.00" if e["method"] == "bdf" else "100.00"))
print("2000000000,ns,duration_time,2000000000,100.00,,")' "$output" >"$BATS_TEST_TMPDIR/rec.csv"
	pmuctl -q --sysfs-root "$T410" -j stat --input "$BATS_TEST_TMPDIR/rec.csv" --per-device -M t410_pcie_rd_bw,t410_pcie_tgt_rd_bw --socket 0 --rc 4 --sort t410_pcie_tgt_rd_bw
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(x["device"], x["method"], round(x["values"]["t410_pcie_rd_bw"], 6), round(x["values"]["t410_pcie_tgt_rd_bw"], 6), x["running_pct"]) for x in d["devices"]]')" = "[('0005:41:00.1', 'bdf', 0.2, 1.15, 50.0), ('0005:41:00.0', 'bdf', 0.15, 0.95, 50.0), ('0005:01:00.1', 'bdf', 0.1, 0.75, 50.0), ('0005:01:00.0', 'bdf', 0.05, 0.55, 50.0)]" ]
	[ "$(jq_py '[(s["socket"], s["rc"], s["devices"], round(s["values"]["t410_pcie_rd_bw"], 6), round(s["values"]["t410_pcie_tgt_rd_bw"], 6)) for s in d["subtotals"]]')" = "[(0, 4, 4, 0.5, 3.4), (0, None, 4, 0.5, 3.4)]" ]
	# CSV: a line per device, then the sums, a column per metric; read back with Python's csv
	pmuctl -q --sysfs-root "$T410" stat --input "$BATS_TEST_TMPDIR/rec.csv" --per-device -M t410_pcie_rd_bw,t410_pcie_tgt_rd_bw --socket 0 --rc 4 --sort t410_pcie_tgt_rd_bw --format=csv
	[ "$status" -eq 0 ]
	run /usr/bin/python3 -c '
import csv, sys
rows = list(csv.reader(sys.argv[1].splitlines()))
print(rows[0][:11], [(r[0], r[1], r[3], r[4], r[6], r[7], r[9], r[10], round(float(r[11]), 6), round(float(r[12]), 6)) for r in rows[1:]])' "$output"
	# the sums' device counts in a devices column of their own; the root port as map -j names it
	[ "$output" = "['kind', 'device', 'name', 'socket', 'rc', 'rp', 'root_port', 'method', 'target_bars', 'devices', 'running_pct'] [('device', '0005:41:00.1', '0', '4', '0005:40:00.0', 'bdf', '', '50.00', 0.2, 1.15), ('device', '0005:41:00.0', '0', '4', '0005:40:00.0', 'bdf', '', '50.00', 0.15, 0.95), ('device', '0005:01:00.1', '0', '4', '0005:00:00.0', 'bdf', '', '50.00', 0.1, 0.75), ('device', '0005:01:00.0', '0', '4', '0005:00:00.0', 'bdf', '', '50.00', 0.05, 0.55), ('rc', '', '0', '4', '', '', '4', '', 0.5, 3.4), ('socket', '', '0', '', '', '', '4', '', 0.5, 3.4)]" ]
	pmuctl -q --sysfs-root "$T410" stat --input "$BATS_TEST_TMPDIR/rec.csv" --per-device -M t410_pcie_rd_bw,t410_pcie_tgt_rd_bw --socket 0 --rc 4 --sort t410_pcie_tgt_rd_bw
	# its link x8 at 32 GT/s (31.51 GB/s each way, downtrained: !): 0.2 toward it, 1.15 from it
	[ "${lines[2]}" = "  0005:41:00.1  0  4  1 bdf             0.2000              1.1500   50.0%  32GT/s x8!     0.6%   3.6%  Mellanox Technologies MT43244 BlueField-3 integrated ConnectX-7 network controller" ]
	[ "${lines[6]}" = "  ! downtrained: the link trained below what the device and its port both support (pmuctl map --downtrained)" ]
	[ "${lines[7]}" = "  socket 0 rc 4                          0.5000              3.4000  4 devices" ]
}

@test "per-device: -d, --socket and --rc select rows; the flags need --per-device; no match is an error" {
	pmuctl --sysfs-root "$T410" -j stat --dry-run --per-device -M t410_pcie_rd_bw -d 144d:
	[ "$status" -eq 0 ]
	[ "$(jq_py 'sorted(set(e["device"] for e in d["events"]))')" = "['0001:01:00.0', '0003:01:00.0', '0006:01:00.0', '000b:01:00.0', '000e:01:00.0']" ]
	pmuctl --sysfs-root "$T410" -j stat --dry-run --per-device -M t410_pcie_rd_bw --socket 1 --rc 2
	[ "$(jq_py 'sorted(set(e["device"] for e in d["events"]))')" = "['000b:01:00.0']" ]
	pmuctl --sysfs-root "$T410" stat --dry-run --per-device -M t410_pcie_rd_bw --rc 9
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: --per-device: no PCI function that a PMU of this machine selects matches -d, --socket and --rc (pmuctl map shows them)" ]
	pmuctl --sysfs-root "$T410" stat --dry-run -M t410_pcie_rd_bw --rc 1
	[ "$status" -eq 64 ]
	[[ "${lines[0]}" == *"-d, --socket, --rc and --sort are for the rows of --per-device: add --per-device" ]]
	pmuctl --sysfs-root "$T410" stat --dry-run --per-device --per-pmu
	[ "$status" -eq 64 ]
	[[ "${lines[0]}" == "pmuctl stat: --per-device counts each function with its own filter: it takes no --root-port or --per-pmu" ]]
	pmuctl --sysfs-root "$LIVE" stat --per-device --sort nope --duration 0.1
	[ "$status" -eq 64 ]
	[[ "$output" == "pmuctl: error: --sort nope: not a metric of -M "* ]]
	# rows named by --device are checked the same
	pmuctl --sysfs-root "$T410" stat --dry-run --per-device --device 0005:41:00.0 --sort nope
	[ "$status" -eq 64 ]
	[[ "$output" == "pmuctl: error: --sort nope: not a metric of -M "* ]]
}

@test "per-device: without -M, what the machine's PMUs can count: PCIe on Tegra410, NIC functions on HNS3, endpoints on HiSilicon PCIe" {
	pmuctl -q --sysfs-root "$HIP09" -j stat --dry-run --per-device
	[ "$status" -eq 0 ]
	# every family of the machine's defaults, each function on its own family's PMU
	[ "$(jq_py 'sorted(set(e["metric"] for e in d["events"]))')" = "['hisi_pcie_rx_mwr_flux_rate', 'hisi_pcie_tx_cpl_flux_rate', 'hns3_bw_ssu_rpu', 'hns3_bw_tpu_ssu']" ]
	[ "$(jq_py 'sorted(set((e["device"], e["method"], e["filter_mode"]) for e in d["events"] if e["family"] == "hns3"))[0]')" = "('0000:35:00.0', 'bdf', 'func')" ]
	[ "$(jq_py 'sorted(set((e["device"], e["family"]) for e in d["events"]))[0]')" = "('0000:01:00.0', 'hisi_pcie')" ]
	pmuctl -q --sysfs-root "$T410" -j stat --dry-run --per-device
	[ "$(jq_py 'sorted(set(e["metric"] for e in d["events"]))')" = "['t410_pcie_rd_bw', 't410_pcie_tgt_rd_bw', 't410_pcie_tgt_wr_bw', 't410_pcie_wr_bw']" ]
	# --sort names the columns this machine has
	pmuctl --sysfs-root "$HIP09" stat --dry-run --per-device --sort nope
	[ "$status" -eq 64 ]
	[ "$output" = "pmuctl: error: --sort nope: not a metric of -M hns3_bw_ssu_rpu,hns3_bw_tpu_ssu,hisi_pcie_rx_mwr_flux_rate,hisi_pcie_tx_cpl_flux_rate, whose values are the columns" ]
}

@test "per-device: OpenMetrics has a value per device with its device, socket and rc labels, and promtool accepts it" {
	command -v promtool >/dev/null || skip "promtool is not in build/tools (the test command puts it there)"
	pmuctl -q --sysfs-root "$T410" -j stat --dry-run --per-device -M t410_pcie_rd_bw --socket 0 --rc 4
	/usr/bin/python3 -c '
import json, sys
for i, e in enumerate(json.loads(sys.argv[1])["events"]):
    print("%d,,%s,2000000000,100.00,," % ((i + 1) * 100000000, e["event"]))
print("2000000000,ns,duration_time,2000000000,100.00,,")' "$output" >"$BATS_TEST_TMPDIR/rec.csv"
	pmuctl -q --sysfs-root "$T410" stat --input "$BATS_TEST_TMPDIR/rec.csv" --per-device -M t410_pcie_rd_bw --socket 0 --rc 4 --format=openmetrics
	[ "$status" -eq 0 ]
	[ "$(grep -c '^pmuctl_t410_pcie_rd_bw_bytes_per_second{' <<<"$output")" = 4 ]
	grep -qF 'pmuctl_t410_pcie_rd_bw_bytes_per_second{pmu="nvidia_pcie_pmu_0_rc_4",socket="0",rc="4",pci_bus_id="00000005:41:00.1"} 200000000' <<<"$output"
	run promtool check metrics <<<"$output"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
}

@test "per-device -e: each event on each function with that function's own filter, as map -j gives it" {
	pmuctl -q --sysfs-root "$T410" -j stat --dry-run --per-device -e 'nvidia_pcie_pmu_*/rd_req/'
	[ "$status" -eq 0 ]
	echo "$output" >"$BATS_TEST_TMPDIR/plan.json"
	pmuctl --sysfs-root "$T410" -j map
	echo "$output" >"$BATS_TEST_TMPDIR/map.json"
	# the PMU part chose PCIE only: one event per function, the map's filter for its method
	run python3 - "$BATS_TEST_TMPDIR/plan.json" "$BATS_TEST_TMPDIR/map.json" <<'PY'
import json, sys
plan = json.load(open(sys.argv[1]))
fns = {f["bdf"]: f for f in json.load(open(sys.argv[2]))}
evs = [e for e in plan["events"]]
assert all(e["metric"] == "t410_pcie:rd_req" for e in evs), set(e["metric"] for e in evs)
bad = 0
for e in evs:
    f = fns[e["device"]]
    want = f["requester"]["root_port_event" if e["method"] == "rp" else "event"].replace("/rd_bytes", "/rd_req")
    if e["event"] != want:
        print(e["device"], e["event"], "!=", want)
        bad += 1
print(len(evs), "events", len({e["device"] for e in evs}), "devices", bad, "different")
PY
	[ "$output" = "29 events 29 devices 0 different" ]
}

@test "per-device -e: counted live, a column per family that has the event, JSON and text" {
	pmuctl -q --sysfs-root "$LIVE" -j stat --per-device -e rd_bytes --device 0001:01:00.0 --duration 0.2
	[ "$status" -eq 2 ] # PCIE-TGT's 0x800 is no software event on the live tree: not counted
	[ "$(jq_py 'd["devices"][0]["values"]["t410_pcie:rd_bytes"] > 1e8')" = True ]
	[ "$(jq_py 'd["devices"][0]["values"]["t410_pcie_tgt:rd_bytes"]')" = None ]
	pmuctl -q --sysfs-root "$LIVE" stat --per-device -e 'nvidia_pcie_pmu_0_rc_0/rd_bytes/' --device 0001:01:00.0 --duration 0.2
	[ "$status" -eq 0 ]
	# the column counts bytes: the title says per second of what, not a bare 1/s
	[[ "${lines[0]}" == " Per device ("*" s; values: each event's count per second):" ]]
	[[ "${lines[1]}" == "  device        s rc rp method t410_pcie:rd_bytes running  link          name" ]]
	[[ "${lines[2]}" == "  0001:01:00.0  0  0  0 rp "* ]]
}

@test "per-device -e on HNS3: every function in a PMU's range by its bdf, in func mode" {
	pmuctl -q --sysfs-root "$HIP09" -j stat --dry-run --per-device -e bw_ssu_rpu_byte_num
	[ "$status" -eq 0 ]
	[ "$(jq_py 'all(e["metric"] == "hns3:bw_ssu_rpu_byte_num" and ",bdf=0x%02x%02x," % (int(e["device"][5:7], 16), (int(e["device"][8:10], 16) << 3) | int(e["device"][11])) in e["event"] for e in d["events"])')" = True ]
	n=$(jq_py 'len(d["events"])')
	pmuctl -q --sysfs-root "$HIP09" -j stat --dry-run --per-device -M hns3_bw_ssu_rpu
	[ "$(jq_py 'len({e["device"] for e in d["events"]})')" = "$n" ]
}

@test "per-device -e: what cannot be a column is refused, saying why" {
	pmuctl --sysfs-root "$T410" stat --dry-run --per-device -e 'nvidia_pcie_pmu_0_rc_4/rd_req,src_bdf=1/'
	[ "$status" -eq 64 ]
	[ "$output" = "pmuctl: error: --per-device -e 'nvidia_pcie_pmu_0_rc_4/rd_req,src_bdf=1/': give a named event, PMU/EVENT/ or EVENT; pmuctl adds each function's own filter" ]
	pmuctl --sysfs-root "$T410" stat --dry-run --per-device -e 'nvidia_ucf_pmu_0/cycles/'
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: --per-device -e 'nvidia_ucf_pmu_0/cycles/': no PMU that selects a PCI function named nvidia_ucf_pmu_0 has an event 'cycles' (pmuctl map names those PMUs, pmuctl list --events their events)" ]
	pmuctl --sysfs-root "$T410" stat --dry-run --per-device -e rd_req --sort rd_req
	[ "$status" -eq 64 ]
	[ "$output" = "pmuctl: error: --sort rd_req: not a column: the -e events are the columns, named FAMILY:EVENT (t410_pcie:rd_req)" ]
	pmuctl --sysfs-root "$LIVE" stat --per-device -e rd_req -- true
	[ "$status" -eq 64 ]
	[[ "$output" == "pmuctl stat: --per-device -e counts the events system-wide, per function: it takes no command or --input"* ]]
}

@test "per-device: the title says a unit once when every column has it, and each column's when they differ" {
	run --separate-stderr "$PMUCTL" --sysfs-root "$LIVE" stat --per-device -M t410_pcie_rd_bw,t410_pcie_wr_bw --duration 0.1
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == " Per device ("*" s; values in GB/s):" ]]
	# (the live example counts no cycles: the rate is n/a, exit 2)
	run --separate-stderr "$PMUCTL" --sysfs-root "$LIVE" stat --per-device -M t410_pcie_rd_bw,t410_pcie_rd_req_rate --duration 0.1
	[ "$status" -eq 2 ]
	[[ "${lines[0]}" == " Per device ("*" s; values in t410_pcie_rd_bw GB/s, t410_pcie_rd_req_rate req/cycle):" ]]
}

@test "device: --device naming a root port itself says what it counts and offers --root-port" {
	run --separate-stderr "$PMUCTL" --sysfs-root "$LIVE" stat -M t410_pcie_rd_bw --device 0001:00:00.0 --dry-run
	[ "$status" -eq 0 ]
	[ "$stderr" = "pmuctl: warning: --device 0001:00:00.0 is a root port: src_bdf selects the requests the port itself makes, not its devices' (add --root-port to count everything below it)" ]
	run --separate-stderr "$PMUCTL" --sysfs-root "$LIVE" stat -M t410_pcie_rd_bw --device 0001:00:00.0 --root-port --dry-run
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	# an endpoint is what --device is for: no word
	run --separate-stderr "$PMUCTL" --sysfs-root "$LIVE" stat -M t410_pcie_rd_bw --device 0001:01:00.0 --dry-run
	[ -z "$stderr" ]
}

@test "per-device: each device's traffic over its trained link's rate, toward it and from it (JSON), from a recording" {
	# in a copy of the example's dump, 0005:41:00.0's link trained to x8 at 16 GT/s and
	# 0005:41:00.1's down
	/usr/bin/python3 - "$FIX/tegra410/lspci-xxxx.txt" "$BATS_TEST_TMPDIR/d.txt" <<'PY'
import sys
lines = open(sys.argv[1]).read().split("\n")
for bdf, lnksta in (("0005:41:00.0", 0x0084), ("0005:41:00.1", 0)):
    start = next(i for i, l in enumerate(lines) if l.startswith(bdf + " "))
    cfg = bytearray()
    for l in lines[start + 1:start + 257]:
        cfg += bytes(int(b, 16) for b in l.split(":")[1].split())
    at = cfg[0x34]
    while cfg[at] != 0x10:
        at = cfg[at + 1]
    cfg[at + 0x12:at + 0x14] = lnksta.to_bytes(2, "little")
    for row in range(0, 256, 16):
        lines[start + 1 + row // 16] = "%02x: %s" % (row, " ".join("%02x" % b for b in cfg[row:row + 16]))
open(sys.argv[2], "w").write("\n".join(lines))
PY
	M=t410_pcie_rd_bw,t410_pcie_wr_bw,t410_pcie_tgt_rd_bw,t410_pcie_tgt_wr_bw
	pmuctl -q --sysfs-root "$T410" -F "$BATS_TEST_TMPDIR/d.txt" -j stat --dry-run --per-device -M "$M" --socket 0 --rc 4
	[ "$status" -eq 0 ]
	/usr/bin/python3 -c '
import json, sys
for i, e in enumerate(json.loads(sys.argv[1])["events"]):
    print("%d,,%s,2000000000,100.00,," % ((i + 1) * 1000000000, e["event"]))
print("2000000000,ns,duration_time,2000000000,100.00,,")' "$output" >"$BATS_TEST_TMPDIR/rec.csv"
	pmuctl -q --sysfs-root "$T410" -F "$BATS_TEST_TMPDIR/d.txt" -j stat --input "$BATS_TEST_TMPDIR/rec.csv" --per-device -M "$M" --socket 0 --rc 4
	[ "$status" -eq 0 ]
	# x8 at 16 GT/s, 128b/130b: 16e9 * 8 * 128 / 130 / 8 bytes/s each way
	[ "$(jq_py '[(x["device"], x["link"]["width"], x["link"]["speed_gts"], round(x["link"]["bytes_per_second"])) for x in d["devices"] if x["device"] == "0005:41:00.0"]')" = "[('0005:41:00.0', 8, 16.0, 15753846154)]" ]
	# toward it: its DMA reads and the writes into its BARs; from it: its DMA writes and BAR reads
	[ "$(jq_py '[round(x["link"]["to_device"] - (x["values"]["t410_pcie_rd_bw"] + x["values"]["t410_pcie_tgt_wr_bw"]) * 1e9 / x["link"]["bytes_per_second"], 12) for x in d["devices"] if x["device"] == "0005:41:00.0"]')" = "[0.0]" ]
	[ "$(jq_py '[round(x["link"]["from_device"] - (x["values"]["t410_pcie_wr_bw"] + x["values"]["t410_pcie_tgt_rd_bw"]) * 1e9 / x["link"]["bytes_per_second"], 12) for x in d["devices"] if x["device"] == "0005:41:00.0"]')" = "[0.0]" ]
	[ "$(jq_py '[x["link"]["to_device"] > 0 and x["link"]["from_device"] > 0 for x in d["devices"] if x["device"] == "0005:41:00.0"]')" = "[True]" ]
	# a link that is down has a rate of nothing: no share
	[ "$(jq_py '[(x["link"]["bytes_per_second"], x["link"]["to_device"]) for x in d["devices"] if x["device"] == "0005:41:00.1"]')" = "[(None, None)]" ]
	# downtrained as map says it, of the same dump: x8 at 16 GT/s where both ends do x16 at 32
	[ "$(jq_py '[(x["device"], x["link"]["downtrained"]) for x in d["devices"]]')" = "[('0005:01:00.0', False), ('0005:01:00.1', False), ('0005:41:00.0', True), ('0005:41:00.1', None)]" ]
	pmuctl -q --sysfs-root "$T410" -F "$BATS_TEST_TMPDIR/d.txt" -j map 0005:41:00.0
	[ "$(jq_py '[x["link"]["downtrained"] for x in d]')" = "[True]" ]
	# the table has the link, its shares each way in %, and marks it downtrained, saying what that is
	pmuctl -q --sysfs-root "$T410" -F "$BATS_TEST_TMPDIR/d.txt" stat --input "$BATS_TEST_TMPDIR/rec.csv" --per-device -M "$M" --socket 0 --rc 4
	[ "$status" -eq 0 ]
	[[ "${lines[1]}" == *" running  link            to%  from%  name" ]]
	[[ "${lines[4]}" =~ ^\ \ 0005:41:00\.0\ .*\ 100\.0%\ \ 16GT/s\ x8!\ +146\.0%\ 107\.9%\ \ Mellanox ]]
	[[ "${lines[5]}" =~ ^\ \ 0005:41:00\.1\ .*\ 100\.0%\ \ down\ +n/a\ +n/a\ \ Mellanox ]]
	[ "${lines[6]}" = "  ! downtrained: the link trained below what the device and its port both support (pmuctl map --downtrained)" ]
}

@test "per-device: destination metrics keep their filter beside the device's, and --input evaluates each apart" {
	M=t410_pcie_rd_bw_cmem,t410_pcie_rd_bw_remote,t410_pcie_wr_bw_cmem
	pmuctl -q --sysfs-root "$T410" -j stat --dry-run -M "$M" --device 0005:41:00.0
	[ "$status" -eq 0 ]
	[ "$(jq_py '[e["event"] for e in d["events"]]')" = "['nvidia_pcie_pmu_0_rc_4/rd_bytes,src_bdf=0x4100,src_bdf_en=1,dst_loc_cmem=1/', 'nvidia_pcie_pmu_0_rc_4/rd_bytes,src_bdf=0x4100,src_bdf_en=1,dst_rem=1/', 'nvidia_pcie_pmu_0_rc_4/wr_bytes,src_bdf=0x4100,src_bdf_en=1,dst_loc_cmem=1/']" ]
	# the encoding is the driver's format: src_bdf in config1, the destination bit in config2
	[ "$(jq_py '[(e["config1"], e["config2"]) for e in d["events"]]')" = "[('0x1410000', '0x1'), ('0x1410000', '0x10'), ('0x1410000', '0x1')]" ]
	# HNS3's global=1 is a scope: a device's bdf still takes its place
	pmuctl -q --sysfs-root "$HIP09" -j stat --dry-run -M hns3_bw_ssu_rpu --per-device
	[ "$(jq_py 'any("global" in e["event"] for e in d["events"])')" = False ]
	# recorded counts, each destination its own: 2e9, 5e8 and 1e9 bytes in 2 s
	printf '%s\n' '2000000000,,nvidia_pcie_pmu_0_rc_4/rd_bytes,src_bdf=0x4100,src_bdf_en=1,dst_loc_cmem=1/,2000000000,100.00,,' \
		'500000000,,nvidia_pcie_pmu_0_rc_4/rd_bytes,src_bdf=0x4100,src_bdf_en=1,dst_rem=1/,2000000000,100.00,,' \
		'1000000000,,nvidia_pcie_pmu_0_rc_4/wr_bytes,src_bdf=0x4100,src_bdf_en=1,dst_loc_cmem=1/,2000000000,100.00,,' \
		'7000000000,,nvidia_pcie_pmu_0_rc_4/rd_bytes,src_bdf=0x4100,src_bdf_en=1/,2000000000,100.00,,' \
		'2000000000,ns,duration_time,2000000000,100.00,,' >"$BATS_TEST_TMPDIR/rec.csv"
	pmuctl -q --sysfs-root "$T410" -j stat --input "$BATS_TEST_TMPDIR/rec.csv" -M "$M" --device 0005:41:00.0
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(m["metric"], m["value"]) for m in d["metrics"]]')" = "[('t410_pcie_rd_bw_cmem', 1.0), ('t410_pcie_rd_bw_remote', 0.25), ('t410_pcie_wr_bw_cmem', 0.5)]" ]
	# the family's id selects its metrics of all traffic; the destinations are named
	pmuctl -q --sysfs-root "$T410" -j stat --dry-run -M t410_pcie
	[ "$(jq_py 'any("dst_" in e["event"] for e in d["events"])')" = False ]
	# no recording rule sums serve's counters of a destination with the others'
	pmuctl --sysfs-root "$T410" list --metrics --format=prometheus-rules t410_pcie_rd_bw_cmem
	[ "$status" -eq 0 ]
	[[ "$output" == *"      # t410_pcie_rd_bw_cmem: no rule: serve's counters are not labelled by the filter dst_loc_cmem=1, so its counts cannot be told from the others'; serve exports its gauge"* ]]
	[[ "$output" != *"record: pmu:pmuctl_t410_pcie_rd_bw_cmem"* ]]
}

@test "per-device --by-destination: each device's traffic by destination, and its remote share, exactly from a recording" {
	pmuctl -q --sysfs-root "$T410" -j stat --dry-run --per-device --by-destination --socket 0 --rc 4
	[ "$status" -eq 0 ]
	# ten events a device, each with its destination filter beside the device's
	[ "$(jq_py 'sorted({e["event"].split(",")[-1] for e in d["events"]})')" = "['dst_loc_cmem=1/', 'dst_loc_gmem=1/', 'dst_loc_pcie_cxl=1/', 'dst_loc_pcie_p2p=1/', 'dst_rem=1/']" ]
	[ "$(jq_py 'len(d["events"])')" = 40 ]
	/usr/bin/python3 -c '
import json, sys
for i, e in enumerate(json.loads(sys.argv[1])["events"]):
    print("%d,,%s,2000000000,100.00,," % ((i + 1) * 100000000, e["event"]))
print("2000000000,ns,duration_time,2000000000,100.00,,")' "$output" >"$BATS_TEST_TMPDIR/rec.csv"
	pmuctl -q --sysfs-root "$T410" -j stat --input "$BATS_TEST_TMPDIR/rec.csv" --per-device --by-destination --socket 0 --rc 4
	[ "$status" -eq 0 ]
	# the remote share is the remote columns over every destination column, read and write
	[ "$(jq_py 'all(abs(x["remote_share"] - (x["values"]["t410_pcie_rd_bw_remote"] + x["values"]["t410_pcie_wr_bw_remote"]) / sum(x["values"].values())) < 1e-12 for x in d["devices"])')" = True ]
	[ "$(jq_py 'len(d["devices"]), sorted(d["devices"][0]["values"])[:2]')" = "(4, ['t410_pcie_rd_bw_cmem', 't410_pcie_rd_bw_cxl'])" ]
	# the plan is metric by metric, 4 devices each: the first device's events are 1, 5, ... 37,
	# its remote ones 17 (read) and 37 (write), of 190 in all
	[ "$(jq_py '[round(x["remote_share"], 12) for x in d["devices"] if x["device"] == "0005:01:00.0"]')" = "[$(python3 -c 'print(round(54 / 190, 12))')]" ]
	pmuctl -q --sysfs-root "$T410" stat --input "$BATS_TEST_TMPDIR/rec.csv" --per-device --by-destination --socket 0 --rc 4
	[[ "${lines[1]}" == *"  link            to%  from% remote%  name" ]]
	[[ "${lines[2]}" =~ ^\ \ 0005:01:00\.0\ .*\ \ 28\.4%\ \ Mellanox ]]
	# what it cannot do is said
	pmuctl --sysfs-root "$T410" stat --dry-run --by-destination
	[ "$status" -eq 64 ]
	[ "${lines[0]}" = "pmuctl stat: --by-destination splits the rows of --per-device: add --per-device" ]
	pmuctl --sysfs-root "$T410" stat --dry-run --per-device --by-destination -M t410_pcie_rd_bw
	[ "${lines[0]}" = "pmuctl stat: --by-destination chooses the columns: drop -M" ]
	pmuctl --sysfs-root "$HIP09" stat --dry-run --per-device --by-destination
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: --by-destination: no PMU of this machine splits traffic by destination (pmuctl-families(7) says whose do)" ]
}

@test "per-device: a row counted only as a target (-M of PCIE-TGT alone) is still a row; -M of one family keeps its functions" {
	# the row rule asks the requester and the target PMU: PCIE-TGT counts every function with a BAR
	pmuctl -q --sysfs-root "$T410" -j stat --dry-run --per-device -M t410_pcie_tgt_rd_bw
	[ "$status" -eq 0 ]
	[ "$(jq_py 'len(set(e["device"] for e in d["events"]))')" -eq 29 ]
	# a Hip09's NIC functions are no rows of its PCIe cores' metrics
	pmuctl -q --sysfs-root "$HIP09" -j stat --dry-run --per-device -M hisi_pcie_rx_mwr_flux_rate
	[ "$(jq_py 'sorted(set(e["device"] for e in d["events"]))')" = "['0000:01:00.0', '0000:02:00.0', '0000:02:00.1', '0000:81:00.0']" ]
}

@test "per-device: --socket 1 selects socket 1's functions on every vendor's machine, by their NUMA node's package" {
	# Hip09: two nodes a socket, so node 2 is socket 1; its PCIe core and its HNS3 SICL
	pmuctl -q --sysfs-root "$HIP09" -j stat --dry-run --per-device --socket 1
	[ "$status" -eq 0 ]
	[ "$(jq_py 'sorted({(e["device"], e["pmu"]) for e in d["events"]})')" = \
		"[('0000:81:00.0', 'hisi_pcie2_core0'), ('0000:bd:00.0', 'hns3_pmu_sicl_2'), ('0000:bd:00.1', 'hns3_pmu_sicl_2'), ('0000:bd:00.2', 'hns3_pmu_sicl_2'), ('0000:bd:00.3', 'hns3_pmu_sicl_2')]" ]
	# Yitian 710: the root port on socket 1, by its own PMU
	pmuctl -q --sysfs-root "$DWC" -j stat --dry-run --per-device --socket 1
	[ "$status" -eq 0 ]
	[ "$(jq_py 'sorted({(e["device"], e["pmu"], e["method"]) for e in d["events"]})')" = "[('0000:80:01.0', 'dwc_rootport_8008', 'port')]" ]
	# Grace: socket 1 has functions, and its PCIE PMU cannot tell them apart; said, exit 1
	pmuctl --sysfs-root "$GRACE" stat --dry-run --per-device --socket 1
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: --per-device: no PCI function that a PMU of this machine selects matches -d, --socket and --rc: nvidia_pcie_pmu_0: its root_port bit N is root port N of the socket, and no public source says which lspci root port that is: pmuctl maps no function to it (count the socket's PCIe whole, stat -M grace_pcie_rd_bw --per-socket, or one port by its bit, root_port=0x1)" ]
}

@test "per-device: the CSV has the link columns text and JSON have (issue 45), after the values" {
	pmuctl --sysfs-root "$LIVE" stat --per-device -M t410_pcie_rd_bw --device 0001:01:00.0 --format=csv --duration 0.1
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "kind,device,name,socket,rc,rp,root_port,method,target_bars,devices,running_pct,t410_pcie_rd_bw (GB/s),link_gts,link_width,downtrained,to_device_pct,from_device_pct,remote_pct" ]
	# the example's NVMe drive: Gen4 x4 (16 GT/s) as it can, its reads a share of that toward it;
	# nothing counted from it (no write metric), no destination columns, so no remote share; no
	# metric counts to its BARs, so no BAR is counted (before: its 2, read and never counted)
	[[ "${lines[1]}" =~ ^device,0001:01:00\.0,Samsung\ Electronics\ Co\ Ltd\ NVMe\ SSD\ Controller\ PM9A1/PM9A3/980PRO,0,0,0,0001:00:00\.0,[a-z]+,0,,100\.00,[0-9.e-]+,16,4,no,[0-9]+\.[0-9]{2},n/a,$ ]]
	# the sums have no link
	[[ "${lines[2]}" =~ ^rc,,,0,0,.*,,,,,,$ ]]
	# with a metric to its BARs, both of its memory BARs are counted
	run --separate-stderr "$PMUCTL" --sysfs-root "$LIVE" stat --per-device -M t410_pcie_rd_bw,t410_pcie_tgt_rd_bw \
		--device 0001:01:00.0 --format=csv --duration 0.1
	# the example's kernel counts no PCIE-TGT event: not counted, said, exit 2
	[ "$status" -eq 2 ]
	[ "$(cut -d, -f9 <<<"${lines[1]}")" = 2 ]
}

@test "per-device: --sort by the shares beside the values (remote%), as top's s cycles them" {
	pmuctl --sysfs-root "$T410" -j stat --dry-run --per-device --by-destination --device 0005:41:00.0,0001:01:00.0
	[ "$status" -eq 0 ]
	# the NIC sends most of its reads to the remote socket, the NVMe drive little
	/usr/bin/python3 -c '
import json, sys
for e in json.loads(sys.argv[1])["events"]:
    remote = e["metric"].endswith("_remote")
    n = (4 if remote else 1) if e["device"] == "0005:41:00.0" else (1 if remote else 4)
    print("%d,,%s,1000000000,100.00,," % (n * 100000000, e["event"]))
print("1000000000,ns,duration_time,1000000000,100.00,,")' "$output" >"$BATS_TEST_TMPDIR/rec.csv"
	pmuctl -q --sysfs-root "$T410" stat --input "$BATS_TEST_TMPDIR/rec.csv" --per-device --by-destination --device 0001:01:00.0,0005:41:00.0 --sort remote%
	[ "$status" -eq 0 ]
	# 4 of 1+1+1+1+4 (reads and writes alike) is 50% remote for the NIC; 1 of 4+4+4+4+1 for the drive
	[[ "${lines[2]}" == "  0005:41:00.0 "*"  50.0%  Mellanox"* ]]
	[[ "${lines[3]}" == "  0001:01:00.0 "*"   5.9%  Samsung"* ]]
	# topology order without it
	pmuctl -q --sysfs-root "$T410" stat --input "$BATS_TEST_TMPDIR/rec.csv" --per-device --by-destination --device 0001:01:00.0,0005:41:00.0
	[[ "${lines[2]}" == "  0001:01:00.0 "* ]]
}

@test "per-device: a switch's ports are no rows unless asked (-d ::0604, lspci's class), the devices below them are" {
	# RC 1's port 1 holds a switch: its upstream port 0002:81:00.0, downstream ports 0002:82:0x.0
	# and a GPU below each
	pmuctl -q --sysfs-root "$T410" -j stat --dry-run --per-device -M t410_pcie_rd_bw --socket 0 --rc 1
	[ "$status" -eq 0 ]
	[ "$(jq_py 'sorted(set(e["device"] for e in d["events"] if e["device"] and e["device"].startswith("0002:8")))')" = "['0002:83:00.0', '0002:84:00.0']" ]
	pmuctl -q --sysfs-root "$T410" -j stat --dry-run --per-device -M t410_pcie_rd_bw --socket 0 --rc 1 -d ::0604
	[ "$status" -eq 0 ]
	[ "$(jq_py 'sorted(set(e["device"] for e in d["events"] if e["device"]))')" = "['0002:81:00.0', '0002:82:00.0', '0002:82:01.0']" ]
	# named, one is a row
	pmuctl -q --sysfs-root "$T410" -j stat --dry-run --per-device -M t410_pcie_rd_bw --device 0002:82:01.0
	[ "$(jq_py 'sorted(set(e["device"] for e in d["events"] if e["device"]))')" = "['0002:82:01.0']" ]
}

@test "per-device: --device-class and --device-vendor are -d's parts by name, and combine" {
	pmuctl -q --sysfs-root "$T410" -j stat --dry-run --per-device -d 15b3::0200
	[ "$status" -eq 0 ]
	want=$(jq_py 'sorted(set(e["device"] for e in d["events"]))')
	[ "$(jq_py 'len(set(e["device"] for e in d["events"]))')" = 16 ]
	pmuctl -q --sysfs-root "$T410" -j stat --dry-run --per-device --device-class 0200 --device-vendor 15b3
	[ "$status" -eq 0 ]
	[ "$(jq_py 'sorted(set(e["device"] for e in d["events"]))')" = "$want" ]
	# the class alone: the NVMe drives
	pmuctl -q --sysfs-root "$T410" -j stat --dry-run --per-device --device-class 0108
	[ "$(jq_py 'sorted(set(e["device"] for e in d["events"]))')" = "['0001:01:00.0', '0003:01:00.0', '0006:01:00.0', '000b:01:00.0', '000e:01:00.0']" ]
	pmuctl --sysfs-root "$T410" stat --dry-run --per-device --device-class 02:00
	[ "$status" -eq 64 ]
	[ "${lines[0]}" = "pmuctl stat: --device-class '02:00': give the class alone, in hex (--device-class 0200)" ]
	pmuctl --sysfs-root "$T410" stat --dry-run --per-device --device-vendor 1234x
	[ "$status" -eq 64 ]
	[ "${lines[0]}" = "pmuctl stat: --device-vendor '1234x': not a vendor ID in hex (--device-vendor 15b3)" ]
}

@test "per-device: a name every family shares is its family's own metric again: the link's share counts it once" {
	pmuctl -q --sysfs-root "$LIVE" -j stat --per-device --device 0005:41:00.0 -M t410_pcie_rd_bw --duration 0.2
	one=$(jq_py 'd["devices"][0]["link"]["to_device"] is not None')
	[ "$one" = True ]
	# before, pcie_rd_bw beside t410_pcie_rd_bw doubled the share: one counter, summed twice
	pmuctl -q --sysfs-root "$LIVE" -j stat --per-device --device 0005:41:00.0 -M t410_pcie_rd_bw,pcie_rd_bw --duration 0.2
	[ "$(jq_py 'round(d["devices"][0]["link"]["to_device"] * d["devices"][0]["link"]["bytes_per_second"] / 1e9 / d["devices"][0]["values"]["t410_pcie_rd_bw"], 6)')" = 1.0 ]
}

@test "per-device text: a table of more rows than one write holds comes out whole, each row once, sums after" {
	# four pairs of sockets of the live tree: 116 rows, about 17 KiB, so the rows go out in writes of several
	python3 "$BATS_TEST_DIRNAME/../gen/fixtures.py" --tegra410-live-pairs 4 "$BATS_TEST_TMPDIR/big" >/dev/null
	pmuctl -q --sysfs-root "$BATS_TEST_TMPDIR/big/sys" -j stat --dry-run --per-device -M t410_pcie_rd_bw
	[ "$status" -eq 0 ]
	# event k counts k * 1e6 in 1 s, every counter running all the time
	/usr/bin/python3 -c '
import json, sys
for i, e in enumerate(json.loads(sys.argv[1])["events"]):
    print("%d,,%s,1000000000,100.00,," % ((i + 1) * 1000000, e["event"]))
print("1000000000,ns,duration_time,1000000000,100.00,,")' "$output" >"$BATS_TEST_TMPDIR/rec.csv"
	pmuctl -q --sysfs-root "$BATS_TEST_TMPDIR/big/sys" -j stat --input "$BATS_TEST_TMPDIR/rec.csv" --per-device -M t410_pcie_rd_bw
	[ "$status" -eq 0 ]
	[ "$(jq_py 'len(d["devices"])')" = 116 ]
	jq_py '"\n".join("%s %.4f" % (x["device"], x["values"]["t410_pcie_rd_bw"]) for x in d["devices"])' >"$BATS_TEST_TMPDIR/want"
	pmuctl -q --sysfs-root "$BATS_TEST_TMPDIR/big/sys" stat --input "$BATS_TEST_TMPDIR/rec.csv" --per-device -M t410_pcie_rd_bw
	[ "$status" -eq 0 ]
	# the rows in JSON's order with its values, and no sum line before the last of them
	run awk '/^  [0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-7] / { if (sums) print "row after sums"; print $1, $6; next }
		/^  socket / { sums = 1 }' <<<"$output"
	[ "$status" -eq 0 ]
	[ "$output" = "$(cat "$BATS_TEST_TMPDIR/want")" ]
}
