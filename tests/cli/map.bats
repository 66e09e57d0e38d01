#!/usr/bin/env bats
# pmuctl map: the document's machine byte for byte, random machines against the document's own
# script and against the generator's ground truth, and damaged input.
load helpers

GEN=$BATS_TEST_DIRNAME/../gen/pcigen.py
CHECK=$BATS_TEST_DIRNAME/../map_check.py
ORACLE=$BATS_TEST_DIRNAME/../oracle
T410_DUMP=$FIX/tegra410/lspci-xxxx.txt

# the random machines: MAP_SEEDS overrides (e.g. MAP_SEEDS="$(seq 5000 5100)")
# 12 machines: about 120 random root ports, every branch of pcigen.random_machine taken
seeds() {
	echo "${MAP_SEEDS:-$(seq 1 ${MAP_SEED_COUNT:-12})}"
}

truth_lines() {
	python3 -c 'import json,sys; [print(l) for l in json.load(open(sys.argv[1]))["dvsec_lines"]]' "$1"
}

@test "map: the document's example output, byte for byte, from a dump and from sysfs" {
	pmuctl -F "$T410_DUMP" map --format=caps
	[ "$status" -eq 0 ]
	diff <(echo "$output") "$ORACLE/doc-example.txt"
	pmuctl --sysfs-root "$T410" map --format=caps
	[ "$status" -eq 0 ]
	diff <(echo "$output") "$ORACLE/doc-example.txt"
}

@test "map: the document's own script prints the document's example on the fixture dump" {
	run "$ORACLE/doc-script" "$T410_DUMP"
	[ "$status" -eq 0 ]
	diff <(echo "$output") "$ORACLE/doc-example.txt"
}

@test "map: every function of the document's machine has its socket, RC, RP, PMU and src_bdf" {
	for src in "-F $T410_DUMP" "--sysfs-root $T410"; do
		pmuctl $src -j map
		[ "$status" -eq 0 ]
		echo "$output" >"$BATS_TEST_TMPDIR/got.json"
		python3 "$CHECK" "$FIX/tegra410/truth.json" "$BATS_TEST_TMPDIR/got.json"
	done
	[ "$(jq_py 'len(d)')" = 62 ]
}

@test "map: one device: exact record with ready event strings" {
	pmuctl --sysfs-root "$T410" -j map 0005:41:00.0
	[ "$status" -eq 0 ]
	[ "$(jq_py 'len(d)')" = 1 ]
	[ "$(jq_py 'd[0]["location"]')" = "{'socket': 0, 'numa_node': None, 'root_port': '0005:40:00.0', 'host_bridge': 'pci0005:40', 'rc': 4, 'rp': 1, 'by': 't410_pcie'}" ]
	[ "$(jq_py 'd[0]["src_bdf"]')" = 16640 ]
	[ "$(jq_py 'd[0]["requester"]["event"]')" = "nvidia_pcie_pmu_0_rc_4/rd_bytes,src_bdf=0x4100,src_bdf_en=1/" ]
	[ "$(jq_py 'd[0]["requester"]["root_port_event"]')" = "nvidia_pcie_pmu_0_rc_4/rd_bytes,src_rp_mask=0x2/" ]
	[ "$(jq_py 'd[0]["target"]["bars"][0]["event"]')" = "nvidia_pcie_tgt_pmu_0_rc_4/rd_bytes,dst_addr_base=0x4030000000,dst_addr_mask=0xfffffffffe000000,dst_addr_en=1/" ]
	[ "$(jq_py 'd[0]["requester"]["present"] and d[0]["target"]["present"]')" = True ]
}

@test "map: the event strings it gives encode on the same machine" {
	pmuctl --sysfs-root "$T410" -j map 0005:41:00.0
	ev=$(jq_py 'd[0]["requester"]["event"]')
	tgt=$(jq_py 'd[0]["target"]["bars"][0]["event"]')
	pmuctl --sysfs-root "$T410" -j stat --dry-run -e "$ev" -e "$tgt"
	[ "$status" -eq 0 ]
	[ "$(jq_py 'd["events"][0]["config1"]')" = 0x1410000 ]
	[ "$(jq_py '(d["events"][1]["config"], d["events"][1]["config1"], d["events"][1]["config2"])')" = "('0x800', '0x4030000000', '0xfffffffffe000000')" ]
}

@test "map: a dump and the sysfs tree of its machine give the same map -j" {
	# the dump has no BAR sizes: the machine's resource files have them
	pmuctl --sysfs-root "$T410" -F "$T410_DUMP" -j map
	[ "$status" -eq 0 ]
	echo "$output" >"$BATS_TEST_TMPDIR/dump.json"
	pmuctl --sysfs-root "$T410" -j map
	[ "$status" -eq 0 ]
	diff "$BATS_TEST_TMPDIR/dump.json" <(echo "$output")
	for s in $(seeds | head -n 3); do
		python3 "$GEN" random "$s" "$BATS_TEST_TMPDIR/r$s"
		diff <("$PMUCTL" --sysfs-root "$BATS_TEST_TMPDIR/r$s/sys" -F "$BATS_TEST_TMPDIR/r$s/lspci-xxxx.txt" -j map) \
			<("$PMUCTL" --sysfs-root "$BATS_TEST_TMPDIR/r$s/sys" -j map) || { echo "seed $s"; false; }
	done
}

@test "map: a dump carries no BAR sizes, so no TGT filter is guessed" {
	pmuctl -F "$T410_DUMP" -j map 0005:41:00.0
	[ "$status" -eq 0 ]
	[ "$(jq_py 'd[0]["target"]["bars"]')" = "[]" ]
	pmuctl -F "$T410_DUMP" map 0005:41:00.0
	[[ "$output" == *"BAR0 0x4030000000  size unknown (a dump has no BAR sizes)"* ]]
}

@test "map: --socket, --rc, -d and lspci -s selectors" {
	pmuctl --sysfs-root "$T410" map --socket 1 --rc 4 --format=caps
	[ "$output" = "000d:00:00.0: Bus=00, Segment=0d, RP=00, RC=04, Socket=01
000d:40:00.0: Bus=40, Segment=0d, RP=01, RC=04, Socket=01
000d:c0:00.0: Bus=c0, Segment=0d, RP=02, RC=04, Socket=01" ]
	pmuctl --sysfs-root "$T410" -j map -d 10de:2335
	[ "$(jq_py '[r["bdf"] for r in d]')" = "['0002:83:00.0', '0002:84:00.0', '0004:03:00.0', '0004:04:00.0', '0009:03:00.0', '0009:04:00.0', '000c:03:00.0', '000c:04:00.0']" ]
	pmuctl --sysfs-root "$T410" -q -j map 0002:8
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: no PCI function 0002:8 on this machine" ]
	pmuctl --sysfs-root "$T410" -j map 0002:83: 0002:84:00.0
	[ "$(jq_py '[r["requester"]["pmu"] for r in d]')" = "['nvidia_pcie_pmu_0_rc_1', 'nvidia_pcie_pmu_0_rc_1']" ]
}

@test "map: tree output groups by socket and RC" {
	pmuctl --sysfs-root "$T410" map --socket 0 --rc 4
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "socket 0" ]
	[ "${lines[1]}" = "  RC 4  nvidia_pcie_pmu_0_rc_4, nvidia_pcie_tgt_pmu_0_rc_4" ]
	[[ "${lines[2]}" == "    0005:00:00.0  RP 0   src_rp_mask=0x1  "* ]]
}

@test "map: HNS3 functions map to the SICL PMU whose bdf range holds them" {
	pmuctl --sysfs-root "$HIP09" -j map
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(r["bdf"], r["requester"]["pmu"]) for r in d if r["requester"] and r["requester"]["family"] == "hns3"][::4]')" = "[('0000:35:00.0', 'hns3_pmu_sicl_0'), ('0000:bd:00.0', 'hns3_pmu_sicl_2')]" ]
	[ "$(jq_py '[r["requester"]["filter"] for r in d if r["bdf"] == "0000:35:00.1"][0]')" = "bdf=0x3501,queue=0xffff" ]
	# eight HNS3 functions, the HiSilicon PCIe cores' three root ports and four endpoints below,
	# and the four PMU functions no PMU sees (a12d, a22b), as lspci lists them
	[ "$(jq_py 'len(d)')" = 19 ]
	[ "$(jq_py '[(r["bdf"], r["requester"]) for r in d if r["device"] in ("a12d", "a22b")]')" = "[('0000:30:00.0', None), ('0000:34:00.0', None), ('0000:b0:00.0', None), ('0000:bc:00.0', None)]" ]
}

@test "map: every function lspci lists is in map, on every tree, with what pmuctl knows of it" {
	need_tool lspci "lists the functions map must show"
	for sys in "$FIX"/*/sys; do
		[ -d "$sys/bus/pci/devices" ] || continue
		want=$(lspci -D -A linux-sysfs -O sysfs.path="$sys/bus/pci" | cut -d' ' -f1)
		got=$("$PMUCTL" -q --sysfs-root "$sys" -j map | python3 -c 'import json, sys; print("\n".join(r["bdf"] for r in json.load(sys.stdin)))')
		[ "$got" = "$want" ] || { echo "$sys"; diff <(echo "$want") <(echo "$got"); return 1; }
	done
	# a function no PMU sees is shown, not a note alone
	pmuctl --sysfs-root "$HIP09" map 30:00.0
	[ "$status" -eq 0 ]
	[ "${lines[2]}" = "    30:00.0       -                              Huawei Technologies Co., Ltd. Device a12d" ]
}

@test "map: random machines agree with the document's script" {
	n=0
	for s in $(seeds | head -n "${MAP_SCRIPT_SEEDS:-4}"); do
		dir=$BATS_TEST_TMPDIR/r$s
		python3 "$GEN" random "$s" "$dir"
		"$ORACLE/doc-script" "$dir/lspci-xxxx.txt" >"$dir/script.out"
		"$PMUCTL" -F "$dir/lspci-xxxx.txt" -q map --format=caps >"$dir/pmuctl.out"
		diff "$dir/script.out" "$dir/pmuctl.out" || { echo "seed $s"; return 1; }
		diff <(truth_lines "$dir/truth.json") "$dir/script.out" || { echo "seed $s: generator"; return 1; }
		n=$((n + $(wc -l <"$dir/script.out")))
	done
	[ "$n" -gt 0 ]
}

@test "map: random machines match their ground truth, from dumps and from sysfs trees" {
	for s in $(seeds); do
		dir=$BATS_TEST_TMPDIR/r$s
		python3 "$GEN" random "$s" "$dir"
		"$PMUCTL" -F "$dir/lspci-xxxx.txt" -j map >"$dir/d.json"
		python3 "$CHECK" "$dir/truth.json" "$dir/d.json" || { echo "seed $s dump"; return 1; }
		"$PMUCTL" --sysfs-root "$dir/sys" -j map >"$dir/s.json"
		python3 "$CHECK" "$dir/truth.json" "$dir/s.json" || { echo "seed $s sysfs"; return 1; }
		diff <(truth_lines "$dir/truth.json") <("$PMUCTL" -q --sysfs-root "$dir/sys" map --format=caps) ||
			{ echo "seed $s sysfs dvsec"; return 1; }
	done
}

@test "map: a dump from a pipe, on one CPU or on all, maps the same as from sysfs" {
	# a pipe is read whole, and one CPU or two make no difference
	python3 "$GEN" scale 4 "$BATS_TEST_TMPDIR/big"
	"$PMUCTL" --sysfs-root "$BATS_TEST_TMPDIR/big/sys" -j map >"$BATS_TEST_TMPDIR/sysfs.json"
	python3 "$CHECK" "$BATS_TEST_TMPDIR/big/truth.json" "$BATS_TEST_TMPDIR/sysfs.json"
	"$PMUCTL" -F "$BATS_TEST_TMPDIR/big/lspci-xxxx.txt" -j map >"$BATS_TEST_TMPDIR/all.json"
	taskset -c 0 "$PMUCTL" -F "$BATS_TEST_TMPDIR/big/lspci-xxxx.txt" -j map >"$BATS_TEST_TMPDIR/one.json"
	"$PMUCTL" -F /dev/stdin -j map <"$BATS_TEST_TMPDIR/big/lspci-xxxx.txt" >"$BATS_TEST_TMPDIR/pipe.json"
	python3 "$CHECK" "$BATS_TEST_TMPDIR/big/truth.json" "$BATS_TEST_TMPDIR/all.json"
	cmp "$BATS_TEST_TMPDIR/all.json" "$BATS_TEST_TMPDIR/one.json"
	cmp "$BATS_TEST_TMPDIR/all.json" "$BATS_TEST_TMPDIR/pipe.json"
	[ "$(python3 -c 'import json,sys; print(sum(r["is_root_port"] for r in json.load(open(sys.argv[1]))))' "$BATS_TEST_TMPDIR/all.json")" = 84 ]
}

@test "map: a non-root read (64 bytes per function) exits 2 with one message" {
	python3 "$GEN" canonical "$BATS_TEST_TMPDIR/nr" --nonroot
	for src in "-F $BATS_TEST_TMPDIR/nr/lspci-xxxx.txt" "--sysfs-root $BATS_TEST_TMPDIR/nr/sys"; do
		run bash -c "'$PMUCTL' $src map 2>&1 >/dev/null"
		[ "$status" -eq 2 ]
		[ "${#lines[@]}" -eq 1 ]
		[[ "$output" == "pmuctl: warning: the extended configuration space (0x100 and up, where vendor capabilities are) of 33 of 33 bridges was not readable: run as root"* ]]
	done
}

@test "map: a dump cut inside a root port's extended space exits 2" {
	# root port, NVMe endpoint, then the cut at 0x520 of root port 0002:80:00.0
	head -n 600 "$T410_DUMP" >"$BATS_TEST_TMPDIR/cut.txt"
	pmuctl -F "$BATS_TEST_TMPDIR/cut.txt" map --format=caps
	[ "$status" -eq 2 ]
	[[ "$output" == *"of 1 of 2 bridges was not readable"* ]]
	# only bridges' extended space is read: a cut endpoint is no loss
	head -n 400 "$T410_DUMP" >"$BATS_TEST_TMPDIR/cut.txt"
	pmuctl -F "$BATS_TEST_TMPDIR/cut.txt" map --format=caps
	[ "$status" -eq 0 ]
	[ "$output" = "0001:00:00.0: Bus=00, Segment=01, RP=00, RC=00, Socket=00" ]
}

@test "map: a switch port's extended space is read only for -j, which shows its capabilities" {
	# 0002:81:00.0, a PLX upstream port, cut at 0x180: the text reads none of it, so loses nothing
	head -n 800 "$T410_DUMP" >"$BATS_TEST_TMPDIR/cut.txt"
	run bash -c "'$PMUCTL' -F '$BATS_TEST_TMPDIR/cut.txt' map 2>&1 >/dev/null"
	[ "$status" -eq 0 ]
	[ "$output" = "" ]
	run bash -c "'$PMUCTL' -F '$BATS_TEST_TMPDIR/cut.txt' -j map 2>&1 >/dev/null"
	[ "$status" -eq 2 ]
	[[ "$output" == *"of 1 of 3 bridges was not readable"* ]]
}

@test "map: looped capability chains end" {
	# extended chain pointing back to 0x100, standard chains pointing at themselves; only
	# NVIDIA bridges are walked, so the GPU's loop is never read
	python3 - "$BATS_TEST_TMPDIR/loop" "$GEN" <<'PY'
import sys, importlib.util
spec = importlib.util.spec_from_file_location("pcigen", sys.argv[2]); g = importlib.util.module_from_spec(spec); spec.loader.exec_module(g)
m = g.Machine()
rp = g.root_port(1, 0, 1, 0, 0, 0); rp.set_bridge(0, 1, 1); rp.ext_loop_to = 0x100; m.add(rp, rp)
rp2 = g.root_port(2, 0, 2, 0, 0, 1); rp2.std_caps = [(0x40, 0x01)]; m.add(rp2, rp2); rp2.cfg[0x41] = 0x40
e = g.endpoint(1, 1, 0, 0, 0x10de, 0x2335, 0x030200, []); e.std_caps = [(0x40, 0x01)]; m.add(e, rp); e.cfg[0x41] = 0x40
g.write_all(m, sys.argv[1])
PY
	run timeout 10 "$PMUCTL" -F "$BATS_TEST_TMPDIR/loop/lspci-xxxx.txt" map --format=caps
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "pmuctl: warning: 2 functions have a looped capability chain; read up to the loop" ]
	[ "${lines[1]}" = "0001:00:00.0: Bus=00, Segment=01, RP=00, RC=00, Socket=00" ]
}

@test "map: garbage, empty and unreadable dumps" {
	printf 'hello\n\x01\x02 garbage\n' >"$BATS_TEST_TMPDIR/g.txt"
	pmuctl -F "$BATS_TEST_TMPDIR/g.txt" map
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: dump: $BATS_TEST_TMPDIR/g.txt is not an lspci -x dump: no line names a device (like '0000:00:00.0 Host bridge: ...')" ]
	printf '0001:00:00.0 x\n00: zz 10\n' >"$BATS_TEST_TMPDIR/bad.txt"
	pmuctl -F "$BATS_TEST_TMPDIR/bad.txt" map
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: dump: Malformed line" ]
	{ printf '0001:00:00.0 x\n'; head -c 300 /dev/zero | tr '\0' a; } >"$BATS_TEST_TMPDIR/long.txt"
	pmuctl -F "$BATS_TEST_TMPDIR/long.txt" map
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: dump: line too long or unterminated" ]
	pmuctl -F "$BATS_TEST_TMPDIR/none.txt" map
	[ "$status" -eq 1 ]
	[[ "$output" == "pmuctl: error: dump: Cannot open "*"none.txt: No such file or directory" ]]
	: >"$BATS_TEST_TMPDIR/empty.txt"
	pmuctl -F "$BATS_TEST_TMPDIR/empty.txt" -j map
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: dump: $BATS_TEST_TMPDIR/empty.txt is not an lspci -x dump: no line names a device (like '0000:00:00.0 Host bridge: ...')" ]
	# -j: the same error as JSON on stdout
	[ "${lines[1]}" = "{\"error\":{\"message\":\"dump: $BATS_TEST_TMPDIR/empty.txt is not an lspci -x dump: no line names a device (like '0000:00:00.0 Host bridge: ...')\",\"exit\":1,\"event\":null,\"position\":null}}" ]
}

@test "map: a BDF that is not on the machine is an error; among others, a warning and exit 2" {
	pmuctl --sysfs-root "$T410" map 0099:00:00.0
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: no PCI function 0099:00:00.0 on this machine" ]
	pmuctl --sysfs-root "$T410" -j map 0005:41:00.0 0099:00:00.0 0005:42:00.0
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "pmuctl: warning: no PCI function 0099:00:00.0 on this machine" ]
	[ "${lines[1]}" = "pmuctl: warning: no PCI function 0005:42:00.0 on this machine" ]
	output=${lines[2]}
	[ "$(jq_py '[r["bdf"] for r in d]')" = "['0005:41:00.0']" ]
}

@test "map: --format=caps of an endpoint prints its root port's line" {
	pmuctl --sysfs-root "$T410" map --format=caps 0005:41:00.0
	[ "$status" -eq 0 ]
	[ "$output" = "0005:40:00.0: Bus=40, Segment=05, RP=01, RC=04, Socket=00" ]
	# two functions below one root port print it once; a root port prints itself
	pmuctl -F "$T410_DUMP" map --format=caps 0005:41:00.0 0005:41:00.1 0001:00:00.0
	[ "$(echo "$output" | cut -d: -f1-2)" = "0001:00
0005:40" ]
}

@test "map: --format=dvsec still prints what caps prints" {
	pmuctl --sysfs-root "$T410" map --format=caps
	local caps=$output
	pmuctl --sysfs-root "$T410" map --format=dvsec
	[ "$status" -eq 0 ]
	[ "$output" = "$caps" ]
}

@test "map: --format=caps of root ports no family reads says so instead of printing nothing" {
	run --separate-stderr "$PMUCTL" --sysfs-root "$HIP09" map --format=caps
	[ "$status" -eq 0 ]
	[ "$output" = "" ]
	[ "$stderr" = "pmuctl: note: none of these 3 root ports carries a capability a family reads (NVIDIA Tegra410 PCIE's); --format=tree shows where they are" ]
}

@test "map: a dump that shrinks while it is read is an error, not a crash" {
	mkdir "$BATS_TEST_TMPDIR/mnt"
	/usr/bin/python3 "$BATS_TEST_DIRNAME/../fuse/shrinking_file.py" "$T410_DUMP" "$BATS_TEST_TMPDIR/mnt" \
		</dev/null >/dev/null 2>&1 3>&- &
	pid=$!
	wait_for "the shrinking file to mount" mountpoint -q "$BATS_TEST_TMPDIR/mnt"
	run "$PMUCTL" -F "$BATS_TEST_TMPDIR/mnt/file" map --format=caps
	fusermount -u "$BATS_TEST_TMPDIR/mnt"
	wait "$pid"
	[ "$status" -eq 1 ] || { echo "exit $status: $output"; false; }
	[ "$output" = "pmuctl: error: dump: line too long or unterminated" ]
}

@test "map: a damaged sysfs PCI tree names the missing file" {
	cp -r "$HIP09" "$BATS_TEST_TMPDIR/m"
	# neither libpci nor map reads irq for a map, as lspci's listing does not
	rm "$BATS_TEST_TMPDIR/m/devices/pci0000:35/0000:35:00.1/irq"
	pmuctl --sysfs-root "$BATS_TEST_TMPDIR/m" map
	[ "$status" -eq 0 ]
	rm "$BATS_TEST_TMPDIR/m/devices/pci0000:35/0000:35:00.1/resource"
	pmuctl --sysfs-root "$BATS_TEST_TMPDIR/m" map
	[ "$status" -eq 1 ]
	[[ "$output" == "pmuctl: error: "*"/bus/pci/devices/0000:35:00.1/resource: No such file or directory (map reads each function's BARs from it)" ]]
	cp "$HIP09/devices/pci0000:35/0000:35:00.1/resource" "$BATS_TEST_TMPDIR/m/devices/pci0000:35/0000:35:00.1/"
	echo "zz yy" >"$BATS_TEST_TMPDIR/m/devices/pci0000:35/0000:35:00.2/resource"
	pmuctl --sysfs-root "$BATS_TEST_TMPDIR/m" map
	[ "$status" -eq 1 ]
	[[ "$output" == *"0000:35:00.2/resource line 1: expected 'start end flags' in hex" ]]
	# a third number and nothing after it, as the kernel's resource_show writes
	printf '0x1 0x2 0x3 0x4\n' >"$BATS_TEST_TMPDIR/m/devices/pci0000:35/0000:35:00.2/resource"
	pmuctl --sysfs-root "$BATS_TEST_TMPDIR/m" map
	[ "$status" -eq 1 ]
	[[ "$output" == *"0000:35:00.2/resource line 1: expected 'start end flags' in hex" ]]
	# an unused BAR's line, and the same with a fourth number: the second is no line of the kernel's
	printf '0x0000000000000000 0x0000000000000000 0x0000000000000000\n%s\n' \
		'0x0000000000000000 0x0000000000000000 0x0000000000000000 0x0' \
		>"$BATS_TEST_TMPDIR/m/devices/pci0000:35/0000:35:00.2/resource"
	pmuctl --sysfs-root "$BATS_TEST_TMPDIR/m" map
	[ "$status" -eq 1 ]
	[[ "$output" == *"0000:35:00.2/resource line 2: expected 'start end flags' in hex" ]]
	cp "$HIP09/devices/pci0000:35/0000:35:00.2/resource" "$BATS_TEST_TMPDIR/m/devices/pci0000:35/0000:35:00.2/"
	# tabs and runs of blanks between the numbers, and empty lines, which are no lines: BAR 0
	# is read as the kernel's line gives it, BAR 1 (the second line) is unused
	cp -r "$T410" "$BATS_TEST_TMPDIR/t"
	printf '\n0x0000004000000000\t0x0000004001ffffff  0x000000000014220c\n\n0x0 0x0 0x0\n' \
		>"$BATS_TEST_TMPDIR/t/devices/pci0001:00/0001:01:00.0/resource"
	pmuctl --sysfs-root "$BATS_TEST_TMPDIR/t" -j map 0001:01:00.0
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(b["bar"], b["size"], b["filter"]) for b in d[0]["target"]["bars"]]')" = "[(0, 33554432, 'dst_addr_base=0x4000000000,dst_addr_mask=0xfffffffffe000000,dst_addr_en=1')]" ]
	# libpci stops at an entry it cannot parse; map names it
	ln -s ../../../devices/pci0000:35/0000:35:00.1 "$BATS_TEST_TMPDIR/m/bus/pci/devices/junk"
	pmuctl --sysfs-root "$BATS_TEST_TMPDIR/m" map
	[ "$status" -eq 1 ]
	[[ "$output" == "pmuctl: error: "*"/bus/pci/devices/junk: not a PCI device name (DDDD:BB:DD.F)" ]]
	rm "$BATS_TEST_TMPDIR/m/bus/pci/devices/junk"
	# of several, the first in natural order, whatever order the directory gives them in
	for bad in junk10 zz junk9 0000:35:00; do
		ln -s ../../../devices/pci0000:35/0000:35:00.1 "$BATS_TEST_TMPDIR/m/bus/pci/devices/$bad"
	done
	pmuctl --sysfs-root "$BATS_TEST_TMPDIR/m" map
	[ "$status" -eq 1 ]
	[[ "$output" == "pmuctl: error: "*"/bus/pci/devices/0000:35:00: not a PCI device name (DDDD:BB:DD.F)" ]]
	rm "$BATS_TEST_TMPDIR/m/bus/pci/devices/0000:35:00"
	pmuctl --sysfs-root "$BATS_TEST_TMPDIR/m" map
	[[ "$output" == "pmuctl: error: "*"/bus/pci/devices/junk9: not a PCI device name (DDDD:BB:DD.F)" ]]
	rm "$BATS_TEST_TMPDIR/m/bus/pci/devices/"{junk10,zz,junk9}
	# a config space that cannot be opened is skipped with one warning of libpci's and one of map's
	rm "$BATS_TEST_TMPDIR/m/devices/pci0000:35/0000:35:00.0/config"
	run --separate-stderr "$PMUCTL" --sysfs-root "$BATS_TEST_TMPDIR/m" map
	[ "$status" -eq 0 ]
	[ "${#stderr_lines[@]}" -eq 2 ]
	[[ "${stderr_lines[0]}" == "pmuctl: warning: libpci: Cannot open "*"/0000:35:00.0/config" ]]
	[ "${stderr_lines[1]}" = "pmuctl: warning: 0000:35:00.0: configuration space not readable; skipped" ]
	pmuctl --sysfs-root "$YITIAN" map
	[ "$status" -eq 1 ]
	[[ "$output" == *"/bus/pci/devices: No such file or directory (give a machine with PCI devices, or an lspci -xxxx dump with -F)" ]]
}

@test "map: bad arguments exit 64 and name the bad part" {
	pmuctl --sysfs-root "$T410" map --format=xml
	[ "$status" -eq 64 ]
	[[ "${lines[0]}" == *"invalid format 'xml': use tree, table or caps" ]]
	pmuctl --sysfs-root "$T410" map --socket two
	[ "$status" -eq 64 ]
	[[ "${lines[0]}" == *"invalid socket 'two': expected a number from 0 to 255" ]]
	pmuctl --sysfs-root "$T410" map 0001:zz:00.0
	[ "$status" -eq 64 ]
	[[ "${lines[0]}" == *"invalid device selector '0001:zz:00.0': Invalid bus number" ]]
	pmuctl --sysfs-root "$T410" map -d 10de:xyzzy
	[ "$status" -eq 64 ]
	[[ "${lines[0]}" == *"invalid vendor:device selector '10de:xyzzy'"* ]]
}

@test "map: selectors that match nothing are absent input (1), each said so" {
	pmuctl --sysfs-root "$T410" map --socket 7
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: no PCI function is on socket 7 (pmuctl map lists where each one is)" ]
	pmuctl --sysfs-root "$T410" map -d 1234:5678
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: no PCI function matches -d 1234:5678 on this machine (lspci -d 1234:5678 lists the same)" ]
	# -s and -d select together, as lspci's do: the pair is what matches nothing, not -d
	pmuctl --sysfs-root "$T410" map -s 0001:01:00.0 -d 15b3:
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: no PCI function matches both 0001:01:00.0 and -d 15b3:, though -d 15b3: alone matches 16 (lspci -s 0001:01:00.0 -d 15b3: lists none either)" ]
	pmuctl --sysfs-root "$T410" map -d 10de: --socket 0 --rc 9
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: no PCI function selected is on socket 0, RC 9 (pmuctl map lists where each one is)" ]
	# one JSON document on stdout: the error alone, not an empty list before it
	run --separate-stderr "$PMUCTL" --sysfs-root "$T410" -j map --rc 9
	[ "$status" -eq 1 ]
	[ "$output" = '{"error":{"message":"no PCI function is at RC 9 (pmuctl map lists where each one is)","exit":1,"event":null,"position":null}}' ]
}

# "BDF maxspeed maxwidth speed width" per function with a link, from map -j ($1) or lspci -vv ($2: a dump)
links_of_map() {
	python3 -c 'import json, sys
for r in json.load(open(sys.argv[1])):
    l = r["link"]
    if l:
        print(r["bdf"], l["max_speed_gts"], l["max_width"], l["speed_gts"], l["width"])' "$1"
}

links_of_lspci() {
	lspci -D -F "$1" -vv 2>/dev/null | python3 -c 'import re, sys
def gts(s):
    m = re.match(r"([0-9.]+)GT/s", s)
    return float(m.group(1)) if m else None
bdf = None
cap = {}
for line in sys.stdin:
    m = re.match(r"^([0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-7]) ", line)
    if m:
        bdf = m.group(1)
    m = re.search(r"LnkCap:\s+Port #\d+, Speed (\S+), Width x(\d+)", line)
    if m:
        cap[bdf] = (gts(m.group(1)), int(m.group(2)))
    m = re.search(r"LnkSta:\s+Speed (\S+)[^,]*, Width x(\d+)", line)
    if m:
        print(bdf, cap[bdf][0], cap[bdf][1], gts(m.group(1)), int(m.group(2)))'
}

@test "map: every link is what lspci -vv reads (LnkCap, LnkSta), from dumps and sysfs, and downtrained only below both ends" {
	command -v lspci >/dev/null || skip "lspci is not installed (the test command installs pciutils)"
	local n=0
	for s in $(seeds); do
		dir=$BATS_TEST_TMPDIR/l$s
		python3 "$GEN" random "$s" "$dir"
		"$PMUCTL" -q -F "$dir/lspci-xxxx.txt" -j map >"$dir/d.json"
		"$PMUCTL" -q --sysfs-root "$dir/sys" -j map >"$dir/s.json"
		# the functions map shows (those below a Tegra410 root port or in an HNS3 range)
		diff <(links_of_lspci "$dir/lspci-xxxx.txt" | python3 -c 'import json, sys
shown = {r["bdf"] for r in json.load(open(sys.argv[1]))}
sys.stdout.write("".join(l for l in sys.stdin if l.split()[0] in shown))' "$dir/d.json") \
			<(links_of_map "$dir/d.json") || { echo "seed $s: dump against lspci"; return 1; }
		diff <(links_of_map "$dir/d.json") <(links_of_map "$dir/s.json") || { echo "seed $s: sysfs against dump"; return 1; }
		n=$((n + $(python3 -c 'import json, sys; print(sum(1 for r in json.load(open(sys.argv[1])) if r["link"] and r["link"]["downtrained"]))' "$dir/d.json")))
	done
	# the generator's downtrained links were found (map_check compares each with the truth)
	[ "$n" -gt 0 ]
}

@test "map --downtrained: only links below both ends, said in the text; none is a note, exit 0" {
	python3 "$GEN" random 1 "$BATS_TEST_TMPDIR/r1"
	run --separate-stderr "$PMUCTL" -q -F "$BATS_TEST_TMPDIR/r1/lspci-xxxx.txt" map --downtrained --format=table
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 5 ]
	[[ "${lines[2]}" == "61:00.0       3      6   6   60:00.0       nvidia_pcie_pmu_3_rc_6     0x6100   "*"  [downtrained: x1 at 2.5 GT/s, both ends can x1 at 5 GT/s]" ]]
	# exactly the functions the generator's truth calls downtrained, among those map shows
	want=$(python3 -c 'import json, sys
t = json.load(open(sys.argv[1]))
print(" ".join(sorted(f["bdf"][5:] for f in t["functions"] if f["root_port"] and f["link"] and f["link"]["downtrained"])))' "$BATS_TEST_TMPDIR/r1/truth.json")
	[ "$(printf '%s\n' "${lines[@]:1}" | cut -d' ' -f1 | sort | tr '\n' ' ' | sed 's/ $//')" = "$want" ]
	# the example's one downtrained link (issue 45): the BlueField at x8, seen from both ends
	run --separate-stderr "$PMUCTL" --sysfs-root "$T410" map --downtrained --format=table
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[ "$(printf '%s\n' "${lines[@]:1}" | cut -d' ' -f1 | tr '\n' ' ')" = "0005:40:00.0 0005:41:00.0 0005:41:00.1 " ]
	[[ "${lines[2]}" == *"  [downtrained: x8 at 32 GT/s, both ends can x16 at 32 GT/s]" ]]
	# and its link in JSON: x8 of x16, at 32 GT/s
	pmuctl --sysfs-root "$T410" -j map 0005:41:00.0
	[ "$(jq_py '[(x["link"]["width"], x["link"]["max_width"], x["link"]["speed_gts"], x["link"]["downtrained"]) for x in d]')" = "[(8, 16, 32.0, True)]" ]
	# a dump of the device alone: the port above it is not there, nothing can be judged, and it
	# says so (it said "none")
	awk -v RS= -v ORS='\n\n' '/^0005:41:00.0 /' "$T410/../lspci-xxxx.txt" >"$BATS_TEST_TMPDIR/one.txt"
	run --separate-stderr "$PMUCTL" -F "$BATS_TEST_TMPDIR/one.txt" map --downtrained
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	[ "$stderr" = "pmuctl: note: whether a PCIe link is downtrained is unknown: the one link read cannot be judged (it is down, or its other end is not in the tree)" ]
	run --separate-stderr "$PMUCTL" -F "$FIX/hip09/lspci-xxxx.txt" map --downtrained
	[ "$status" -eq 0 ]
	[ "$stderr" = "pmuctl: note: no PCIe link is downtrained (3 of 19 links read could be judged; the others are down or their other end is not in the tree)" ]
}

@test "map: each function's files are opened once, config, resource and numa_node only; its directory when it reads two" {
	local n ports
	n=$(ls "$T410/bus/pci/devices" | wc -l)
	# the tree shows no root port's BARs: its resource is not read; -j shows every function's
	ports=$(lspci -A linux-sysfs -O "sysfs.path=$T410/bus/pci" -v 2>/dev/null | grep -c 'Express.*Root Port')
	[ "$ports" -eq 21 ]
	for fmt in tree "-j"; do
		if [ "$fmt" = -j ]; then set -- -j; else set --; fi
		trace_opens --sysfs-root "$T410" map "$@"
		[ "$status" -eq 0 ]
		# before: about 11 per function (a check of every file, then libpci's own opens); then
		# 3, each file by its whole path; then its directory once, and its files in it; now,
		# without NUMA, resource is the one file its directory was opened for: by its path
		local bars=$((n - ports))
		[ "$fmt" = tree ] || bars=$n
		[ "$(grep -c 'bus/pci/devices/' "$BATS_TEST_TMPDIR/trace")" -eq $((n + bars)) ]
		run grep -c 'bus/pci/devices/[^/"]*"' "$BATS_TEST_TMPDIR/trace"
		[ "$output" = 0 ]
		[ "$(grep -c 'bus/pci/devices/[^/"]*/config"' "$BATS_TEST_TMPDIR/trace")" -eq "$n" ]
		[ "$(grep -c 'bus/pci/devices/[^/"]*/resource"' "$BATS_TEST_TMPDIR/trace")" -eq "$bars" ]
		# no devices/system/node: a kernel without NUMA writes no numa_node, none is tried
		run grep -c '"numa_node"' "$BATS_TEST_TMPDIR/trace"
		[ "$output" = 0 ]
	done
	# with NUMA nodes, each function's is read
	trace_opens --sysfs-root "$HIP09" map
	[ "$status" -eq 0 ]
	n=$(ls "$HIP09/bus/pci/devices" | wc -l)
	[ "$(grep -c '"numa_node", .* = [0-9]' "$BATS_TEST_TMPDIR/trace")" -eq "$n" ]
	# two files: the directory opened once, and both read in it (a root port's numa_node alone)
	ports=$(lspci -A linux-sysfs -O "sysfs.path=$HIP09/bus/pci" -v 2>/dev/null | grep -c 'Express.*Root Port')
	[ "$ports" -eq 3 ]
	[ "$(grep -c 'bus/pci/devices/[^/"]*"' "$BATS_TEST_TMPDIR/trace")" -eq "$n" ]
	[ "$(grep -c '"resource"' "$BATS_TEST_TMPDIR/trace")" -eq $((n - ports)) ]
	# the table shows no BARs: no resource file is read
	trace_opens --sysfs-root "$T410" map --format=table
	[ "$status" -eq 0 ]
	run grep -c 'resource"' "$BATS_TEST_TMPDIR/trace"
	[ "$output" = 0 ]
}

@test "map: --device is a BDF as in stat, top and serve, -s is lspci's; an old --device VENDOR:DEVICE still works, warned" {
	# --device 0005:41:00.0 once answered "invalid vendor:device selector: Invalid class code"
	run --separate-stderr "$PMUCTL" --sysfs-root "$T410" map --format=table 0001:01:00.0
	[ "$status" -eq 0 ]
	want=$output
	[ "${#lines[@]}" -eq 2 ]
	for opt in --device -s --slot; do
		run --separate-stderr "$PMUCTL" --sysfs-root "$T410" map --format=table "$opt" 0001:01:00.0
		[ "$status" -eq 0 ] || { echo "$opt: $stderr"; return 1; }
		[ "$output" = "$want" ] || { echo "$opt: $output"; return 1; }
	done
	run --separate-stderr "$PMUCTL" --sysfs-root "$T410" map --format=table --device 144d:
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 6 ]
	[ "$stderr" = "pmuctl: warning: map --device '144d:' reads it as VENDOR:DEVICE, as before 0.2; --device now takes a BDF, as in stat, top and serve: write -d 144d: (--vendor-device)" ]
	run --separate-stderr "$PMUCTL" --sysfs-root "$T410" map --format=table --vendor-device 144d:
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 6 ]
	[ "$stderr" = "" ]
	run --separate-stderr "$PMUCTL" --sysfs-root "$T410" map -s 1:2:3:4
	[ "$status" -eq 64 ]
	[ "${stderr%%$'\n'*}" = "pmuctl map: -s: invalid device selector '1:2:3:4': Too many fields" ]
}

@test "map: root ports whose bus ranges overlap: the function is where its sysfs path puts it, and map warns" {
	cp -r "$T410" "$BATS_TEST_TMPDIR/t"
	t=$BATS_TEST_TMPDIR/t
	# 0002:80:00.0's range made 0xa1-0xa1, which is 0002:a0:00.0's too: a tie the narrowest
	# range cannot break, and the first port in lspci's order is the wrong one
	printf '\xa1\xa1' | dd of="$t/devices/pci0002:80/0002:80:00.0/config" bs=1 seek=25 conv=notrunc status=none
	# the kernel's own tree: the NIC is below the port that enumerated it (lspci -t)
	for f in 0 1; do
		mv "$t/devices/pci0002:a0/0002:a1:00.$f" "$t/devices/pci0002:a0/0002:a0:00.0/"
		ln -sfn "../../../devices/pci0002:a0/0002:a0:00.0/0002:a1:00.$f" "$t/bus/pci/devices/0002:a1:00.$f"
	done
	run --separate-stderr "$PMUCTL" --sysfs-root "$t" -j map 0002:a1:00.0
	[ "$status" -eq 0 ]
	[ "$(jq_py 'd[0]["location"]["root_port"]')" = 0002:a0:00.0 ]
	[ "$stderr" = "pmuctl: warning: 0002:a1:00.0: the bus ranges of more than one root port hold it: placed below 0002:a0:00.0, where its sysfs path puts it (as lspci -t does), not below 0002:80:00.0, the narrowest range's" ]
	# and the filter is that port's
	[ "$(jq_py 'd[0]["requester"]["root_port_filter"]')" = "src_rp_mask=0x4" ]
}
