#!/usr/bin/env bats
# JSON: one shape per record kind, whatever the mode, and every -j output of every command on
# every example machine matches its schema in schemas/ (the pmuctl helper checks each run).
load helpers

SCHEMAS=$BATS_TEST_DIRNAME/../../schemas
COUNT_KEYS="['event', 'pmu', 'socket', 'rc', 'cpu', 'device', 'count', 'unit', 'running_pct', 'coverage', 'enabled_ns', 'running_ns', 'noise_pct', 'state', 'error']"
METRIC_KEYS="['metric', 'value', 'unit', 'scope', 'pmu', 'socket', 'rc', 'device', 'multiplexed', 'coverage', 'together']"
REPORT_KEYS="['interval', 'time_s', 'timestamp', 'target', 'runs', 'counts', 'metrics', 'devices', 'subtotals', 'inputs']"

# the key lists of every record of kind $1 in every report of $output
keys_of() {
	python3 -c '
import json, sys
dec, text, at, seen = json.JSONDecoder(), sys.stdin.read(), 0, set()
while text[at:].strip():
    at += len(text[at:]) - len(text[at:].lstrip())
    d, at = dec.raw_decode(text, at)
    seen.add(str(list(d)) if sys.argv[1] == "report" else None)
    for r in d.get(sys.argv[1], []):
        seen.add(str(list(r)))
seen.discard(None)
print("\n".join(sorted(seen)))' "$1" <<<"$output"
}

@test "schemas: every schema is a valid JSON Schema (2020-12)" {
	run /usr/bin/python3 -c '
import glob, json, sys, jsonschema
files = sorted(glob.glob(sys.argv[1] + "/*.schema.json"))
for f in files:
    jsonschema.Draft202012Validator.check_schema(json.load(open(f)))
print(len(files))' "$SCHEMAS"
	[ "$status" -eq 0 ]
	[ "$output" = 9 ]
}

@test "schemas: a count record has the same keys, in order, with every aggregation" {
	for aggr in "" --per-pmu --per-socket -A; do
		pmuctl --sysfs-root "$LIVE" -j stat $aggr -e 'nvidia_pcie_pmu_*/rd_bytes/' -e cpu-clock --duration 0.05
		[ "$status" -eq 0 ]
		[ "$(keys_of counts)" = "$COUNT_KEYS" ]
		[ "$(keys_of report)" = "$REPORT_KEYS" ]
	done
}

@test "schemas: a metric record has the same keys, in order, at every scope and with --device" {
	for extra in "" "--device 0005:41:00.0" "--device 0005:41:00.0 --root-port"; do
		pmuctl --sysfs-root "$LIVE" -j stat -M t410_pcie_rd_bw $extra --duration 0.05
		[ "$status" -eq 0 ]
		[ "$(keys_of metrics)" = "$METRIC_KEYS" ]
	done
	for aggr in --per-pmu --per-socket ""; do
		pmuctl --sysfs-root "$LIVE" -j stat -M t410_pcie_rd_bw $aggr --duration 0.05
		[ "$(keys_of metrics)" = "$METRIC_KEYS" ]
	done
}

@test "schemas: one report holds counts and metrics; intervals are JSON Lines of the same shape" {
	# stdout alone: a report late under load (valgrind) says so on stderr, which is not the stream
	run --separate-stderr "$PMUCTL" --sysfs-root "$LIVE" -j stat -e nvidia_pcie_pmu_0_rc_4/rd_bytes/ -M t410_pcie_rd_bw -I 40 --interval-count 2
	[ "$status" -eq 0 ]
	python3 "$BATS_TEST_DIRNAME/../schema_check.py" <(printf '%s\n' "$output") -- -j stat -I 40
	[ "${#lines[@]}" -eq 2 ]
	[ "$(keys_of report)" = "$REPORT_KEYS" ]
	[ "$(keys_of counts)" = "$COUNT_KEYS" ]
	[ "$(keys_of metrics)" = "$METRIC_KEYS" ]
	output=${lines[1]}
	[ "$(jq_py 'd["interval"], len(d["counts"]), len(d["metrics"]) > 0')" = "(2, 1, True)" ]
}

@test "schemas: states are snake_case identifiers in JSON, perf's words in text and CSV" {
	local group='{nvidia_pcie_pmu_0_rc_1/rd_req/,nvidia_pcie_pmu_0_rc_1/cycles/}'
	pmuctl --sysfs-root "$LIVE" -j stat -e "$group" -e nvidia_ucf_pmu_0/event=0x0/ --duration 0.05
	[ "$status" -eq 2 ]
	output=${lines[-1]}
	[ "$(jq_py '[(c["state"], c["count"] and c["count"] > 0) for c in d["counts"]]')" = "[('not_counted', None), ('not_supported', None), ('counted', True)]" ]
	pmuctl --sysfs-root "$LIVE" stat --format=csv -e "$group" -e nvidia_ucf_pmu_0/event=0x0/ --duration 0.05
	[[ "$output" == *"count,nvidia_pcie_pmu_0_rc_1/rd_req/,<not counted>,"* ]]
	[[ "$output" == *"count,nvidia_pcie_pmu_0_rc_1/cycles/,<not supported>,"* ]]
	# perf's -x lines: perf's words where the value goes
	pmuctl --sysfs-root "$LIVE" stat -x, -e "$group" -e nvidia_ucf_pmu_0/event=0x0/ --duration 0.05
	[[ "$output" == *"<not counted>,,nvidia_pcie_pmu_0_rc_1/rd_req/,"* ]]
	[[ "$output" == *"<not supported>,,nvidia_pcie_pmu_0_rc_1/cycles/,"* ]]
}

@test "schemas: list, list --metrics and stat --dry-run on every example machine" {
	for root in "$T410" "$LIVE" "$YITIAN" "$HIP09" "$BF2" "$BF3"; do
		pmuctl --sysfs-root "$root" -j list
		[ "$status" -eq 0 ]
	done
	pmuctl -p list --metrics --all
	[ "$status" -eq 0 ]
	pmuctl --sysfs-root "$YITIAN" -j stat --dry-run -M ddr_read_bandwidth.all
	[ "$status" -eq 0 ]
	pmuctl --sysfs-root "$HIP09" -j stat --dry-run -M hns3_dly_tpu -e hns3_pmu_sicl_0/bw_rd_ebd_byte_num,bdf=0x3500,queue=0xffff/
	[ "$status" -eq 0 ]
	pmuctl --sysfs-root "$BF2" -j stat --dry-run -e bfperf/ecc/DERR_INJ/
	[ "$status" -eq 0 ]
	[ "$(jq_py 'd["perf_command"], d["events"][0]["cpus"]')" = "(None, None)" ]
	pmuctl --sysfs-root "$LIVE" -p stat --dry-run -e '{nvidia_pcie_pmu_0_rc_4/rd_bytes,name=rd/,nvidia_pcie_pmu_0_rc_4/rd_req/}' -e cycles
	[ "$status" -eq 0 ]
}

@test "schemas: map -j's keys are generic: no family, vendor or capability of one names a key" {
	for m in "$T410" "$HIP09" "$FIX/yitian710-dwc/sys" "$FIX/grace/sys"; do
		pmuctl -q --sysfs-root "$m" -j map
		[ "$status" -eq 0 ]
		run python3 -c '
import json, sys
def keys(v):
    if isinstance(v, dict):
        for k, x in v.items():
            yield k
            yield from keys(x)
    elif isinstance(v, list):
        for x in v:
            yield from keys(x)
names = sys.argv[1].split()
bad = sorted({k for k in keys(json.loads(sys.stdin.read())) if any(n in k.lower() for n in names)})
print(bad)' "t410 nvidia hns3 hisi dwc grace bluefield yitian drw dvsec tgt" <<<"$output"
		[ "$output" = "[]" ] || { echo "$m: $output"; false; }
	done
}

@test "schemas: map on Tegra410 and HNS3 machines, and bdf, in one shape" {
	pmuctl --sysfs-root "$T410" -F "$FIX/tegra410/lspci-xxxx.txt" -j map
	[ "$status" -eq 0 ]
	# a root port, an endpoint below one, and a function below none: the same keys
	[ "$(jq_py 'len(set(tuple(r) for r in d))')" = 1 ]
	pmuctl --sysfs-root "$HIP09" -F "$FIX/hip09/lspci-xxxx.txt" -j map
	[ "$status" -eq 0 ]
	[ "$(jq_py 'len(set(tuple(r) for r in d)), [r["requester"]["pmu"] for r in d if r["bdf"] == "0000:35:00.0"][0]')" = "(1, 'hns3_pmu_sicl_0')" ]
	pmuctl -j bdf 0005:41:00.0 0x4100 27:01.1
	[ "$status" -eq 0 ]
	# the good arguments before a bad one, still valid
	pmuctl -j bdf 27:01.1 nonsense
	[ "$status" -eq 64 ]
}

@test "schemas: -o FILE in JSON Lines, and --input reports, match too" {
	pmuctl --sysfs-root "$LIVE" -j stat -e nvidia_pcie_pmu_0_rc_4/rd_bytes/ -I 30 --interval-count 2 -o "$BATS_TEST_TMPDIR/out.jsonl"
	[ "$status" -eq 0 ]
	[ "$(wc -l <"$BATS_TEST_TMPDIR/out.jsonl")" -eq 2 ]
	pmuctl -q -j stat --input "$BATS_TEST_DIRNAME/../data/perf-pcie-interval.json" -M t410_pcie_wr_bw
	[ "$status" -eq 0 ]
	[ "$(keys_of report)" = "$REPORT_KEYS" ]
}

@test "schemas: the check fails on a record that lacks a key or has a state perf prints" {
	local bad=$BATS_TEST_TMPDIR/bad.json
	echo '{"interval":null,"time_s":1,"timestamp":null,"target":null,"counts":[{"event":"e","pmu":null,"socket":null,"rc":null,"cpu":null,"device":null,"count":null,"running_pct":0,"enabled_ns":0,"running_ns":0,"state":"<not counted>","error":null}],"metrics":[{"metric":"m","value":1,"unit":"GB/s","scope":"total"}]}' >"$bad"
	run /usr/bin/python3 "$BATS_TEST_DIRNAME/../schema_check.py" "$bad" -- -j stat
	[ "$status" -eq 1 ]
	[[ "$output" == *"at /counts/0/state: '<not counted>' is not one of ['counted', 'not_counted', 'not_supported', 'reset', 'multiplexed']"* ]]
	[[ "$output" == *"at /metrics/0: 'pmu' is a required property"* ]]
}

@test "schemas: a failing -j run prints its error as one JSON object on stdout, the human line on stderr" {
	run bash -c "'$PMUCTL' -j stat --dry-run -e nope/x/ 2>/dev/null"
	[ "$status" -eq 1 ]
	[ "$output" = '{"error":{"message":"cannot find PMU '"'"'nope'"'"' under the sysfs root; pmuctl list shows them","exit":1,"event":"nope/x/","position":0}}' ]
	# valid against error.schema.json, as the helper checks every JSON run
	pmuctl -j stat --dry-run -e nope/x/
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "pmuctl: error: cannot find PMU 'nope' under the sysfs root; pmuctl list shows them" ]
	# where the caret points
	run bash -c "'$PMUCTL' --sysfs-root '$T410' -j stat --dry-run -e 'nvidia_pcie_pmu_0_rc_4/src_rp_mask=0x100/' 2>/dev/null"
	[ "$(jq_py '(d["error"]["exit"], d["error"]["event"], d["error"]["position"])')" = "(1, 'nvidia_pcie_pmu_0_rc_4/src_rp_mask=0x100/', 35)" ]
	# a bad option: argp's message
	run bash -c "'$PMUCTL' -j stat --bogus 2>/dev/null"
	[ "$status" -eq 64 ]
	[ "$output" = '{"error":{"message":"unrecognized option '"'"'--bogus'"'"'","exit":64,"event":null,"position":null}}' ]
	# what getopt refuses is named, not argp's "Try ... --help" line after it
	run bash -c "'$PMUCTL' -j stat -z 2>/dev/null"
	[ "$status" -eq 64 ]
	[ "$output" = '{"error":{"message":"invalid option -- '"'"'z'"'"'","exit":64,"event":null,"position":null}}' ]
	run bash -c "'$PMUCTL' -j stat -e 2>/dev/null"
	[ "$status" -eq 64 ]
	[ "$output" = '{"error":{"message":"option requires an argument -- '"'"'e'"'"'","exit":64,"event":null,"position":null}}' ]
	run bash -c "'$PMUCTL' -j list --events=x 2>/dev/null"
	[ "$status" -eq 64 ]
	[ "$output" = '{"error":{"message":"option '"'"'--events'"'"' doesn'"'"'t allow an argument","exit":64,"event":null,"position":null}}' ]
	# bdf: a bad argument fails the run, and its error is the one JSON document
	pmuctl -j bdf 27:01.1 zz
	[ "$status" -eq 64 ]
	run bash -c "'$PMUCTL' -j bdf 27:01.1 zz 2>/dev/null | python3 -c 'import json, sys; print([list(json.loads(l))[0] if isinstance(json.loads(l), dict) else len(json.loads(l)) for l in sys.stdin])'"
	[ "$output" = "['error']" ]
	# success prints no error object
	run bash -c "'$PMUCTL' -j bdf 27:01.1 2>/dev/null"
	[[ "$output" != *error* ]]
}

@test "schemas: a failing list, map or bdf writes one JSON document, its error alone" {
	for args in "list nosuch" "list --metrics nosuch" "map --rc 9" "map -d 1234:5678" "bdf 27:01.1 zz"; do
		# shellcheck disable=SC2086
		run --separate-stderr "$PMUCTL" --sysfs-root "$T410" -j $args
		[ "$status" -ne 0 ] || { echo "$args: exit 0"; return 1; }
		run python3 -c 'import json, sys
d = json.loads(sys.argv[1])
assert list(d) == ["error"], d' "$output"
		[ "$status" -eq 0 ] || { echo "$args: $output"; return 1; }
	done
}

@test "schemas: list.schema.json's family rules are the families' data, and it names no other family" {
	cd "$BATS_TEST_DIRNAME/../.."
	run python3 tests/schema_families.py
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "${lines[-1]}" == "schema_families: "*" families, 10 schema rules, 0 mismatches" ]]
}

@test "schemas: a count carries its unit as perf -j does: ns for duration_time, null for a raw count" {
	pmuctl -q --sysfs-root "$LIVE" -j stat -e duration_time,nvidia_pcie_pmu_0_rc_0/rd_bytes/ -- true
	[ "$status" -eq 0 ]
	[ "$(jq_py '[(c["event"], c["unit"]) for c in d["counts"]]')" = "[('duration_time', 'ns'), ('nvidia_pcie_pmu_0_rc_0/rd_bytes/', None)]" ]
}
