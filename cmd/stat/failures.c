// SPDX-License-Identifier: GPL-2.0
/* One warning per cause: a family's -M on a machine without one of its events is 2 lines, not 48. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/stat/failures.h"
#include "cmd/pmuctl.h"
#include "lib/diag.h"
#include "pmu/coverage_gap.h"
#include "pmu/family/family.h"
#include "pmu/pmu.h"

static bool failed(const struct counter *c)
{
	return c->state == COUNT_FAILED || c->state == COUNT_NOT_SUPPORTED;
}

static const char *pmu_name(const struct plan *plan, const struct counter *c)
{
	const struct pmu *p = plan->v[c->ev].pmu;

	return p ? p->name : "";
}

/* s without "PMU/" wherever it names its PMU: the same cause on every PMU reads alike */
static char *without_pmu(const char *s, const char *pmu)
{
	size_t len = strlen(pmu);
	char *out = malloc(strlen(s) + 1), *o = out;

	while (out && *s) {
		if (len && !strncmp(s, pmu, len) && s[len] == '/')
			s += len + 1;
		else
			*o++ = *s++;
	}
	if (out)
		*o = '\0';
	return out;
}

/* pmu/drivers/perf.c's words for a member whose leader did not open */
#define LEADER_FAILED "not opened: its group leader "

static char *cause_of(const struct plan *plan, const struct counter *c)
{
	/* every such member has one cause, whichever its leader: the leader's own line says why */
	if (c->why && !strncmp(c->why, LEADER_FAILED, strlen(LEADER_FAILED)))
		return strdup("not opened, as their group leader failed (said above)");
	return without_pmu(c->why ? c->why : "not counted", pmu_name(plan, c));
}

/* Whether counter k's text (its event, or its PMU) appeared among the counters before it */
static bool seen(const char *const *text, const size_t *at, size_t n, const char *t)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(text[at[i]], t))
			return true;
	return false;
}

/* "a, b, c", or "a, b, ..., z" when there are more than four */
static void put_list(FILE *f, const char *const *text, const size_t *at, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (n > 4 && i >= 2 && i < n - 1) {
			if (i == 2)
				fputs(", ...", f);
			continue;
		}
		fprintf(f, "%s%s", i ? ", " : "", text[at[i]]);
	}
}

/* The counters from first on that share its cause: their events and PMUs, each once */
static void warn_cause(const struct plan *plan, const struct count_set *cs, bool *warned, char **cause,
		       size_t first)
{
	const char **ev = calloc(cs->n, sizeof(*ev)), **pmu = calloc(cs->n, sizeof(*pmu));
	size_t *evs = calloc(cs->n, sizeof(*evs)), *pmus = calloc(cs->n, sizeof(*pmus)), nev = 0, npmu = 0;
	char *line = NULL;
	size_t len = 0;
	FILE *f;

	if (!ev || !pmu || !evs || !pmus)
		goto out;
	for (size_t k = first; k < cs->n; k++) {
		const struct counter *c = &cs->v[k];
		size_t plen = strlen(pmu_name(plan, c));

		if (warned[k] || !failed(c) || !cause[k] || strcmp(cause[k], cause[first]))
			continue;
		warned[k] = true;
		/* the event as the PMU's own: EVENT/ of PMU/EVENT/ */
		ev[k] = plen && !strncmp(c->event, pmu_name(plan, c), plen) ? c->event + plen + 1 : c->event;
		pmu[k] = pmu_name(plan, c);
		if (!seen(ev, evs, nev, ev[k]))
			evs[nev++] = k;
		if (*pmu[k] && !seen(pmu, pmus, npmu, pmu[k]))
			pmus[npmu++] = k;
	}
	f = open_memstream(&line, &len);
	if (!f)
		goto out;
	if (npmu <= 1 && nev == 1) {
		fprintf(f, "%s: %s", cs->v[first].event, cs->v[first].why ? cs->v[first].why : "not counted");
	} else {
		put_list(f, ev, evs, nev);
		fprintf(f, " on %zu PMU%s (", npmu, plural((long)npmu));
		put_list(f, pmu, pmus, npmu);
		fprintf(f, "): %s", cause[first]);
	}
	if (!fclose(f))
		p_warn("%s", line);
out:
	free(line);
	free(ev);
	free(pmu);
	free(evs);
	free(pmus);
}

void warn_resets(const struct count_set *cs, const struct count_mark *mark)
{
	for (size_t i = 0; i < cs->n; i++)
		if (count_state_since(cs, i, mark) == COUNT_RESET)
			p_warn("%s: %s", cs->v[i].event, count_why(&cs->v[i], COUNT_RESET));
}

size_t warn_failures(const struct plan *plan, const struct count_set *cs, bool *warned)
{
	char **cause = calloc(cs->n ? cs->n : 1, sizeof(*cause));
	size_t n = 0;

	for (size_t i = 0; i < cs->n; i++)
		if (failed(&cs->v[i]) && !warned[i] && cause)
			cause[i] = cause_of(plan, &cs->v[i]);
	for (size_t i = 0; i < cs->n; i++) {
		if (!failed(&cs->v[i]))
			continue;
		n++;
		if (!warned[i] && cause && cause[i])
			warn_cause(plan, cs, warned, cause, i);
		else if (!warned[i])
			p_warn("%s: %s", cs->v[i].event, cs->v[i].why ? cs->v[i].why : "not counted");
		warned[i] = true;
	}
	for (size_t i = 0; cause && i < cs->n; i++)
		free(cause[i]);
	free(cause);
	return n;
}

/* Gaps that say the same of PMUs of one family: one warning names them all */
static bool same_gap(const struct coverage_gap *a, const struct coverage_gap *b)
{
	return a->sp->pmu->family == b->sp->pmu->family && lround(100 * a->measured) == lround(100 * b->measured) &&
	       lround(100 * a->predicted) == lround(100 * b->predicted) && a->inferred == b->inferred &&
	       a->sp->need == b->sp->need;
}

/* "'a', 'b' and 3 more PMUs" of the gaps like gaps[k] from k on, each marked said */
static void gap_names(const struct coverage_gap *gaps, size_t n, size_t k, bool *said, char *buf, size_t size,
		      size_t *count)
{
	size_t len = 0, shown = 0;

	*count = 0;
	buf[0] = '\0';
	for (size_t i = k; i < n; i++) {
		if (said[i] || !same_gap(&gaps[k], &gaps[i]))
			continue;
		said[i] = true;
		if (shown++ < 3 && len < size)
			len += (size_t)snprintf(buf + len, size - len, "%s'%s'", shown > 1 ? ", " : "", gaps[i].sp->pmu->name);
		(*count)++;
	}
	if (*count > 3 && len < size)
		snprintf(buf + len, size - len, " and %zu more PMUs", *count - 3);
}

void warn_coverage(const struct plan *plan, const struct schedule *sc, const struct count_set *cs,
		   const struct count_mark *mark)
{
	struct coverage_gap *gaps;
	bool *said;
	size_t n;

	if (coverage_gaps(plan, sc, cs, mark, &gaps, &n))
		return;
	said = calloc(n + 1, sizeof(*said));
	for (size_t i = 0; said && i < n; i++) {
		const struct coverage_gap *g = &gaps[i];
		const struct pmu_family *f = g->sp->pmu->family;
		char filter[160] = "", budget[200] = "", names[256];
		size_t count;

		if (said[i])
			continue;
		gap_names(gaps, n, i, said, names, sizeof(names), &count);
		if (f->filter_slots)
			snprintf(filter, sizeof(filter), " or %s filter (%s)", count > 1 ? "their" : "its",
				 f->filter_slots_from);
		if (g->inferred)
			snprintf(budget, sizeof(budget), "; the reads imply %zu counter%s for %s %zu (%s; --counters %s=%zu gives --dry-run that)",
				 g->inferred, g->inferred == 1 ? "" : "s", count > 1 ? "their" : "its", g->sp->need,
				 f->counters_from ? f->counters_from : "its driver does not say how many it has",
				 count > 1 ? "PMU" : g->sp->pmu->name, g->inferred);
		p_warn("%s: %s events counted %.0f%% of the time where the plan predicted %.0f%%: another perf user holds some of %s counters%s, or %s fewer than the plan assumed%s; %s",
		       names, count > 1 ? "their" : "its", 100 * g->measured, 100 * g->predicted,
		       count > 1 ? "their" : "its", filter, count > 1 ? "they have" : "it has", budget,
		       cs->exclusive ? "--exclusive reports none of their counts" : "the counts are scaled from what ran");
	}
	free(said);
	free(gaps);
}
