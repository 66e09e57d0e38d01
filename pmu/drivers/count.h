/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Counting: the counters of a plan, opened by driver modules (perf_event_open, a family's
 * hwmon) and read as totals since enable.
 */
#ifndef PMUCTL_COUNT_H
#define PMUCTL_COUNT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "lib/diag.h"
#include "lib/err.h"

struct plan_event;
struct sysroot;

enum count_state {
	COUNT_UNREAD,		/* not read yet: the zero value is never a count */
	COUNT_OK,
	COUNT_NOT_COUNTED,	/* opened, but never scheduled on the PMU */
	COUNT_NOT_SUPPORTED,	/* the kernel or the hardware has no such event */
	COUNT_FAILED,		/* could not be opened or read; why says what to do */
	COUNT_RESET,		/* went backwards since the mark: reset by another writer, not a count */
	COUNT_SHARED,		/* counted part of the time, and the set is exclusive: no scaled value */
};

struct count_driver;

/* One plan event on one CPU (or on no CPU: hwmon, a task) */
struct counter {
	size_t ev;		/* the plan event it counts */
	const char *event;	/* that event's string, for messages */
	int cpu;		/* -1: not per CPU */
	int group;		/* counters read together share it; -1 alone */
	const struct count_driver *drv;
	enum count_state state;
	int error;		/* -errno when FAILED */
	char *why;		/* the explanation of a failure */
	uint64_t value, enabled, running;
	uint32_t resets;	/* times the hardware counter went backwards or jumped: not counted */
	bool jumped;		/* the last of them was a jump no hardware could count, not a reset */
	void *priv;		/* the driver's */
};

/* The drivers there are, each with state of its own in a counter set */
#define COUNT_DRIVERS 8

struct count_set {
	struct counter *v;
	size_t n;
	/* --exclusive: a counter that ran for part of a span has no count for it (COUNT_SHARED) */
	bool exclusive;
	/*
	 * Each perf counter opened and closed on its CPU, moving there (perf_cpus.h), as perf
	 * stat does. Not serve's: its unit's syscall filter refuses sched_setaffinity (@resources).
	 */
	bool follow_cpus;
	struct {
		const struct count_driver *drv;
		void *state;
	} drv_state[COUNT_DRIVERS];
	/* what a driver found worth saying while reserving or opening (a block a dead run left
	 * programmed, put back): said by the caller */
	struct diag notes;
};

/* A driver module: one interface, chosen per PMU family. All return 0 or -errno. */
struct count_driver {
	/*
	 * Optional: take what the counters need to themselves (a block's lock) without
	 * changing any hardware state; open does it when it was not done. A counter whose
	 * resource another holds fails.
	 */
	int (*reserve)(struct count_set *s);
	/* open every counter of this driver; a counter that fails gets state and why, others go on */
	int (*open)(struct count_set *s);
	int (*enable)(struct count_set *s);
	int (*read)(struct count_set *s);
	int (*disable)(struct count_set *s);
	/*
	 * undo everything open did (restores hardware state); safe after a partial open. A
	 * restore that fails is added to errors, saying what the file should hold: -EIO.
	 */
	int (*close)(struct count_set *s, struct diag *errors);
	/*
	 * A family's own driver: add a counter for plan event e of one of its PMUs (e->pmu); the
	 * root and e outlive the set. NULL for the drivers plan_counters knows (perf, the tool)
	 */
	struct counter *(*add)(struct count_set *s, const struct sysroot *root, const struct plan_event *e);
	/* What runs of it left behind on root (hardware left programmed): a line each in out */
	void (*stale)(const struct sysroot *root, struct diag *out);
};

extern const struct count_driver perf_driver;
extern const struct count_driver tool_driver;

struct counter *count_add(struct count_set *s, const struct count_driver *drv);
void count_fail(struct counter *c, int error, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The slot of a driver's own state in s (NULL until the driver sets it) */
void **count_driver_state(struct count_set *s, const struct count_driver *drv);
/* Run op of every driver present in s */
int count_reserve_all(struct count_set *s);
int count_open_all(struct count_set *s);
int count_enable_all(struct count_set *s);
int count_read_all(struct count_set *s);
int count_disable_all(struct count_set *s);
int count_close_all(struct count_set *s, struct diag *errors);
void count_set_free(struct count_set *s);
/* value scaled for multiplexing: value * enabled / running */
double count_scaled(uint64_t value, uint64_t enabled, uint64_t running);

/* A counter's value, enabled and running times at one moment, to count from */
struct count_mark {
	uint64_t value, enabled, running;
	uint32_t resets;
};

/* Counter i of a set since its mark in base (NULL: since enable) */
struct count_mark count_since(const struct count_set *s, size_t i, const struct count_mark *base);
/* Its state over that span: COUNT_RESET when it was reset within it, whatever it reads now */
enum count_state count_state_since(const struct count_set *s, size_t i, const struct count_mark *base);
/* Why a counter has no count over a span in state st (NULL when it has one) */
const char *count_why(const struct counter *c, enum count_state st);
/* Every counter of s now, to count the next report from */
void count_mark_all(const struct count_set *s, struct count_mark *marks);

#endif
