#!/usr/bin/env bats
# deploy/: the Grafana dashboard's queries are PromQL promtool accepts, over series pmuctl
# records or serve documents; the Kubernetes manifests run pmuctl as they say.
load helpers
ROOT=$BATS_TEST_DIRNAME/../..
DASH=$ROOT/deploy/grafana/pmuctl.json
K8S=$ROOT/deploy/kubernetes/pmuctl.yaml

teardown() {
	stop_background
}

@test "deploy: every dashboard query is PromQL promtool accepts, over series pmuctl records or serve documents" {
	need_tool promtool "checks the queries' PromQL"
	# each query as a recording rule: promtool parses its expression
	/usr/bin/python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
print("groups:\n  - name: dashboard\n    rules:")
for p in d["panels"]:
    for t in p["targets"]:
        print("      - record: dashboard:panel_%d_%s\n        expr: %s" % (p["id"], t["refId"].lower(), json.dumps(t["expr"])))' "$DASH" >"$BATS_TEST_TMPDIR/dash.rules.yml"
	run promtool check rules --lint-fatal "$BATS_TEST_TMPDIR/dash.rules.yml"
	[ "$status" -eq 0 ]
	[[ "$output" == *"SUCCESS: 10 rules found"* ]]
	# the names they read: a recording rule of pmuctl's, or a series pmuctl-serve(1) documents
	"$PMUCTL" list --metrics --all --format=prometheus-rules >"$BATS_TEST_TMPDIR/rules.yml"
	/usr/bin/python3 -c '
import json, re, sys
d = json.load(open(sys.argv[1]))
rules = open(sys.argv[2]).read()
man = open(sys.argv[3]).read().replace("\\-", "-").replace("\\_", "_")
names = set()
for p in d["panels"]:
    for t in p["targets"]:
        names |= set(re.findall(r"\bpmu:[a-z0-9_]+:rate1m\b|\bpmuctl_[a-z0-9_]+\b", t["expr"]))
missing = [n for n in sorted(names) if ("record: " + n) not in rules and n.removesuffix("_total") not in man]
print(len(names), missing)
sys.exit(1 if missing or len(names) < 8 else 0)' "$DASH" "$BATS_TEST_TMPDIR/rules.yml" "$ROOT/man/pmuctl-serve.1"
}

@test "deploy: the DaemonSet adds CAP_PERFMON alone, keeps no_new_privs off, runs doctor first, and its arguments are pmuctl's" {
	/usr/bin/python3 -c 'import yaml' 2>/dev/null || skip "python3-yaml is not installed (the test command installs it)"
	run /usr/bin/python3 -c '
import sys, yaml
docs = {d["kind"]: d for d in yaml.safe_load_all(open(sys.argv[1]))}
pod = docs["DaemonSet"]["spec"]["template"]["spec"]
assert not pod.get("hostNetwork") and not pod.get("hostPID"), "host namespaces"
assert pod["securityContext"]["runAsNonRoot"] is True
for c in pod["initContainers"] + pod["containers"]:
    sc = c["securityContext"]
    assert sc["allowPrivilegeEscalation"] is True, c["name"]
    assert sc["capabilities"] == {"drop": ["ALL"], "add": ["PERFMON"]}, c["name"]
    assert not sc.get("privileged"), c["name"]
assert pod["initContainers"][0]["command"][:2] == ["pmuctl", "doctor"]
print(" ".join(pod["containers"][0]["args"]))
open(sys.argv[2], "w").write(docs["ConfigMap"]["data"]["web.yml"])
print(sorted(docs))' "$K8S" "$BATS_TEST_TMPDIR/web.yml"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "serve --web.listen-address=:10464 --web.config.file=/etc/pmuctl/web/web.yml --per-device --vendor-device=::0200" ]
	[ "${lines[1]}" = "['ConfigMap', 'DaemonSet', 'NetworkPolicy', 'Service', 'ServiceAccount', 'ServiceMonitor']" ]
	# its web configuration, with a certificate where the Secret mounts one: doctor accepts it
	need_tool openssl "makes the certificate"
	cd "$BATS_TEST_TMPDIR"
	openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout tls.key -out tls.crt -days 30 -subj /CN=pmuctl 2>/dev/null
	sed -i "s|/etc/pmuctl/tls/|$BATS_TEST_TMPDIR/|" web.yml
	pmuctl --sysfs-root "$LIVE" doctor --web.config.file web.yml
	grep -qE '^ok +web.config +web.yml: TLS, 0 users$' <<<"$output"
	# and the container's arguments start an exporter (on a port of its own here)
	background "$PMUCTL" --sysfs-root "$LIVE" serve --web.listen-address=127.0.0.1:0 --web.config.file="$BATS_TEST_TMPDIR/web.yml" --per-device --vendor-device=::0200
	wait_for "serve to listen" grep -q "serving https://127.0.0.1:" "$BATS_TEST_TMPDIR/out"
}
