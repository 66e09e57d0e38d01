// SPDX-License-Identifier: GPL-2.0
/* The kernel whose rules a run follows, once per process, as perf reads its machine once. */
#include <stdio.h>
#include <stdlib.h>
#include "lib/readall.h"
#include "pmu/kernel_gen.h"

static struct kernel_release kernel_gen_release;
static bool kernel_gen_known;
static char kernel_gen_text[64];
/* an osrelease not read yet: read at the first rule that asks, not at every start */
static char kernel_gen_path[4096];
static const char *kernel_gen_source;

void kernel_gen_set(const struct kernel_release *r, const char *source)
{
	kernel_gen_path[0] = '\0';
	kernel_gen_known = r != NULL;
	kernel_gen_text[0] = '\0';
	if (!r)
		return;
	kernel_gen_release = *r;
	snprintf(kernel_gen_text, sizeof(kernel_gen_text), "Linux %d.%d (%s)", r->major, r->minor,
		 source);
}

void kernel_gen_from(const char *path, const char *source)
{
	kernel_gen_set(NULL, NULL);
	snprintf(kernel_gen_path, sizeof(kernel_gen_path), "%s", path);
	kernel_gen_source = source;
}

/* The osrelease kernel_gen_from named, once; unreadable or garbled: unknown */
static void kernel_gen_read(void)
{
	struct kernel_release r;
	char *text = NULL;
	size_t len;

	if (!kernel_gen_path[0])
		return;
	if (!read_regular(kernel_gen_path, 256, &text, &len) && kernel_release_parse(text, &r))
		kernel_gen_set(&r, kernel_gen_source);
	kernel_gen_path[0] = '\0';
	free(text);
}

bool kernel_gen_before(int major, int minor)
{
	kernel_gen_read();
	return kernel_gen_known && kernel_release_cmp(&kernel_gen_release, major, minor) < 0;
}

const char *kernel_gen_name(void)
{
	kernel_gen_read();
	return kernel_gen_text;
}
