/* SPDX-License-Identifier: GPL-2.0 */
/* Counting: counters opened by driver modules (perf_event_open, BlueField hwmon), read as totals. */
#ifndef PMUCTL_COUNT_H
#define PMUCTL_COUNT_H

#include <stdbool.h>
#include <stdint.h>
#include "lib/diag.h"
#include "lib/err.h"

enum count_state {
	COUNT_UNREAD,		/* not read yet: the zero value is never a count */
	COUNT_OK,
	COUNT_NOT_COUNTED,	/* opened, but never scheduled on the PMU */
	COUNT_NOT_SUPPORTED,	/* the kernel or the hardware has no such event */
	COUNT_FAILED,		/* could not be opened; why says what to do */
};

struct count_driver;

/* One event on one PMU instance and CPU. Values are totals since enable. */
struct counter {
	char *event;		/* the concrete event string */
	char *pmu;		/* PMU name, or "bfperf/tile0" */
	int socket;		/* -1 when the PMU does not say */
	int input;		/* which -e argument (or metric) it came from */
	char *label;		/* the part of that argument it came from, for rows */
	size_t pos;		/* where that part starts: an event given twice is two rows */
	int cpu;		/* -1: not per CPU */
	int group;		/* counters read together share it; -1 alone */
	const struct count_driver *drv;
	enum count_state state;
	int error;		/* -errno when FAILED */
	char *why;		/* the explanation of a failure */
	uint64_t value, enabled, running;
	void *priv;		/* the driver's */
};

struct count_set {
	struct counter *v;
	size_t n;
	void *drv_state[2];	/* one per driver, owned by it */
};

/* A driver module: one interface, chosen per PMU. All return 0 or -errno. */
struct count_driver {
	const char *name;
	/* open every counter of this driver; a counter that fails gets state and why, others go on */
	int (*open)(struct count_set *s, struct pmu_err *err);
	int (*enable)(struct count_set *s);
	int (*read)(struct count_set *s);
	int (*disable)(struct count_set *s);
	/*
	 * undo everything open did (restores hardware state); safe after a partial open. A
	 * restore that fails is added to errors, saying what the file should hold: -EIO.
	 */
	int (*close)(struct count_set *s, struct diag *errors);
	const char *(*describe)(const struct counter *c);
};

extern const struct count_driver perf_driver;
extern const struct count_driver hwmon_driver;

struct counter *count_add(struct count_set *s, const struct count_driver *drv);
void count_fail(struct counter *c, int error, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Run op of every driver present in s */
int count_open_all(struct count_set *s, struct pmu_err *err);
int count_enable_all(struct count_set *s);
int count_read_all(struct count_set *s);
int count_disable_all(struct count_set *s);
int count_close_all(struct count_set *s, struct diag *errors);
void count_set_free(struct count_set *s);
/* value scaled for multiplexing: value * enabled / running */
double count_scaled(uint64_t value, uint64_t enabled, uint64_t running);

#endif
