/* SPDX-License-Identifier: GPL-2.0 */
/* Strict number parsing: the only way text becomes a number in pmuctl. */
#ifndef PMUCTL_STRNUM_H
#define PMUCTL_STRNUM_H

#include <stdint.h>
#include <stddef.h>

/*
 * Parse all of s[0..len) as an unsigned number: "0x" hex or decimal (a leading 0 is
 * decimal, as in perf's event lexer). base 16 forces hex without prefix.
 * Returns 0, -EINVAL (not a number) or -ERANGE (above max).
 */
int strnum_u64n(const char *s, size_t len, int base, uint64_t max, uint64_t *out);
int strnum_u64(const char *s, int base, uint64_t max, uint64_t *out);
/* Signed decimal, for files like a cpumask that may say -1. */
int strnum_s64(const char *s, int64_t min, int64_t max, int64_t *out);
/*
 * v's digits in base 10 or 16 (lower case), at least min_digits of them with leading zeros, as
 * printf's "%0*llu" or "%0*llx" writes them, into buf (room for 20, or min_digits if more)
 * without a terminator; returns how many
 */
size_t strnum_put_u64(uint64_t v, unsigned base, size_t min_digits, char *buf);
/* The shortest decimal that reads back as v exactly (1e-09, not 1.0000000000000001e-09) */
const char *strnum_double(double v, char *buf, size_t size);

#endif
