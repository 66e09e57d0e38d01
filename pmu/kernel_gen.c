// SPDX-License-Identifier: GPL-2.0
/* The kernel whose rules a run follows, once per process, as perf reads its machine once. */
#include <stdio.h>
#include "pmu/kernel_gen.h"

static struct kernel_release kernel_gen_release;
static bool kernel_gen_known;
static char kernel_gen_text[64];

void kernel_gen_set(const struct kernel_release *r, const char *source)
{
	kernel_gen_known = r != NULL;
	kernel_gen_text[0] = '\0';
	if (!r)
		return;
	kernel_gen_release = *r;
	snprintf(kernel_gen_text, sizeof(kernel_gen_text), "Linux %d.%d (%s)", r->major, r->minor,
		 source);
}

bool kernel_gen_before(int major, int minor)
{
	return kernel_gen_known && kernel_release_cmp(&kernel_gen_release, major, minor) < 0;
}

const char *kernel_gen_name(void)
{
	return kernel_gen_text;
}
