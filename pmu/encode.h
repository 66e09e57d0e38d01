/* SPDX-License-Identifier: GPL-2.0 */
/* Event strings resolved against the PMUs into perf_event_attr values, as perf does. */
#ifndef PMUCTL_ENCODE_H
#define PMUCTL_ENCODE_H

#include <stdbool.h>
#include <stdint.h>
#include "lib/cpulist.h"
#include "lib/err.h"
#include "pmu/evparse.h"
#include "pmu/pmu.h"

struct ev_encoded {
	const struct pmu *pmu;		/* NULL for a symbolic event (cycles, cpu-clock) */
	const struct pmu_event *alias;	/* the named event used, if any */
	char *event;			/* concrete string: globs resolved, one PMU */
	char *name;			/* from a name= term, or NULL */
	uint32_t type;
	uint64_t config[FORMAT_WORDS];
	bool *given;			/* per pmu->formats[i]: did a term set it */
	char *mods;
	int group;			/* -1 when not in a {} group */
	int src_group;			/* the {} it was written in, before splitting */
	bool leader;
	int arg;			/* which input string it came from */
	size_t start, end;		/* its extent in that string */
	struct cpulist cpus;		/* where it opens; cpu -1 means "the command's task" */
	const char *filter_mode;	/* HNS3: the mode the driver will pick */
};

struct ev_set {
	struct ev_encoded *v;
	size_t n;
	int ngroups;
};

struct encode_opts {
	bool system_wide;
	const struct cpulist *online;
};

/*
 * Resolve one input string (argument number arg) and append its events to set.
 * On error nothing is appended and err points into that string.
 */
int ev_encode(const struct pmu_list *pmus, const char *text, int arg, const struct encode_opts *o,
	      struct ev_set *set, struct pmu_err *err);
void ev_set_free(struct ev_set *s);

/* The value of a format field in an encoded event (0 if the PMU lacks it). */
uint64_t ev_field(const struct ev_encoded *e, const char *format, bool *given);

#endif
