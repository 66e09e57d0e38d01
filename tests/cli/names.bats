#!/usr/bin/env bats
# Names from outside, validated where they enter and escaped where they leave: a metrics file
# is refused at load, with its line, for a name that is no metric name, a control character,
# a family pmuctl does not know, a formula naming no event of its PMUs, itself or another
# metric; a PMU name from sysfs with a newline or ESC never forges a line of /metrics or an
# OpenMetrics file, nor reaches the terminal raw.
load helpers

PROBE_NAME=$'evil\ninjected_metric{job="forged"} 666\n\x1b[31mx'

teardown() {
	stop_background
}

# a metrics file of one metric, its fields as given ($1 name, $2 family, $3 expr, $4 description)
one_metric() {
	python3 -c 'import json, sys; json.dump([{"name": sys.argv[1], "family": sys.argv[2], "expr": sys.argv[3], "description": sys.argv[4]}], open(sys.argv[5], "w"), indent=1)' \
		"$1" "$2" "$3" "$4" "$BATS_TEST_TMPDIR/m.json"
}

@test "names: a metrics file is refused at load, with its line, whatever command loads it" {
	f=$BATS_TEST_TMPDIR/m.json
	one_metric $'injected_metric{job="forged"} 666\nx' t410_pcie rd_bytes ok
	for cmd in "list --metrics" "stat -M t410_pcie_rd_bw --duration 0.05" "serve --listen 127.0.0.1:0 -M t410_pcie_rd_bw"; do
		# shellcheck disable=SC2086 # the command's words
		pmuctl --sysfs-root "$LIVE" $cmd --metrics-file "$f"
		[ "$status" -eq 1 ] || { echo "$cmd: exit $status"; false; }
		[ "$output" = "pmuctl: error: $f:2: the name holds a control character (0x0a at byte 34): metric fields are one line of text" ]
	done
	one_metric 'forged{job="x"}' t410_pcie rd_bytes ok
	pmuctl --sysfs-root "$LIVE" list --metrics --metrics-file "$f"
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: $f:2: 'forged{job=\"x\"}' is not a metric name: letters, digits, '_' and '.', not starting with a digit, at most 128" ]
	one_metric x t410_pcie rd_bytes $'red \x1b[31m text'
	pmuctl --sysfs-root "$LIVE" list --metrics --metrics-file "$f"
	[ "$output" = "pmuctl: error: $f:2: the description holds a control character (0x1b at byte 5): metric fields are one line of text" ]
	# an 8-bit CSI and a right-to-left override turn a terminal as well as ESC does
	one_metric x t410_pcie rd_bytes $'red \xc2\x9b31m text'
	pmuctl --sysfs-root "$LIVE" list --metrics --metrics-file "$f"
	[ "$output" = "pmuctl: error: $f:2: the description holds a character that does not print (U+009B at byte 5): metric fields are one line of text" ]
	one_metric x t410_pcie rd_bytes $'txet \xe2\x80\xae'
	pmuctl --sysfs-root "$LIVE" list --metrics --metrics-file "$f"
	[ "$output" = "pmuctl: error: $f:2: the description holds a character that does not print (U+202E at byte 6): metric fields are one line of text" ]
	one_metric x nvidia_pcie rd_bytes ok
	pmuctl --sysfs-root "$LIVE" list --metrics --metrics-file "$f"
	[ "$output" = "pmuctl: error: $f:2: metric 'x': no PMU family 'nvidia_pcie' (pmuctl __complete families names them; pmuctl-families(7) says which take others)" ]
	one_metric x t410_pcie 'rd_byte / duration_time' ok
	pmuctl --sysfs-root "$LIVE" list --metrics --metrics-file "$f"
	[ "$output" = "pmuctl: error: $f:2: metric 'x': 'rd_byte' is no event of nvidia_pcie_pmu_0_rc_0 (did you mean 'rd_bytes'?); pmuctl list --events nvidia_pcie_pmu_0_rc_0 lists them" ]
	one_metric x t410_pcie 'x * 2' ok
	pmuctl --sysfs-root "$LIVE" list --metrics --metrics-file "$f"
	[ "$output" = "pmuctl: error: $f:2: metric 'x' refers to itself: a formula is written over events and constants, not metrics" ]
	# a cycle, the second metric on line 3
	printf '[{"name": "a", "family": "t410_pcie", "expr": "b"},\n {"name": "b", "family": "t410_pcie", "expr": "a / 2"}]\n' >"$f"
	pmuctl --sysfs-root "$LIVE" list --metrics --metrics-file "$f"
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: $f:1: metric 'a' refers to metric 'b': a formula is written over events and constants, not metrics" ]
	# and one that is right loads; with no PMU of its family, its events are taken on trust
	one_metric pcie_rd_mib t410_pcie 'rd_bytes / 1048576 / duration_time' 'read \ MiB'
	pmuctl --sysfs-root "$LIVE" list --metrics --metrics-file "$f" pcie_rd_mib
	[ "$status" -eq 0 ]
	one_metric x t410_pcie 'not_an_event_here' ok
	pmuctl --sysfs-root "$YITIAN" list --metrics --all --metrics-file "$f" x
	[ "$status" -eq 0 ]
}

# The live tree and one more PMU, the PCIE PMU's files under a name with a newline and ESC
evil_tree() {
	EVIL=$BATS_TEST_TMPDIR/evil
	cp -r "$LIVE/.." "$EVIL"
	local devices=$EVIL/sys/bus/event_source/devices
	cp -rL "$devices/nvidia_pcie_pmu_0_rc_4" "$EVIL/sys/devices/platform/$PROBE_NAME"
	ln -s "../../../devices/platform/$PROBE_NAME" "$devices/$PROBE_NAME"
	EVIL=$EVIL/sys
	printf '[{"name": "g_rd", "family": "generic", "expr": "rd_bytes / duration_time", "unit": "B/s", "description": "a \\\\ \\"quoted\\" rate"}]\n' >"$BATS_TEST_TMPDIR/g.json"
}

@test "names: a PMU name from sysfs never forges an exposition line nor reaches the terminal raw" {
	need_tool promtool "build/tools"
	evil_tree
	pmuctl --sysfs-root "$EVIL" stat -M g_rd --metrics-file "$BATS_TEST_TMPDIR/g.json" --per-pmu --format=openmetrics -o "$BATS_TEST_TMPDIR/x.prom" --duration 0.05
	[ "$status" -eq 0 ]
	run grep -c '^injected_metric' "$BATS_TEST_TMPDIR/x.prom"
	[ "$output" = 0 ]
	run promtool check metrics <"$BATS_TEST_TMPDIR/x.prom"
	[ "$status" -eq 0 ]
	grep -qF 'pmu="evil\ninjected_metric{job=\"forged\"} 666\n'$'\x1b''[31mx"' "$BATS_TEST_TMPDIR/x.prom"
	grep -qF '# HELP pmuctl_g_rd a \\ "quoted" rate (g_rd; ' "$BATS_TEST_TMPDIR/x.prom"
	# the terminal: text and CSV show the name's control characters escaped, in one line
	for face in "" "-x,"; do
		# shellcheck disable=SC2086 # the face's option
		pmuctl --sysfs-root "$EVIL" stat $face -M g_rd --metrics-file "$BATS_TEST_TMPDIR/g.json" --per-pmu --duration 0.05
		[ "$status" -eq 0 ]
		[[ "$output" != *$'\x1b'* ]]
		[[ "$output" == *'evil\x0ainjected_metric{job="forged"} 666\x0a\x1b[31mx'* ]] || [[ "$output" == *'"evil\x0ainjected_metric{job=""forged""} 666\x0a\x1b[31mx"'* ]]
		run grep -c '^injected_metric' <<<"$output"
		[ "$output" = 0 ]
	done
	pmuctl --sysfs-root "$EVIL" stat -e 'evil*/rd_bytes/' --per-pmu --duration 0.05
	[ "$status" -eq 0 ]
	[[ "$output" != *$'\x1b'* ]]
	[[ "$output" == *'evil\x0ainjected_metric{job="forged"} 666\x0a\x1b[31mx'* ]]
}

@test "names: serve's /metrics carries no line the operator did not configure" {
	need_tool promtool "build/tools"
	need_tool curl
	evil_tree
	background "$PMUCTL" --sysfs-root "$EVIL" serve --listen 127.0.0.1:0 -I 100 -M g_rd --metrics-file "$BATS_TEST_TMPDIR/g.json" -e 'evil*/rd_bytes/'
	wait_for "serve to listen" listening
	wait_for "a sample" eval 'curl -sf "http://127.0.0.1:$PORT/metrics" | grep -q "^pmuctl_samples_total [1-9]"'
	curl -sf "http://127.0.0.1:$PORT/metrics" >"$BATS_TEST_TMPDIR/m.prom"
	run grep -c '^injected_metric' "$BATS_TEST_TMPDIR/m.prom"
	[ "$output" = 0 ]
	run promtool check metrics <"$BATS_TEST_TMPDIR/m.prom"
	[ "$status" -eq 0 ]
	grep -qF 'pmu="evil\ninjected_metric{job=\"forged\"} 666\n' "$BATS_TEST_TMPDIR/m.prom"
	# the log of a PMU name shows it escaped too
	[[ "$(cat "$BATS_TEST_TMPDIR/out")" != *$'\x1b'* ]]
}

@test "names: one naming rule for the exposition: a metric's name lower case, as serve's counters" {
	printf '[{"name": "PCIe_Rd.MiB", "family": "t410_pcie", "expr": "rd_bytes / 1048576 / duration_time", "unit": "MiB/s", "description": "read"}]\n' >"$BATS_TEST_TMPDIR/u.json"
	pmuctl -q stat --input "$BATS_TEST_DIRNAME/../data/perf-pcie.csv" -M PCIe_Rd.MiB --metrics-file "$BATS_TEST_TMPDIR/u.json" --format=openmetrics
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "# HELP pmuctl_pcie_rd_mib read (PCIe_Rd.MiB; $BATS_TEST_TMPDIR/u.json; over the interval it was counted in (serve: its last -I), not a scrape's window)" ]
	[ "${lines[1]}" = "# TYPE pmuctl_pcie_rd_mib gauge" ]
}
