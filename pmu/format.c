// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "pmu/format.h"
#include "lib/strnum.h"

static const char *const word_names[FORMAT_WORDS] = { "config", "config1", "config2" };

const char *format_word_name(unsigned word)
{
	return word < FORMAT_WORDS ? word_names[word] : "config?";
}

static int parse_bit(const char *s, size_t len, unsigned *bit)
{
	uint64_t v;

	if (strnum_u64n(s, len, 10, 63, &v))
		return -EINVAL;
	*bit = (unsigned)v;
	return 0;
}

int format_parse(const char *text, unsigned *word, uint64_t *mask, struct err_report *err)
{
	const char *p = text, *colon, *end;
	uint64_t m = 0;
	unsigned w;

	while (*p == ' ' || *p == '\t' || *p == '\n')
		p++;
	end = p + strlen(p);
	while (end > p && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\n' || end[-1] == '\r'))
		end--;
	colon = memchr(p, ':', (size_t)(end - p));
	if (!colon)
		return err_set(err, -EINVAL, "format '%.*s' has no ':' (expected configN:lo-hi)",
				   (int)(end - p), p);
	for (w = 0; w < FORMAT_WORDS; w++)
		if ((size_t)(colon - p) == strlen(word_names[w]) &&
		    !strncmp(p, word_names[w], (size_t)(colon - p)))
			break;
	if (w == FORMAT_WORDS)
		return err_set(err, -EINVAL,
				   "format word '%.*s' is not config, config1 or config2",
				   (int)(colon - p), p);
	p = colon + 1;
	if (p == end)
		return err_set(err, -EINVAL, "format has no bits after '%s:'", word_names[w]);
	while (p < end) {
		const char *comma = memchr(p, ',', (size_t)(end - p));
		const char *stop = comma ? comma : end;
		const char *dash = memchr(p, '-', (size_t)(stop - p));
		unsigned lo, hi;

		if (dash) {
			if (parse_bit(p, (size_t)(dash - p), &lo) ||
			    parse_bit(dash + 1, (size_t)(stop - dash - 1), &hi) || hi < lo)
				return err_set(err, -EINVAL,
						   "bad bit range '%.*s' (bits are 0-63, low-high)",
						   (int)(stop - p), p);
		} else {
			if (parse_bit(p, (size_t)(stop - p), &lo))
				return err_set(err, -EINVAL, "bad bit '%.*s' (bits are 0-63)",
						   (int)(stop - p), p);
			hi = lo;
		}
		m |= (hi == 63 ? ~0ULL : ((1ULL << (hi + 1)) - 1)) & ~((1ULL << lo) - 1);
		p = comma ? comma + 1 : end;
		if (comma && p == end)
			return err_set(err, -EINVAL, "format ends with ','");
	}
	*word = w;
	*mask = m;
	return 0;
}

uint64_t format_max_value(uint64_t mask)
{
	int w = __builtin_popcountll(mask);

	return w >= 64 ? ~0ULL : (1ULL << w) - 1;
}

/* A field of one run of bits (config:36-47), shifted at once rather than bit by bit */
static bool contiguous(uint64_t mask, unsigned *shift)
{
	uint64_t run;

	if (!mask)
		return false;
	*shift = (unsigned)__builtin_ctzll(mask);
	run = mask >> *shift;
	return !(run & (run + 1));
}

uint64_t format_pack(uint64_t mask, uint64_t value)
{
	uint64_t out = 0;
	unsigned vbit = 0, shift;

	if (contiguous(mask, &shift))
		return (value << shift) & mask;

	for (unsigned fbit = 0; fbit < 64; fbit++) {
		if (!(mask & (1ULL << fbit)))
			continue;
		if (vbit < 64 && (value & (1ULL << vbit)))
			out |= 1ULL << fbit;
		vbit++;
	}
	return out;
}

uint64_t format_unpack(uint64_t mask, uint64_t config)
{
	uint64_t out = 0;
	unsigned vbit = 0, shift;

	if (contiguous(mask, &shift))
		return (config & mask) >> shift;

	for (unsigned fbit = 0; fbit < 64; fbit++) {
		if (!(mask & (1ULL << fbit)))
			continue;
		if (config & (1ULL << fbit))
			out |= 1ULL << vbit;
		vbit++;
	}
	return out;
}

void format_describe(unsigned word, uint64_t mask, char *buf, size_t size)
{
	size_t used = (size_t)snprintf(buf, size, "%s:", format_word_name(word));
	int first = 1;

	for (unsigned b = 0; b < 64 && used < size;) {
		unsigned e;

		if (!(mask & (1ULL << b))) {
			b++;
			continue;
		}
		e = b;
		while (e + 1 < 64 && (mask & (1ULL << (e + 1))))
			e++;
		if (e > b)
			used += (size_t)snprintf(buf + used, size - used, "%s%u-%u", first ? "" : ",", b, e);
		else
			used += (size_t)snprintf(buf + used, size - used, "%s%u", first ? "" : ",", b);
		first = 0;
		b = e + 1;
	}
}
