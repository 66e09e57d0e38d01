#!/usr/bin/env bats
# Man pages, completions and install: lint-clean pages, completions that ask the binary, and a
# sync test that fails when an option exists in the code but not in --help, the man page or
# what completion offers.
load helpers

ROOT=$BATS_TEST_DIRNAME/../..

# what bash completion offers for the words given (the last one is being completed), set up as
# bash does: COMP_LINE and COMP_POINT, and COMP_WORDS split at COMP_WORDBREAKS' ':' and '=' too;
# a reply replaces only what follows the last of those in the word, as bash inserts it
complete_words() {
	_PMUCTL=$PMUCTL bash -c '
		source "$1/completions/pmuctl.bash"
		shift
		COMP_LINE="$*"
		COMP_POINT=${#COMP_LINE}
		COMP_WORDS=()
		for w in "$@"; do
			while [[ $w == *[:=]* ]]; do
				COMP_WORDS+=("${w%%[:=]*}" "${w:${#COMP_WORDS[-1]}:1}")
				w=${w#*[:=]}
			done
			COMP_WORDS+=("$w")
		done
		COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
		_pmuctl
		printf "%s\n" "${COMPREPLY[@]}"' _ "$ROOT" "$@"
}

@test "docs: mandoc -Tlint prints nothing for every page" {
	run mandoc -Tlint "$ROOT"/man/*.1 "$ROOT"/man/*.7
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	[ "$(ls "$ROOT"/man | tr '\n' ' ')" = "pmuctl-bdf.1 pmuctl-doctor.1 pmuctl-iostat.1 pmuctl-list.1 pmuctl-map.1 pmuctl-metrics.7 pmuctl-serve.1 pmuctl-stat.1 pmuctl-top.1 pmuctl.1 " ]
}

@test "docs: pmuctl-metrics(7) holds every metric of the catalog" {
	diff <(python3 "$ROOT/tests/gen/man_metrics.py" "$PMUCTL") "$ROOT/man/pmuctl-metrics.7"
	for m in $("$PMUCTL" __complete metrics); do
		grep -qF ".B ${m//-/\\-}" "$ROOT/man/pmuctl-metrics.7" || { echo "no $m"; return 1; }
	done
}

@test "docs: --help names every family from the descriptors, and pmuctl-stat(1) RULES has an entry for each" {
	run python3 "$BATS_TEST_DIRNAME/../family_titles.py" "$PMUCTL" "$ROOT/man/pmuctl-stat.1"
	[ "$status" -eq 0 ]
	# every family of the data but the one that takes every other PMU
	families=("$ROOT"/pmu/family/data/*.yaml)
	[ "${lines[-1]}" = "family_titles: $((${#families[@]} - 1)) titles, 0 missing" ]
	# stat --help too, from the same descriptors
	run "$PMUCTL" stat --help
	[[ "$(echo $output)" == *"NVIDIA Grace SCF, PCIE, NVLink-C2C0, NVLink-C2C1, CNVLink; Alibaba Yitian 710 DDR Driveway; Synopsys DesignWare PCIe; HiSilicon HNS3 NIC; HiSilicon PCIe; HiSilicon DDRC; HiSilicon HHA; HiSilicon L3C; HiSilicon SLLC; HiSilicon PA; HiSilicon CPA; HiSilicon UC; HiSilicon MN; HiSilicon NoC; Arm CMN mesh; Arm DMC-620 memory controller; AmpereOne MCU;"* ]]
	# and a page that drops one fails
	sed '/^HiSilicon PCIe$/,+1d' "$ROOT/man/pmuctl-stat.1" >"$BATS_TEST_TMPDIR/stat.1"
	run python3 "$BATS_TEST_DIRNAME/../family_titles.py" "$PMUCTL" "$BATS_TEST_TMPDIR/stat.1"
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "RULES has no entry for HiSilicon PCIe" ]
}

@test "completion: pmuctl l<TAB> completes to list" {
	run complete_words pmuctl l
	[ "$output" = list ]
	run complete_words pmuctl st
	[ "$output" = stat ]
	run complete_words pmuctl --sysfs-root "$T410" help m
	[ "$output" = map ]
	# the values of list's --format, and iostat's words
	run complete_words pmuctl list --format=p
	[ "$output" = prometheus-rules ]
	run complete_words pmuctl --sysfs-root "$T410" iostat l
	[ "$output" = list ]
	# an event whose sysfs value asks for a term (perf's "lane=?") completes with it to fill in
	run complete_words pmuctl --sysfs-root "$DWC" stat -e dwc_rootport_3018/tx_ack
	[ "$output" = "dwc_rootport_3018/tx_ack_dllp,lane=" ]
	run complete_words pmuctl --sysfs-root "$DWC" stat -e dwc_rootport_3018/one_c
	[ "$output" = "dwc_rootport_3018/one_cycle/" ]
}

@test "completion: PMU names and events after -e, from --sysfs-root" {
	run complete_words pmuctl --sysfs-root "$T410" stat -e nvidia_cmem
	[ "$output" = "nvidia_cmem_latency_pmu_0/
nvidia_cmem_latency_pmu_1/" ]
	run complete_words pmuctl --sysfs-root "$T410" stat -e nvidia_cmem_latency_pmu_1/r
	[ "$output" = "nvidia_cmem_latency_pmu_1/rd_cum_outs/
nvidia_cmem_latency_pmu_1/rd_req/" ]
	run complete_words pmuctl --sysfs-root "$BF2" stat -e bfperf/l3cachehalf0/HITS
	[ "$output" = "bfperf/l3cachehalf0/HITS_BANK0/
bfperf/l3cachehalf0/HITS_BANK1/" ]
}

@test "completion: metrics after -M (a comma list), BDFs after --device and for map" {
	run complete_words pmuctl stat -M ddr_read_bandwidth.all,ddr_w
	[ "$output" = "ddr_read_bandwidth.all,ddr_write_bandwidth
ddr_read_bandwidth.all,ddr_write_bandwidth.all" ]
	# bash splits 0000:bd at the colon: what it inserts follows the last one
	run complete_words pmuctl --sysfs-root "$HIP09" map 0000:bd
	[ "${#lines[@]}" -eq 4 ]
	[ "${lines[0]}" = "bd:00.0" ]
	run complete_words pmuctl --sysfs-root "$T410" map 0005:4
	[ "$output" = "40:00.0
41:00.0
41:00.1" ]
	run complete_words pmuctl --sysfs-root "$T410" stat --device 0005:41:00.
	[ "$output" = "00.0
00.1" ]
	run complete_words pmuctl map --format=t
	[ "$output" = "tree
table" ]
	# only the metrics of the machine's PMUs: no Tegra410 metric on a BlueField
	run complete_words pmuctl --sysfs-root "$BF2" stat -M bf_l3
	[ "$output" = bf_l3c_hit_rate ]
	run complete_words pmuctl --sysfs-root "$BF2" stat -M t410
	[ -z "$output" ]
	run complete_words pmuctl --sysfs-root "$T410" list t410_pcie
	[ "$output" = "t410_pcie
t410_pcie_tgt" ]
}

@test "completion: map -d offers vendor:device, stat -d BDFs, and an event's terms follow a comma" {
	# lspci's -d: the machine's vendors and vendor:device pairs, no BDF
	run complete_words pmuctl --sysfs-root "$T410" map -d 15b
	[ "$output" = "15b3:
15b3:1021
15b3:a2dc" ]
	# bash splits at the colon: what it inserts follows it
	run complete_words pmuctl --sysfs-root "$T410" map -d 15b3:a
	[ "$output" = "a2dc" ]
	# stat's -d is --device
	run complete_words pmuctl --sysfs-root "$T410" stat -d 0005:41:00.
	[ "$output" = "00.0
00.1" ]
	# after a comma, the PMU's terms, each to be given a value
	run complete_words pmuctl --sysfs-root "$T410" stat -e nvidia_pcie_pmu_0_rc_4/rd_bytes,src_b
	[ "$output" = "nvidia_pcie_pmu_0_rc_4/rd_bytes,src_bdf=
nvidia_pcie_pmu_0_rc_4/rd_bytes,src_bdf_en=" ]
	# bash replaces what follows the word's last '=': the reply starts after it
	run complete_words pmuctl --sysfs-root "$T410" stat -e nvidia_pcie_pmu_0_rc_4/rd_bytes,src_bdf=0x4100,src_bdf_
	[ "$output" = "0x4100,src_bdf_en=" ]
}

@test "sync: every option of every command is in --help, the man page and the completion" {
	# each text read once, each option matched by the shell: a grep per option and place was
	# most of this test's 28 s under ASan
	local top man
	top=$("$PMUCTL" --help)
	for cmd in $("$PMUCTL" __complete commands); do
		[ "$cmd" = help ] && continue
		help=$("$PMUCTL" "$cmd" --help)
		offered=$'\n'$(complete_words pmuctl "$cmd" -)$'\n'
		man=$(cat "$ROOT/man/pmuctl-$cmd.1" "$ROOT/man/pmuctl.1")
		for opt in $("$PMUCTL" __complete options "$cmd"); do
			o=${opt%=}
			[ "$o" = --usage ] && continue
			[[ "$help" =~ ${o}([^A-Za-z0-9_]|$) ]] || { echo "$cmd $o: not in --help"; return 1; }
			[[ "$man" == *"${o//-/\\-}"* ]] || { echo "$cmd $o: not in the man page"; return 1; }
			[[ "$offered" == *$'\n'"$opt"$'\n'* ]] || { echo "$cmd $o: not offered by completion"; return 1; }
		done
		grep -qF ".B $cmd" "$ROOT/man/pmuctl.1" || { echo "$cmd: not in pmuctl(1)"; return 1; }
		grep -qE "^  $cmd +" <<<"$top" || { echo "$cmd: not in pmuctl --help"; return 1; }
	done
}

@test "completion: the bash script parses" {
	bash -n "$ROOT/completions/pmuctl.bash"
}

# zsh: _pmuctl called as the completion system would, with compadd recording what it offers
zsh_complete() {
	local cur=$1
	shift
	zsh -fc 'compadd() { while [[ $# -gt 0 && $1 != -- ]]; do [[ $1 == -S ]] && shift; shift; done; shift; print -rl -- "$@"; }
		_files() { print -r -- "<files>"; }
		source "$1"; shift; words=("$@"); CURRENT=$#words; _PMUCTL=$PMUCTL_BIN _pmuctl' \
		_ "$ROOT/completions/_pmuctl" "$@" "$cur" | grep -v '^$'
}

@test "completion: zsh offers commands, options, metrics and events from the binary" {
	command -v zsh >/dev/null || skip "zsh is not installed (the test command installs it)"
	zsh -n "$ROOT/completions/_pmuctl"
	export PMUCTL_BIN=$PMUCTL
	run zsh_complete "" pmuctl
	[ "$status" -eq 0 ]
	[ "$(tr '\n' ' ' <<<"$output")" = "$(tr '\n' ' ' <<<"$("$PMUCTL" __complete commands)")" ]
	run zsh_complete t410_pcie_rd pmuctl stat -M
	grep -qx t410_pcie_rd_bw <<<"$output"
	run zsh_complete nvidia_pcie_pmu_0_rc_4/ pmuctl --sysfs-root "$T410" stat -e
	grep -qx rd_bytes/ <<<"$output" || grep -qx 'nvidia_pcie_pmu_0_rc_4/rd_bytes/' <<<"$output"
	run zsh_complete --so pmuctl top
	grep -qx -- --sort= <<<"$output"
	run zsh_complete "" pmuctl stat --input
	[ "$output" = "<files>" ]
	# map's -d takes vendor:device, stat's a BDF; a term follows a comma
	run zsh_complete 15b3: pmuctl --sysfs-root "$T410" map -d
	grep -qx 15b3:a2dc <<<"$output"
	run zsh_complete 0005:41 pmuctl --sysfs-root "$T410" stat -d
	grep -qx 0005:41:00.0 <<<"$output"
	run zsh_complete nvidia_pcie_pmu_0_rc_4/rd_bytes,src_b pmuctl --sysfs-root "$T410" stat -e
	grep -qx src_bdf= <<<"$output"
}

@test "completion: fish completes command lines through the binary (complete -C)" {
	command -v fish >/dev/null || skip "fish is not installed (the test command installs it)"
	fish -n "$ROOT/completions/pmuctl.fish"
	bin=$BATS_TEST_TMPDIR/bin
	mkdir -p "$bin"
	ln -sf "$PMUCTL" "$bin/pmuctl"
	run env PATH="$bin:$PATH" fish -c "source $ROOT/completions/pmuctl.fish; complete -C 'pmuctl t'"
	[ "$status" -eq 0 ]
	grep -q '^top' <<<"$output"
	run env PATH="$bin:$PATH" fish -c "source $ROOT/completions/pmuctl.fish; complete -C 'pmuctl stat -M t410_pcie_rd_b'"
	grep -q '^t410_pcie_rd_bw' <<<"$output"
	run env PATH="$bin:$PATH" fish -c "source $ROOT/completions/pmuctl.fish; complete -C 'pmuctl --sysfs-root $T410 map 0005:4'"
	grep -q '^0005:41:00.0' <<<"$output"
	run env PATH="$bin:$PATH" fish -c "source $ROOT/completions/pmuctl.fish; complete -C 'pmuctl --sysfs-root $T410 map -d 15b3:'"
	grep -q '^15b3:a2dc' <<<"$output"
	run env PATH="$bin:$PATH" fish -c "source $ROOT/completions/pmuctl.fish; complete -C 'pmuctl --sysfs-root $T410 stat -e nvidia_pcie_pmu_0_rc_4/rd_bytes,src_b'"
	grep -q '^nvidia_pcie_pmu_0_rc_4/rd_bytes,src_bdf=' <<<"$output"
}

@test "install: make install and uninstall into a DESTDIR leave no file behind" {
	d=$BATS_TEST_TMPDIR/dest
	# the binary of the plain build: tests/run exports BUILD for its unit tests
	env -u BUILD make -s -C "$ROOT" install DESTDIR="$d" PREFIX=/usr >/dev/null
	[ -x "$d/usr/bin/pmuctl" ]
	[ -f "$d/usr/share/man/man7/pmuctl-metrics.7" ]
	[ -f "$d/usr/share/bash-completion/completions/pmuctl" ]
	# the schemas the man pages name are where they say
	for f in $(grep -ho '/usr/share/pmuctl/schemas/[a-z-]*\.schema\.json' "$ROOT"/man/*.1 | sort -u); do
		[ -f "$d$f" ] || { echo "missing $f"; return 1; }
	done
	[ -f "$d/usr/lib/systemd/system/pmuctl-exporter.service" ]
	# serve, top and doctor from the installed layout: the library found from the binary
	run "$d/usr/bin/pmuctl" doctor --help
	[ "$status" -eq 0 ]
	[ -f "$d/usr/share/man/man7/pmuctl-families.7" ]
	[ "$(find "$d" -type f | wc -l)" -eq 27 ]
	env -u BUILD make -s -C "$ROOT" uninstall DESTDIR="$d" PREFIX=/usr
	[ "$(find "$d" -type f | wc -l)" -eq 0 ]
	[ ! -e "$d/usr/share/pmuctl" ]
	[ ! -e "$d/usr/lib/pmuctl" ]
}

@test "docs: every page renders at man's default 80 columns without a troff warning" {
	# and the page the build makes from the families' data
	env -u BUILD make -s -C "$ROOT" build/gen/pmuctl-families.7
	for p in "$ROOT"/man/*.[17] "$ROOT/build/gen/pmuctl-families.7"; do
		# man-db sets the line length 2 columns under MANWIDTH
		run groff -man -Tutf8 -ww -rLL=78n -rLT=78n "$p"
		[ "$status" -eq 0 ]
		warnings=$(groff -man -Tutf8 -ww -rLL=78n -rLT=78n "$p" 2>&1 >/dev/null)
		[ -z "$warnings" ] || { echo "$warnings"; return 1; }
	done
}
