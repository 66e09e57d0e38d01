// SPDX-License-Identifier: GPL-2.0
/* The counter set shared by the drivers: adding, failing, and running each driver once. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pmu/drivers/count.h"
#include "lib/grow.h"


struct counter *count_add(struct count_set *s, const struct count_driver *drv)
{
	struct counter *v;

	if (grow_array(&s->v, s->n, 1, sizeof(*s->v)))
		return NULL;
	v = s->v;
	memset(&v[s->n], 0, sizeof(v[s->n]));
	v[s->n].drv = drv;
	v[s->n].cpu = -1;
	v[s->n].group = -1;
	return &v[s->n++];
}

void count_fail(struct counter *c, int error, const char *fmt, ...)
{
	va_list ap;

	c->state = COUNT_FAILED;
	c->error = error;
	free(c->why);
	va_start(ap, fmt);
	if (vasprintf(&c->why, fmt, ap) < 0)
		c->why = NULL;
	va_end(ap);
}

static bool uses(const struct count_set *s, const struct count_driver *d)
{
	for (size_t i = 0; i < s->n; i++)
		if (s->v[i].drv == d)
			return true;
	return false;
}

/*
 * The drivers of s's counters, in the order they run: perf_event_open first, a family's own
 * (hwmon blocks) as their counters come, the tool's clock last, so that it spans the others
 */
static size_t drivers_of(const struct count_set *s, const struct count_driver **out)
{
	size_t n = 0;

	if (uses(s, &perf_driver))
		out[n++] = &perf_driver;
	for (size_t i = 0; i < s->n; i++) {
		bool seen = s->v[i].drv == &perf_driver || s->v[i].drv == &tool_driver;

		for (size_t k = 0; k < n && !seen; k++)
			seen = out[k] == s->v[i].drv;
		if (!seen && n < COUNT_DRIVERS - 1)
			out[n++] = s->v[i].drv;
	}
	if (uses(s, &tool_driver))
		out[n++] = &tool_driver;
	return n;
}

void **count_driver_state(struct count_set *s, const struct count_driver *drv)
{
	for (size_t d = 0; d < COUNT_DRIVERS; d++) {
		if (!s->drv_state[d].drv)
			s->drv_state[d].drv = drv;
		if (s->drv_state[d].drv == drv)
			return &s->drv_state[d].state;
	}
	return NULL;
}

int count_reserve_all(struct count_set *s)
{
	const struct count_driver *drivers[COUNT_DRIVERS];
	size_t n = drivers_of(s, drivers);

	for (size_t d = 0; d < n; d++) {
		int ret = drivers[d]->reserve ? drivers[d]->reserve(s) : 0;

		if (ret)
			return ret;
	}
	return 0;
}

int count_open_all(struct count_set *s)
{
	const struct count_driver *drivers[COUNT_DRIVERS];
	size_t n = drivers_of(s, drivers);

	for (size_t d = 0; d < n; d++) {
		int ret = drivers[d]->open(s);

		if (ret)
			return ret;
	}
	return 0;
}

#define EACH_DRIVER(op)                                                              \
	int count_##op##_all(struct count_set *s)                                    \
	{                                                                            \
		const struct count_driver *drivers[COUNT_DRIVERS];                   \
		size_t n = drivers_of(s, drivers);                                   \
		int first = 0;                                                       \
		for (size_t d = 0; d < n; d++) {                                     \
			int ret = drivers[d]->op(s);                                 \
			if (ret && !first)                                           \
				first = ret;                                         \
		}                                                                    \
		return first;                                                        \
	}

EACH_DRIVER(enable)
EACH_DRIVER(read)
EACH_DRIVER(disable)

int count_close_all(struct count_set *s, struct diag *errors)
{
	const struct count_driver *drivers[COUNT_DRIVERS];
	size_t n = drivers_of(s, drivers);
	int first = 0;

	for (size_t d = n; d-- > 0;) {
		int ret = drivers[d]->close(s, errors);

		if (ret && !first)
			first = ret;
	}
	return first;
}

void count_set_free(struct count_set *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->v[i].why);
	free(s->v);
	diag_free(&s->notes);
	memset(s, 0, sizeof(*s));
}

struct count_mark count_since(const struct count_set *s, size_t i, const struct count_mark *base)
{
	const struct counter *c = &s->v[i];
	struct count_mark m = { c->value, c->enabled, c->running, c->resets };

	if (base) {
		m.value -= base[i].value;
		m.enabled -= base[i].enabled;
		m.running -= base[i].running;
		m.resets -= base[i].resets;
	}
	return m;
}

enum count_state count_state_since(const struct count_set *s, size_t i, const struct count_mark *base)
{
	const struct counter *c = &s->v[i];

	if (c->state == COUNT_OK && c->resets != (base ? base[i].resets : 0))
		return COUNT_RESET;
	if (c->state == COUNT_OK && s->exclusive) {
		struct count_mark m = count_since(s, i, base);

		if (m.running < m.enabled)
			return COUNT_SHARED;
	}
	return c->state;
}

const char *count_why(const struct counter *c, enum count_state st)
{
	if (st == COUNT_RESET && c->jumped)
		return "the counter jumped further than it can count in the time since the read before "
		       "(a bad read, or another writer): that jump is not counted";
	if (st == COUNT_SHARED)
		return "it counted only part of the time (the kernel rotated the PMU's counters, or another "
		       "perf user held them), and --exclusive reports no value scaled from a part";
	if (st == COUNT_RESET)
		return "the counter went backwards: another program reset it (wrote its eventN or "
		       "counterN), and what it counted before is lost";
	return c->why;
}

void count_mark_all(const struct count_set *s, struct count_mark *marks)
{
	for (size_t i = 0; i < s->n; i++)
		marks[i] = count_since(s, i, NULL);
}

double count_scaled(uint64_t value, uint64_t enabled, uint64_t running)
{
	if (!running || running >= enabled)
		return (double)value;
	return (double)value * ((double)enabled / (double)running);
}
