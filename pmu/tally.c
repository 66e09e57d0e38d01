// SPDX-License-Identifier: GPL-2.0
/* Counters into rows: equal keys sum, scaled for multiplexing, as perf aggregates. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "pmu/drivers/tool.h"
#include "pmu/tally.h"

/* A row key per aggregation mode; counters with equal keys sum */
static const char *pmu_of(const struct plan_event *e);
static int socket_of(const struct plan_event *e, const struct counter *c, const struct cpu_packages *pk);

static bool same_row(enum tally_aggr aggr, const struct plan_event *e, const struct counter *c,
		     const struct cpu_packages *pk, const struct tally_row *r)
{
	const char *pmu = pmu_of(e);
	int socket = socket_of(e, c, pk);

	if (e->arg != r->arg || e->start != r->start)
		return false;
	switch (aggr) {
	case AGGR_PMU:
		return r->pmu && !strcmp(pmu, r->pmu);
	case AGGR_SOCKET:
		return socket == r->socket;
	case AGGR_NONE:
		return r->pmu && !strcmp(pmu, r->pmu) && c->cpu == r->cpu;
	default:
		return true;
	}
}

static const char *pmu_of(const struct plan_event *e)
{
	/* perf's names for the PMUs of its symbolic and tool events */
	return e->pmu ? e->pmu->name : e->type == TOOL_TYPE ? "tool" : "cpu";
}

/* The PMU's own socket, else (core PMUs, software) its CPU's package, as perf groups them */
static int socket_of(const struct plan_event *e, const struct counter *c, const struct cpu_packages *pk)
{
	int socket = e->pmu ? pmu_socket(e->pmu) : -1;

	return socket >= 0 ? socket : cpu_package_of(pk, c->cpu);
}

/* The PMU's root complex, where its name gives one, or -1 */
static int rc_of(const struct plan_event *e)
{
	return e->pmu ? e->pmu->rc : -1;
}

/* The row counter c sums into; *created when it is new */
static struct tally_row *row_for(struct tally *t, const struct tally_opts *o, const struct plan_event *e,
				 const struct counter *c, enum count_state state, char *const *args,
				 bool *created)
{
	struct tally_row *row;

	*created = false;
	for (size_t k = 0; k < t->n; k++)
		if (same_row(o->aggr, e, c, o->packages, &t->v[k]))
			return &t->v[k];
	row = &t->v[t->n];
	*row = (struct tally_row){ .pmu = pmu_of(e), .socket = socket_of(e, c, o->packages),
				   .rc = rc_of(e), .cpu = c->cpu,
				   .arg = e->arg, .start = e->start, .state = state,
				   .why = count_why(c, state),
				   .unit = e->type == TOOL_TYPE && !e->pmu ? "ns" : NULL };
	/* as perf: name= labels the row; else the part of the -e string it came from */
	row->label = e->name ? strdup(e->name) :
		     e->end > e->start ? strndup(args[e->arg] + e->start, e->end - e->start) :
					 strdup(e->event);
	if (!row->label)
		return NULL;
	t->n++;
	*created = true;
	return row;
}

/* Whether an earlier counter of the same row was on the same CPU */
static bool cpu_seen(const struct count_set *cs, const size_t *row_of, size_t i, size_t row)
{
	for (size_t k = 0; k < i; k++)
		if (row_of[k] == row && cs->v[k].cpu == cs->v[i].cpu)
			return true;
	return false;
}

int tally_build(const struct plan *plan, char *const *args, const struct count_set *cs,
		const struct count_mark *base, const struct tally_opts *o, struct tally *out)
{
	size_t *row_of = malloc((cs->n ? cs->n : 1) * sizeof(size_t));

	out->n = 0;
	out->v = calloc(cs->n ? cs->n : 1, sizeof(*out->v));
	if (!out->v || !row_of) {
		free(row_of);
		free(out->v);
		out->v = NULL;
		return -ENOMEM;
	}
	for (size_t i = 0; i < cs->n; i++) {
		const struct counter *c = &cs->v[i];
		const struct plan_event *e = &plan->v[c->ev];
		struct count_mark d = count_since(cs, i, base);
		enum count_state state = count_state_since(cs, i, base);
		struct tally_row *row;
		bool created;

		row_of[i] = SIZE_MAX;
		if (e->arg < 0)
			continue;	/* a metric's events show as the metric */
		row = row_for(out, o, e, c, state, args, &created);
		if (!row) {
			free(row_of);
			tally_free(out);
			return -ENOMEM;
		}
		row_of[i] = (size_t)(row - out->v);
		if (!cpu_seen(cs, row_of, i, row_of[i]))
			row->ncpu++;
		if (!created) {
			if (row->pmu && strcmp(row->pmu, pmu_of(e)))
				row->pmu = NULL;
			if (row->socket != socket_of(e, c, o->packages))
				row->socket = -1;
			if (row->rc != rc_of(e))
				row->rc = -1;
			if (row->cpu != c->cpu)
				row->cpu = -1;
			/* --exclusive: a sum with a part of the time in it is no sum */
			if (state == COUNT_SHARED && row->state != COUNT_SHARED) {
				row->state = COUNT_SHARED;
				row->why = count_why(c, state);
			} else if (state == COUNT_OK && row->state != COUNT_OK && row->state != COUNT_SHARED) {
				row->state = COUNT_OK;
				row->why = NULL;
			}
		}
		/* the share of the time it ran is what --exclusive refused: it is shown */
		if (state == COUNT_SHARED) {
			row->enabled += d.enabled;
			row->running += d.running;
		}
		if (state != COUNT_OK)
			continue;
		row->value += d.value;
		row->count += count_scaled(d.value, d.enabled, d.running);
		row->enabled += d.enabled;
		row->running += d.running;
	}
	free(row_of);
	return 0;
}

void tally_free(struct tally *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->v[i].label);
	free(t->v);
	memset(t, 0, sizeof(*t));
}

