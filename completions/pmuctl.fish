# fish completion for pmuctl: the words come from the binary (pmuctl __complete ...).

function __pmuctl_ask
    set -l tokens (commandline -opc)
    set -l global
    for i in (seq 2 (count $tokens))
        switch $tokens[$i]
            case '--sysfs-root=*' '--pci-dump=*'
                set global $global $tokens[$i]
            case --sysfs-root -F --pci-dump
                set -l next (math $i + 1)
                if test $next -le (count $tokens)
                    set global $global $tokens[$i] $tokens[$next]
                end
        end
    end
    pmuctl $global __complete $argv 2>/dev/null
end

function __pmuctl_command
    set -l tokens (commandline -opc)
    set -l skip 0
    for t in $tokens[2..-1]
        if test $skip -eq 1
            set skip 0
            continue
        end
        switch $t
            case --sysfs-root --proc-root --kernel -F --pci-dump
                set skip 1
            case '-*'
            case '*'
                echo $t
                return 0
        end
    end
    return 1
end

function __pmuctl_words
    set -l tokens (commandline -opc)
    set -l prev $tokens[-1]
    set -l cur (commandline -ct)
    set -l cmd (__pmuctl_command)
    switch $prev
        case -e --event
            if string match -q '*/*,*' -- $cur
                # a term after a comma: the PMU's formats
                set -l pmu (string split -m1 / -- $cur)[1]
                set -l done (string replace -r '[^,]*$' '' -- $cur)
                for t in (__pmuctl_ask events $pmu | string match -r "^$pmu/[^/]*=\$" | string replace "$pmu/" '')
                    echo $done$t
                end
            else if string match -q '*/*' -- $cur
                set -l pmu (string split -m1 / -- $cur)[1]
                if string match -q 'bfperf/*/*' -- $cur
                    set pmu (string replace -r '/[^/]*$' '' -- $cur)
                end
                __pmuctl_ask events $pmu
            else
                __pmuctl_ask pmus
            end
            return
        case -M --metrics
            __pmuctl_ask metrics
            return
        case --device -s --slot
            __pmuctl_ask bdfs
            return
        case -d
            # map's -d is lspci's vendor:device; elsewhere -d is --device
            if test "$cmd" = map
                __pmuctl_ask ids
            else
                __pmuctl_ask bdfs
            end
            return
        case --format
            switch "$cmd"
                case map
                    printf '%s\n' tree table caps
                case stat
                    printf '%s\n' text csv openmetrics
                case list
                    printf '%s\n' text prometheus-rules
            end
            return
    end
    if test -z "$cmd"
        if string match -q -- '-*' $cur
            __pmuctl_ask options
        else
            __pmuctl_ask commands
        end
    else if string match -q -- '-*' $cur
        __pmuctl_ask options $cmd
    else
        switch $cmd
            case list
                __pmuctl_ask families
                __pmuctl_ask pmus | string replace -r '/$' ''
            case map
                __pmuctl_ask bdfs
            case iostat
                echo list
                __pmuctl_ask bdfs
            case help
                __pmuctl_ask commands
        end
    end
end

complete -c pmuctl -f -a '(__pmuctl_words)'
complete -c pmuctl -n '__fish_seen_argument -l sysfs-root' -a '(__fish_complete_directories)'
complete -c pmuctl -n '__fish_seen_argument -l proc-root' -a '(__fish_complete_directories)'
complete -c pmuctl -n '__fish_seen_argument -l web.config.file' -F
complete -c pmuctl -n '__fish_seen_argument -l topology' -F
