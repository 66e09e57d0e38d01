// SPDX-License-Identifier: GPL-2.0
/* The kernel's schedule of a plan, predicted: per PMU, in one pass over its events sorted. */
#include <errno.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include "lib/grow.h"
#include "pmu/family/family.h"
#include "pmu/schedule.h"

/* What the kernel schedules or not as one: a group, or an event alone */
struct unit {
	size_t first, n;	/* its events: grouped[first .. first + n) */
	size_t pos;		/* its first event's place in the plan: the order it opens in */
	size_t size[COUNTER_BANKS];	/* counters it takes, per bank */
	size_t own;		/* the family's own counters it takes (a cycle counter), when they are few */
	uint64_t (*vals)[2];	/* the slot values it wants, each once */
	size_t nvals;
	size_t ran;		/* ticks it was scheduled in */
};

bool plan_together(const struct plan *set, size_t i, size_t k)
{
	const struct plan_event *a = &set->v[i], *b = &set->v[k];

	if (a->group >= 0 || b->group >= 0)
		return a->group >= 0 && a->group == b->group;
	if (!a->pmu || a->pmu != b->pmu || !a->pmu->family->ops->rules.together)
		return false;
	return a->pmu->family->ops->rules.together(set, i, k);
}

/*
 * The box an event counts on: one die's of a PMU for every die when the plan opens it on that
 * die's CPU alone (each die's counters are its own); -1, every box alike
 */
static int box_of(const struct plan_event *e)
{
	const struct pmu_attrs *a = e->pmu ? pmu_attrs(e->pmu) : NULL;
	bool one_die = a && a->has_cpumask && a->cpumask.n > 1 && e->cpus.n == 1;

	return one_die ? e->cpus.cpu[0] : -1;
}

static bool same_box(const struct plan_event *x, const struct plan_event *y)
{
	return x->pmu == y->pmu && box_of(x) == box_of(y);
}

int plan_by_pmu(const void *a, const void *b, void *plan)
{
	const struct plan *p = plan;
	const struct plan_event *x = &p->v[*(const size_t *)a], *y = &p->v[*(const size_t *)b];
	uintptr_t px = (uintptr_t)x->pmu, py = (uintptr_t)y->pmu;

	if (px != py)
		return px < py ? -1 : 1;
	if (box_of(x) != box_of(y))
		return box_of(x) < box_of(y) ? -1 : 1;
	return *(const size_t *)a < *(const size_t *)b ? -1 : 1;
}

static bool has_value(uint64_t (*vals)[2], size_t n, const uint64_t v[2])
{
	for (size_t i = 0; i < n; i++)
		if (vals[i][0] == v[0] && vals[i][1] == v[1])
			return true;
	return false;
}

static int add_value(struct unit *u, const uint64_t v[2])
{
	if (has_value(u->vals, u->nvals, v))
		return 0;
	if (grow_array(&u->vals, u->nvals, 1, sizeof(*u->vals)) || !u->vals)
		return -ENOMEM;
	memcpy(u->vals[u->nvals++], v, sizeof(u->vals[0]));
	return 0;
}

struct keyed {
	size_t at;		/* in order[] */
	enum together_class cls;
	uint64_t key[2];
};

static int by_class_key(const void *a, const void *b)
{
	const struct keyed *x = a, *y = b;

	if (x->cls != y->cls)
		return x->cls < y->cls ? -1 : 1;
	for (int i = 0; i < 2; i++)
		if (x->key[i] != y->key[i])
			return x->key[i] < y->key[i] ? -1 : 1;
	return x->at < y->at ? -1 : 1;
}

enum together_class plan_together_class(const struct plan *set, size_t i, uint64_t key[2])
{
	const struct plan_event *e = &set->v[i];
	const struct pmu_family *f = e->pmu ? e->pmu->family : NULL;

	key[0] = key[1] = 0;
	if (e->group >= 0) {
		key[1] = (uint64_t)e->group;
		return TOGETHER_GROUP;
	}
	if (f && f->ops->rules.together_key)
		return f->ops->rules.together_key(set, i, key) ? TOGETHER_KEY : TOGETHER_ALONE;
	return f && f->ops->rules.together ? TOGETHER_PAIRWISE : TOGETHER_ALONE;
}

static int by_pos(const void *a, const void *b)
{
	const struct unit *x = a, *y = b;

	return x->pos < y->pos ? -1 : x->pos > y->pos;
}

/* The bank of counters e takes: a family's own, else the one */
static unsigned bank_of(const struct pmu_family *f, const struct plan_event *e)
{
	unsigned b = f->ops->rules.counter_bank ? f->ops->rules.counter_bank(e) : 0;

	return b < COUNTER_BANKS ? b : COUNTER_BANKS - 1;
}

/* A unit of the events grouped[first..first+n), with its size and slot values */
static int add_unit(const struct plan *p, const size_t *grouped, size_t first, size_t n, struct unit **u,
		    size_t *k)
{
	const struct pmu_family *f = p->v[grouped[first]].pmu->family;
	struct unit *x;

	if (grow_array(u, *k, 1, sizeof(**u)) || !*u)
		return -ENOMEM;
	x = &(*u)[(*k)++];
	*x = (struct unit){ .first = first, .n = n, .pos = grouped[first] };
	for (size_t m = first; m < first + n; m++) {
		const struct plan_event *e = &p->v[grouped[m]];
		bool shared = false;
		uint64_t v[2];

		/* a counter an earlier member of the unit already takes */
		for (size_t o = first; f->ops->rules.counter_key && o < m && !shared; o++)
			shared = f->ops->rules.counter_key(&p->v[grouped[o]]) == f->ops->rules.counter_key(e);
		bool own = f->ops->rules.own_counter && f->ops->rules.own_counter(e);

		x->size[bank_of(f, e)] += !shared && !own;
		x->own += !shared && own && f->own_counters;
		if (f->ops->rules.slot_value && f->ops->rules.slot_value(p, grouped[m], v) && add_value(x, v))
			return -ENOMEM;
	}
	return 0;
}

/*
 * The units of one PMU's events order[0..n), as plan_counters opens them, found by sorting on
 * each event's class and key (pair by pair only for a family whose pairing has no key), their
 * events side by side in grouped[], and in the order the kernel rotates them: the plan's
 */
static int units_of(const struct plan *p, const size_t *order, size_t n, size_t *grouped, struct unit **out,
		    size_t *nu)
{
	struct keyed *ks = calloc(n, sizeof(*ks));
	bool *taken = calloc(n, sizeof(*taken));
	struct unit *u = NULL;
	size_t k = 0, w = 0;
	int ret = ks && taken ? 0 : -ENOMEM;

	for (size_t i = 0; !ret && i < n; i++) {
		ks[i].at = i;
		ks[i].cls = plan_together_class(p, order[i], ks[i].key);
	}
	if (!ret)
		qsort(ks, n, sizeof(*ks), by_class_key);
	for (size_t i = 0; !ret && i < n; i++) {
		size_t first = w;

		if (taken[i])
			continue;
		grouped[w++] = order[ks[i].at];
		taken[i] = true;
		for (size_t j = i + 1; j < n && ks[j].cls == ks[i].cls && ks[i].cls != TOGETHER_ALONE; j++) {
			bool with = ks[i].cls == TOGETHER_PAIRWISE ? plan_together(p, order[ks[i].at], order[ks[j].at]) :
							    !memcmp(ks[i].key, ks[j].key, sizeof(ks[i].key));

			if (ks[i].cls != TOGETHER_PAIRWISE && !with)
				break;	/* sorted: the key's run has ended */
			if (with && !taken[j]) {
				grouped[w++] = order[ks[j].at];
				taken[j] = true;
			}
		}
		ret = add_unit(p, grouped, first, w - first, &u, &k);
	}
	free(ks);
	free(taken);
	if (ret) {
		for (size_t i = 0; i < k; i++)
			free(u[i].vals);
		free(u);
		return ret;
	}
	qsort(u, k, sizeof(*u), by_pos);
	*out = u;
	*nu = k;
	return 0;
}

/* Whether unit u fits beside what is scheduled (used counters per bank, vals in the slots) */
static bool fits(const struct sched_pmu *s, const struct unit *u, const size_t *used, uint64_t (*vals)[2],
		 size_t *nvals)
{
	size_t more = 0;

	if (u->own && used[COUNTER_BANKS] + u->own > s->own_counters)
		return false;
	for (size_t b = 0; s->counters && b < COUNTER_BANKS; b++)
		if (u->size[b] && used[b] + u->size[b] > s->counters)
			return false;
	for (size_t i = 0; i < u->nvals; i++)
		more += !has_value(vals, *nvals, u->vals[i]);
	if (s->slots && *nvals + more > s->slots)
		return false;
	for (size_t i = 0; i < u->nvals; i++)
		if (!has_value(vals, *nvals, u->vals[i]))
			memcpy(vals[(*nvals)++], u->vals[i], sizeof(vals[0]));
	return true;
}

/*
 * n ticks of round robin: each tick starts one unit further, and schedules units in order
 * until one does not fit (the kernel stops adding to a PMU at the first group that fails);
 * a unit that cannot fit even alone never counts
 */
static void rotate(struct sched_pmu *s, struct unit *u, size_t n, uint64_t (*vals)[2])
{
	for (size_t start = 0; start < n; start++) {
		size_t used[COUNTER_BANKS + 1] = { 0 }, nvals = 0;	/* the banks, then the own counters */

		for (size_t j = 0; j < n; j++) {
			struct unit *x = &u[(start + j) % n];

			if (!fits(s, x, used, vals, &nvals))
				break;
			for (size_t b = 0; b < COUNTER_BANKS; b++)
				used[b] += x->size[b];
			used[COUNTER_BANKS] += x->own;
			x->ran++;
		}
		if (!start && u[n - 1].ran) {
			s->rotates = false;
			for (size_t i = 0; i < n; i++)
				u[i].ran = n;	/* everything at once: no rotation at all */
			return;
		}
	}
	s->rotates = true;
}

static int schedule_pmu(const struct plan *p, const size_t *order, size_t n, struct schedule_budget *given,
			size_t ngiven, struct sched_pmu *s, double *coverage)
{
	const struct pmu_family *f = p->v[order[0]].pmu->family;
	size_t *grouped = calloc(n, sizeof(*grouped)), nu = 0, all_vals = 0;
	struct unit *u = NULL;
	uint64_t (*vals)[2];
	int ret = grouped ? units_of(p, order, n, grouped, &u, &nu) : -ENOMEM;

	if (ret) {
		free(grouped);
		return ret;
	}
	*s = (struct sched_pmu){ .pmu = p->v[order[0]].pmu, .events = n, .units = nu,
				 .counters = f->ops->rules.counters_of ? f->ops->rules.counters_of(p->v[order[0]].pmu) : f->counters,
				 .counters_from = f->counters_from, .own_counters = f->own_counters,
				 .slots = f->filter_slots, .coverage = 1 };
	for (size_t k = 0; k < ngiven; k++) {
		if (fnmatch(given[k].pmu, s->pmu->name, 0))
			continue;
		given[k].used = true;
		s->counters = given[k].n;
		s->counters_from = "given: --counters";
		break;
	}
	for (size_t b = 0; b < COUNTER_BANKS; b++) {
		size_t bank = 0;

		for (size_t i = 0; i < nu; i++)
			bank += u[i].size[b];
		/* what the fullest bank needs: the others have counters of their own */
		if (bank > s->need)
			s->need = bank;
	}
	for (size_t i = 0; i < nu; i++) {
		all_vals += u[i].nvals;
		s->own_need += u[i].own;
	}
	vals = calloc(all_vals + 1, sizeof(*vals));
	if (!vals) {
		ret = -ENOMEM;
		goto out;
	}
	for (size_t i = 0; i < nu; i++)
		for (size_t v = 0; v < u[i].nvals; v++)
			if (!has_value(vals, s->values, u[i].vals[v]))
				memcpy(vals[s->values++], u[i].vals[v], sizeof(vals[0]));
	rotate(s, u, nu, vals);
	for (size_t i = 0; i < nu; i++) {
		double c = (double)u[i].ran / (double)nu;

		if (c < s->coverage)
			s->coverage = c;
		for (size_t k = u[i].first; k < u[i].first + u[i].n; k++)
			coverage[grouped[k]] = c;
	}
	free(vals);
out:
	for (size_t i = 0; i < nu; i++)
		free(u[i].vals);
	free(u);
	free(grouped);
	return ret;
}

int plan_schedule(const struct plan *p, struct schedule *out)
{
	return plan_schedule_budgets(p, NULL, 0, out);
}

int plan_schedule_budgets(const struct plan *p, struct schedule_budget *b, size_t nb, struct schedule *out)
{
	size_t *order = calloc(p->n ? p->n : 1, sizeof(*order)), n = 0;
	int ret = 0;

	memset(out, 0, sizeof(*out));
	out->coverage = calloc(p->n ? p->n : 1, sizeof(*out->coverage));
	if (!order || !out->coverage) {
		free(order);
		schedule_free(out);
		return -ENOMEM;
	}
	/* events with no PMU (tool, symbolic) are the kernel's or the clock's: always counting */
	for (size_t i = 0; i < p->n; i++) {
		out->coverage[i] = 1;
		if (p->v[i].pmu && p->v[i].encoded)
			order[n++] = i;
	}
	qsort_r(order, n, sizeof(*order), plan_by_pmu, (void *)p);
	for (size_t i = 0, j; i < n && !ret; i = j) {
		/* an event is in its own box: a run is one event at least */
		for (j = i + 1; j < n && same_box(&p->v[order[j]], &p->v[order[i]]); j++)
			;
		ret = grow_array(&out->v, out->n, 1, sizeof(*out->v)) || !out->v ? -ENOMEM : 0;
		if (!ret)
			ret = schedule_pmu(p, order + i, j - i, b, nb, &out->v[out->n++], out->coverage);
		if (!ret)
			out->v[out->n - 1].box_cpu = box_of(&p->v[order[i]]);
	}
	free(order);
	if (ret)
		schedule_free(out);
	return ret;
}

void schedule_free(struct schedule *s)
{
	free(s->v);
	free(s->coverage);
	memset(s, 0, sizeof(*s));
}
