/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Arrays that grow an element at a time without copying themselves each time: the capacity
 * of an array of n is the power of two at or above n, so room is made only when a power of
 * two is passed, amortised O(1) (glibc's realloc often grows in place; ASan's never does, and
 * 30,000 events copied the plan 30,000 times). Only arrays grown through here may use it.
 */
#ifndef PMUCTL_GROW_H
#define PMUCTL_GROW_H

#include <stdint.h>
#include <stdlib.h>

static inline size_t grow_capacity(size_t n)
{
	size_t c = 1;

	if (!n)
		return 0;
	while (c < n)
		c <<= 1;
	return c;
}

/* Room in *v (n elements of size bytes) for extra more: 0, or -1 when out of memory (*v kept) */
static inline int grow_array(void *v, size_t n, size_t extra, size_t size)
{
	void **p = v, *nv;
	size_t need = grow_capacity(n + extra);

	if (!need || (n + extra <= grow_capacity(n) && *p))
		return 0;	/* nothing to hold, or room already */
	if (need > SIZE_MAX / size)
		return -1;
	nv = realloc(*p, need * size);
	if (!nv)
		return -1;
	*p = nv;
	return 0;
}

#endif
