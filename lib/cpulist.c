// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/cpulist.h"
#include "lib/strnum.h"

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

static int push_range(struct cpulist *l, size_t *cap, unsigned lo, unsigned hi)
{
	for (unsigned c = lo; c <= hi; c++) {
		if (l->n == *cap) {
			size_t nc = *cap ? *cap * 2 : 16;
			int *nv = realloc(l->cpu, nc * sizeof(int));

			if (!nv)
				return -ENOMEM;
			l->cpu = nv;
			*cap = nc;
		}
		l->cpu[l->n++] = (int)c;
	}
	return 0;
}

int cpulist_parse(const char *text, struct cpulist *out)
{
	const char *p = text;
	size_t cap = 0;
	int ret = 0;

	out->cpu = NULL;
	out->n = 0;
	while (*p == ' ' || *p == '\t')
		p++;
	if (!strncmp(p, "-1", 2) && strspn(p + 2, " \t\r\n") == strlen(p + 2))
		return 0;	/* a driver's before any CPU is online */
	while (*p && *p != '\n') {
		size_t len = strcspn(p, ",\n");
		const char *dash = memchr(p, '-', len);
		uint64_t lo, hi;

		if (dash) {
			ret = strnum_u64n(p, (size_t)(dash - p), 10, CPULIST_MAX_CPU, &lo);
			if (!ret)
				ret = strnum_u64n(dash + 1, len - (size_t)(dash - p) - 1, 10,
						  CPULIST_MAX_CPU, &hi);
			if (!ret && hi < lo)
				ret = -EINVAL;
		} else {
			ret = strnum_u64n(p, len, 10, CPULIST_MAX_CPU, &lo);
			hi = lo;
		}
		if (!ret)
			ret = push_range(out, &cap, (unsigned)lo, (unsigned)hi);
		if (ret)
			goto fail;
		p += len;
		if (*p == ',')
			p++;
	}
	/* after the newline only white space may follow */
	if (*p == '\n' && strspn(p, " \t\r\n") != strlen(p)) {
		ret = -EINVAL;
		goto fail;
	}
	if (out->n)
		qsort(out->cpu, out->n, sizeof(int), cmp_int);
	{
		size_t w = 0;

		for (size_t i = 0; i < out->n; i++)
			if (!w || out->cpu[w - 1] != out->cpu[i])
				out->cpu[w++] = out->cpu[i];
		out->n = w;
	}
	return 0;
fail:
	cpulist_free(out);
	return ret;
}

void cpulist_free(struct cpulist *l)
{
	free(l->cpu);
	l->cpu = NULL;
	l->n = 0;
}

size_t cpulist_format(const struct cpulist *l, char *buf, size_t size)
{
	size_t used = 0;

	if (size)
		buf[0] = '\0';
	for (size_t i = 0; i < l->n;) {
		size_t j = i;
		int w;

		while (j + 1 < l->n && l->cpu[j + 1] == l->cpu[j] + 1)
			j++;
		if (j > i)
			w = snprintf(buf + (used < size ? used : size), used < size ? size - used : 0,
				     "%s%d-%d", i ? "," : "", l->cpu[i], l->cpu[j]);
		else
			w = snprintf(buf + (used < size ? used : size), used < size ? size - used : 0,
				     "%s%d", i ? "," : "", l->cpu[i]);
		used += (size_t)w;
		i = j + 1;
	}
	return used;
}

bool cpulist_equal(const struct cpulist *a, const struct cpulist *b)
{
	return a->n == b->n && (!a->n || !memcmp(a->cpu, b->cpu, a->n * sizeof(*a->cpu)));
}

bool cpulist_has(const struct cpulist *l, int cpu)
{
	size_t lo = 0, hi = l->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (l->cpu[mid] == cpu)
			return true;
		if (l->cpu[mid] < cpu)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}
