#!/usr/bin/env bats
# A new family is one data file: the tree copied, pmu/family/data/acme_noc.yaml dropped in,
# pmuctl rebuilt, and not one C file touched. list shows it, stat --dry-run encodes its events
# as perf does and plans its metric, and pmuctl-families(7) lists it.
load helpers

setup_file() {
	export ROOT=$BATS_TEST_DIRNAME/../..
	export COPY=$BATS_FILE_TMPDIR/tree
	mkdir -p "$COPY"
	# the objects of this tree come along: the build makes the descriptors and links again
	tar -C "$ROOT" --exclude=./.git --exclude=./build/tools --exclude=./build-asan \
		--exclude=./build-fuzz -cf - . | tar -C "$COPY" -xf -
	cat >"$COPY/pmu/family/data/acme_noc.yaml" <<'EOF'
# A made-up NoC PMU, one a socket, as a vendor's new driver would register it
id: acme_noc
title: ACME NoC
vendor: ACME
order: 990
match:
  names:
    - acme_noc_{socket}
uncore: true
counters: 4
counters_from: ACME_NOC_NUM_COUNTERS, acme_noc_pmu.c
events:
  - name: rd_beats
    text: 64-byte read beats the NoC carries
  - name: cycles
    text: NoC clock cycles
formats:
  - name: event
    text: event id
  - name: port
    text: the ports to count, a bitmap
metrics:
  - name: acme_noc_rd_bw
    expr: rd_beats * 64 / (duration_time * 1e9)
    unit: GB/s
    description: read bandwidth the NoC carries, its ports summed
    source: ACME NoC TRM, 64-byte beats
EOF
	make -C "$COPY" -s pmuctl build/gen/pmuctl-families.7 >"$BATS_FILE_TMPDIR/make.log" 2>&1 ||
		{ cat "$BATS_FILE_TMPDIR/make.log"; return 1; }
	# a machine with two of them
	export NOC=$BATS_FILE_TMPDIR/noc
	for s in 0 1; do
		d=$NOC/sys/bus/event_source/devices/acme_noc_$s
		mkdir -p "$d/format" "$d/events"
		echo $((40 + s)) >"$d/type"
		echo $((s * 2)) >"$d/cpumask"
		echo "config:0-7" >"$d/format/event"
		echo "config1:0-15" >"$d/format/port"
		echo "event=0x11" >"$d/events/rd_beats"
		echo "event=0x0" >"$d/events/cycles"
	done
	mkdir -p "$NOC/sys/devices/system/cpu"
	echo 0-3 >"$NOC/sys/devices/system/cpu/online"
}

@test "family data: not one C file differs from the tree it was copied from" {
	run bash -c "cd '$ROOT' && find cmd lib pmu topology tools -name '*.[ch]' | while read -r f; do cmp -s \"\$f\" '$COPY'/\"\$f\" || echo \"\$f\"; done"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	run diff -r "$ROOT/pmu/family/data" "$COPY/pmu/family/data"
	[ "$output" = "Only in $COPY/pmu/family/data: acme_noc.yaml" ]
}

@test "family data: list shows the family, each PMU at its socket, its events' meaning" {
	run "$COPY/pmuctl" --sysfs-root "$NOC/sys" list
	[ "$status" -eq 0 ]
	[[ "$output" == *"ACME NoC"* ]]
	[[ "$output" == *"acme_noc_0"*"socket 0"* ]]
	[[ "$output" == *"acme_noc_1"*"socket 1"* ]]
	run "$COPY/pmuctl" --sysfs-root "$NOC/sys" -j list acme_noc_1 --events
	[ "$status" -eq 0 ]
	[ "$(jq -r '.pmus[0] | [.family, .socket, (.events[] | select(.name == "rd_beats") | .description)] | join(";")' <<<"$output")" = "acme_noc;1;64-byte read beats the NoC carries" ]
	# the binary of the tree as it is knows no such family
	run "$PMUCTL" --sysfs-root "$NOC/sys" -j list acme_noc_1
	[ "$(jq -r '.pmus[0].family' <<<"$output")" = "generic" ]
}

@test "family data: stat --dry-run encodes its events as perf does, and plans its metric on each PMU" {
	command -v perf >/dev/null || skip "perf is not installed"
	run "$COPY/pmuctl" --sysfs-root "$NOC/sys" -j stat --dry-run -a -e 'acme_noc_0/rd_beats,port=0x5/'
	[ "$status" -eq 0 ]
	[ "$(jq -r '.events[0] | [.family, .type, .config, .config1] | join(" ")' <<<"$output")" = "acme_noc 40 0x11 0x5" ]
	DIFF_COUNT=30 run python3 "$BATS_TEST_DIRNAME/../differential.py" "$COPY/pmuctl" "$NOC"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "${lines[-1]}" == *", 0 differ" ]]
	run "$COPY/pmuctl" --sysfs-root "$NOC/sys" -j stat --dry-run -a -M acme_noc_rd_bw
	[ "$status" -eq 0 ]
	[ "$(jq -r '[.events[] | select(.metric == "acme_noc_rd_bw") | .event] | join(" ")' <<<"$output")" = "acme_noc_0/rd_beats/ acme_noc_1/rd_beats/" ]
	# its budget: five events on its four counters take turns, and the schedule says where from
	run --separate-stderr "$COPY/pmuctl" --sysfs-root "$NOC/sys" -j stat --dry-run -a -e 'acme_noc_0/rd_beats/,acme_noc_0/rd_beats,port=1/,acme_noc_0/rd_beats,port=2/,acme_noc_0/rd_beats,port=3/,acme_noc_0/rd_beats,port=4/'
	[ "$status" -eq 0 ]
	[ "$stderr" = "pmuctl: warning: 'acme_noc_0': 5 events need 5 counters at once, and it has 4 (ACME_NOC_NUM_COUNTERS, acme_noc_pmu.c): the kernel rotates them, some counting 80% of the time (--dry-run shows which); count fewer at once" ]
	[ "$(jq -r '.schedule[0] | [.counters, .counters_needed, .counters_from, .rotates] | join(";")' <<<"$output")" = "4;5;ACME_NOC_NUM_COUNTERS, acme_noc_pmu.c;true" ]
}

@test "family data: pmuctl-families(7) lists it, its PMUs and its metric" {
	run man -l "$COPY/build/gen/pmuctl-families.7"
	[ "$status" -eq 0 ]
	[[ "$output" == *"ACME NoC (acme_noc)"* ]]
	[[ "$output" == *"acme_noc_{socket}"* ]]
	[[ "$output" == *"acme_noc_rd_bw"* ]]
	run mandoc -Tlint "$COPY/build/gen/pmuctl-families.7"
	[ -z "$output" ]
}
