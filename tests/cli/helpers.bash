# Shared by the CLI tests: the binary under test and the fixture machines.
PMUCTL=${PMUCTL:-$BATS_TEST_DIRNAME/../../pmuctl}
FIX=$BATS_TEST_DIRNAME/../fixtures
T410=$FIX/tegra410/sys
YITIAN=$FIX/yitian710/sys
HIP09=$FIX/hip09/sys
BF2=$FIX/bluefield2/sys

# run pmuctl; a crash (signal) is never an expected failure
pmuctl() {
	run "$PMUCTL" "$@"
	if [ "$status" -ge 128 ]; then
		echo "pmuctl crashed with status $status: $output" >&2
		return 1
	fi
}

# the value of a JSON path in $output, via python3
jq_py() {
	python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print(eval(sys.argv[1], {"d": d}))' "$1" <<<"$output"
}
