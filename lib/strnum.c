// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/strnum.h"

/* A character's digit value plus one, 0 for none: a table, as numbers go a digit at a time */
static const unsigned char digits[256] = {
	['0'] = 1, ['1'] = 2, ['2'] = 3, ['3'] = 4, ['4'] = 5,
	['5'] = 6, ['6'] = 7, ['7'] = 8, ['8'] = 9, ['9'] = 10,
	['a'] = 11, ['b'] = 12, ['c'] = 13, ['d'] = 14, ['e'] = 15, ['f'] = 16,
	['A'] = 11, ['B'] = 12, ['C'] = 13, ['D'] = 14, ['E'] = 15, ['F'] = 16,
};

static int digit_value(char c)
{
	int d = digits[(unsigned char)c];

	return d ? d - 1 : 99;
}

int strnum_u64n(const char *s, size_t len, int base, uint64_t max, uint64_t *out)
{
	uint64_t v = 0, limit, last;
	size_t i = 0;

	if (!s || len == 0)
		return -EINVAL;
	if (base == 0) {
		base = 10;
		if (len > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
			base = 16;
			i = 2;
		}
	} else if (base == 16 && len > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		i = 2;
	}
	if (i >= len)
		return -EINVAL;
	/* 16 hex digits always fit: a resource file's "0x%016llx" needs no overflow check */
	if (base == 16 && len - i <= 16) {
		for (; i < len; i++) {
			/* 0 (no digit) wraps to the largest value: one test for both bounds */
			unsigned int d = digits[(unsigned char)s[i]] - 1u;

			if (d >= 16)
				return -EINVAL;
			v = v << 4 | d;
		}
		goto done;
	}
	/* overflow of 64 bits is a range error, not a silent wrap: one division, not one a digit */
	limit = UINT64_MAX / (uint64_t)base;
	last = UINT64_MAX % (uint64_t)base;

	for (; i < len; i++) {
		int d = digit_value(s[i]);

		if (d >= base)
			return -EINVAL;
		if (v > limit || (v == limit && (uint64_t)d > last))
			return -ERANGE;
		v = v * (uint64_t)base + (uint64_t)d;
	}
done:
	if (v > max)
		return -ERANGE;
	*out = v;
	return 0;
}

size_t strnum_put_u64(uint64_t v, unsigned base, size_t min_digits, char *buf)
{
	static const char hex[] = "0123456789abcdef";
	char rev[20];
	size_t k = 0, n = 0;

	do {
		rev[k++] = hex[v % base];
		v /= base;
	} while (v);
	while (n + k < min_digits)
		buf[n++] = '0';
	while (k)
		buf[n++] = rev[--k];
	return n;
}

int strnum_u64(const char *s, int base, uint64_t max, uint64_t *out)
{
	return strnum_u64n(s, s ? strlen(s) : 0, base, max, out);
}

int strnum_s64(const char *s, int64_t min, int64_t max, int64_t *out)
{
	uint64_t mag;
	int neg = 0, ret;

	if (!s)
		return -EINVAL;
	if (*s == '-') {
		neg = 1;
		s++;
	}
	ret = strnum_u64(s, 10, (uint64_t)INT64_MAX + (uint64_t)neg, &mag);
	if (ret)
		return ret;
	if (neg) {
		int64_t v = mag == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)mag;

		if (v < min)
			return -ERANGE;
		*out = v;
		return 0;
	}
	if ((int64_t)mag > max)
		return -ERANGE;
	*out = (int64_t)mag;
	return 0;
}

const char *strnum_double(double v, char *buf, size_t size)
{
	for (int prec = 1; prec <= 17; prec++) {
		snprintf(buf, size, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	return buf;
}
