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

/* For families' rules: err points at e in its input string and says fmt; returns code */
int rule_err(struct err_report *err, const struct plan_event *e, int code, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

#endif
