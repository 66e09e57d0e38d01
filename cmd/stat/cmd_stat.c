// SPDX-License-Identifier: GPL-2.0
/* pmuctl stat: its options; then counting, the plan (--dry-run) or recorded counts (--input). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/pmuctl.h"
#include "cmd/stat/stat.h"
#include "topology/pcifilter.h"
#include "lib/signals.h"
#include "lib/strnum.h"

enum stat_key {
	KEY_DRY_RUN = 0x200,
	KEY_NO_RULES,
	KEY_EXCLUSIVE,
	KEY_COUNTERS,
	KEY_INTERVAL_COUNT,
	KEY_DURATION,
	KEY_PER_SOCKET,
	KEY_PER_PMU,
	KEY_METRICS_FILE,
	KEY_ROOT_PORT,
	KEY_INPUT,
	KEY_FORMAT,
	KEY_APPEND,
	KEY_METRIC_ONLY,
	KEY_PER_DEVICE,
	KEY_METRIC_NO_MERGE,
	KEY_METRIC_NO_GROUP,
	KEY_TIMEOUT,
};

static const struct argp_option stat_options[] = {
	{ "all-cpus", 'a', NULL, 0, "system-wide (always so for uncore PMUs)", 0 },
	{ "cpu", 'C', "CPUS", 0, "count only on these CPUs (0-3,8), system-wide, as perf's -C; an uncore PMU still counts once, on its cpumask's CPU", 0 },
	{ "dry-run", KEY_DRY_RUN, NULL, 0,
	  "encode and check only: print each event's type, config words, CPU and the perf command (with -M, the events its metrics count)", 0 },
	{ "interval-print", 'I', "MS", 0, "print the counts of every MS milliseconds (at least 10)", 1 },
	{ "interval-count", KEY_INTERVAL_COUNT, "N", 0, "stop after N intervals", 1 },
	{ "duration", KEY_DURATION, "SEC", 0, "count for SEC seconds (fractions allowed)", 1 },
	{ "timeout", KEY_TIMEOUT, "MS", 0, "count for MS milliseconds, as perf's --timeout (the same as --duration in seconds)", 1 },
	{ "repeat", 'r', "N", 0, "run COMMAND (or --duration) N times and print each count's mean, with its noise: the standard deviation of the mean, in % of it, as perf's -r; 0 runs until Ctrl-C and prints every run", 1 },
	{ "group", 'g', NULL, 0, "read every -e event in one group per PMU, as perf's -g", 0 },
	{ "no-aggr", 'A', NULL, 0, "one line per PMU instance and CPU", 2 },
	{ "per-socket", KEY_PER_SOCKET, NULL, 0, "sum the instances of each socket (or die, where a family counts by die)", 2 },
	{ "per-pmu", KEY_PER_PMU, NULL, 0, "one line per PMU instance", 2 },
	{ "field-separator", 'x', "SEP", 0, "perf stat -x's lines, fields separated by SEP ('\\t' is a tab): [time,][S<socket>,<n>,|CPU<n>,]value,unit,event,run-time,pct-running,metric-value,metric-unit, no header; with --format=csv, the table's separator", 3 },
	{ "output", 'o', "FILE", 0, "write to FILE ('-': standard output), each interval as it is printed; with --format=openmetrics FILE is replaced whole at every interval", 3 },
	{ "append", KEY_APPEND, NULL, 0, "append to the -o FILE instead of truncating it", 3 },
	{ "format", KEY_FORMAT, "FORMAT", 0, "text (default); csv: one RFC 4180 table with a header, a row per count, metric value and metric input (time, kind, name, value, unit, pmu, socket, rc, cpu, device, scope, running_pct, state, multiplexed, coverage, together), quoted where a field holds the separator; or openmetrics: the Prometheus text format of -M's values, for node_exporter's textfile collector (with -o, rewritten every -I interval)", 3 },
	{ "root-port", KEY_ROOT_PORT, NULL, 0, "with --device: the whole root port above it (src_rp_mask, dst_rp_mask)", 4 },
	{ "sort", KEY_SORT, "METRIC", 0, "with --per-device: rows by METRIC's value, highest first (n/a last); default: topology order", 4 },
	{ "metric-only", KEY_METRIC_ONLY, NULL, 0, "the metric values alone: no -e counts, and no input counts under -v (as perf's --metric-only)", 4 },
	{ "metric-no-merge", KEY_METRIC_NO_MERGE, NULL, 0, "count each metric's events apart, as perf's option: by default an event two metrics read (or -e names) is counted once", 4 },
	{ "metric-no-group", KEY_METRIC_NO_GROUP, NULL, 0, "do not read a metric's inputs as one group, as perf's option: they may then be counted at different times", 4 },
	{ "input", KEY_INPUT, "FILE", 0, "compute -M from recorded 'perf stat -x,' or 'perf stat -j' output, or pmuctl's own -x, -j or --format=csv, instead of counting", 4 },
	{ 0 },
};

/*
 * -g, as perf's --group: the -e strings become one group, "{a,b,...}", which the encoder splits
 * per PMU as a group must be; a string that has a group of its own cannot join one. 0, or -1
 * (a->event[0] then names the string in the way)
 */
static int group_events(struct stat_args *a)
{
	size_t len = 3;
	char *joined, *end;

	for (int i = 0; i < a->nevent; i++) {
		if (strpbrk(a->event[i], "{}")) {
			a->event[0] = a->event[i];
			return -1;
		}
		len += strlen(a->event[i]) + 1;
	}
	joined = malloc(len);
	if (!joined)
		return -ENOMEM;	/* never counted apart in silence: the user asked for one group */
	end = joined;
	*end++ = '{';
	for (int i = 0; i < a->nevent; i++) {
		end = stpcpy(end, a->event[i]);	/* from the end: each string copied once */
		*end++ = i + 1 < a->nevent ? ',' : '}';
	}
	*end = '\0';
	a->event[0] = joined;
	a->nevent = 1;
	a->grouped_text = joined;
	return 0;
}

/* One aggregation: two different ones are refused, not decided by their order */
static void set_aggr(struct stat_args *a, enum tally_aggr aggr, const char *opt, struct argp_state *state)
{
	if (a->aggr_opt && a->aggr != aggr)
		jerr_argp(state, "%s and %s are two ways to aggregate: give one", a->aggr_opt, opt);
	a->aggr = aggr;
	a->aggr_opt = opt;
}

/* One output format: -j, -x and --format=openmetrics exclude each other */
static void check_formats(const struct stat_args *a, struct argp_state *state)
{
	const char *given[4];
	size_t n = 0;

	if (settings.json)
		given[n++] = "-j";
	if (a->sep && !a->csv_table)
		given[n++] = "-x";
	if (a->csv_table)
		given[n++] = "--format=csv";
	if (a->openmetrics)
		given[n++] = "--format=openmetrics";
	if (n > 1)
		jerr_argp(state, "%s and %s are two output formats: give one", given[0], given[1]);
}

static error_t stat_parse_opt(int key, char *arg, struct argp_state *state)
{
	struct stat_args *a = state->input;
	/* -r: more than one run (0 is perf's "forever") */
	bool repeats = a->repeat > 1 || a->repeat_forever;
	int ret = 0;

	switch (key) {
	case ARGP_KEY_INIT:
		state->child_inputs[DEVICE_CHILD] = a;
		state->child_inputs[COUNT_CHILD] = a;
		break;
	case KEY_SORT:
		a->sort = arg;
		break;
	case 'a':
		a->all_cpus = true;
		break;
	case 'C': {
		struct cpulist l;

		if (cpulist_parse(arg, &l) || !l.n)
			jerr_argp(state, "invalid CPU list '%s': give CPU numbers and ranges, as 0-3,8", arg);
		cpulist_free(&l);
		/* as perf: -C counts those CPUs system-wide */
		a->cpu_list = arg;
		a->all_cpus = true;
		break;
	}
	case KEY_DRY_RUN:
		a->dry_run = true;
		break;
	case KEY_METRIC_NO_MERGE:
		a->metric_no_merge = true;
		break;
	case KEY_METRIC_NO_GROUP:
		a->metric_no_group = true;
		break;
	case 'I':
		a->interval_ms = arg_number(arg, "interval", 10, 86400000, state);
		break;
	case KEY_INTERVAL_COUNT:
		a->interval_count = arg_number(arg, "interval count", 1, 100000000, state);
		break;
	case KEY_DURATION:
	case KEY_TIMEOUT:
		if (a->duration > 0)
			jerr_argp(state, "--duration and --timeout both say how long to count: give one");
		a->duration = key == KEY_TIMEOUT ? (double)arg_number(arg, "timeout", 1, 31536000000L, state) / 1e3 :
						   arg_seconds(arg, state);
		break;
	case 'r':
		a->repeat = arg_number(arg, "repeat count", 0, 1000000, state);
		a->repeat_forever = a->repeat == 0;
		break;
	case 'g':
		a->group_all = true;
		break;
	case 'A':
		set_aggr(a, AGGR_NONE, "-A", state);
		break;
	case KEY_PER_SOCKET:
		set_aggr(a, AGGR_SOCKET, "--per-socket", state);
		break;
	case KEY_PER_PMU:
		set_aggr(a, AGGR_PMU, "--per-pmu", state);
		break;
	case 'x':
		a->sep = arg_separator(arg, state);
		break;
	case 'o':
		a->output = strcmp(arg, "-") ? arg : NULL;
		a->output_given = true;
		break;
	case KEY_APPEND:
		a->append = true;
		break;
	case KEY_FORMAT:
		if (!strcmp(arg, "openmetrics"))
			a->openmetrics = true;
		else if (!strcmp(arg, "csv"))
			a->csv_table = true;
		else if (strcmp(arg, "text"))
			jerr_argp(state, "invalid format '%s': use text, csv or openmetrics", arg);
		break;
	case KEY_ROOT_PORT:
		a->root_port = true;
		break;
	case KEY_INPUT:
		a->input = arg;
		break;
	case KEY_METRIC_ONLY:
		a->metric_only = true;
		break;
	case ARGP_KEY_ARG:
		jerr_argp(state, "unexpected argument '%s'; events go after -e, a command after --", arg);
		break;
	case ARGP_KEY_END:
		check_formats(a, state);
		/* the table's separator: -x's, or RFC 4180's comma */
		if (a->csv_table && !a->sep)
			a->sep = ",";
		if ((a->id_given || a->socket >= 0 || a->rc >= 0 || a->sort) && !a->per_device)
			jerr_argp(state, "-d, --socket, --rc and --sort are for the rows of --per-device: add --per-device");
		if (a->per_device && (a->root_port || a->aggr_opt))
			jerr_argp(state, "--per-device counts each function with its own filter: it takes no --root-port or %s",
				   a->aggr_opt ? a->aggr_opt : "aggregation flag");
		if (a->per_device && (a->command || a->input) && a->nevent)
			jerr_argp(state, "--per-device -e counts the events system-wide, per function: it takes no command or --input");
		by_destination_check(state, a, "rows", "columns");
		if (a->per_device && !a->metrics && !a->nevent) {
			a->metrics = pmu_per_device_metrics(NULL);
			a->metrics_default = true;
		}
		if (!a->nevent && !a->metrics)
			jerr_argp(state, "no event given; add -e EVENT or -M METRIC (see 'pmuctl list --events', 'pmuctl list --metrics')");
		if (a->input && (!a->metrics || a->nevent || a->command || a->dry_run))
			jerr_argp(state, "--input computes metrics: give -M, and no -e, command or --dry-run");
		if (a->input && (a->interval_ms || a->duration))
			jerr_argp(state, "--input takes the intervals and the time the recording has: drop -I and --duration");
		if ((a->ndevice || a->root_port) && !a->metrics && !a->per_device)
			jerr_argp(state, "--device and --root-port narrow -M metrics; for events, take the filters from 'pmuctl map BDF'");
		if (a->root_port && !a->ndevice)
			jerr_argp(state, "--root-port needs --device BDF");
		/* counts would be a text table in the exposition, which promtool and the collector refuse */
		if (a->openmetrics && a->nevent)
			jerr_argp(state, "--format=openmetrics writes -M values, not -e counts: drop -e (pmuctl serve -e exposes each count as a counter)");
		if (a->openmetrics && !a->metrics && !a->per_device)
			jerr_argp(state, "--format=openmetrics writes -M values: give -M");
		if (a->metric_only && !a->metrics && !a->per_device)
			jerr_argp(state, "--metric-only shows -M values alone: give -M");
		if (a->append && (!a->output || a->openmetrics))
			jerr_argp(state, a->openmetrics ? "--append conflicts with --format=openmetrics, whose file is replaced whole at every interval"
							 : "--append needs -o FILE");
		if (repeats && a->interval_ms)
			jerr_argp(state, "-r averages whole runs; -I prints within one: give one of them");
		if (repeats && (a->input || a->dry_run))
			jerr_argp(state, "-r repeats counting: %s counts nothing", a->input ? "--input" : "--dry-run");
		if (repeats && !a->command && !a->duration)
			jerr_argp(state, "-r repeats a run that ends by itself: give a command after -- or --duration");
		if (a->interval_count && !a->interval_ms)
			jerr_argp(state, "--interval-count needs -I MS");
		if (a->dry_run && (a->command || a->interval_ms || a->duration || a->output_given))
			jerr_argp(state, "--dry-run only encodes: it takes no command, -I, --duration or -o");
		if (a->dry_run && (a->sep || a->openmetrics))
			jerr_argp(state, "--dry-run prints text or -j, not %s", a->sep ? "-x" : "--format=openmetrics");
		if (a->group_all && (!a->nevent || a->per_device))
			jerr_argp(state, a->per_device ? "-g groups the -e events as written; --per-device counts each on its function's PMU: drop -g"
							: "-g groups the -e events: give -e");
		if (a->group_all && (ret = group_events(a)) == -ENOMEM) {
			p_err("-g: out of memory for the group");
			exit(EXIT_FAIL);
		}
		if (a->group_all && ret)
			jerr_argp(state, "-g puts every -e event in one group: drop the {} of '%s', or -g", a->event[0]);
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

static const struct argp_child stat_children[] =
	COUNT_DEVICE_CHILDREN("What to count:", "The PCI functions of --per-device (and of -M with --device):", 5);

const struct argp stat_argp = {
	stat_options, stat_parse_opt, "-e EVENT... [-a] [-I MS] [--duration SEC] [-- COMMAND [ARG...]]",
	"Count events of this machine's PMUs, system-wide, until COMMAND ends, --duration passes or "
	"Ctrl-C (which prints the totals). Event strings are encoded exactly as perf does (format "
	"fields packed into config, config1, config2; named events expanded; PMU globs and prefixes "
	"expanded to every match) and checked against the rules of each family's driver (@FAMILIES@) "
	"before anything is opened; a bad string is shown with a caret under the bad part. Uncore PMUs open once, on the CPU of their cpumask; PMUs without one (msr, software) "
	"open on every CPU and are summed. Events read together: {} groups, and what a family's "
	"driver counts as one (a latency's parts, a counter pair); a family whose driver takes one "
	"event at a time has each alone (pmuctl-families(7)). Blocks a family finds outside perf "
	"(hwmon) count through their own files, PREFIX/BLOCK/EVENT/, and every register written is "
	"restored, also on Ctrl-C and SIGTERM."
	"\vEvent syntax:\n"
	"  PMU/TERM[=VALUE],.../  TERMs are format fields (pmuctl list --formats),\n"
	"                         named events, config=, config1=, config2=, name=;\n"
	"                         a bare TERM means TERM=1\n"
	"  EVENT                  a named event of every PMU that has it, or a\n"
	"                         perf symbol (cycles, cpu-clock)\n"
	"  {A,B}                  a group, read together; split per PMU instance\n"
	"                         when a glob expands\n"
	"  PREFIX/BLOCK/EVENT/    a block of a family's own source and an event\n"
	"                         (@EX:block_event@; pmuctl list shows them)\n"
	"  PMU may be a glob (@EX:pmu_glob@) or, as in perf, a prefix\n"
	"  followed in the real names by _<digits> (@EX:pmu_prefix@).\n"
	"\nExamples:\n"
	"  pmuctl stat -e '@EX:event_glob@' --per-pmu -- sleep 1\n"
	"  pmuctl -j stat -I 1000 -e msr/tsc/ --interval-count 5\n"
	"  pmuctl stat -e @EX:block_event@ --duration 2\n"
	"  pmuctl stat --dry-run -e \\\n"
	"    '@EX:event@'\n"
	"  pmuctl stat --dry-run -e \\\n"
	"    '@EX:filtered_event@'\n"
	"  pmuctl -j stat --dry-run -e \\\n"
	"    '@EX:group@'\n"
	"  pmuctl stat -M @EX:metric@ -I 1000 --per-socket\n"
	"\nExit status: 0 success, 1 an event does not fit this machine (unknown PMU or term, value "
	"too wide, a broken family rule) or none could be counted, 2 some events counted and "
	"others could not be opened (the warnings say why), 64 a malformed event string or option; "
	"otherwise COMMAND's own exit status (128+N if signal N ended it), as in perf. Without a "
	"COMMAND, SIGINT and SIGTERM print the totals, then end pmuctl by that signal (130, 143).",
	stat_children, help_families_filter, NULL
};

int cmd_stat(int argc, char **argv)
{
	struct stat_args a;
	int ret, die_signal = 0;

	if (stat_args_init(&a, argc))
		return EXIT_FAIL;
	/* everything after -- is the command to run while counting */
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--")) {
			a.command = i + 1 < argc ? &argv[i + 1] : NULL;
			argv[i] = NULL;
			argc = i;
			break;
		}
	}
	cmd_parse(&stat_argp, argc, argv, &a);
	ret = a.dry_run ? stat_dry_run(&a) : a.input ? stat_input(&a) : stat_count(&a, NULL, &die_signal);
	return stat_args_end(&a, ret, die_signal);
}
