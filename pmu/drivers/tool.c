// SPDX-License-Identifier: GPL-2.0
/*
 * perf's tool events, which no PMU counts: duration_time, the nanoseconds since counting
 * began, as perf's tool PMU gives them (enabled and running the whole time).
 */
#include <errno.h>
#include <stdlib.h>
#include <time.h>
#include "pmu/drivers/tool.h"

struct tool_state {
	uint64_t start_ns;
};

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static struct tool_state **state_of(struct count_set *s)
{
	return (struct tool_state **)count_driver_state(s, &tool_driver);
}

struct counter *tool_counter_add(struct count_set *s)
{
	return count_add(s, &tool_driver);
}

static int tool_open(struct count_set *s)
{
	struct tool_state *st = calloc(1, sizeof(*st));

	if (!st)
		return -ENOMEM;
	*state_of(s) = st;
	return 0;
}

static int tool_enable(struct count_set *s)
{
	(*state_of(s))->start_ns = now_ns();
	return 0;
}

static int tool_read(struct count_set *s)
{
	uint64_t ns = now_ns() - (*state_of(s))->start_ns;

	for (size_t i = 0; i < s->n; i++) {
		if (s->v[i].drv != &tool_driver)
			continue;
		s->v[i].value = s->v[i].enabled = s->v[i].running = ns;
		s->v[i].state = COUNT_OK;
	}
	return 0;
}

static int tool_disable(struct count_set *s)
{
	(void)s;
	return 0;
}

static int tool_close(struct count_set *s, struct diag *errors)
{
	(void)errors;
	free(*state_of(s));
	*state_of(s) = NULL;
	return 0;
}

const struct count_driver tool_driver = {
	.open = tool_open,
	.enable = tool_enable,
	.read = tool_read,
	.disable = tool_disable,
	.close = tool_close,
};
