#!/usr/bin/env bats
# Every JSON record of stat carries the wall-clock time of its report (ISO 8601, UTC,
# milliseconds), the same instant as its time_s, so that lines of several machines join.
load helpers

# the timestamps of $output's JSON lines, checked against their time_s and the clock
check_stamps() {
	python3 -c '
import datetime, json, sys
before, after = float(sys.argv[1]), float(sys.argv[2])
recs = [json.loads(l) for l in sys.stdin.read().splitlines()]
stamps = []
for r in recs:
    ts = r["timestamp"]
    assert len(ts) == 24 and ts.endswith("Z"), ts
    stamps.append(datetime.datetime.strptime(ts, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=datetime.timezone.utc).timestamp())
    assert before - 0.001 <= stamps[-1] <= after + 0.001, (before, ts, after)
# the same instants as time_s: equal steps, to the millisecond printed
for r, s in zip(recs[1:], stamps[1:]):
    assert abs((s - stamps[0]) - (r["time_s"] - recs[0]["time_s"])) <= 0.0011, (r, s)
print(len(recs))' "$@" <<<"$output"
}

@test "timestamp: JSON Lines with -I carry the wall-clock time of each interval" {
	before=$(date +%s.%N)
	pmuctl --sysfs-root "$LIVE" -j stat -I 100 --interval-count 3 -e nvidia_pcie_pmu_0_rc_4/rd_bytes/
	after=$(date +%s.%N)
	[ "$status" -eq 0 ]
	[ "$(check_stamps "$before" "$after")" = 3 ]
	pmuctl --sysfs-root "$LIVE" -j stat -I 100 --interval-count 2 -M t410_pcie_rd_bw
	after=$(date +%s.%N)
	[ "$(check_stamps "$before" "$after")" = 2 ]
}

@test "timestamp: the totals have one too; a recording (--input) has null" {
	before=$(date +%s.%N)
	pmuctl --sysfs-root "$LIVE" -j stat --duration 0.05 -e nvidia_pcie_pmu_0_rc_4/rd_bytes/
	after=$(date +%s.%N)
	[ "$(check_stamps "$before" "$after")" = 1 ]
	pmuctl -q -j stat --input "$BATS_TEST_DIRNAME/../data/perf-pcie.csv" -M t410_pcie_rd_bw
	[ "$(jq_py 'd["timestamp"]')" = None ]
}
