/* SPDX-License-Identifier: GPL-2.0 */
/* perf's symbolic hardware and software events (cycles, cpu-clock, ...). */
#ifndef PMUCTL_SYMBOLIC_H
#define PMUCTL_SYMBOLIC_H

#include <stdint.h>

struct symbolic_event {
	const char *name;
	uint32_t type;		/* PERF_TYPE_HARDWARE, PERF_TYPE_SOFTWARE, or TOOL_TYPE */
	uint64_t config;
};

const struct symbolic_event *symbolic_find(const char *name);

#endif
