# bash completion for pmuctl. Every word comes from the binary (pmuctl __complete ...), so
# commands, options, PMUs, events, metrics and BDFs are those of this pmuctl and this machine
# (--sysfs-root and -F on the line are honoured).

_pmuctl_ask() {
	local -a global=()
	local i w
	for ((i = 1; i < ${#COMP_WORDS[@]} - 1; i++)); do
		w=${COMP_WORDS[i]}
		case $w in
		--sysfs-root=* | --pci-dump=*) global+=("$w") ;;
		--sysfs-root | -F | --pci-dump) global+=("$w" "${COMP_WORDS[i + 1]}") ;;
		esac
	done
	"${_PMUCTL:-pmuctl}" "${global[@]}" __complete "$@" 2>/dev/null
}

_pmuctl() {
	local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
	local cmd="" i w skip=0
	COMPREPLY=()
	# the command: the first word that is neither an option nor an option's argument
	for ((i = 1; i < COMP_CWORD; i++)); do
		w=${COMP_WORDS[i]}
		if ((skip)); then
			skip=0
			continue
		fi
		case $w in
		--sysfs-root | -F | --pci-dump) skip=1 ;;
		-*) ;;
		*)
			cmd=$w
			break
			;;
		esac
	done
	case $prev in
	--sysfs-root)
		compopt -o dirnames 2>/dev/null
		COMPREPLY=($(compgen -d -- "$cur"))
		return
		;;
	-F | --pci-dump | -o | --output | --input | --metrics-file)
		compopt -o filenames 2>/dev/null
		COMPREPLY=($(compgen -f -- "$cur"))
		return
		;;
	-e | --event)
		local pmu=${cur%%/*}
		if [[ $cur == bfperf/*/* ]]; then
			pmu=${cur%/*}
		fi
		if [[ $cur == */* && $cur != bfperf/ ]]; then
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
	--device)
		COMPREPLY=($(compgen -W "$(_pmuctl_ask bdfs)" -- "$cur"))
		__ltrim_colon_completions "$cur" 2>/dev/null
		return
		;;
	--format)
		[[ $cmd == map ]] && COMPREPLY=($(compgen -W "tree table dvsec" -- "$cur"))
		[[ $cmd == stat ]] && COMPREPLY=($(compgen -W "text openmetrics" -- "$cur"))
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
		map) COMPREPLY=($(compgen -W "$(_pmuctl_ask bdfs)" -- "$cur"))
			__ltrim_colon_completions "$cur" 2>/dev/null ;;
		help) COMPREPLY=($(compgen -W "$(_pmuctl_ask commands)" -- "$cur")) ;;
		esac
	fi
	[[ ${COMPREPLY[0]} == *= ]] && compopt -o nospace 2>/dev/null
	return 0
}
complete -F _pmuctl pmuctl
