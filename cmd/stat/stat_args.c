// SPDX-License-Identifier: GPL-2.0
/* The arguments of the counting commands (stat, top, serve): their defaults, and how they end. */
#include <stdlib.h>
#include <string.h>
#include "cmd/pmuctl.h"
#include "cmd/stat/stat.h"
#include "lib/signals.h"
#include "lib/strnum.h"
#include "topology/pcifilter.h"

static void stat_args_free(struct stat_args *a)
{
	free(a->grouped_text);
	free(a->event);
	free(a->device);
	free(a->budgets);
	a->budgets = NULL;
	a->grouped_text = NULL;
	a->event = NULL;
	a->device = NULL;
}

int stat_args_init(struct stat_args *a, int argc)
{
	*a = (struct stat_args){ .socket = -1, .rc = -1 };
	pcifilter_init(&a->id);
	/* every argument could be an -e or a --device */
	a->event = calloc((size_t)argc + 1, sizeof(char *));
	a->device = calloc((size_t)argc + 1, sizeof(char *));
	a->budgets = calloc((size_t)argc + 1, sizeof(*a->budgets));
	if (a->event && a->device && a->budgets)
		return 0;
	stat_args_free(a);
	return -1;
}

int stat_args_end(struct stat_args *a, int ret, int die_signal)
{
	stat_args_free(a);
	ret = finish_output(ret);
	/* state is restored: now the signal may end pmuctl, so that the exit status says it */
	if (die_signal)
		signals_die(die_signal);
	return ret;
}

/* A PMU's counters are a few dozen at most; 256 is past every driver pmuctl knows */
#define BUDGET_MAX 256

void stat_args_budget(struct stat_args *a, char *arg, struct argp_state *state)
{
	char *eq = strrchr(arg, '=');
	uint64_t n;

	if (!eq || eq == arg || strnum_u64(eq + 1, 10, BUDGET_MAX, &n) || !n)
		jerr_argp(state, "--counters '%s': give PMU=N, a PMU name (or glob) and its counters, 1 to %d (%s)",
			  arg, BUDGET_MAX, pmu_family_example("counters") ?: "PMU_0=8");
	*eq = '\0';
	a->budgets[a->nbudgets++] = (struct schedule_budget){ .pmu = arg, .n = (size_t)n };
}

const char *stat_metric_list(const struct stat_args *a, const struct pmu_list *pmus)
{
	if (a->by_destination)
		return pmu_destination_metrics(pmus);
	if (a->serve_defaults)
		return pmu_serve_metrics(pmus, a->per_device);
	/* iostat's columns: every family's, none of them named by the user */
	if (a->iostat)
		return a->metrics;
	return a->metrics_default ? pmu_per_device_metrics(pmus) : a->metrics;
}

const struct report_ops *stat_report_ops(const struct stat_args *a)
{
	return a->openmetrics ? &face_openmetrics :
	       settings.json  ? &face_json :
	       a->csv_table   ? &face_csv :
	       a->sep	      ? &face_perf :
				&face_text;
}
