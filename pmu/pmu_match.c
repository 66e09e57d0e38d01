// SPDX-License-Identifier: GPL-2.0
/* Which PMUs an event string's PMU part names: exactly, as a glob, or as perf 6.1's prefix. */
#include <fnmatch.h>
#include <stdbool.h>
#include <string.h>
#include "pmu/encode.h"
#include "pmu/format.h"
#include "pmu/pmu.h"

static bool is_glob(const char *s)
{
	return strpbrk(s, "*?[") != NULL;
}

/*
 * perf 6.1 also takes a name that goes on past the token with digits, after a '_' or not
 * (perf_pmu__valid_suffix): pmu_0_rc -> rc_0..rc_5, pmu_1 -> _1, _10..
 */
static bool prefix_matches(const char *name, const char *tok)
{
	size_t l = strlen(tok);
	const char *p = name + l;

	if (strncmp(name, tok, l))
		return false;
	if (!*p)
		return true;
	p += *p == '_';
	if (!*p)
		return false;
	for (; *p; p++)
		if (*p < '0' || *p > '9')
			return false;
	return true;
}

bool pmu_name_matches(const char *name, const char *want)
{
	return !strcmp(name, want) || (is_glob(want) ? !fnmatch(want, name, 0) : prefix_matches(name, want));
}

/* By perf's fallback alone, the exact name among the rest (parse-events.y, event_pmu) */
static size_t match_fallback(const struct pmu_list *pmus, const char *want, const struct pmu **out)
{
	size_t n = 0;

	for (size_t i = 0; i < pmus->n; i++) {
		const char *name = pmus->v[i].name;

		if ((is_glob(want) ? !fnmatch(want, name, 0) : prefix_matches(name, want)) &&
		    pmu_present(&pmus->v[i]))
			out[n++] = &pmus->v[i];
	}
	return n;
}

size_t pmu_list_match(const struct pmu_list *pmus, const char *want, const struct pmu **out)
{
	const struct pmu *exact = pmu_find(pmus, want);

	if (exact && pmu_present(exact)) {
		out[0] = exact;
		return 1;
	}
	return match_fallback(pmus, want, out);
}

/*
 * perf 6.1 refuses a bare term naming a format of more than one bit ("no value assigned for
 * term", pmu_config_term) when it adds the exact PMU, then retries the PMUs of its prefix
 * rule with a copy of the terms that has lost the bare mark (parse_events_term__clone), so
 * the term is =1 on the exact PMU and on every PMU whose name goes on with digits
 */
static bool exact_add_fails(const struct pmu *p, const struct ev_spec *s)
{
	for (size_t i = 0; i < s->nterms; i++) {
		const struct pmu_format *f = s->terms[i].kind == EV_VALUE_NONE ?
						     pmu_find_format(p, s->terms[i].name) :
						     NULL;

		if (f && (f->mask & (f->mask - 1)))
			return true;
	}
	return false;
}

size_t pmu_spec_match(const struct pmu_list *pmus, const struct ev_spec *s, const struct pmu **out)
{
	const struct pmu *exact = pmu_find(pmus, s->name);

	if (exact && pmu_present(exact) && !exact_add_fails(exact, s)) {
		out[0] = exact;
		return 1;
	}
	return match_fallback(pmus, s->name, out);
}
