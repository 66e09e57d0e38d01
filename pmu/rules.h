/* SPDX-License-Identifier: GPL-2.0 */
/* The rules the drivers enforce, checked before anything is opened: perf core's here, each
 * family's in its descriptor. */
#ifndef PMUCTL_RULES_H
#define PMUCTL_RULES_H

#include "lib/diag.h"
#include "pmu/encode.h"

/*
 * Check every event of the set. Returns 0 or the first broken rule (err names the
 * event and quotes the rule). Things that are legal but rarely meant go to warn.
 */
int rules_check(struct plan *set, struct err_report *err, struct diag *warn);

/*
 * The counters event i's group needs on its PMU, counting the events up to i: events of one
 * counter key (the family's counter_key; none: one each) share one. Stops past cap.
 */
size_t rules_group_counters(const struct plan *set, size_t i, size_t cap);

/* For families' rules: err points at e in its input string and says fmt; returns code */
int rule_err(struct err_report *err, const struct plan_event *e, int code, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* The same, pointing at the term (lane=...) where e's text has it */
int rule_err_term(struct err_report *err, const struct plan_event *e, const char *term, int code, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/*
 * A driver that takes one hardware event per group, software ones beside it (never_group
 * families): 0, or -EINVAL naming event i's first hardware partner, who (the family's word
 * for its events) and where (the driver's words or function)
 */
int rule_one_hw_event_per_group(struct plan *set, size_t i, struct err_report *err, const char *who,
				const char *where);

#endif
