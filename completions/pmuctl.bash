# bash completion for pmuctl. Every word comes from the binary (pmuctl __complete ...), so
# commands, options, PMUs, events, metrics and BDFs are those of this pmuctl and this machine
# (--sysfs-root and -F on the line are honoured).

# The command line's words as the user typed them, in _pmuctl_w: bash splits words at ':'
# and '=' (COMP_WORDBREAKS), which BDFs (0005:41:00.0) and --format= hold, so they are read
# again from COMP_LINE, split at spaces only
_pmuctl_split() {
	local line=${COMP_LINE:0:${COMP_POINT:-${#COMP_LINE}}}
	read -ra _pmuctl_w <<<"$line"
	[[ -z $line || $line == *[[:space:]] ]] && _pmuctl_w+=("")
}

_pmuctl_ask() {
	local -a global=()
	local i w
	for ((i = 1; i < ${#_pmuctl_w[@]} - 1; i++)); do
		w=${_pmuctl_w[i]}
		case $w in
		--sysfs-root=* | --pci-dump=*) global+=("$w") ;;
		--sysfs-root | -F | --pci-dump) global+=("$w" "${_pmuctl_w[i + 1]}") ;;
		esac
	done
	"${_PMUCTL:-pmuctl}" "${global[@]}" __complete "$@" 2>/dev/null
}

# bash replaces only what follows the word's last ':' or '=': the replies lose what precedes it
_pmuctl_trim() {
	local pre=${cur%"${cur##*[:=]}"} i
	[[ -n $pre ]] || return
	for i in "${!COMPREPLY[@]}"; do
		COMPREPLY[i]=${COMPREPLY[i]#"$pre"}
	done
}

_pmuctl() {
	local -a _pmuctl_w
	_pmuctl_split
	local cword=$((${#_pmuctl_w[@]} - 1))
	local cur=${_pmuctl_w[cword]} prev=${_pmuctl_w[cword - 1]}
	local cmd="" i w skip=0
	COMPREPLY=()
	# the command: the first word that is neither an option nor an option's argument
	for ((i = 1; i < cword; i++)); do
		w=${_pmuctl_w[i]}
		if ((skip)); then
			skip=0
			continue
		fi
		case $w in
		--sysfs-root | --proc-root | --kernel | -F | --pci-dump) skip=1 ;;
		-*) ;;
		*)
			cmd=$w
			break
			;;
		esac
	done
	case $cur in
	--format=*)
		local values=""
		[[ $cmd == map ]] && values="tree table caps"
		[[ $cmd == stat ]] && values="text csv openmetrics"
		[[ $cmd == list ]] && values="text prometheus-rules"
		COMPREPLY=($(compgen -P --format= -W "$values" -- "${cur#--format=}"))
		_pmuctl_trim
		return
		;;
	esac
	case $prev in
	--sysfs-root | --proc-root)
		compopt -o dirnames 2>/dev/null
		COMPREPLY=($(compgen -d -- "$cur"))
		return
		;;
	-F | --pci-dump | -o | --output | --input | --metrics-file | --web.config.file | --topology)
		compopt -o filenames 2>/dev/null
		COMPREPLY=($(compgen -f -- "$cur"))
		return
		;;
	-e | --event)
		local pmu=${cur%%/*}
		if [[ $cur == bfperf/*/* ]]; then
			pmu=${cur%/*}
		fi
		if [[ $cur == */*,* ]]; then
			# a term after a comma: the PMU's formats, each with its '='
			local done=${cur%"${cur##*,}"}
			COMPREPLY=($(compgen -P "$done" -W "$(_pmuctl_ask events "$pmu" | sed -n "s,^$pmu/\([^/]*=\)\$,\1,p")" -- "${cur##*,}"))
			_pmuctl_trim
		elif [[ $cur == */* && $cur != bfperf/ ]]; then
			COMPREPLY=($(compgen -W "$(_pmuctl_ask events "${pmu%/}")" -- "$cur"))
		else
			COMPREPLY=($(compgen -W "$(_pmuctl_ask pmus)" -- "$cur"))
		fi
		compopt -o nospace 2>/dev/null
		return
		;;
	-M | --metrics)
		local done=${cur%"${cur##*,}"}
		COMPREPLY=($(compgen -P "$done" -W "$(_pmuctl_ask metrics)" -- "${cur##*,}"))
		return
		;;
	--device | -s | --slot)
		COMPREPLY=($(compgen -W "$(_pmuctl_ask bdfs)" -- "$cur"))
		_pmuctl_trim
		return
		;;
	-d)
		# map's -d is lspci's vendor:device; elsewhere -d is --device, a BDF
		if [[ $cmd == map ]]; then
			COMPREPLY=($(compgen -W "$(_pmuctl_ask ids)" -- "$cur"))
		else
			COMPREPLY=($(compgen -W "$(_pmuctl_ask bdfs)" -- "$cur"))
		fi
		_pmuctl_trim
		return
		;;
	--format)
		[[ $cmd == map ]] && COMPREPLY=($(compgen -W "tree table caps" -- "$cur"))
		[[ $cmd == stat ]] && COMPREPLY=($(compgen -W "text csv openmetrics" -- "$cur"))
		[[ $cmd == list ]] && COMPREPLY=($(compgen -W "text prometheus-rules" -- "$cur"))
		return
		;;
	esac
	if [[ -z $cmd ]]; then
		if [[ $cur == -* ]]; then
			COMPREPLY=($(compgen -W "$(_pmuctl_ask options)" -- "$cur"))
		else
			COMPREPLY=($(compgen -W "$(_pmuctl_ask commands)" -- "$cur"))
		fi
	elif [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$(_pmuctl_ask options "$cmd")" -- "$cur"))
	else
		case $cmd in
		list) COMPREPLY=($(compgen -W "$(_pmuctl_ask families) $(_pmuctl_ask pmus | sed 's,/$,,')" -- "$cur")) ;;
		iostat) COMPREPLY=($(compgen -W "list $(_pmuctl_ask bdfs)" -- "$cur"))
			_pmuctl_trim
			;;
		map) COMPREPLY=($(compgen -W "$(_pmuctl_ask bdfs)" -- "$cur"))
			_pmuctl_trim ;;
		help) COMPREPLY=($(compgen -W "$(_pmuctl_ask commands)" -- "$cur")) ;;
		esac
	fi
	[[ ${COMPREPLY[0]} == *= ]] && compopt -o nospace 2>/dev/null
	return 0
}
complete -F _pmuctl pmuctl
