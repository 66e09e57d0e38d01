// SPDX-License-Identifier: GPL-2.0
/* What stat and serve count, given alike: -e, -M and how they are checked. One argp child. */
#include "cmd/pmuctl.h"
#include "cmd/stat/stat.h"

enum count_key {
	KEY_METRICS_FILE = 0x500,
	KEY_NO_RULES,
	KEY_EXCLUSIVE,
	KEY_COUNTERS,
	KEY_PER_DEVICE,
};

static const struct argp_option count_options[] = {
	{ "event", 'e', "EVENT", 0,
	  "an event to count: pmu/term=value,.../, a named event, or {a,b} groups; repeatable", 0 },
	{ "metrics", 'M', "METRIC,...", 0,
	  "the metrics to count, with what they need (pmuctl list --metrics); a family id selects all of its metrics", 0 },
	{ "metrics-file", KEY_METRICS_FILE, "FILE", 0, "more metrics, from a JSON file (pmuctl-metrics(7))", 0 },
	{ "no-rules", KEY_NO_RULES, NULL, 0,
	  "skip the family rule checks: encode exactly what perf would, even what the driver refuses", 0 },
	{ "exclusive", KEY_EXCLUSIVE, NULL, 0,
	  "no value scaled from part of the time: an event that ran less than all of it has no count, and its metrics no value", 0 },
	{ "counters", KEY_COUNTERS, "PMU=N", 0,
	  "the schedule's budget of PMU (a name or glob) is N counters: for a PMU whose driver does not say (arm_cspmu), from the reads a warning gave; repeatable", 0 },
	{ "per-device", KEY_PER_DEVICE, NULL, 0,
	  "a row (serve: a series) per PCI function a PMU of the machine selects (pmuctl map shows which), its -M values (default: each family's per-device metrics) or the rate of each -e PMU/EVENT/ with the function's filter added; narrow with --device, -d, --socket, --rc", 0 },
	{ 0 },
};

static error_t count_parse_opt(int key, char *arg, struct argp_state *state)
{
	struct stat_args *a = state->input;

	switch (key) {
	case 'e':
		a->event[a->nevent++] = arg;
		break;
	case 'M':
		a->metrics = arg;
		break;
	case KEY_METRICS_FILE:
		a->metrics_file = arg;
		break;
	case KEY_NO_RULES:
		a->no_rules = true;
		break;
	case KEY_EXCLUSIVE:
		a->exclusive = true;
		break;
	case KEY_COUNTERS:
		stat_args_budget(a, arg, state);
		break;
	case KEY_PER_DEVICE:
		a->per_device = true;
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

const struct argp count_argp = { count_options, count_parse_opt, NULL, NULL, NULL, NULL, NULL };
