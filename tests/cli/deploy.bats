#!/usr/bin/env bats
# deploy/: the Grafana dashboard's queries are PromQL promtool accepts, over series pmuctl
# records or serve documents; the Kubernetes manifests run pmuctl as they say.
load helpers
ROOT=$BATS_TEST_DIRNAME/../..
DASH=$ROOT/deploy/grafana/pmuctl.json
K8S=$ROOT/deploy/kubernetes/pmuctl.yaml

teardown() {
	[ -z "${PROM:-}" ] || kill "$PROM" 2>/dev/null || true
	[ -z "${BG1:-}" ] || kill -KILL -- "-$BG1" 2>/dev/null || true
	[ -z "${BG2:-}" ] || kill -KILL -- "-$BG2" 2>/dev/null || true
	[ -z "${BG3:-}" ] || kill -KILL -- "-$BG3" 2>/dev/null || true
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
	[[ "$output" == *"SUCCESS: 13 rules found"* ]]
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
    # the host /sys, read only, and nothing else of the host
    sys_mounts = [m for m in c["volumeMounts"] if m["name"] == "sys"]
    assert sys_mounts == [{"name": "sys", "mountPath": "/host/sys", "readOnly": True}], c["name"]
hostpaths = [v["hostPath"]["path"] for v in pod["volumes"] if "hostPath" in v]
assert hostpaths == ["/sys"], hostpaths
assert pod["initContainers"][0]["command"][:4] == ["pmuctl", "--sysfs-root", "/host/sys", "doctor"]
print(" ".join(pod["containers"][0]["args"]))
# the web configuration is a Secret: it may hold password hashes
open(sys.argv[2], "w").write(docs["Secret"]["stringData"]["web.yml"])
print(sorted(docs))' "$K8S" "$BATS_TEST_TMPDIR/web.yml"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "--sysfs-root=/host/sys serve --web.listen-address=:10464 --web.config.file=/etc/pmuctl/web/web.yml --per-device --vendor-device=::0200" ]
	[ "${lines[1]}" = "['DaemonSet', 'NetworkPolicy', 'Secret', 'Service', 'ServiceAccount', 'ServiceMonitor']" ]
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

# The manifests as a JSON array in $BATS_TEST_TMPDIR/k8s.json; with "port-text", the
# DaemonSet's port written as text
k8s_json() {
	/usr/bin/python3 - "$K8S" "$BATS_TEST_TMPDIR/k8s.json" "${1:-}" <<'PY'
import json, sys, yaml
docs = list(yaml.safe_load_all(open(sys.argv[1])))
if sys.argv[3] == "port-text":
    pod = [d for d in docs if d["kind"] == "DaemonSet"][0]["spec"]["template"]["spec"]
    pod["containers"][0]["ports"][0]["containerPort"] = "10464"
json.dump(docs, open(sys.argv[2], "w"))
PY
}

k8s_validate() {
	NODE_PATH=$ROOT/build/tools/node_modules node "$ROOT/tests/k8s_validate.js" <"$BATS_TEST_TMPDIR/k8s.json"
}

@test "deploy: every Kubernetes object validates against the API's schemas (kubernetes-models)" {
	need_tool node "runs the validator"
	[ -d "$ROOT/build/tools/node_modules/kubernetes-models" ] ||
		skip "kubernetes-models is not in build/tools (the test command installs it with npm)"
	k8s_json
	run k8s_validate
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	[ "$(tr '\n' ' ' <<<"$output")" = "ServiceAccount pmuctl: valid Secret pmuctl-web: valid DaemonSet pmuctl: valid Service pmuctl: valid ServiceMonitor pmuctl: valid NetworkPolicy pmuctl: valid " ]
	# and it refuses what the API would: a port as text
	k8s_json port-text
	run k8s_validate
	[ "$status" -eq 1 ]
	[[ "$output" == *"DaemonSet pmuctl: data/spec/template/spec/containers/0/ports/0/containerPort must be integer"* ]]
}

@test "deploy: the mixin's rules and alerts are the binary's and load in promtool; its dashboard is the shipped one" {
	need_tool jsonnet "evaluates the mixin"
	need_tool promtool "checks its rules"
	# rules.yml is current: what this binary writes
	"$PMUCTL" list --metrics --all --format=prometheus-rules >"$BATS_TEST_TMPDIR/now.yml"
	run diff "$BATS_TEST_TMPDIR/now.yml" "$ROOT/deploy/mixin/rules.yml"
	[ "$status" -eq 0 ] || { echo "deploy/mixin/rules.yml is stale: pmuctl list --metrics --all --format=prometheus-rules > deploy/mixin/rules.yml"; return 1; }
	# the recording rules and the alerts apart, as the mixin convention has them; JSON is YAML
	for part in prometheusRules prometheusAlerts; do
		jsonnet -e "(import '$ROOT/deploy/mixin/mixin.libsonnet').$part" >"$BATS_TEST_TMPDIR/$part.json"
		run promtool check rules --lint-fatal "$BATS_TEST_TMPDIR/$part.json"
		[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	done
	[ "$(grep -c '"record"' "$BATS_TEST_TMPDIR/prometheusRules.json")" -eq "$(grep -c '^      - record:' "$BATS_TEST_TMPDIR/now.yml")" ]
	[ "$(grep -c '"alert"' "$BATS_TEST_TMPDIR/prometheusAlerts.json")" -eq 5 ]
	[ "$(grep -c '"record"' "$BATS_TEST_TMPDIR/prometheusAlerts.json")" -eq 0 ]
	jsonnet -e "(import '$ROOT/deploy/mixin/mixin.libsonnet').grafanaDashboards['pmuctl.json']" >"$BATS_TEST_TMPDIR/dash.json"
	run python3 -c 'import json, sys; sys.exit(json.load(open(sys.argv[1])) != json.load(open(sys.argv[2])))' "$BATS_TEST_TMPDIR/dash.json" "$DASH"
	[ "$status" -eq 0 ]
}

# the query's result count from the Prometheus at $PROM_PORT; "" when it answered nothing
series_of() {
	curl -sf "http://127.0.0.1:$PROM_PORT/api/v1/query" --data-urlencode "query=$1" |
		python3 -c 'import json, sys; print(len(json.load(sys.stdin)["data"]["result"]))' 2>/dev/null
}

# every dashboard query, $instance as every instance, one a line
dashboard_queries() {
	python3 -c 'import json, sys
for p in json.load(open(sys.argv[1]))["panels"]:
    for t in p["targets"]:
        print(t["expr"].replace("$instance", ".*"))' "$DASH"
}

# every query returns a series
every_query_answers() {
	local q
	while IFS= read -r q; do
		[ "$(series_of "$q")" -gt 0 ] 2>/dev/null || return 1
	done < <(dashboard_queries)
}

@test "deploy: a real Prometheus scrapes four exporters with the shipped job and rules, and every dashboard query returns data" {
	need_tool prometheus "scrapes the exporters"
	# a fleet of four: a Tegra410's PCIe per RC, its functions', where they go, a Yitian 710's
	# memory (the live Tegra410's UCF events are no software events: its memory cannot count)
	background "$PMUCTL" --sysfs-root "$LIVE" serve --listen 127.0.0.1:0 -I 200 -M t410_pcie_rd_bw,t410_pcie_wr_bw
	wait_for "serve to listen" listening
	local machine=$PORT
	BG1=$BG
	background "$PMUCTL" --sysfs-root "$FIX/yitian710-live/sys" serve --listen 127.0.0.1:0 -I 200 \
		-M ddr_read_bandwidth,ddr_write_bandwidth
	wait_for "the second serve to listen" listening
	local memory=$PORT
	BG2=$BG
	background "$PMUCTL" --sysfs-root "$LIVE" serve --listen 127.0.0.1:0 -I 200 --per-device
	wait_for "the third serve to listen" listening
	local functions=$PORT
	BG3=$BG
	# and where its functions' traffic goes (the remote share)
	background "$PMUCTL" --sysfs-root "$LIVE" serve --listen 127.0.0.1:0 -I 200 --per-device --by-destination
	wait_for "the fourth serve to listen" listening
	local destinations=$PORT
	PROM_PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
	"$PMUCTL" list --metrics --all --format=prometheus-rules >"$BATS_TEST_TMPDIR/rules.yml"
	# the shipped job, its two targets these, every second, with pmuctl's rules
	python3 - "$ROOT/deploy/prometheus/pmuctl.yml" "$BATS_TEST_TMPDIR/prometheus.yml" "$machine" "$memory" "$functions" "$destinations" <<'PY'
import sys, yaml
c = yaml.safe_load(open(sys.argv[1]))
c["global"] = {"scrape_interval": "1s", "evaluation_interval": "1s"}
c["rule_files"] = ["rules.yml"]
c["scrape_configs"][0]["static_configs"] = [{"targets": ["127.0.0.1:" + p for p in sys.argv[3:]]}]
yaml.safe_dump(c, open(sys.argv[2], "w"))
PY
	run promtool check config "$BATS_TEST_TMPDIR/prometheus.yml"
	[ "$status" -eq 0 ]
	prometheus --config.file="$BATS_TEST_TMPDIR/prometheus.yml" --storage.tsdb.path="$BATS_TEST_TMPDIR/tsdb" \
		--web.listen-address="127.0.0.1:$PROM_PORT" --log.level=warn >"$BATS_TEST_TMPDIR/prom.log" 2>&1 3>&- &
	PROM=$!
	WAIT_SECONDS=120 wait_for "every dashboard query to return a series" every_query_answers || {
		while IFS= read -r q; do echo "$(series_of "$q") $q"; done < <(dashboard_queries)
		false
	}
	[ "$(dashboard_queries | wc -l)" -eq 13 ]
}
