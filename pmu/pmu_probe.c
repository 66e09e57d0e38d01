// SPDX-License-Identifier: GPL-2.0
/*
 * An unlisted PMU's format or event, read by its own name: listing format/ and events/ costs
 * a PMU ten calls (four of them getdents64), and a count asks for a few names it can open.
 * Each is its own allocation, so what a look-up returned stays where it is.
 */
#include <stdlib.h>
#include <string.h>
#include "pmu/pmu.h"

struct pmu_probe {
	struct pmu_probe *next;
	struct pmu_format format;
	struct pmu_event event;
};

/* What a name alone may open: a directory entry's name, which no path or dot directory is */
static bool name_ok(const char *name)
{
	return *name && !strchr(name, '/') && strcmp(name, ".") && strcmp(name, "..");
}

/* A new probe at the head of p's list, which lives in the PMU as the lazy lists do */
static struct pmu_probe *add(const struct pmu *p)
{
	struct pmu_probe *q = calloc(1, sizeof(*q));

	if (q) {
		q->next = p->probes;
		((struct pmu *)p)->probes = q;
	}
	return q;
}

/*
 * The format of that name, read by it alone: what the listing would find too, as formats match
 * by exact name; one that is not there (or not readable) is remembered as dropped
 */
const struct pmu_format *pmu_probe_format(const struct pmu *p, const char *name)
{
	struct pmu_format f = { .name = (char *)name, .unread = true, .dropped = true };
	struct pmu_probe *q;

	for (q = p->probes; q; q = q->next)
		if (q->format.name && !strcmp(q->format.name, name))
			return q->format.dropped ? NULL : &q->format;
	if (name_ok(name))
		pmu_file_format(p, &f);
	q = add(p);
	if (!q)
		return NULL;
	q->format = f;
	q->format.name = strdup(name);
	return q->format.name && !f.dropped ? &q->format : NULL;
}

/* The event read by its name alone, its side files probed, or NULL: then the listing decides */
const struct pmu_event *pmu_probe_event(const struct pmu *p, const char *name)
{
	struct pmu_event e = { .name = (char *)name, .unread = true, .side = PMU_SIDE_SCALE | PMU_SIDE_UNIT };
	struct pmu_probe *q;

	for (q = p->probes; q; q = q->next)
		if (q->event.name && !strcmp(q->event.name, name))
			return &q->event;
	/* a side file is no event to the listing; another case, or an alias, is the listing's */
	if (!name_ok(name) || pmu_file_side(name) || !pmu_file_event(p, &e))
		return NULL;
	q = add(p);
	if (!q) {
		free(e.value);
		free(e.scale);
		free(e.unit);
		return NULL;
	}
	q->event = e;
	q->event.name = strdup(name);
	return q->event.name ? &q->event : NULL;
}

void pmu_probe_free(struct pmu *p)
{
	while (p->probes) {
		struct pmu_probe *q = p->probes;

		p->probes = q->next;
		free(q->format.name);
		free(q->event.name);
		free(q->event.value);
		free(q->event.scale);
		free(q->event.unit);
		free(q);
	}
}
