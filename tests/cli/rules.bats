#!/usr/bin/env bats
# The rule table (tests/rules.tsv): for every driver rule, what the kernel does and what pmuctl
# does, asserted row by row. The kernel refuses: pmuctl errors. The kernel accepts: pmuctl
# warns or is silent, except a row marked error, which must offer --no-rules and then encode.
load helpers

TABLE=$BATS_TEST_DIRNAME/../rules.tsv

setup_file() {
	# a C2C link to one GPU: gpu_mask has a bit the driver masks away
	local one=$BATS_FILE_TMPDIR/onegpu dev=bus/event_source/devices/nvidia_nvlink_c2c_pmu_0
	mkdir -p "$one/bus/event_source/devices" "$one/devices/system/cpu"
	cp -rL "$T410/$dev" "$one/$dev"
	cp "$T410/devices/system/cpu/online" "$one/devices/system/cpu/online"
	printf 'nr_gpu=1\n' >"$one/$dev/peer"
}

tree_of() {
	case $1 in
	T410) echo "$T410" ;;
	YITIAN) echo "$YITIAN" ;;
	HIP09) echo "$HIP09" ;;
	ONEGPU) echo "$BATS_FILE_TMPDIR/onegpu" ;;
	*) return 1 ;;
	esac
}

@test "rules: every row of the table holds: pmuctl refuses exactly what the kernel refuses" {
	local rows=0 bad=0 rule source tree kernel outcome message
	while IFS=$'\t' read -r -a f; do
		[[ ${#f[@]} -eq 0 || ${f[0]} == \#* ]] && continue
		rule=${f[0]} source=${f[1]} tree=$(tree_of "${f[2]}") kernel=${f[3]} outcome=${f[4]} message=${f[5]}
		local args=()
		for ev in "${f[@]:6}"; do args+=(-e "$ev"); done
		rows=$((rows + 1))
		run "$PMUCTL" --sysfs-root "$tree" stat --dry-run "${args[@]}"
		local why=""
		case $kernel/$outcome in
		refuses/error) [ "$status" -eq 1 ] || why="exit $status, want 1" ;;
		accepts/error) [ "$status" -eq 1 ] && [[ $output == *--no-rules* ]] || why="exit $status without --no-rules offered" ;;
		accepts/warning) [ "$status" -eq 0 ] && [[ $output == *"pmuctl: warning: "* ]] || why="exit $status, want 0 and a warning" ;;
		accepts/clean) [ "$status" -eq 0 ] && [[ $output != *warning* ]] || why="exit $status, want 0 and no warning" ;;
		*) why="kernel '$kernel' with pmuctl '$outcome' is not a row this table may hold" ;;
		esac
		if [ -z "$why" ] && [ "$message" != - ] && [[ $output != *"$message"* ]]; then
			why="message lacks: $message"
		fi
		# what the kernel accepts, --no-rules encodes
		if [ -z "$why" ] && [ "$kernel" = accepts ]; then
			run "$PMUCTL" --sysfs-root "$tree" stat --no-rules --dry-run "${args[@]}"
			[ "$status" -eq 0 ] || why="--no-rules: exit $status"
		fi
		if [ -n "$why" ]; then
			echo "row $rows: $rule ($source), ${f[2]}, kernel $kernel: $why"
			echo "  ${output%%$'\n'*}"
			bad=$((bad + 1))
		fi
	done <"$TABLE"
	echo "$rows rows, $bad wrong"
	[ "$rows" -ge 30 ]
	[ "$bad" -eq 0 ]
}

@test "rules: every rule of the table has a case the kernel accepts, and names its driver source" {
	run awk -F'\t' '!/^#/ && NF { if ($2 !~ /\(.*\.c\)$/) print "no source file: " $1; if ($4 == "accepts") ok[$1] = 1; seen[$1] = 1 }
		END { for (r in seen) if (!ok[r]) print "no accepted case: " r }' "$TABLE"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
}
