/* SPDX-License-Identifier: GPL-2.0 */
/* Soft problems found while collecting (an unreadable file, a garbage format): cmd/ prints them. */
#ifndef PMUCTL_DIAG_H
#define PMUCTL_DIAG_H

#include <stddef.h>

struct diag {
	char **msg;
	size_t n;
};

void diag_add(struct diag *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void diag_free(struct diag *d);

/* "s" unless n is one: "%ld counter%s", n, plural(n) */
static inline const char *plural(long n)
{
	return n == 1 ? "" : "s";
}

#endif
