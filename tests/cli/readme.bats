#!/usr/bin/env bats
# Every command of the README's tour works from a clone: each "$ pmuctl ..." (or "$ cp ...") line
# runs from the repository root and exits 0, or 1 where the README shows an error after it, and
# the tour leaves the example machines as they are committed.
load helpers

ROOT=$BATS_TEST_DIRNAME/../..

@test "readme: every tour command runs" {
	cd "$ROOT"
	n=0
	while IFS=$'\t' read -r cmd expect; do
		line=${cmd#\$ }
		line=${line%%     #*}
		run bash -c "set -o pipefail; ${line/#pmuctl/\"$PMUCTL\"}"
		[ "$status" -eq "$expect" ] || { echo "'$line' exited $status, expected $expect: $output"; return 1; }
		n=$((n + 1))
	done < <(awk '/^\$ (pmuctl|cp) / { if (cmd) print cmd "\t0"; cmd = $0; next }
		cmd && /^pmuctl: error/ { print cmd "\t1"; cmd = ""; next }
		{ if (cmd) print cmd "\t0"; cmd = "" }' README.md)
	[ "$n" -eq 41 ]
	# counting on BlueField writes eventN and enable: the tour does it on a copy
	grep -q '^\$ pmuctl --sysfs-root /tmp/pmuctl-bf2 stat -e bfperf/' README.md
	if git rev-parse --git-dir >/dev/null 2>&1; then
		[ -z "$(git status --porcelain -- examples)" ]
	fi
}

@test "readme: the run command is the one of the README and it works" {
	cd "$ROOT"
	cmd=$(awk '/<!-- run-command -->/ { getline; getline; print; exit }' README.md)
	[[ "$cmd" == "apt-get update && apt-get install -y "*" && make && ./pmuctl "* ]]
	run bash -c "${cmd#*&& make && }"
	[ "$status" -eq 0 ]
	[[ "$output" == *"t410_pcie_rd_bw"*"total (12 PMUs)"* ]]
}

@test "readme: the test command installs no Prometheus or node_exporter service, and no recommends" {
	cd "$ROOT"
	cmd=$(awk '/<!-- test-command -->/ { getline; getline; print; exit }' README.md)
	install=${cmd%%&& mkdir*}
	[[ "$install" == *"apt-get install -y --no-install-recommends "* ]]
	[[ " $install " != *" prometheus "* && " $install " != *" prometheus-node-exporter "* ]]
	# the two binaries come out of the packages, into the build tree
	[[ "$cmd" == *"apt-get download prometheus prometheus-node-exporter"*"dpkg-deb -x"* ]]
	# and after it ran (this suite is its last step), no service of theirs is enabled
	for s in prometheus prometheus-node-exporter; do
		run systemctl is-enabled "$s"
		[ "$output" != enabled ] || { echo "$s is enabled"; return 1; }
	done
}
