#!/usr/bin/env bats
# The golden battery: list, map, bdf, --dry-run and --input on every example tree, byte for
# byte what tests/golden/out holds, so that a change of the code's shape is seen to change no
# output (tests/golden/run PMUCTL --update writes them when an output is meant to change).
load helpers

@test "golden: list, map, bdf, dry-run and --input print what they printed" {
	local n
	# every command of the battery ran: none skipped by a malformed line
	n=$(grep -cv '^#\|^$' "$BATS_TEST_DIRNAME/../golden/commands")
	[ "$n" -ge 46 ]
	run "$BATS_TEST_DIRNAME/../golden/run" "$PMUCTL"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *"golden: $n commands, 0 differ" ]]
}
