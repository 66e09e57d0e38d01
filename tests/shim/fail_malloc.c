// SPDX-License-Identifier: GPL-2.0
/*
 * LD_PRELOAD test double for an allocation that fails: every malloc of FAIL_MALLOC_AT bytes or
 * more returns NULL with ENOMEM, the others are glibc's. For the release binary (ASan's own
 * malloc comes first in a sanitized one).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>

void *__libc_malloc(size_t n);

void *malloc(size_t n)
{
	static size_t at;

	if (!at) {
		const char *s = getenv("FAIL_MALLOC_AT");

		at = s ? strtoull(s, NULL, 0) : (size_t)-1;
	}
	if (n >= at) {
		errno = ENOMEM;
		return NULL;
	}
	return __libc_malloc(n);
}
