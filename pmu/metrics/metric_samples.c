// SPDX-License-Identifier: GPL-2.0
/* Counts to metric samples: each plan event says which metric instance and name it feeds. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "pmu/devmap.h"
#include "pmu/evparse.h"
#include "pmu/metrics/metric_samples.h"

/*
 * The packages a PMU counts on when it has a CPU in each of several (one PMU for the machine,
 * a CPU a die): each is a unit of its own. 0 when it is one socket's or its CPUs say no
 * package.
 */
static size_t split_packages(const struct cpu_packages *pk, const struct pmu *p, int *out, size_t max)
{
	const struct cpulist *cpus;
	size_t n = 0;

	if (!pk || cpu_package_of_pmu(pk, p) >= 0 || !pmu_attrs(p)->has_cpumask)
		return 0;
	cpus = &pmu_attrs(p)->cpumask;
	for (size_t i = 0; i < cpus->n; i++) {
		int s = cpu_package_of(pk, cpus->cpu[i]);
		size_t k = 0;

		if (s < 0)
			return 0;
		while (k < n && out[k] != s)
			k++;
		if (k == n && n < max)
			out[n++] = s;
	}
	return n > 1 ? n : 0;
}

/* A metric instance's sample, its counts at count (zeroed, pm->nvars of them) */
static struct metric_sample sample_of(const struct plan_metric *pm, int socket, double *count)
{
	const struct pmu *p = pm->pmu;

	return (struct metric_sample){ .m = pm->m, .pmu = p->name, .socket = socket,
				       .rc = p->rc, .channel = p->channel, .device = pm->device,
				       .device_index = pm->device_index, .nev = pm->nvars,
				       .ev = pm->vars, .expr = pm->expr, .clock = pm->clock,
				       .grouped = pm->grouped,
				       .count = count,
				       .running = 1,
				       .hw_clk_freq = pmu_clock_hz(p) >= 0 ? (double)pmu_clock_hz(p) : NAN,
				       .absent = pm->absent != NULL };
}

/* An unsplit instance's socket: its PMU's, or, for one die's unit, that die's CPU's package */
static int socket_of(const struct cpu_packages *pk, const struct plan_metric *pm)
{
	const struct pmu *p = pm->pmu;
	const struct pmu_attrs *at = pmu_attrs(p);

	if (pm->die >= 0 && at->has_cpumask && (size_t)pm->die < at->cpumask.n)
		return cpu_package_of_counter(pk, p, at->cpumask.cpu[pm->die]);
	return cpu_package_of_pmu(pk, p);
}

#define SPLIT_MAX 64

/*
 * Samples per metric instance, their counts zero: one, or one per package its PMU counts on
 * (pk given); first[i]..first[i + 1] are instance i's (first NULL: one each). One block holds
 * the samples and then their counts, so that an interval's samples are one allocation
 */
static int samples_for(const struct plan *plan, const struct cpu_packages *pk, struct metric_sample **out,
		       size_t *n, size_t *first, size_t *slots, size_t *bytes)
{
	size_t total = 0, nvars = 0;
	struct metric_sample *s;
	int pkgs[SPLIT_MAX];
	double *count;

	for (size_t i = 0; i < plan->nmetric; i++) {
		const struct plan_metric *pm = &plan->metric[i];
		size_t k = first && pm->die < 0 ? split_packages(pk, pm->pmu, pkgs, SPLIT_MAX) : 0;

		if (first)
			first[i] = total;
		total += k ? k : 1;
		nvars += (k ? k : 1) * pm->nvars;
	}
	if (first)
		first[plan->nmetric] = total;
	*slots = total ? total : 1;
	*bytes = *slots * sizeof(*s) + nvars * sizeof(double);
	s = calloc(1, *bytes);
	*out = s;
	*n = 0;
	if (!s)
		return -ENOMEM;
	count = (double *)(s + *slots);
	for (size_t i = 0; i < plan->nmetric; i++) {
		const struct plan_metric *pm = &plan->metric[i];
		size_t k = first && pm->die < 0 ? split_packages(pk, pm->pmu, pkgs, SPLIT_MAX) : 0;

		for (size_t j = 0; j < (k ? k : 1); j++) {
			s[*n] = sample_of(pm, k ? pkgs[j] : socket_of(pk, pm), count);
			count += pm->nvars;
			/* no event to count an input: n/a */
			for (size_t v = 0; pm->absent && v < pm->nvars; v++)
				s[*n].count[v] = NAN;
			++*n;
		}
	}
	return 0;
}

/* The sample of instance mi that a counter on cpu feeds: its package's where it has several */
static struct metric_sample *sample_at(struct metric_sample *s, const size_t *first, size_t mi,
				       const struct cpu_packages *pk, int cpu)
{
	int socket;

	if (first[mi + 1] - first[mi] == 1)
		return &s[first[mi]];
	socket = cpu_package_of(pk, cpu);
	for (size_t k = first[mi]; k < first[mi + 1]; k++)
		if (s[k].socket == socket)
			return &s[k];
	return &s[first[mi]];
}

int metric_frame_build(const struct plan *plan, const struct cpu_packages *pk, struct metric_frame *fr)
{
	int ret;

	memset(fr, 0, sizeof(*fr));
	fr->first = malloc((plan->nmetric + 1) * sizeof(*fr->first));
	ret = fr->first ? samples_for(plan, pk, &fr->tmpl, &fr->n, fr->first, &fr->slots, &fr->bytes) : -ENOMEM;
	if (ret)
		metric_frame_free(fr);
	return ret;
}

void metric_frame_free(struct metric_frame *fr)
{
	free(fr->tmpl);
	free(fr->first);
	memset(fr, 0, sizeof(*fr));
}

/* A copy of the frame's samples, each count pointing into the copy's own block */
static int frame_copy(const struct metric_frame *fr, struct metric_sample **out, size_t *n)
{
	struct metric_sample *s = malloc(fr->bytes);
	const double *from;
	double *to;

	*out = s;
	*n = 0;
	if (!s)
		return -ENOMEM;
	memcpy(s, fr->tmpl, fr->bytes);
	/* the counts follow the sample slots in both blocks */
	from = (const double *)(fr->tmpl + fr->slots);
	to = (double *)(s + fr->slots);
	for (size_t i = 0; i < fr->n; i++)
		s[i].count = to + (fr->tmpl[i].count - from);
	*n = fr->n;
	return 0;
}

int metric_samples_counted(const struct plan *plan, const struct count_set *cs,
			   const struct count_mark *base, const struct cpu_packages *pk,
			   struct metric_frame *frame, struct metric_sample **out, size_t *n)
{
	/* without a frame kept by the caller, one built for this report alone */
	struct metric_frame own = { 0 }, *fr = frame ? frame : &own;
	const size_t *first;
	int ret = 0;

	*out = NULL;
	*n = 0;
	if (!fr->tmpl)
		ret = metric_frame_build(plan, pk, fr);
	ret = ret ?: frame_copy(fr, out, n);
	first = fr->first;

	for (size_t i = 0; !ret && i < cs->n; i++) {
		const struct counter *c = &cs->v[i];
		const struct plan_event *e = &plan->v[c->ev];
		struct count_mark d = count_since(cs, i, base);
		enum count_state st = count_state_since(cs, i, base);

		/* every input it counts: the first, then those merged into it */
		for (size_t f = 0; e->metric >= 0 && f <= e->nfeeds; f++) {
			int mi = f ? e->feeds[f - 1].metric : e->metric, var = f ? e->feeds[f - 1].var : e->var;
			struct metric_sample *s = sample_at(*out, first, (size_t)mi, pk, c->cpu);

			/* an input not counted covers none of the time; one --exclusive refused, the
			 * part it ran */
			if (st != COUNT_OK) {
				double part = st == COUNT_SHARED && d.enabled ? (double)d.running / (double)d.enabled : 0;

				s->count[var] = NAN;
				if (part < s->running)
					s->running = part;
				continue;
			}
			s->count[var] += count_scaled(d.value, d.enabled, d.running);
			if (d.running < d.enabled)
				s->multiplexed = true;
			if (d.enabled && (double)d.running / (double)d.enabled < s->running)
				s->running = (double)d.running / (double)d.enabled;
		}
	}
	metric_frame_free(&own);
	return ret;
}

static bool has_term(const struct ev_spec *rec, const char *name, uint64_t value)
{
	for (size_t k = 1; k < rec->nterms; k++)
		if (!strcmp(rec->terms[k].name, name))
			return (rec->terms[k].kind == EV_VALUE_NUM ? rec->terms[k].num : 1) == value;
	return false;
}

/*
 * The recorded event carries exactly the filter the metric's event has: the --device one, the
 * metric's own (a global=1), both (destination filters), or none; a count filtered
 * otherwise is not this count
 */
static bool same_filter(const struct ev_spec *rec, const struct plan_metric *pm)
{
	struct ev_spec own = { 0 };
	struct err_report err;
	size_t want = 0;
	bool ok = true;

	if (pm->filter) {
		for (size_t i = 0; i < pm->filter->n && ok; i++)
			ok = has_term(rec, pm->filter->term[i].name, pm->filter->term[i].value);
		want = pm->filter->n;
	}
	/* the metric's own terms, unless the device's took their place */
	if ((!pm->filter || pm->m->filter_kept) && pm->m->filter && !ev_parse_terms(pm->m->filter, &own, &err)) {
		for (size_t i = 0; i < own.nterms && ok; i++)
			ok = has_term(rec, own.terms[i].name,
				      own.terms[i].kind == EV_VALUE_NUM ? own.terms[i].num : 1);
		want += own.nterms;
		ev_spec_free(&own);
	}
	return ok && rec->nterms == want + 1;
}

/* The recorded event as a PMU and its first term, through the one event parser */
static bool recorded_event(const char *text, struct ev_list *l)
{
	struct err_report err;

	if (ev_parse(text, l, &err))
		return false;
	if (l->n == 1 && l->v[0].has_slash && l->v[0].nterms)
		return true;
	ev_list_free(l);
	return false;
}

/* plan's metric instances, their order by PMU name: a record finds its own by bisection */
static int by_pmu(const void *a, const void *b, void *plan)
{
	const struct plan_metric *x = &((const struct plan *)plan)->metric[*(const size_t *)a];
	const struct plan_metric *y = &((const struct plan *)plan)->metric[*(const size_t *)b];
	int c = strcmp(x->pmu->name, y->pmu->name);

	return c ? c : (*(const size_t *)a > *(const size_t *)b) - (*(const size_t *)a < *(const size_t *)b);
}

/* The first of order (n long) whose instance's PMU is not before name */
static size_t lower_bound(const struct plan *plan, const size_t *order, size_t n, const char *name)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(plan->metric[order[mid]].pmu->name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * Every record that is an event of a metric instance: visit(m, k, record) for instance m and
 * its formula name k. Linear in records and instances: each record bisects for its PMU's.
 */
static int match_records(const struct plan *plan, const struct perf_record *r, size_t nr,
			 void (*visit)(void *ctx, size_t m, size_t k, const struct perf_record *rec),
			 void *ctx)
{
	size_t *order = malloc((plan->nmetric ? plan->nmetric : 1) * sizeof(*order));

	if (!order)
		return -ENOMEM;
	for (size_t m = 0; m < plan->nmetric; m++)
		order[m] = m;
	qsort_r(order, plan->nmetric, sizeof(*order), by_pmu, (void *)plan);
	for (size_t i = 0; i < nr; i++) {
		struct ev_list l;

		if (!recorded_event(r[i].event, &l))
			continue;
		for (size_t o = lower_bound(plan, order, plan->nmetric, l.v[0].name);
		     o < plan->nmetric && !strcmp(plan->metric[order[o]].pmu->name, l.v[0].name); o++) {
			size_t m = order[o];
			const struct plan_metric *pm = &plan->metric[m];

			if (!same_filter(&l.v[0], pm))
				continue;
			for (size_t k = 0; k < pm->nvars; k++)
				if (!strcmp(l.v[0].terms[0].name, pm->vars[k]))
					visit(ctx, m, k, &r[i]);
		}
		ev_list_free(&l);
	}
	free(order);
	return 0;
}

struct sum_ctx {
	struct metric_sample *s;
	size_t *found;		/* per instance: a bit per formula name recorded */
};

static void sum_record(void *ctx, size_t m, size_t k, const struct perf_record *rec)
{
	struct sum_ctx *c = ctx;
	struct metric_sample *s = &c->s[m];

	/* samples_for gave every instance its counts; the analyzer cannot follow m there */
	if (!s->count)
		return;
	/* a name seen first: its count starts here */
	if (!((c->found[m] >> k) & 1))
		s->count[k] = 0;
	c->found[m] |= (size_t)1 << k;
	s->count[k] = rec->counted ? s->count[k] + rec->count : NAN;
	/* <not counted> is n/a, not a scaled count */
	s->multiplexed |= rec->counted && rec->pct < 100;
	if (rec->pct / 100 < s->running || !rec->counted)
		s->running = rec->counted ? rec->pct / 100 : 0;
}

static void mark_record(void *ctx, size_t m, size_t k, const struct perf_record *rec)
{
	size_t *found = ctx;

	(void)rec;
	found[m] |= (size_t)1 << k;
}

void metric_samples_found(const struct plan *plan, const struct perf_record *r, size_t nr, size_t *found)
{
	memset(found, 0, plan->nmetric * sizeof(*found));
	/* out of memory: none found, and the run says no metric was recorded */
	if (match_records(plan, r, nr, mark_record, found))
		memset(found, 0, plan->nmetric * sizeof(*found));
}

struct inputs_ctx {
	const size_t *first;	/* per instance: where its formula names start in ev_of */
	const size_t *ev_of;	/* per (instance, name): the plan event that counts it; SIZE_MAX */
	struct recorded_input *out;
};

static void input_record(void *ctx, size_t m, size_t k, const struct perf_record *rec)
{
	struct inputs_ctx *c = ctx;
	size_t ev = c->ev_of[c->first[m] + k];
	struct recorded_input *x;

	if (ev == SIZE_MAX)
		return;
	x = &c->out[ev];
	if (!x->seen)
		x->cpu = rec->cpu;
	x->counted = rec->counted && (!x->seen || x->counted);
	x->seen = true;
	x->count += rec->counted ? rec->count : 0;
	x->run_ns += rec->run_ns;
	x->enabled_ns += rec->pct > 0 ? rec->run_ns * 100 / rec->pct : rec->run_ns;
}

int metric_samples_inputs(const struct plan *plan, const struct perf_record *r, size_t nr,
			  struct recorded_input *out)
{
	size_t *first = malloc((plan->nmetric + 1) * sizeof(*first)), *ev_of = NULL;
	struct inputs_ctx ctx = { .out = out };
	int ret = -ENOMEM;

	memset(out, 0, plan->n * sizeof(*out));
	if (!first)
		return -ENOMEM;
	first[0] = 0;
	for (size_t m = 0; m < plan->nmetric; m++)
		first[m + 1] = first[m] + plan->metric[m].nvars;
	ev_of = malloc((first[plan->nmetric] ? first[plan->nmetric] : 1) * sizeof(*ev_of));
	if (ev_of) {
		for (size_t i = 0; i < first[plan->nmetric]; i++)
			ev_of[i] = SIZE_MAX;
		/* an event's line is its first (instance, name); the ones it feeds too share it */
		for (size_t ev = plan->n; ev-- > 0;)
			if (plan->v[ev].metric >= 0 && plan->v[ev].var >= 0)
				ev_of[first[plan->v[ev].metric] + (size_t)plan->v[ev].var] = ev;
		ctx.first = first;
		ctx.ev_of = ev_of;
		ret = match_records(plan, r, nr, input_record, &ctx);
	}
	free(ev_of);
	free(first);
	return ret;
}

int metric_samples_recorded(const struct plan *plan, const struct perf_record *r, size_t nr,
			    struct metric_sample **out, size_t *n)
{
	size_t *found = calloc(plan->nmetric ? plan->nmetric : 1, sizeof(size_t)), kept = 0, slots, bytes;
	int ret = samples_for(plan, NULL, out, n, NULL, &slots, &bytes);
	struct sum_ctx ctx = { .s = *out, .found = found };

	if (!ret && !found)
		ret = -ENOMEM;
	if (!ret)
		ret = match_records(plan, r, nr, sum_record, &ctx);
	/* a name never recorded is n/a; an instance with none recorded is no instance */
	for (size_t m = 0; !ret && m < *n; m++) {
		struct metric_sample *s = &(*out)[m];

		for (size_t k = 0; k < s->nev; k++)
			if (!((found[m] >> k) & 1))
				s->count[k] = NAN;
		if (!found[m])
			continue;	/* its counts are the block's, freed with it */
		(*out)[kept++] = *s;
	}
	if (!ret)
		*n = kept;
	free(found);
	return ret;
}

void metric_samples_free(struct metric_sample *s, size_t n)
{
	(void)n;	/* the counts are in the samples' block (samples_for) */
	free(s);
}
