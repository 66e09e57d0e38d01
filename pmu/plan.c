// SPDX-License-Identifier: GPL-2.0
/*
 * The plan from what the user asked: -e strings encoded as perf does, then the events of every
 * selected metric on every PMU instance it applies to (or on the PMU that sees a --device
 * function, with the filter that selects it), built as terms rather than strings, then the
 * drivers' rules over the whole.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pmu/devmap.h"
#include "pmu/encode.h"
#include "pmu/metrics/metric.h"
#include "pmu/metrics/mexpr.h"
#include "pmu/plan.h"
#include "pmu/plan_devices.h"
#include "pmu/plan_index.h"
#include "pmu/plan_warn.h"
#include "lib/grow.h"
#include "lib/strjoin.h"
#include "pmu/rules.h"

static int oom(struct err_report *err)
{
	return err_set(err, -ENOMEM, "out of memory");
}

/* The filter terms every event of a metric instance gets: the device's, or the metric's own */
struct filter_terms {
	struct ev_term *v;
	size_t n;
	char text[256];		/* ",src_bdf=0x4100,src_bdf_en=1": what the event string shows */
	struct ev_spec parsed;	/* a catalog filter ("global=1"), parsed */
};

static int filter_terms(const struct metric *m, const struct fn_filter *dev,
			struct filter_terms *f, struct err_report *err)
{
	bool own = m->filter && (!dev || m->filter_kept); /* the metric's own, unless a device's replaces it */
	char text[200] = "";

	memset(f, 0, sizeof(*f));
	if (own && ev_parse_terms(m->filter, &f->parsed, err))
		return err_set(err, -EINVAL, "metric '%s': filter '%s': %s", m->name, m->filter, err->msg);
	if (dev)
		fn_filter_text(dev, text, sizeof(text));
	strjoin_into(f->text, sizeof(f->text), dev && dev->n ? "," : "", text, own ? "," : "", own ? m->filter : "");
	if (!dev) {
		f->v = f->parsed.terms;
		f->n = f->parsed.nterms;
		return 0;
	}
	/* the device's terms, then the metric's kept beside them */
	f->v = calloc(dev->n + f->parsed.nterms + 1, sizeof(*f->v));
	if (!f->v)
		return oom(err);
	for (size_t i = 0; i < dev->n; i++)
		f->v[f->n++] = (struct ev_term){ .name = (char *)dev->term[i].name, .kind = EV_VALUE_NUM,
						 .num = dev->term[i].value, .replace = true };
	for (size_t i = 0; i < f->parsed.nterms; i++)
		f->v[f->n++] = f->parsed.terms[i];
	return 0;
}

static void filter_terms_free(struct filter_terms *f)
{
	if (f->v != f->parsed.terms)
		free(f->v);
	ev_spec_free(&f->parsed);
}

/* A named-only event: what recorded input is matched against, with no sysfs to encode on */
static int name_event(const struct pmu *p, const char *var, const struct filter_terms *f,
		      struct plan *plan, struct err_report *err)
{
	struct plan_event *v;

	if (grow_array(&plan->v, plan->n, 1, sizeof(*plan->v)))
		return oom(err);
	v = &plan->v[plan->n];
	memset(v, 0, sizeof(*v));
	v->pmu = p;
	v->arg = v->metric = v->var = v->group = v->src_group = -1;
	if (asprintf(&v->event, "%s/%s%s/", p->name, var, f->text) < 0)
		return oom(err);
	plan->n++;
	return 0;
}

/* An event of the plan before 'upto' that counts what e counts: the same PMU, type and configs */
static long same_event(const struct plan *plan, size_t upto, const struct plan_event *e)
{
	size_t n;
	const size_t *on = plan_index_on(plan, e->pmu, &n);

	for (size_t i = 0; i < n && on[i] < upto; i++) {
		size_t k = on[i];
		const struct plan_event *o = &plan->v[k];

		if (o->pmu == e->pmu && o->type == e->type && o->encoded && e->encoded && !o->mods &&
		    !memcmp(o->config, e->config, sizeof(o->config)) && (o->arg < 0 || o->group < 0) &&
		    cpulist_equal(&o->cpus, &e->cpus))
			return (long)k;
	}
	return -1;
}

static int add_feed(struct plan_event *e, int mi, int var)
{
	struct plan_feed *f = realloc(e->feeds, (e->nfeeds + 1) * sizeof(*f));

	if (!f)
		return -ENOMEM;
	e->feeds = f;
	f[e->nfeeds++] = (struct plan_feed){ mi, var };
	return 0;
}

/* How many events group g holds */
static size_t group_size(const struct plan *plan, int g)
{
	size_t n = 0;

	for (size_t k = 0; g >= 0 && k < plan->n; k++)
		n += plan->v[k].group == g;
	return n;
}

/*
 * Whether instance mi's inputs at[] can be one group: their events already grouped are in one
 * group at most, and the group with the new ones fits the PMU; *g is that group or -1
 */
static bool one_group(const struct plan *plan, const size_t *at, size_t n, const struct pmu *p, int *g)
{
	size_t fresh = 0;

	*g = -1;
	for (size_t k = 0; k < n; k++) {
		int eg = plan->v[at[k]].group;

		if (eg < 0)
			fresh++;
		else if (*g >= 0 && eg != *g)
			return false;
		else
			*g = eg;
	}
	return !p->family->group_max || group_size(plan, *g) + fresh <= p->family->group_max;
}

/*
 * Put the events at[] in group g, or a new one when -1: its leader is its first event in the
 * plan. Joining a group, the new events come after its leader, which stays.
 */
static void group_events(struct plan *plan, const size_t *at, size_t n, int g)
{
	size_t first = SIZE_MAX;

	for (size_t k = 0; k < n; k++) {
		first = at[k] < first ? at[k] : first;
		if (plan->v[at[k]].group < 0)
			plan->v[at[k]].leader = false;
	}
	if (g < 0) {
		g = plan->ngroups++;
		plan->v[first].leader = true;
	}
	for (size_t k = 0; k < n; k++)
		plan->v[at[k]].group = plan->v[at[k]].src_group = g;
}

/*
 * Instance mi's new events plan->v[before..] (at[k] for input k): those some earlier event
 * counts already feed from it instead and go. When the instance is one group, only if its
 * inputs then fit one group (*g, -1: a new one); else it keeps events of its own.
 */
static int merge_inputs(struct plan *plan, size_t mi, size_t before, size_t *at, bool group, int *g)
{
	const struct plan_metric *pm = &plan->metric[mi];
	size_t merged[MEXPR_NAMES_MAX], kept = before, n = pm->nvars;
	long same[MEXPR_NAMES_MAX];
	bool any = false;

	if (plan_index_sync(plan, before))
		return -ENOMEM;
	for (size_t k = 0; k < n; k++) {
		same[k] = same_event(plan, before, &plan->v[at[k]]);
		merged[k] = same[k] >= 0 ? (size_t)same[k] : at[k];
		any |= same[k] >= 0;
	}
	if (!any || (group && !one_group(plan, merged, n, pm->pmu, g))) {
		*g = -1;
		return 0;
	}
	for (size_t k = 0; k < n; k++) {
		struct plan_event *o = same[k] >= 0 ? &plan->v[same[k]] : NULL;

		if (o && o->metric < 0) {
			o->metric = (int)mi;
			o->var = (int)k;
		} else if (o && add_feed(o, (int)mi, (int)k)) {
			return -ENOMEM;
		}
	}
	/* the duplicates go; the new events left close up, in order */
	for (size_t k = 0; k < n; k++) {
		if (same[k] >= 0) {
			plan_event_free(&plan->v[at[k]]);
			at[k] = merged[k];
			continue;
		}
		if (at[k] != kept)
			plan->v[kept] = plan->v[at[k]];
		at[k] = kept++;
	}
	plan->n = kept;
	return 0;
}

/*
 * A die's unit of a PMU for every die (an IIO stack) counts on the die's CPU of the cpumask
 * alone, the one perf iostat reads (perf_counts(evsel->counts, die, 0))
 */
static int on_die(struct plan_event *e, int die, struct err_report *err)
{
	if ((size_t)die >= e->cpus.n)
		return err_set(err, -EINVAL, "%s names no CPU for die %d in its cpumask", e->pmu->name, die);
	e->cpus.cpu[0] = e->cpus.cpu[die];
	e->cpus.n = 1;
	return 0;
}

/*
 * The events of metric instance mi, one per formula name, read in one group where allowed. As
 * perf merges metric events (--metric-no-merge keeps them apart), an input some event of the
 * plan already counts feeds from it: distinct events are counted once, and the group the
 * instance's inputs form takes in the new ones, when it fits.
 */
static int add_metric_events(const struct plan_request *rq, struct plan *plan, size_t mi,
			     const struct filter_terms *f, struct err_report *err)
{
	const struct plan_metric *pm = &plan->metric[mi];
	const struct pmu *p = pm->pmu;
	struct encode_opts o = { .system_wide = true, .online = rq->online };
	bool group = pm->nvars > 1 && !p->family->never_group && !rq->no_group;
	size_t before = plan->n, at[MEXPR_NAMES_MAX];
	int g = -1, ret = 0;

	for (size_t k = 0; k < pm->nvars && !ret; k++) {
		struct ev_term *terms = calloc(f->n + 1, sizeof(*terms));
		char text[320];
		struct ev_spec spec = { .name = p->name, .has_slash = true, .terms = terms,
					.nterms = f->n + 1, .terms_text = text, .group = -1 };

		if (!terms)
			return oom(err);
		terms[0] = (struct ev_term){ .name = (char *)pm->vars[k] };
		if (f->n)
			memcpy(terms + 1, f->v, f->n * sizeof(*terms));
		strjoin_into(text, sizeof(text), pm->vars[k], f->text);
		ret = rq->named_only ? name_event(p, pm->vars[k], f, plan, err) :
				       encode_on(p, &spec, &o, plan, err);
		free(terms);
		if (!ret && pm->die >= 0)
			ret = on_die(&plan->v[plan->n - 1], pm->die, err);
		if (!ret) {
			plan->v[plan->n - 1].metric = (int)mi;
			plan->v[plan->n - 1].var = (int)k;
			at[k] = plan->n - 1;
		}
	}
	if (ret)
		return err_set(err, err->code, "metric %s on %s: %s", pm->m->name, p->name, err->msg);
	if (!rq->no_merge && !rq->named_only)
		ret = merge_inputs(plan, mi, before, at, group, &g);
	if (ret)
		return oom(err);
	if (group)
		group_events(plan, at, pm->nvars, g);
	/* one input, or one group: its inputs are counted over the same time, whatever rotates */
	plan->metric[mi].grouped = group || pm->nvars == 1;
	return 0;
}

/*
 * The names a formula counts: every name but duration_time and hw_clk_freq, each once. An
 * instance after one of the same metric takes its parsed formula: the same text, parsed once
 * for all its devices, not once a row.
 */
static int metric_vars(struct plan_metric *pm, const struct plan_metric *prev, struct err_report *err)
{
	const char *names[MEXPR_NAMES_MAX];
	size_t n;

	if (prev && prev->m == pm->m && prev->expr) {
		pm->vars = prev->vars;
		pm->nvars = prev->nvars;
		pm->clock = prev->clock;
		pm->expr = prev->expr;
		pm->shared = true;
		return 0;
	}
	if (mexpr_parse(pm->m->expr, &pm->expr, err))
		return err_set(err, -EINVAL, "metric '%s': %s", pm->m->name, err->msg);
	n = mexpr_names(pm->expr, names, MEXPR_NAMES_MAX);
	pm->vars = calloc(n ? n : 1, sizeof(*pm->vars));
	if (!pm->vars)
		return oom(err);
	for (size_t i = 0; i < n; i++)
		if (strcmp(names[i], "duration_time") && strcmp(names[i], "hw_clk_freq"))
			pm->vars[pm->nvars++] = names[i];
	/* bound now, so that no name is looked up when it is evaluated, each interval */
	mexpr_bind(pm->expr, pm->vars, pm->nvars);
	pm->clock = calloc(pm->nvars ? pm->nvars : 1, sizeof(*pm->clock));
	if (!pm->clock)
		return oom(err);
	for (size_t i = 0; i < pm->nvars; i++)
		pm->clock[i] = metric_name_is_clock(pm->vars[i]);
	return 0;
}

/* An input the PMU has no event for: the instance is n/a, the other instances count */
static int absent_inputs(struct plan_metric *pm, struct err_report *err)
{
	const struct pmu *p = pm->pmu;
	const char *why;
	char buf[160];

	for (size_t k = 0; k < pm->nvars; k++) {
		if (pmu_find_event(p, pm->vars[k]) || p->family->ops->identify.resolve)
			continue;
		why = p->family->ops->rules.absent_reason ? p->family->ops->rules.absent_reason(p, pm->vars[k]) : NULL;
		if (!why) {
			snprintf(buf, sizeof(buf), "no %s event", pm->vars[k]);
			why = buf;
		}
		if (!(pm->absent = strdup(why)))
			return oom(err);
		return 0;
	}
	return 0;
}

/* Metric m on p; with a --device function, bdf and the filter that selects it there */
static int add_metric(const struct plan_request *rq, struct plan *plan, const struct metric *m,
		      const struct pmu *p, const struct plan_device *d, const struct fn_filter *filter,
		      const char *method, struct err_report *err)
{
	struct plan_metric *v;
	struct filter_terms f;
	int ret;

	/* system wide on a PMU whose driver counts one requester without a filter: every port */
	if (!filter && p->family->metric_scope)
		filter = p->family->metric_scope;
	if (grow_array(&plan->metric, plan->nmetric, 1, sizeof(*plan->metric)))
		return oom(err);
	v = &plan->metric[plan->nmetric++];
	memset(v, 0, sizeof(*v));
	v->m = m;
	v->pmu = p;
	v->device_index = d ? (int)(d - rq->devices) : -1;
	v->die = d && !strcmp(d->pmu->name, p->name) ? d->pmu->die : -1;
	if (d && !(v->device = strdup(d->bdf)))
		return oom(err);
	v->filter = filter;
	v->method = method;
	ret = metric_vars(v, plan->nmetric > 1 ? &plan->metric[plan->nmetric - 2] : NULL, err);
	if (!ret && !rq->named_only)
		ret = absent_inputs(v, err);
	if (ret || v->absent)
		return ret;
	ret = filter_terms(m, filter, &f, err);
	if (ret)
		return ret;
	ret = add_metric_events(rq, plan, plan->nmetric - 1, &f, err);
	filter_terms_free(&f);
	return ret;
}

/*
 * Metric m for one --device function if p sees it: once with the requester filter, or once
 * per BAR on the PCIE-TGT PMU (the values of one device sum). PMUs match by name: recorded
 * input has PMUs of its own.
 */
static int add_device_metric(const struct plan_request *rq, struct plan *plan, const struct metric *m,
			     const struct pmu *p, const struct plan_device *d, bool *seen,
			     bool *barless, struct err_report *err)
{
	int ret = 0;

	if (!strcmp(d->pmu->name, p->name)) {
		*seen = true;
		return add_metric(rq, plan, m, p, d, d->filter, d->method, err);
	}
	if (!d->target || strcmp(d->target->name, p->name))
		return 0;
	*seen = true;
	*barless |= !d->ntarget_filters;
	for (size_t b = 0; b < d->ntarget_filters && !ret; b++)
		ret = add_metric(rq, plan, m, p, d, &d->target_filters[b], "bar", err);
	return ret;
}

/* Whether metric i is the first selected one of its name that applies nowhere */
static bool plan_first_of_name(const struct metric_list *ml, const bool *none, const bool *selected, size_t i)
{
	for (size_t k = 0; k < i; k++)
		if (selected[k] && none[k] && !strcmp(ml->v[k].name, ml->v[i].name))
			return false;
	return true;
}

/* Every selected metric on every PMU it applies to, or on each device's PMU */
static int add_metrics(const struct pmu_list *pmus, const struct plan_request *rq, struct plan *plan,
		       struct err_report *err, struct diag *warn)
{
	const struct metric_list *ml = rq->metrics;
	const char *where = rq->where ? rq->where : "on this machine";
	bool *none = ml ? calloc(ml->n ? ml->n : 1, sizeof(*none)) : NULL;
	bool *barless = calloc(rq->ndevices + 1, sizeof(*barless));
	struct plan_devices seen_by = { 0 };
	char famlist[160];

	if (!barless || (rq->ndevices && plan_devices_index(pmus, rq, &seen_by))) {
		free(none);
		free(barless);
		return oom(err);
	}
	for (size_t i = 0; ml && i < ml->n; i++) {
		const struct metric *m = &ml->v[i];
		size_t before = plan->nmetric;
		bool seen = false;
		int ret = 0;

		if (!rq->selected[i])
			continue;
		for (size_t k = 0; k < pmus->n && !ret; k++) {
			const struct pmu *p = &pmus->v[k];

			if (!pmu_metric_applies(p, m->family))
				continue;
			if (!rq->ndevices || (rq->others_system_wide && !p->family->ops->locate.map_functions))
				ret = add_metric(rq, plan, m, p, NULL, NULL, NULL, err);
			for (size_t n = rq->ndevices ? seen_by.first[k] : SIZE_MAX; n != SIZE_MAX && !ret;
			     n = seen_by.next[n])
				ret = add_device_metric(rq, plan, m, p, &rq->devices[n / 2], &seen,
							&barless[n / 2], err);
		}
		if (ret) {
			free(none);
			free(barless);
			plan_devices_free(&seen_by);
			return ret;
		}
		/* a device its PMU cannot select has a warning of its own */
		if (none)
			none[i] = plan->nmetric == before && !seen;
	}
	/* a name several families share (pcie_rd_bw) is not missing where one of them counts */
	for (size_t i = 0; none && i < ml->n; i++)
		for (size_t k = 0; none[i] && ml->v[i].across && k < ml->n; k++)
			none[i] = k == i || !rq->selected[k] || none[k] || strcmp(ml->v[k].name, ml->v[i].name);
	plan_warn_barless(rq, barless, warn);
	free(barless);
	plan_devices_free(&seen_by);
	/* a metric named alone says whose it is, before "none applies" */
	for (size_t i = 0; none && i < ml->n; i++) {
		if (none[i] && plan_named_exactly(rq->named, ml->v[i].name)) {
			int ret = ml->v[i].across ?
				  err_set(err, -ENOENT, "metric %s applies to no PMU %s: it counts on %s PMUs (pmuctl list --metrics --all %s)",
					  ml->v[i].name, where, plan_families_of(ml, ml->v[i].name, famlist, sizeof(famlist)),
					  ml->v[i].name) :
				  err_set(err, -ENOENT, "metric %s applies to no PMU %s: it counts on %s PMUs%s (pmuctl list --metrics --all %s)",
					  ml->v[i].name, where, ml->v[i].family,
					  plan_family_present(pmus, ml->v[i].family) ? " of another version than this machine's" : "",
					  ml->v[i].name);

			if (rq->unavailable) {
				/* once per name: a name several families share has one entry */
				if (plan_first_of_name(ml, none, rq->selected, i))
					diag_add(rq->unavailable, "%s\t%s", ml->v[i].name, err->msg);
				memset(err, 0, sizeof(*err));
				continue;
			}
			free(none);
			return ret;
		}
	}
	if (ml && !plan->nmetric) {
		free(none);
		return err_set(err, -ENOENT, "none of the metrics asked for applies %s (pmuctl list --metrics shows those that do; --all, every one)", where);
	}
	if (!rq->quiet_none)
		plan_warn_no_pmu(ml, none, rq, warn);
	free(none);
	plan_warn_absent(plan, warn);
	return 0;
}

/*
 * perf iostat opens a port's four events as one group on its PMU (iostat_cmd_template): the
 * ungrouped events of one device, PMU and CPU become one, where the family takes a group of
 * that many
 */
static void group_devices(struct plan *plan)
{
	size_t *at = calloc(plan->n ? plan->n : 1, sizeof(*at));

	for (size_t i = 0; at && i < plan->n; i++) {
		const struct plan_event *e = &plan->v[i];
		int d = e->metric >= 0 ? plan->metric[e->metric].device_index : -1;
		size_t n = 0;

		if (d < 0 || e->group >= 0 || e->nfeeds || e->pmu->family->never_group)
			continue;
		for (size_t k = i; k < plan->n; k++) {
			const struct plan_event *o = &plan->v[k];

			if (o->metric >= 0 && plan->metric[o->metric].device_index == d && o->group < 0 &&
			    !o->nfeeds && o->pmu == e->pmu && cpulist_equal(&o->cpus, &e->cpus))
				at[n++] = k;
		}
		if (n > 1 && (!e->pmu->family->group_max || n <= e->pmu->family->group_max))
			group_events(plan, at, n, -1);
	}
	free(at);
}

int plan_build(const struct pmu_list *pmus, const struct plan_request *rq, struct plan *out,
	       struct err_report *err, struct diag *warn)
{
	struct encode_opts o = { .system_wide = rq->system_wide, .online = rq->online };
	int ret = 0;

	memset(out, 0, sizeof(*out));
	memset(err, 0, sizeof(*err));
	for (size_t i = 0; i < rq->nevents && !ret; i++)
		ret = encode_events(pmus, rq->events[i], (int)i, &o, out, err);
	if (!ret)
		ret = add_metrics(pmus, rq, out, err, warn);
	if (!ret && rq->group_devices && !rq->no_group)
		group_devices(out);
	plan_index_free(out);
	if (!ret && rq->check_rules && !rq->named_only)
		ret = rules_check(out, err, warn);
	if (!ret)
		plan_warn_garbled_cpumasks(out, warn);
	return ret;
}

void plan_free(struct plan *p)
{
	for (size_t i = 0; i < p->n; i++)
		plan_event_free(&p->v[i]);
	for (size_t i = 0; i < p->nmetric; i++) {
		free(p->metric[i].device);
		free(p->metric[i].absent);
		if (p->metric[i].shared)
			continue;
		free(p->metric[i].vars);
		free(p->metric[i].clock);
		mexpr_free(p->metric[i].expr);
	}
	plan_index_free(p);
	free(p->v);
	free(p->metric);
	memset(p, 0, sizeof(*p));
}
