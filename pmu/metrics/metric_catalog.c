// SPDX-License-Identifier: GPL-2.0
/* The catalog: every family's formulas (pmu/family/), named <family>_<what>; time is duration_time in seconds. */
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/suggest.h"
#include "pmu/family/family.h"
#include "pmu/metrics/metric.h"

/* d of family f, added to the catalog under its metric family */
static int add_family_metric(struct metric_list *l, const struct pmu_family *f,
			     const struct family_metric *d)
{
	struct metric m = { .name = (char *)d->name, .family = (char *)(d->family ? d->family : f->id),
			    .expr = (char *)d->expr, .unit = (char *)d->unit,
			    .description = (char *)d->description, .source = (char *)d->source,
			    .filter = (char *)d->filter, .total_only = d->total_only,
			    .link_dir = d->link_dir, .across = d->across, .filter_kept = d->filter_kept,
			    .destination = d->destination };

	return metric_list_copy(l, &m);
}

int metric_catalog(struct metric_list *out)
{
	const struct pmu_family *const *f;
	int ret = 0;

	memset(out, 0, sizeof(*out));
	/* the documents' formulas, then those made from drivers' tables, then pmuctl's own */
	for (f = pmu_families; *f && !ret; f++)
		for (const struct family_metric *d = (*f)->doc_metrics; d && d->name && !ret; d++)
			ret = add_family_metric(out, *f, d);
	for (f = pmu_families; *f && !ret; f++) {
		struct family_metric_text text;
		struct family_metric d;

		for (size_t i = 0; (*f)->ops->metrics.made_metric && !ret && (*f)->ops->metrics.made_metric(*f, i, &d, &text); i++)
			ret = add_family_metric(out, *f, &d);
	}
	for (f = pmu_families; *f && !ret; f++)
		for (const struct family_metric *d = (*f)->metrics; d && d->name && !ret; d++)
			ret = add_family_metric(out, *f, d);
	if (ret)
		metric_list_free(out);
	return ret;
}

void metric_suggest(const struct metric_list *ml, struct suggest *sg)
{
	for (size_t i = 0; i < ml->n; i++) {
		suggest_offer(sg, ml->v[i].name);
		suggest_offer(sg, ml->v[i].family);
	}
}

int metric_select(const struct metric_list *ml, const char *list, bool *selected, struct diag *unknown,
		  struct err_report *err)
{
	char *copy, *save = NULL;

	/* strtok would skip empty names: "-M ''" must not quietly mean no metric */
	if (!*list || *list == ',' || list[strlen(list) - 1] == ',' || strstr(list, ",,"))
		return err_set(err, -EINVAL,
				   "empty metric name in -M '%s': give names or globs separated by single commas",
				   list);
	copy = strdup(list);
	if (!copy)
		return err_set(err, -ENOMEM, "out of memory");
	for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		bool any = false;

		for (size_t i = 0; i < ml->n; i++) {
			/*
			 * a family id: its metrics of all traffic under its own names; the splits by
			 * destination and the names shared across families by name
			 */
			if (!fnmatch(tok, ml->v[i].name, 0) ||
			    (!strcmp(tok, ml->v[i].family) && !ml->v[i].destination && !ml->v[i].across)) {
				selected[i] = true;
				any = true;
			}
		}
		if (!any) {
			struct suggest sg;
			char near[256];

			suggest_init(&sg, tok);
			metric_suggest(ml, &sg);
			diag_add(unknown, "unknown metric '%s'%s; pmuctl list --metrics --all shows them", tok,
				 suggest_text(&sg, near, sizeof(near)));
		}
	}
	free(copy);
	return unknown->n ? err_set(err, -ENOENT, "%s", unknown->msg[0]) : 0;
}

bool metric_name_is_clock(const char *name)
{
	/* memory controllers' clocks count in every channel alike, as cycles elsewhere */
	return !strcmp(name, "cycles") || !strcmp(name, "cycle") || !strcmp(name, "CYCLES") ||
	       !strcmp(name, "hw_clk_freq") || !strcmp(name, "clk_cycle_count") ||
	       !strcmp(name, "clkdiv2_cycle_count") || !strcmp(name, "cycle_count") ||
	       !strcmp(name, "cpa_cycles");
}
