#!/usr/bin/env bats
# pmuctl serve: the exposition (promtool-clean, counters that only grow, every RC), the routes,
# content negotiation, malformed and half-open clients, the connection limit, SIGHUP, SIGTERM
# with BlueField state restored, and a wrk load test with RSS and fd counts.
load helpers

PROBE=$BATS_TEST_DIRNAME/../http_probe.py
OM='Accept: application/openmetrics-text;version=1.0.0,text/plain;version=0.0.4;q=0.5,*/*;q=0.1'

teardown() {
	[ -z "${HOLD_DIR:-}" ] || touch "$HOLD_DIR/release"
	[ -z "${PROM:-}" ] || kill "$PROM" 2>/dev/null || true
	stop_background
	bf_unmount
}

# serve "$@" on the live tree on a port the kernel picks, sampling every 100 ms
serve_live() {
	background "$PMUCTL" --sysfs-root "$LIVE" serve --listen 127.0.0.1:0 -I 100 "$@"
	wait_for "serve to listen" listening
}

# at least N samples in the exposition: counters and metrics are in
sampled() {
	local n
	n=$(curl -sf "http://127.0.0.1:$PORT/metrics" | sed -n 's/^pmuctl_samples_total //p')
	[ -n "$n" ] && [ "$n" -ge "$1" ]
}

scrape() {
	curl -sf "$@" "http://127.0.0.1:$PORT/metrics"
}

@test "serve: a counter per RC that only grows, gauges, promtool-clean, OpenMetrics when asked" {
	serve_live -M t410_pcie_rd_bw
	wait_for "two samples" sampled 2
	scrape >"$BATS_TEST_TMPDIR/a.prom"
	run promtool check metrics <"$BATS_TEST_TMPDIR/a.prom"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	# one series per PMU, socket 0 and 1, RC 0 to 5
	run sed -n 's/^pmuctl_t410_pcie_rd_bytes_total{pmu="nvidia_pcie_pmu_\([01]\)_rc_\([0-5]\)",socket="\1",rc="\2",event="nvidia_pcie_pmu_\1_rc_\2\/rd_bytes\/"} [0-9]*$/\1 \2/p' "$BATS_TEST_TMPDIR/a.prom"
	[ "${#lines[@]}" -eq 12 ]
	[ "$(sort -u <<<"$output" | wc -l)" -eq 12 ]
	grep -qx '# TYPE pmuctl_t410_pcie_rd_bytes_total counter' "$BATS_TEST_TMPDIR/a.prom"
	grep -qx '# TYPE pmuctl_t410_pcie_rd_bw_bytes_per_second gauge' "$BATS_TEST_TMPDIR/a.prom"
	[ "$(grep -c '^pmuctl_t410_pcie_rd_bw_bytes_per_second{pmu="nvidia_pcie_pmu_[01]_rc_[0-5]",socket="[01]",rc="[0-5]"} [0-9.e+]*$' "$BATS_TEST_TMPDIR/a.prom")" -eq 12 ]
	[ "$(grep -c '^pmuctl_running_ratio{.*} 1$' "$BATS_TEST_TMPDIR/a.prom")" -eq 12 ]
	grep -qx 'pmuctl_up 1' "$BATS_TEST_TMPDIR/a.prom"
	grep -qx 'pmuctl_counters{state="ok"} 12' "$BATS_TEST_TMPDIR/a.prom"
	grep -qx 'pmuctl_read_failures_total 0' "$BATS_TEST_TMPDIR/a.prom"
	run ! grep -q '^# EOF' "$BATS_TEST_TMPDIR/a.prom"
	# a later sample: every counter larger (cpu-clock nanoseconds on the live tree)
	n=$(sed -n 's/^pmuctl_samples_total //p' "$BATS_TEST_TMPDIR/a.prom")
	wait_for "a later sample" sampled $((n + 1))
	scrape >"$BATS_TEST_TMPDIR/b.prom"
	join <(grep '^pmuctl_t410_pcie_rd_bytes_total' "$BATS_TEST_TMPDIR/a.prom" | sort) \
		<(grep '^pmuctl_t410_pcie_rd_bytes_total' "$BATS_TEST_TMPDIR/b.prom" | sort) >"$BATS_TEST_TMPDIR/ab"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/ab")" -eq 12 ]
	awk '{ if ($3 <= $2) { print "not larger: " $0; bad = 1 } } END { exit bad }' "$BATS_TEST_TMPDIR/ab"
	# OpenMetrics: its content type, counter families without _total, # EOF last
	curl -sf -D "$BATS_TEST_TMPDIR/h" -H "$OM" -o "$BATS_TEST_TMPDIR/c.om" "http://127.0.0.1:$PORT/metrics"
	grep -qi '^content-type: application/openmetrics-text; version=1.0.0; charset=utf-8' "$BATS_TEST_TMPDIR/h"
	grep -qx '# TYPE pmuctl_t410_pcie_rd_bytes counter' "$BATS_TEST_TMPDIR/c.om"
	grep -qx '# TYPE pmuctl_build info' "$BATS_TEST_TMPDIR/c.om"
	[ "$(tail -n 1 "$BATS_TEST_TMPDIR/c.om")" = "# EOF" ]
	curl -sf -D "$BATS_TEST_TMPDIR/h" -o /dev/null "http://127.0.0.1:$PORT/metrics"
	grep -qi '^content-type: text/plain; version=0.0.4; charset=utf-8' "$BATS_TEST_TMPDIR/h"
}

@test "serve: one -M list for every machine: a name that applies nowhere here is skipped, said once and in an _info series" {
	# mem_rd_bw has no family on a DesignWare-only Yitian: before, serve exited 1 there
	background "$PMUCTL" --sysfs-root "$DWC_LIVE" serve --listen 127.0.0.1:0 -I 100 -M mem_rd_bw,dwc_pcie_l0_share
	wait_for "serve to listen" listening
	wait_for "a sample" sampled 1
	[ "$(grep -c "pmuctl: note: -M mem_rd_bw: skipped: metric mem_rd_bw applies to no PMU on this machine: it counts on t410_ucf, grace_scf, yitian_drw, hisi_hha, ampereone_mcu, intel_imc, amd_umc PMUs (pmuctl list --metrics --all mem_rd_bw)" "$BATS_TEST_TMPDIR/out")" -eq 1 ]
	scrape >"$BATS_TEST_TMPDIR/s.prom"
	grep -qx 'pmuctl_metric_unavailable_info{metric="mem_rd_bw",reason="metric mem_rd_bw applies to no PMU on this machine: it counts on t410_ucf, grace_scf, yitian_drw, hisi_hha, ampereone_mcu, intel_imc, amd_umc PMUs (pmuctl list --metrics --all mem_rd_bw)"} 1' "$BATS_TEST_TMPDIR/s.prom"
	grep -q '^pmuctl_dwc_pcie_l0_share{pmu="dwc_rootport_3018",socket="0"} ' "$BATS_TEST_TMPDIR/s.prom"
	run promtool check metrics <"$BATS_TEST_TMPDIR/s.prom"
	[ "$status" -eq 0 ]
	# nothing of the list applies: that is no exporter
	pmuctl --sysfs-root "$DWC_LIVE" serve --listen 127.0.0.1:0 -M mem_rd_bw,mem_wr_bw
	[ "$status" -eq 1 ]
	[ "${lines[-1]}" = "pmuctl: error: none of the metrics asked for applies on this machine (pmuctl list --metrics shows those that do; --all, every one)" ]
}

@test "serve: without -M, each family's documented defaults; --per-device where no function is attributed serves them system wide" {
	# the image's command: before, serve without -M exited 64
	background "$PMUCTL" --sysfs-root "$FIX/altra-live/sys" serve --listen 127.0.0.1:0 -I 100 --per-device
	wait_for "serve to listen" listening
	wait_for "a sample" sampled 1
	grep -qF "pmuctl: warning: --per-device: no PCI topology to read" "$BATS_TEST_TMPDIR/out"
	scrape >"$BATS_TEST_TMPDIR/d.prom"
	# the Altra's DMC-620 channels and its CMN meshes' RN-Is: dmc620_mem_bw and pcie_rd_bw, pcie_wr_bw
	[ "$(grep -c '^pmuctl_dmc620_mem_bw_bytes_per_second{' "$BATS_TEST_TMPDIR/d.prom")" -eq 16 ]
	[ "$(grep -c '^pmuctl_pcie_rd_bw_bytes_per_second{family="arm_cmn",' "$BATS_TEST_TMPDIR/d.prom")" -eq 2 ]
	run promtool check metrics <"$BATS_TEST_TMPDIR/d.prom"
	[ "$status" -eq 0 ]
}

@test "serve: a counter that fails is one read failure, not one a sample: the alert clears" {
	# cycles is no software event on the live tree: it fails at every sample
	serve_live -e nvidia_pcie_pmu_0_rc_4/cycles/ -e nvidia_pcie_pmu_0_rc_4/rd_bytes/
	wait_for "five samples" sampled 5
	scrape >"$BATS_TEST_TMPDIR/f.prom"
	# before: 1 a sample, so increase() over any window never fell to 0
	grep -qx 'pmuctl_read_failures_total 1' "$BATS_TEST_TMPDIR/f.prom"
	grep -qx 'pmuctl_counters{state="not_supported"} 1' "$BATS_TEST_TMPDIR/f.prom"
}

@test "serve: routes: / links /metrics, /-/healthy, HEAD, 404 for other paths, 405 for other methods" {
	serve_live -M t410_pcie_rd_bw
	run curl -s -w '%{http_code}' "http://127.0.0.1:$PORT/"
	[[ "$output" == *'<a href="/metrics">Metrics</a>'*200 ]]
	run curl -s -w ' %{http_code}' "http://127.0.0.1:$PORT/-/healthy"
	[ "$output" = "pmuctl is healthy.
 200" ]
	run curl -s -I -w '%{http_code}' "http://127.0.0.1:$PORT/metrics"
	[[ "$output" == *200 ]]
	for path in /nope /metrics/ /metrics/../metrics /../../etc/passwd '/%2e%2e/%2e%2e/etc/passwd' //metrics; do
		run curl -s --path-as-is -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT$path"
		[ "$output" = 404 ] || { echo "$path: $output"; return 1; }
	done
	# a query string is not part of the path
	run curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/metrics?x=1"
	[ "$output" = 200 ]
	for method in POST PUT DELETE PATCH OPTIONS; do
		run curl -s -D - -o /dev/null -X "$method" -d 'x=1' "http://127.0.0.1:$PORT/metrics"
		[[ "$output" == "HTTP/1.1 405 Method Not Allowed"* ]] || { echo "$method: $output"; return 1; }
		[[ "$output" == *$'Allow: GET, HEAD\r'* ]]
	done
}

@test "serve: garbage, oversized headers and bad request lines are refused, and serving goes on" {
	serve_live -M t410_pcie_rd_bw
	big=$(python3 -c 'print(("GET /metrics HTTP/1.1\r\nHost: x\r\nX-Big: " + "a" * 100000 + "\r\n\r\n").encode().hex())')
	run python3 "$PROBE" send "$PORT" - <<<"$big"
	[[ "$output" == "HTTP/1.1 431 "* || "$output" == closed ]] || { echo "oversized: $output"; return 1; }
	for req in '\x00\xff\xfe garbage\r\n\r\n' 'GET\r\n\r\n' 'GET /metrics HTTP/9.9\r\n\r\n' \
		'GET /metrics HTTP/1.1\r\n\r\n' 'GET /metrics HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n' \
		'FOO /metrics HTTP/1.1\r\nHost: x\r\n\r\n'; do
		hex=$(printf "$req" | od -An -v -tx1 | tr -d ' \n')
		run python3 "$PROBE" send "$PORT" "$hex"
		[[ "$output" == "HTTP/1.1 4"* || "$output" == "HTTP/1.1 505 "* || "$output" == closed ]] ||
			{ echo "$req: $output"; return 1; }
	done
	run scrape -o /dev/null -w '%{http_code}'
	[ "$output" = 200 ]
	kill -0 "$BG"
}

@test "serve -v: a standard error nobody reads never stops the answers: 10,000 malformed requests, every scrape 200" {
	stalled_fifo
	# its log goes to the stalled FIFO: the port is given, as the kernel just handed one out
	port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
	background sh -c 'f=$1; shift; exec "$@" 2>"$f"' sh "$FIFO" "$PMUCTL" -v --sysfs-root "$LIVE" serve \
		--web.listen-address "127.0.0.1:$port" -I 100 -M t410_pcie_rd_bw
	wait_for "serve to answer" curl -sf -o /dev/null "http://127.0.0.1:$port/-/healthy"
	# each malformed request logs two lines: the pipe's page, then the log's 64 KiB, fill
	run python3 "$BATS_TEST_DIRNAME/../http_probe.py" malformed "$port" 10000 500
	# before, the loop waited for room on stderr after ~200 of them: no answer came again
	[ "$output" = "$(printf '200 %.0s' $(seq 30) | sed 's/ $//')" ]
	run curl -sf "http://127.0.0.1:$port/metrics"
	dropped=$(sed -n 's/^pmuctl_log_dropped_total //p' <<<"$output")
	[ "$dropped" -gt 10000 ]
}

@test "serve: 100 half-open connections do not block a scrape; an idle one is closed after --timeout" {
	serve_live -M t410_pcie_rd_bw --timeout 1
	HOLD_DIR=$BATS_TEST_TMPDIR/hold
	mkdir "$HOLD_DIR"
	python3 "$PROBE" hold "$PORT" 100 "$HOLD_DIR" 3>&- &
	holder=$!
	wait_for "100 half-open connections" test -e "$HOLD_DIR/ready"
	run curl -sf --max-time 20 -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/metrics"
	[ "$output" = 200 ]
	touch "$HOLD_DIR/release"
	wait "$holder"
	run python3 "$PROBE" closed "$PORT" 20
	[ "$output" = closed ]
}

# the number of fds serve $BG has open
fds() {
	ls "/proc/$BG/fd" | wc -l
}

@test "serve: 300 clients that send half a request and leave free their slots at once" {
	# a timeout longer than the scrape's deadline: only noticing the close can free the slots
	serve_live -M t410_pcie_rd_bw --timeout 60 --max-connections-per-client 256
	wait_for "a sample" sampled 1
	base=$(fds)
	python3 "$PROBE" halfclose "$PORT" 300
	run curl -sf --max-time 20 -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/metrics"
	[ "$output" = 200 ]
	wait_for "the fds to come back to $base" eval '[ "$(fds)" -le "$base" ]'
}

@test "serve: clients trickling a header byte at a time are ended at --timeout; another address is served meanwhile" {
	serve_live -M t410_pcie_rd_bw --timeout 2 --max-connections 64
	wait_for "a sample" sampled 1
	HOLD_DIR=$BATS_TEST_TMPDIR/hold
	mkdir "$HOLD_DIR"
	# from 127.0.0.2: one address holds at most half the slots (32), 300 of its clients or not
	python3 "$PROBE" trickle "$PORT" 300 "$HOLD_DIR" 127.0.0.2 >"$BATS_TEST_TMPDIR/closed" 3>&- &
	trickler=$!
	wait_for "the tricklers" test -e "$HOLD_DIR/ready"
	run curl -sf --max-time 20 -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/metrics"
	[ "$output" = 200 ]
	# a byte every 0.5 s kept the idle timeout from ever firing: the request deadline ends them
	wait_for "the server to close every trickler" gone "$trickler"
	wait "$trickler"
	[ "$(cat "$BATS_TEST_TMPDIR/closed")" = 300 ]
	run curl -sf --max-time 20 -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/metrics"
	[ "$output" = 200 ]
}

@test "serve: a storm of 20,000 connects and closes leaves no fd behind and scrapes answer" {
	serve_live -M t410_pcie_rd_bw --timeout 60 --max-connections-per-client 256
	wait_for "a sample" sampled 1
	base=$(fds)
	pids=()
	for _ in $(seq 20); do
		python3 "$PROBE" storm "$PORT" 1000 3>&- &
		pids+=($!)
	done
	wait "${pids[@]}"
	wait_for "the fds to come back to $base" eval '[ "$(fds)" -le "$base" ]'
	run curl -sf --max-time 20 -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/metrics"
	[ "$output" = 200 ]
}

@test "serve: --max-connections: one more waits in the listen queue until a connection ends" {
	serve_live -M t410_pcie_rd_bw --max-connections 4 --max-connections-per-client 4
	fd0=$(fds)
	HOLD_DIR=$BATS_TEST_TMPDIR/hold
	mkdir "$HOLD_DIR"
	python3 "$PROBE" hold "$PORT" 4 "$HOLD_DIR" 3>&- &
	holder=$!
	wait_for "4 connections" test -e "$HOLD_DIR/ready"
	wait_for "pmuctl to take the 4" eval '[ "$(fds)" -eq $((fd0 + 4)) ]'
	curl -s --max-time 60 -o "$BATS_TEST_TMPDIR/fifth" -w '%{http_code}' "http://127.0.0.1:$PORT/metrics" >"$BATS_TEST_TMPDIR/code" 3>&- &
	fifth=$!
	# the kernel queued the fifth; pmuctl did not take it
	queued() { [ "$(ss -Hltn "sport = :$PORT" | awk '{ print $2 }')" = 1 ]; }
	wait_for "the fifth connection in the listen queue" queued
	[ "$(fds)" -eq $((fd0 + 4)) ]
	touch "$HOLD_DIR/release"
	wait "$holder"
	wait "$fifth"
	[ "$(cat "$BATS_TEST_TMPDIR/code")" = 200 ]
}

@test "serve: SIGHUP reads the metrics file again; a broken one keeps what was counted" {
	mf=$BATS_TEST_TMPDIR/m.json
	echo '[{"name": "rd_mib", "family": "t410_pcie", "expr": "rd_bytes / 1048576 / duration_time", "unit": "MiB/s", "description": "first"}]' >"$mf"
	serve_live -M rd_mib --metrics-file "$mf"
	wait_for "a sample" sampled 1
	scrape | grep -q '^# HELP pmuctl_rd_mib first (rd_mib; '
	echo '[{"name": "rd_mib", "family": "t410_pcie", "expr": "rd_bytes / 1048576 / duration_time", "unit": "MiB/s", "description": "second"}]' >"$mf"
	kill -HUP "$BG"
	wait_for "the new description" eval 'scrape | grep -q "^# HELP pmuctl_rd_mib second (rd_mib; "'
	scrape | grep -qx 'pmuctl_reloads_total{result="success"} 1'
	echo '[{"name": "rd_mib", "family": "t410_pcie", "expr": "rd_bytes / (2"}]' >"$mf"
	kill -HUP "$BG"
	wait_for "the failed reload" eval 'scrape | grep -qx "pmuctl_reloads_total{result=\"failure\"} 1"'
	scrape | grep -q '^# HELP pmuctl_rd_mib second (rd_mib; '
	scrape | grep -qx 'pmuctl_up 1'
	kill -TERM "$BG"
	finish
	[ "$status" -eq 0 ]
	[[ "$output" == *"reload failed: still counting what was counted before"* ]]
}

# the value of the series $2 (a whole line up to the value) in the exposition file $1
series_value() {
	sed -n "s/^$2 \\([0-9.e+]*\\)\$/\\1/p" "$1"
}

# the value of pmuctl_samples_total in the exposition scrape "$@" gets
samples_seen() {
	scrape "$@" | sed -n 's/^pmuctl_samples_total //p'
}

@test "serve: SIGHUP after a sample no scrape has seen still shows that sample's series until the new plan's first" {
	# the clean CI's ASan run: a scrape after the reload built the exposition of the new plan,
	# not sampled yet, and lost every counter; a 1 s interval holds that window open
	background "$PMUCTL" --sysfs-root "$LIVE" serve --listen 127.0.0.1:0 -I 1000 -M t410_pcie_rd_bw
	wait_for "serve to listen" listening
	WAIT_SECONDS=30 wait_for "a sample" sampled 1
	n=$(samples_seen)
	# a sample after the text format's last build, seen in the other format only
	WAIT_SECONDS=30 wait_for "a later sample" eval '[ "$(samples_seen -H "$OM")" -gt "$n" ]'
	kill -HUP "$BG"
	wait_for "the reload" grep -q "SIGHUP: reading the metrics" "$BATS_TEST_TMPDIR/out"
	scrape >"$BATS_TEST_TMPDIR/after.prom"
	grep -qx 'pmuctl_up 1' "$BATS_TEST_TMPDIR/after.prom"
	[ "$(grep -c '^pmuctl_t410_pcie_rd_bytes_total{' "$BATS_TEST_TMPDIR/after.prom")" -eq 12 ]
}

@test "serve: SIGHUP: counters go on from their totals, and /metrics never shows pmuctl_up 0 nor loses a series" {
	serve_live -M t410_pcie_rd_bw
	wait_for "two samples" sampled 2
	scrape >"$BATS_TEST_TMPDIR/before.prom"
	kill -HUP "$BG"
	# every scrape until the reload shows: none without the counters, none with up 0
	i=0
	until grep -qx 'pmuctl_reloads_total{result="success"} 1' "$BATS_TEST_TMPDIR/s$i.prom" 2>/dev/null; do
		i=$((i + 1))
		scrape >"$BATS_TEST_TMPDIR/s$i.prom"
		grep -qx 'pmuctl_up 1' "$BATS_TEST_TMPDIR/s$i.prom"
		[ "$(grep -c '^pmuctl_t410_pcie_rd_bytes_total{' "$BATS_TEST_TMPDIR/s$i.prom")" -eq 12 ]
		[ "$i" -lt 1000 ]
	done
	# each RC's counter after the reload is at least what it was before it: no reset to guess
	for rc in 0 1 2 3 4 5; do
		key="pmuctl_t410_pcie_rd_bytes_total{pmu=\"nvidia_pcie_pmu_0_rc_$rc\",socket=\"0\",rc=\"$rc\",event=\"nvidia_pcie_pmu_0_rc_$rc\\/rd_bytes\\/\"}"
		a=$(series_value "$BATS_TEST_TMPDIR/before.prom" "$key")
		b=$(series_value "$BATS_TEST_TMPDIR/s$i.prom" "$key")
		[ -n "$a" ]
		[ -n "$b" ]
		[ "$b" -ge "$a" ] || { echo "rc $rc: $a before the reload, $b after"; false; }
	done
}

@test "serve: a reload keeps its BlueField blocks: a stat started once the old plan is closed is refused" {
	INIT=(--init tile0/event0=0x45 --init tile0/event1=0x4c --init pcie0/IN_C_PKT_CNT=0)
	# the register read takes 2 s: the new plan's opening goes on that long after the old closed
	bf_mount "${INIT[@]}" --slow pcie0/IN_C_PKT_CNT=2
	before=$(bf_state)
	background "$PMUCTL" --sysfs-root "$BFROOT" serve --listen 127.0.0.1:0 -I 100 \
		-e bfperf/pcie0/IN_C_PKT_CNT/ -e bfperf/tile0/HNF_REQUESTS/
	wait_for "serve to listen" listening
	wait_for "a sample" sampled 1
	kill -HUP "$BG"
	# the old plan put tile0/event0 back: it is closed, and the new one still opening
	wait_for "the old plan's restore" eval '[ "$(grep -c "^write tile0/event0 .0x45. -> 0$" "$BFLOG")" -ge 2 ]'
	pmuctl --sysfs-root "$BFROOT" stat -e bfperf/tile0/HNF_REJECTS/ --duration 0.05
	[ "$status" -eq 1 ]
	[[ "$output" == *"block tile0 is being counted by another pmuctl (pid $BG, which holds its lock)"* ]]
	wait_for "the reload" eval 'scrape | grep -qx "pmuctl_reloads_total{result=\"success\"} 1"' || { cat "$BATS_TEST_TMPDIR/out" >&2; false; }
	scrape | grep -qx 'pmuctl_up 1'
	kill -TERM "$BG"
	finish
	[ "$status" -eq 0 ]
	# the stat wrote nothing; serve programmed tile0 twice and restored it twice
	[ "$(grep -c '^write tile0/event1' "$BFLOG")" -eq 0 ]
	[ "$(cat "$BFLOG")" = "write tile0/event0 '0x45' -> 0
write tile0/event0 '0x45' -> 0
write tile0/event0 '0x45' -> 0
write tile0/event0 '0x45' -> 0" ]
	[ "$(bf_state)" = "$before" ]
}

@test "serve: --per-device -e: a counter and a rate per function, labelled pci_bus_id as dcgm-exporter, its own filter, an _info series" {
	serve_live --per-device -e 'nvidia_pcie_pmu_*/rd_bytes/' --device 0001:01:00.0
	wait_for "a sample" sampled 1
	scrape >"$BATS_TEST_TMPDIR/d.prom"
	grep -q '^pmuctl_t410_pcie_rd_bytes_total{pmu="nvidia_pcie_pmu_0_rc_0",socket="0",rc="0",pci_bus_id="00000001:01:00.0",event="nvidia_pcie_pmu_0_rc_0/rd_bytes,src_rp_mask=0x1/"} [0-9]*$' "$BATS_TEST_TMPDIR/d.prom"
	grep -q '^pmuctl_t410_pcie_rd_bytes_per_second{pmu="nvidia_pcie_pmu_0_rc_0",socket="0",rc="0",pci_bus_id="00000001:01:00.0"} [0-9.e+]*$' "$BATS_TEST_TMPDIR/d.prom"
	# what the function is, once: the gauges and counters carry pci_bus_id alone to join on
	[ "$(grep '^pmuctl_pci_function_info' "$BATS_TEST_TMPDIR/d.prom")" = 'pmuctl_pci_function_info{pci_bus_id="00000001:01:00.0",name="Samsung Electronics Co Ltd NVMe SSD Controller PM9A1/PM9A3/980PRO",root_port="00000001:00:00.0",socket="0",rc="0",nvme="nvme0"} 1' ]
	# no empty label, no scope: the finest level alone
	run grep -c '=""\|scope=' "$BATS_TEST_TMPDIR/d.prom"
	[ "$output" = 0 ]
	# its link, in node_exporter's pcidevice names: the NVMe drive is Gen4 x4 and trained so
	grep -qx 'pmuctl_pci_max_link_transfers_per_second{pci_bus_id="00000001:01:00.0"} 16000000000' "$BATS_TEST_TMPDIR/d.prom"
	grep -qx 'pmuctl_pci_max_link_width{pci_bus_id="00000001:01:00.0"} 4' "$BATS_TEST_TMPDIR/d.prom"
	grep -qx 'pmuctl_pci_current_link_width{pci_bus_id="00000001:01:00.0"} 4' "$BATS_TEST_TMPDIR/d.prom"
	grep -qx 'pmuctl_pci_current_link_transfers_per_second{pci_bus_id="00000001:01:00.0"} 16000000000' "$BATS_TEST_TMPDIR/d.prom"
	grep -qx 'pmuctl_pci_link_downtrained{pci_bus_id="00000001:01:00.0"} 0' "$BATS_TEST_TMPDIR/d.prom"
	# 16 GT/s x4 with 128b/130b: 16e9 * 4 * 128 / 130 / 8 bytes each way
	grep -qx 'pmuctl_pci_link_bytes_per_second{pci_bus_id="00000001:01:00.0"} 7876923076.9230776' "$BATS_TEST_TMPDIR/d.prom"
	run promtool check metrics <"$BATS_TEST_TMPDIR/d.prom"
	[ "$status" -eq 0 ]
}

@test "serve: --per-device --by-destination: a gauge per destination and each function's remote share" {
	serve_live --per-device --by-destination --device 0001:01:00.0
	wait_for "a sample" sampled 1
	scrape >"$BATS_TEST_TMPDIR/d.prom"
	[ "$(grep -c '^pmuctl_t410_pcie_\(rd\|wr\)_bw_\(cmem\|gmem\|p2p\|cxl\|remote\)_bytes_per_second{.*pci_bus_id="00000001:01:00.0"} ' "$BATS_TEST_TMPDIR/d.prom")" = 10 ]
	# the live tree counts every destination alike: 2 of 10 go to the remote socket
	v=$(sed -n 's/^pmuctl_pci_remote_share_ratio{pci_bus_id="00000001:01:00.0"} //p' "$BATS_TEST_TMPDIR/d.prom")
	[ "$(python3 -c "print(abs($v - 0.2) < 0.01)")" = True ]
	run promtool check metrics <"$BATS_TEST_TMPDIR/d.prom"
	[ "$status" -eq 0 ]
	run "$PMUCTL" serve --by-destination -M t410_pcie_rd_bw
	[ "$status" -eq 64 ]
	[ "${lines[0]}" = "pmuctl serve: --by-destination splits the series of --per-device: add --per-device" ]
}

@test "serve: a trained link's payload rate, the link rules' denominator: GT/s x lanes x 128/130 / 8" {
	# the NVMe drive's link downtrained to x2 at 16 GT/s in a copy of the live tree
	live_with_link 0001:01:00.0 0x0024
	background "$PMUCTL" --sysfs-root "$BATS_TEST_TMPDIR/m/sys" serve --listen 127.0.0.1:0 -I 100 --per-device --device 0001:01:00.0
	wait_for "serve to listen" listening
	wait_for "a sample" sampled 1
	scrape >"$BATS_TEST_TMPDIR/d.prom"
	v=$(sed -n 's/^pmuctl_pci_link_bytes_per_second{pci_bus_id="00000001:01:00.0"} //p' "$BATS_TEST_TMPDIR/d.prom")
	[ "$(python3 -c "print(abs($v - 16e9 * 2 * 128 / 130 / 8) < 1e-3)")" = True ]
	grep -qx 'pmuctl_pci_current_link_width{pci_bus_id="00000001:01:00.0"} 2' "$BATS_TEST_TMPDIR/d.prom"
	grep -qx 'pmuctl_pci_link_downtrained{pci_bus_id="00000001:01:00.0"} 1' "$BATS_TEST_TMPDIR/d.prom"
}

@test "serve: bad options and a busy port: one line, the exit status the man page gives" {
	pmuctl --sysfs-root "$LIVE" serve extra
	[ "$status" -eq 64 ]
	[ "${lines[0]}" = "pmuctl serve: unexpected argument 'extra'; events go after -e" ]
	pmuctl --sysfs-root "$LIVE" serve -M t410_pcie_rd_bw --listen ::1:10464
	[ "$status" -eq 64 ]
	[ "${lines[0]}" = "pmuctl serve: invalid --web.listen-address '::1:10464': put an IPv6 address in brackets: [::1]:10464" ]
	pmuctl --sysfs-root "$LIVE" serve -M t410_pcie_rd_bw --listen 127.0.0.1:65536
	[ "$status" -eq 64 ]
	pmuctl --sysfs-root "$LIVE" serve -M t410_pcie_rd_bw --listen nosuchhost.invalid:1
	[ "$status" -eq 1 ]
	[[ "$output" == "pmuctl: error: invalid --web.listen-address 'nosuchhost.invalid:1': "* ]]
	pmuctl --sysfs-root "$LIVE" serve -M nope
	[ "$status" -eq 1 ]
	serve_live -M t410_pcie_rd_bw
	pmuctl --sysfs-root "$LIVE" serve -M t410_pcie_rd_bw --listen "127.0.0.1:$PORT"
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: cannot listen on 127.0.0.1:$PORT: Failed to bind to port $PORT: Address already in use" ]
}

@test "serve: IPv6 loopback" {
	python3 -c 'import socket; socket.socket(socket.AF_INET6).bind(("::1", 0))' 2>/dev/null || skip "no IPv6 loopback here"
	background "$PMUCTL" --sysfs-root "$LIVE" serve --listen '[::1]:0' -M t410_pcie_rd_bw
	wait_for "serve to listen" grep -q 'serving http://\[::1\]:[0-9]*/metrics' "$BATS_TEST_TMPDIR/out"
	port=$(sed -n 's|.*serving http://\[::1\]:\([0-9]*\)/metrics.*|\1|p' "$BATS_TEST_TMPDIR/out")
	run curl -s -o /dev/null -w '%{http_code}' "http://[::1]:$port/-/healthy"
	[ "$output" = 200 ]
}

@test "serve: SIGTERM ends it with 0 and BlueField's state restored, every write in order" {
	INIT=(--init tile0/event0=0x45 --init tile0/event1=0x4c)
	bf_mount "${INIT[@]}"
	before=$(bf_state)
	background "$PMUCTL" --sysfs-root "$BFROOT" serve --listen 127.0.0.1:0 -I 100 \
		-e bfperf/tile0/HNF_REQUESTS/ -e bfperf/tile0/0x46/
	wait_for "serve to listen" listening
	wait_for "a sample" sampled 1
	scrape >"$BATS_TEST_TMPDIR/bf.prom"
	grep -q '^pmuctl_bluefield_hnf_requests_total{pmu="bfperf/tile0",event="bfperf/tile0/HNF_REQUESTS/"} [0-9]*$' "$BATS_TEST_TMPDIR/bf.prom"
	run promtool check metrics <"$BATS_TEST_TMPDIR/bf.prom"
	[ "$status" -eq 0 ]
	kill -TERM "$BG"
	finish
	[ "$status" -eq 0 ]
	[ "$(cat "$BFLOG")" = "write tile0/event0 '0x45' -> 0
write tile0/event1 '0x46' -> 0
write tile0/event1 '0x4c' -> 0
write tile0/event0 '0x45' -> 0" ]
	[ "$(bf_state)" = "$before" ]
}

# One scrape of the BlueField serve: "samples hnf_total up failed" appended to $BATS_TEST_TMPDIR/seen;
# true once $1 samples were taken
bf_seen() {
	scrape | awk '
		/^pmuctl_samples_total / { s = $2 }
		/^pmuctl_bluefield_hnf_requests_total/ { t = $2 }
		/^pmuctl_up / { u = $2 }
		/^pmuctl_counters\{state="failed"\}/ { f = $2 }
		END { print s, t, u, f }' >>"$BATS_TEST_TMPDIR/seen"
	[ "$(tail -1 "$BATS_TEST_TMPDIR/seen" | cut -d' ' -f1)" -ge "$1" ]
}

@test "serve: a BlueField counter's jump to 2^63 is a reset, and its _total never moves by it" {
	bf_mount --init tile0/event0=0x45 --script tile0/counter0=300,0x8000000000000000,0xffffffffffffffff,1300
	background "$PMUCTL" --sysfs-root "$BFROOT" serve --listen 127.0.0.1:0 -I 100 -e bfperf/tile0/HNF_REQUESTS/
	wait_for "serve to listen" listening
	: >"$BATS_TEST_TMPDIR/seen"
	wait_for "five samples" bf_seen 5
	# at every scrape: a total that only grows, by what the counter counted (1000 a sample once
	# it goes on from 300), never by the jump; samples 1 and 2 read the jumps
	run python3 -c '
import sys
rows = [l.split() for l in open(sys.argv[1]) if l.split()[0] != "0"]
totals = [int(float(r[1])) for r in rows]
assert totals == sorted(totals), totals
by_sample = {int(r[0]): int(float(r[1])) for r in rows}
assert all(by_sample[k] == max(0, k - 2) * 1000 for k in by_sample if k <= 5), by_sample
print("ok")' "$BATS_TEST_TMPDIR/seen"
	[ "$output" = ok ]
	grep -q "bfperf/tile0/HNF_REQUESTS/: the counter jumped further than it can count" "$BATS_TEST_TMPDIR/out"
}

@test "serve: a BlueField read that fails once is tried again, and the series comes back" {
	bf_mount --init tile0/event0=0x45 --script "tile0/counter0=300,No event being monitored,1300"
	background "$PMUCTL" --sysfs-root "$BFROOT" serve --listen 127.0.0.1:0 -I 100 -e bfperf/tile0/HNF_REQUESTS/
	wait_for "serve to listen" listening
	: >"$BATS_TEST_TMPDIR/seen"
	wait_for "four samples" bf_seen 4
	# sample 1 failed, 2 took a new baseline, each after counted 1000: up again, nothing failed,
	# at every scrape from sample 3 on (a loaded machine may scrape sample 3 or not)
	run awk '$1 >= 3 { print $3, $4, ($2 == ($1 - 2) * 1000) }' "$BATS_TEST_TMPDIR/seen"
	[ "$(sort -u <<<"$output")" = "1 0 1" ]
}

@test "serve: under load (200 connections, wrk) every answer is a whole exposition; no fd or memory growth" {
	# ASan keeps freed memory in quarantine: without it, RSS measures pmuctl
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=0" serve_live -M t410_pcie_rd_bw,t410_pcie_wr_bw --max-connections 512
	wait_for "a sample" sampled 1
	rss() { awk '/^VmRSS:/ { print $2 }' "/proc/$BG/status"; }
	fd0=$(fds)
	# a first run warms the allocator; growth is measured over the second
	wrk -t 2 -c 200 -d 2s --timeout 30s -s "$BATS_TEST_DIRNAME/serve_check.lua" "http://127.0.0.1:$PORT/metrics" >/dev/null
	rss0=$(rss)
	run wrk -t 2 -c 200 -d "${SERVE_LOAD_SECONDS:-10}s" --timeout 30s -s "$BATS_TEST_DIRNAME/serve_check.lua" "http://127.0.0.1:$PORT/metrics"
	[ "$status" -eq 0 ]
	echo "$output"
	[[ "$output" != *"Socket errors"* && "$output" != *"Non-2xx"* ]]
	good=$(sed -n 's/^checked: \([0-9]*\) good, \([0-9]*\) bad, \([0-9]*\) requests$/\1 \2 \3/p' <<<"$output")
	read -r g b n <<<"$good"
	[ "$b" -eq 0 ]
	[ "$g" -gt 0 ]
	[ "$g" -eq "$n" ]
	rss1=$(rss)
	echo "RSS $rss0 kB -> $rss1 kB, fds $fd0" >&3
	# under valgrind the RSS is valgrind's own
	[ -n "${PMUCTL_REAL:-}" ] || [ $((rss1 - rss0)) -lt 8192 ]
	wait_for "every connection to be closed" eval '[ "$(fds)" -eq "$fd0" ]'
	run scrape -o /dev/null -w '%{http_code}'
	[ "$output" = 200 ]
}

# the query's result as "socket rc" lines, each with a positive value, sorted
rates_per_rc() {
	curl -sf "http://127.0.0.1:$PROM_PORT/api/v1/query" --data-urlencode "query=$1" |
		python3 -c 'import json, sys
d = json.load(sys.stdin)["data"]["result"]
print("\n".join(sorted("%s %s" % (r["metric"]["socket"], r["metric"]["rc"]) for r in d if float(r["value"][1]) > 0)))'
}

@test "serve: a real Prometheus scrapes it (OpenMetrics): rate() of the PCIe read counter for every RC" {
	serve_live -M t410_pcie_rd_bw
	PROM_PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
	# the shipped example, pointed at this run and scraping every second
	sed -e "s/127.0.0.1:10464/127.0.0.1:$PORT/" -e 's/scrape_interval: 15s/scrape_interval: 1s/' \
		"$BATS_TEST_DIRNAME/../../deploy/prometheus/pmuctl.yml" >"$BATS_TEST_TMPDIR/prometheus.yml"
	run promtool check config "$BATS_TEST_TMPDIR/prometheus.yml"
	[ "$status" -eq 0 ]
	prometheus --config.file="$BATS_TEST_TMPDIR/prometheus.yml" --storage.tsdb.path="$BATS_TEST_TMPDIR/tsdb" \
		--web.listen-address="127.0.0.1:$PROM_PORT" --log.level=warn >"$BATS_TEST_TMPDIR/prom.log" 2>&1 3>&- &
	PROM=$!
	want=$(for s in 0 1; do for rc in 0 1 2 3 4 5; do echo "$s $rc"; done; done)
	WAIT_SECONDS=120 wait_for "a rate for every RC" eval '[ "$(rates_per_rc "rate(pmuctl_t410_pcie_rd_bytes_total[30s])")" = "$want" ]'
	# the gauge too, and the target healthy with no scrape error
	[ "$(rates_per_rc pmuctl_t410_pcie_rd_bw_bytes_per_second)" = "$want" ]
	curl -sf "http://127.0.0.1:$PROM_PORT/api/v1/targets" | python3 -c 'import json, sys
t = json.load(sys.stdin)["data"]["activeTargets"]
assert len(t) == 1 and t[0]["health"] == "up" and t[0]["lastError"] == "", t'
	kill "$PROM"
	wait "$PROM" || true
	PROM=
}

@test "serve --topology: --per-device from a dump root wrote reads no config space, and counts" {
	command -v strace >/dev/null || skip "strace is not installed (the test command installs it)"
	background strace -f -qq -e trace=open,openat -o "$BATS_TEST_TMPDIR/trace" "$PMUCTL" --sysfs-root "$LIVE" serve \
		--listen 127.0.0.1:0 -I 100 --per-device --topology "$LIVE/../lspci-xxxx.txt"
	wait_for "serve to listen" listening
	wait_for "a sample" sampled 1
	scrape >"$BATS_TEST_TMPDIR/t.prom"
	[ "$(grep -c '^pmuctl_pci_function_info{' "$BATS_TEST_TMPDIR/t.prom")" -eq 29 ]
	grep -qx 'pmuctl_up 1' "$BATS_TEST_TMPDIR/t.prom"
	grep -q '^pmuctl_t410_pcie_rd_bw_bytes_per_second{pmu="nvidia_pcie_pmu_0_rc_0",socket="0",rc="0",pci_bus_id="00000001:01:00.0"} [0-9.e+]*$' "$BATS_TEST_TMPDIR/t.prom"
	# the dump was read, and no function's config file: what only root may read is not needed
	grep -q 'lspci-xxxx.txt' "$BATS_TEST_TMPDIR/trace"
	run grep -c '/config"' "$BATS_TEST_TMPDIR/trace"
	[ "$output" = 0 ]
	# the same without --topology reads config space (the test sees it, so it can fail)
	stop_background
	background strace -f -qq -e trace=open,openat -o "$BATS_TEST_TMPDIR/trace2" "$PMUCTL" --sysfs-root "$LIVE" serve \
		--listen 127.0.0.1:0 -I 100 --per-device
	wait_for "serve to listen" listening
	[ "$(grep -c '/config"' "$BATS_TEST_TMPDIR/trace2")" -gt 0 ]
}

@test "serve: the systemd unit is valid, hardened (exposure at most 2.0), and make install puts it in place" {
	# the binary of the plain build: tests/run exports BUILD for its unit tests
	env -u BUILD make -s -C "$BATS_TEST_DIRNAME/../.." install DESTDIR="$BATS_TEST_TMPDIR/root" PREFIX=/usr >/dev/null
	unit=$BATS_TEST_TMPDIR/root/usr/lib/systemd/system/pmuctl-exporter.service
	grep -qx 'ExecStart=/usr/bin/pmuctl serve --topology /run/pmuctl-exporter/pci-config.txt $ARGS' "$unit"
	# the socket unit beside it, valid too
	cp "$BATS_TEST_TMPDIR/root/usr/lib/systemd/system/pmuctl-exporter.socket" "$BATS_TEST_TMPDIR/"
	# verify wants the binary where the unit says
	sed "s|/usr/bin/pmuctl|$(realpath "${PMUCTL_REAL:-$PMUCTL}")|" "$unit" >"$BATS_TEST_TMPDIR/pmuctl-exporter.service"
	run systemd-analyze verify --man=no "$BATS_TEST_TMPDIR/pmuctl-exporter.service" "$BATS_TEST_TMPDIR/pmuctl-exporter.socket"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	run systemd-analyze security --offline=true --threshold=20 "$BATS_TEST_TMPDIR/pmuctl-exporter.service"
	[ "$status" -eq 0 ]
	grep -qx 'AmbientCapabilities=CAP_PERFMON' "$unit"
	grep -qx 'DynamicUser=yes' "$unit"
	grep -qx 'ProtectSystem=strict' "$unit"
}

@test "serve --exclusive: a metric whose events ran half the time is left out, its coverage ratio says 0.5, the warning once" {
	need_tool cc "builds the test double for the counter reads (tests/shim/halve_running.c)"
	cc -shared -fPIC -o "$BATS_TEST_TMPDIR/halve.so" "$BATS_TEST_DIRNAME/../shim/halve_running.c" -ldl
	background env LD_PRELOAD="$BATS_TEST_TMPDIR/halve.so" \
		ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
		"$PMUCTL" --sysfs-root "$LIVE" serve --listen 127.0.0.1:0 -I 100 --exclusive -M t410_pcie_rd_bw
	wait_for "serve to listen" listening
	wait_for "three samples" sampled 3
	scrape >"$BATS_TEST_TMPDIR/a.prom"
	[ "$(grep -c '^pmuctl_t410_pcie_rd_bw_bytes_per_second{' "$BATS_TEST_TMPDIR/a.prom")" -eq 0 ]
	grep -qx '# TYPE pmuctl_t410_pcie_rd_bw_bytes_per_second gauge' "$BATS_TEST_TMPDIR/a.prom"
	[ "$(grep -c '^pmuctl_metric_coverage_ratio{metric="t410_pcie_rd_bw",pmu="nvidia_pcie_pmu_[01]_rc_[0-5]",socket="[01]",rc="[0-5]"} 0\.[45]' "$BATS_TEST_TMPDIR/a.prom")" -eq 12 ]
	run promtool check metrics <"$BATS_TEST_TMPDIR/a.prom"
	[ "$status" -eq 0 ]
	[ "$(grep -c 'pmuctl: warning' "$BATS_TEST_TMPDIR/out")" -eq 1 ]
	grep -qF "'nvidia_pcie_pmu_0_rc_0', 'nvidia_pcie_pmu_0_rc_1', 'nvidia_pcie_pmu_0_rc_2' and 9 more PMUs: their events counted 50% of the time where the plan predicted 100%" "$BATS_TEST_TMPDIR/out"
}

@test "serve: the _info series names what the function's driver made: netdev, nvme, infiniband, drm, for joins" {
	serve_live --per-device -e 'nvidia_pcie_pmu_*/rd_bytes/' --device 0005:41:00.0,0002:83:00.0,0002:81:00.0
	wait_for "a sample" sampled 1
	scrape >"$BATS_TEST_TMPDIR/j.prom"
	# the BlueField-3 NIC function: its interface (udev's path name) and its RDMA device
	grep -qx 'pmuctl_pci_function_info{pci_bus_id="00000005:41:00.0",name="Mellanox Technologies MT43244 BlueField-3 integrated ConnectX-7 network controller",root_port="00000005:40:00.0",socket="0",rc="4",netdev="enP5p65s0f0",infiniband="mlx5_6"} 1' "$BATS_TEST_TMPDIR/j.prom"
	# a GPU: its DRM card, not its render node
	grep -q '^pmuctl_pci_function_info{pci_bus_id="00000002:83:00.0",.*,drm="card0"} 1$' "$BATS_TEST_TMPDIR/j.prom"
	# a switch port made nothing: no such label, never an empty one
	grep -qx 'pmuctl_pci_function_info{pci_bus_id="00000002:81:00.0",name="PLX Technology, Inc. Device c010",root_port="00000002:80:00.0",socket="0",rc="1"} 1' "$BATS_TEST_TMPDIR/j.prom"
	run promtool check metrics <"$BATS_TEST_TMPDIR/j.prom"
	[ "$status" -eq 0 ]
}

@test "serve: a function whose device names cannot be read is said, and its _info series has none" {
	need_tool setpriv "runs serve as nobody, who cannot list a directory of root's"
	# a directory nobody may enter (the test's own is root's alone)
	M=$(mktemp -d /tmp/pmuctl-serve.XXXXXX)
	cp -r "$LIVE" "$M/sys"
	chmod -R a+rX "$M"
	chmod 700 "$M/sys/bus/pci/devices/0005:41:00.0/net"
	background setpriv --reuid=nobody --inh-caps=+perfmon --ambient-caps=+perfmon "$PMUCTL" \
		--sysfs-root "$M/sys" serve --web.listen-address 127.0.0.1:0 -I 100 --per-device \
		-e 'nvidia_pcie_pmu_*/rd_bytes/' --device 0005:41:00.0
	wait_for "serve to listen" listening
	# before: nothing said, the netdev label silently missing
	run grep -cF "pmuctl: warning: 0005:41:00.0: the names of its network, NVMe, RDMA or DRM devices cannot be read (Permission denied): its pmuctl_pci_function_info series lacks them" "$BATS_TEST_TMPDIR/out"
	rm -rf "$M"
	[ "$output" = 1 ]
}

@test "serve --max-series: functions past the bound are left out whole, pmuctl_series_dropped says how many samples" {
	serve_live --per-device --socket 0 --rc 4
	wait_for "a sample" sampled 1
	scrape >"$BATS_TEST_TMPDIR/all.prom"
	stop_background
	# the machine's own samples, and each function's: the four alike
	fixed=$(grep -v '^#' "$BATS_TEST_TMPDIR/all.prom" | grep -vc 'pci_bus_id=')
	per=$(grep -c 'pci_bus_id="00000005:41:00.1"' "$BATS_TEST_TMPDIR/all.prom")
	[ "$(grep -o 'pci_bus_id="[^"]*"' "$BATS_TEST_TMPDIR/all.prom" | sort -u | wc -l)" -eq 4 ]
	[ "$(grep -c 'pci_bus_id=' "$BATS_TEST_TMPDIR/all.prom")" -eq $((4 * per)) ]
	# room for the machine's own, the count and two functions and most of a third: two fit
	serve_live --per-device --socket 0 --rc 4 --max-series $((fixed + 1 + 3 * per - 1))
	wait_for "a sample" sampled 1
	scrape >"$BATS_TEST_TMPDIR/cap.prom"
	[ "$(grep -o 'pci_bus_id="[^"]*"' "$BATS_TEST_TMPDIR/cap.prom" | sort -u | tr '\n' ' ')" = 'pci_bus_id="00000005:01:00.0" pci_bus_id="00000005:01:00.1" ' ]
	grep -qx "pmuctl_series_dropped $((2 * per))" "$BATS_TEST_TMPDIR/cap.prom"
	[ "$(grep -vc '^#' "$BATS_TEST_TMPDIR/cap.prom")" -eq $((fixed + 1 + 2 * per)) ]
	run promtool check metrics <"$BATS_TEST_TMPDIR/cap.prom"
	[ "$status" -eq 0 ]
	# OpenMetrics: the count before # EOF
	scrape -H "$OM" >"$BATS_TEST_TMPDIR/cap.om"
	[ "$(tail -2 "$BATS_TEST_TMPDIR/cap.om")" = "pmuctl_series_dropped $((2 * per))
# EOF" ]
	# said once, however many samples
	wait_for "more samples" sampled 3
	[ "$(grep -c -- '--max-series' "$BATS_TEST_TMPDIR/out")" -eq 1 ]
}

@test "serve: the exposition is built on the first scrape in a format after a sample, never at rest (issue 48)" {
	# no sample within the test: what a scrape built is what the next one sends
	background "$PMUCTL" --sysfs-root "$LIVE" serve --listen 127.0.0.1:0 -I 3600000 -M t410_pcie_rd_bw
	wait_for "serve to listen" listening
	scrape >/dev/null
	scrape >/dev/null
	# built once for both text scrapes, and OpenMetrics now for this one
	scrape -H "$OM" >"$BATS_TEST_TMPDIR/om"
	grep -qx 'pmuctl_renders_total{format="prometheus"} 1' "$BATS_TEST_TMPDIR/om"
	grep -qx 'pmuctl_renders_total{format="openmetrics"} 1' "$BATS_TEST_TMPDIR/om"
	stop_background
	# sampling every 100 ms, scraped in the text format only: OpenMetrics is never built (it
	# was, twice a sample, scraped or not)
	serve_live -M t410_pcie_rd_bw
	wait_for "five samples" sampled 5
	scrape -H "$OM" >"$BATS_TEST_TMPDIR/om"
	grep -qx 'pmuctl_renders_total{format="openmetrics"} 1' "$BATS_TEST_TMPDIR/om"
	[ "$(sed -n 's/^pmuctl_samples_total //p' "$BATS_TEST_TMPDIR/om")" -ge 5 ]
}
