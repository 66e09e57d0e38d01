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

@test "deploy: the DaemonSet adds CAP_PERFMON alone, keeps no_new_privs off, dumps config space as root first, runs doctor with serve's words" {
	/usr/bin/python3 -c 'import yaml' 2>/dev/null || skip "python3-yaml is not installed (the test command installs it)"
	run /usr/bin/python3 -c '
import sys, yaml
docs = {d["kind"]: d for d in yaml.safe_load_all(open(sys.argv[1]))}
pod = docs["DaemonSet"]["spec"]["template"]["spec"]
assert not pod.get("hostNetwork") and not pod.get("hostPID"), "host namespaces"
assert pod["securityContext"]["runAsNonRoot"] is True
init = {c["name"]: c for c in pod["initContainers"]}
assert [c["name"] for c in pod["initContainers"]] == ["topology", "doctor"]
# the one step that needs more: root with CAP_SYS_ADMIN alone, the host /sys read only
topo = init["topology"]["securityContext"]
assert topo["runAsUser"] == 0 and topo["allowPrivilegeEscalation"] is False and not topo.get("privileged")
assert topo["capabilities"] == {"drop": ["ALL"], "add": ["SYS_ADMIN"]}
for c in [init["doctor"]] + pod["containers"]:
    sc = c["securityContext"]
    assert sc["allowPrivilegeEscalation"] is True, c["name"]
    assert sc["capabilities"] == {"drop": ["ALL"], "add": ["PERFMON"]}, c["name"]
    assert not sc.get("privileged"), c["name"]
    assert {"name": "run", "mountPath": "/run/pmuctl", "readOnly": True} in c["volumeMounts"], c["name"]
for c in pod["initContainers"] + pod["containers"]:
    # the host /sys, read only, and nothing else of the host
    sys_mounts = [m for m in c["volumeMounts"] if m["name"] == "sys"]
    assert sys_mounts == [{"name": "sys", "mountPath": "/host/sys", "readOnly": True}], c["name"]
hostpaths = [v["hostPath"]["path"] for v in pod["volumes"] if "hostPath" in v]
assert hostpaths == ["/sys"], hostpaths
main = pod["containers"][0]["args"]
doctor = init["doctor"]["command"]
assert doctor[:6] == ["pmuctl", "--sysfs-root", "/host/sys", "doctor", "--", "serve"], doctor
# word for word: doctor fails exactly when the container would not start
assert main[:2] == ["--sysfs-root=/host/sys", "serve"] and doctor[6:] == main[2:], (doctor, main)
# the probe a kubelet can pass with passwords and client certificates set: a TCP connect
assert pod["containers"][0]["readinessProbe"] == {"tcpSocket": {"port": "metrics"}}
tls = docs["ServiceMonitor"]["spec"]["endpoints"][0]["tlsConfig"]
assert tls["ca"] == {"secret": {"name": "pmuctl-tls", "key": "ca.crt"}} and tls["serverName"] == "pmuctl.monitoring.svc", tls
print(" ".join(main))
# the web configuration is a Secret: it may hold password hashes
open(sys.argv[2], "w").write(docs["Secret"]["stringData"]["web.yml"])
print(sorted(docs))' "$K8S" "$BATS_TEST_TMPDIR/web.yml"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	[ "${lines[0]}" = "--sysfs-root=/host/sys serve --web.listen-address=:10464 --web.config.file=/etc/pmuctl/web/web.yml --topology=/run/pmuctl/pci-config.txt --per-device --vendor-device=::0200" ]
	[ "${lines[1]}" = "['DaemonSet', 'NetworkPolicy', 'Secret', 'Service', 'ServiceAccount', 'ServiceMonitor']" ]
	# its web configuration, with a certificate where the Secret mounts one: doctor accepts it
	need_tool openssl "makes the certificate"
	cd "$BATS_TEST_TMPDIR"
	openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout tls.key -out tls.crt -days 30 -subj /CN=pmuctl 2>/dev/null
	sed -i "s|/etc/pmuctl/tls/|$BATS_TEST_TMPDIR/|" web.yml
	pmuctl --sysfs-root "$LIVE" doctor --web.config.file web.yml
	grep -qE '^ok +web.config +web.yml: TLS, 0 users$' <<<"$output"
}

@test "deploy: the DaemonSet's probe reports ready with basic_auth_users set, where an HTTP probe gets 401" {
	need_tool openssl "makes the certificate"
	cd "$BATS_TEST_TMPDIR"
	openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout tls.key -out tls.crt -days 30 -subj /CN=pmuctl 2>/dev/null
	hash=$(python3 -W ignore -c 'import crypt; print(crypt.crypt("s3cret", crypt.mksalt(crypt.METHOD_BLOWFISH, rounds=16)))')
	printf 'tls_server_config:\n  cert_file: %s/tls.crt\n  key_file: %s/tls.key\nbasic_auth_users:\n  prometheus: %s\n' \
		"$BATS_TEST_TMPDIR" "$BATS_TEST_TMPDIR" "$hash" >web.yml
	background "$PMUCTL" --sysfs-root "$LIVE" serve --web.listen-address=127.0.0.1:0 --web.config.file=web.yml
	wait_for "serve to listen" grep -q "serving https://127.0.0.1:" "$BATS_TEST_TMPDIR/out"
	port=$(sed -n 's|.*serving https://127\.0\.0\.1:\([0-9]*\)/metrics.*|\1|p' "$BATS_TEST_TMPDIR/out")
	# the kubelet's tcpSocket probe: the connection is taken
	run python3 -c 'import socket, sys; socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=5).close()' "$port"
	[ "$status" -eq 0 ]
	# the httpGet probe the DaemonSet had: 401, never ready
	[ "$(curl -sk -o /dev/null -w '%{http_code}' "https://127.0.0.1:$port/-/healthy")" = 401 ]
}

# The unit's ExecStartPre and ExecStart on the fleet's kind of node $1 (tests/fleet.py; $D/filter
# built): serve samples $2 times under the unit's syscall filter, as nobody with CAP_PERFMON
unit_serves() {
	python3 "$ROOT/tests/fleet.py" build "$D" "$1"
	# ExecStartPre, as root: the functions from config space, for --topology (a kind without
	# PCI functions gets an empty file, as tests/fleet.py writes)
	: >"$D/$1/run/pci-config.txt"
	[ ! -d "$D/$1/whole/sys/bus/pci" ] ||
		lspci -A linux-sysfs -O sysfs.path="$D/$1/whole/sys/bus/pci" -xxxx >"$D/$1/run/pci-config.txt"
	chmod -R a+rX "$D"
	# ExecStart: serve --topology FILE $ARGS, ARGS as /etc/default would give them, on what
	# nobody sees of the machine; a sanitized build's leak check traces the process at exit
	# (ptrace, which the filter refuses): off
	background sh -c 'filter=$1; shift; exec "$@" <"$filter"' sh "$D/filter" \
		env ${ASAN_OPTIONS:+ASAN_OPTIONS=$ASAN_OPTIONS:detect_leaks=0} \
		setpriv --reuid=nobody --regid=nogroup --clear-groups --inh-caps=-all,+perfmon --ambient-caps=+perfmon \
		"$D/seccomp_unit" "$D/pmuctl" --sysfs-root "$D/$1/nonroot/sys" serve --topology "$D/$1/run/pci-config.txt" \
		--web.listen-address 127.0.0.1:0 -I 100 --per-device
	wait_for "serve to listen on $1" listening
	samples() { curl -sf "http://127.0.0.1:$PORT/metrics" | sed -n 's/^pmuctl_samples_total //p'; }
	WANT=$2
	wait_for "$2 samples on $1" eval '[ "$(samples)" -ge "$WANT" ] 2>/dev/null'
	kill -TERM "$BG"
	finish
	[ "$status" -eq 0 ] || { echo "$1: serve exited $status"; cat "$BATS_TEST_TMPDIR/out"; return 1; }
}

@test "deploy: the unit's serve samples under its own syscall filter, as an unprivileged user with CAP_PERFMON, on every kind of node" {
	need_tool systemd-analyze "lists the filter's sets"
	need_tool setpriv "runs it as nobody"
	[ -f /usr/include/seccomp.h ] || skip "libseccomp-dev is not installed (the test command installs it)"
	D=$(mktemp -d /tmp/pmuctl-unit.XXXXXX)
	chmod 755 "$D"
	cc -o "$D/seccomp_unit" "$ROOT/tests/shim/seccomp_unit.c" -lseccomp
	python3 "$ROOT/tests/unit_filter.py" "$ROOT/deploy/systemd/pmuctl-exporter.service" >"$D/filter"
	grep -qx 'action kill' "$D/filter"
	cp "$PMUCTL" "$(dirname "$PMUCTL")/pmuctl-commands.so" "$ROOT/tests/lsan.supp" "$D/"
	# before: sched_setaffinity at the first sample, which @resources holds: SIGSYS, status 159
	unit_serves tegra410 30
	# every other kind of node of the fleet (before, the Tegra410 alone ran under the filter)
	kinds=$(python3 "$ROOT/tests/fleet.py" kinds)
	[ "$kinds" = "tegra410 grace yitian hip09 altra ampereone graviton icx genoa bare" ]
	for kind in ${kinds#tegra410 }; do
		unit_serves "$kind" 3
	done
	rm -rf "$D"
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
