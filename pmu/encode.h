/* SPDX-License-Identifier: GPL-2.0 */
/* Event strings resolved against the PMUs into perf_event_attr values, as perf does. */
#ifndef PMUCTL_ENCODE_H
#define PMUCTL_ENCODE_H

#include <stdbool.h>
#include <stdint.h>
#include "lib/cpulist.h"
#include "lib/err.h"
#include "pmu/evparse.h"
#include "pmu/plan.h"
#include "pmu/pmu.h"

struct encode_opts {
	bool system_wide;
	const struct cpulist *online;
};

/* e->cpus: where it opens (its PMU's cpumask; without one, the first online associated CPU) */
int encode_cpus(struct plan_event *e, const struct encode_opts *o);

/*
 * Resolve one input string (argument number arg) and append its events to set.
 * On error nothing is appended and err points into that string.
 */
int encode_events(const struct pmu_list *pmus, const char *text, int arg, const struct encode_opts *o,
		  struct plan *set, struct err_report *err);
/* Encode spec (built, not parsed) on PMU p alone and append it: the events of a metric */
int encode_on(const struct pmu *p, const struct ev_spec *spec, const struct encode_opts *o,
	      struct plan *set, struct err_report *err);
void plan_event_free(struct plan_event *e);
/* Whether an event string's PMU part names name: exactly, as a glob, or by perf's prefix rule */
bool pmu_name_matches(const char *name, const char *want);
/* The PMUs of pmus want names (an exact name: that one alone), into out; how many */
size_t pmu_list_match(const struct pmu_list *pmus, const char *want, const struct pmu **out);
/*
 * The PMUs the PMU part of s names, as perf adds them: pmu_list_match's, or its fallback's
 * (the exact PMU among the rest) when perf's exact add would fail on s's terms
 */
size_t pmu_spec_match(const struct pmu_list *pmus, const struct ev_spec *s, const struct pmu **out);

/* The value of a format field in an encoded event (0 if the PMU lacks it). */
uint64_t ev_field(const struct plan_event *e, const char *format, bool *given);

#endif
