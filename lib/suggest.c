// SPDX-License-Identifier: GPL-2.0
/* Nearest names by edit distance (a swap of two letters is one edit), or by prefix. */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include "lib/suggest.h"

/* Longer words than this are compared by prefix only: the table stays on the stack */
#define WORD_MAX 64

static size_t min3(size_t a, size_t b, size_t c)
{
	size_t m = a < b ? a : b;

	return m < c ? m : c;
}

/* Optimal string alignment distance, case-insensitive */
static size_t distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), d[WORD_MAX + 1][WORD_MAX + 1];

	if (la > WORD_MAX || lb > WORD_MAX)
		return (size_t)-1;
	for (size_t i = 0; i <= la; i++)
		d[i][0] = i;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = j;
	for (size_t i = 1; i <= la; i++) {
		for (size_t j = 1; j <= lb; j++) {
			size_t cost = tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]);

			d[i][j] = min3(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
			if (i > 1 && j > 1 && tolower((unsigned char)a[i - 1]) == tolower((unsigned char)b[j - 2]) &&
			    tolower((unsigned char)a[i - 2]) == tolower((unsigned char)b[j - 1]) &&
			    d[i - 2][j - 2] + 1 < d[i][j])
				d[i][j] = d[i - 2][j - 2] + 1;
		}
	}
	return d[la][lb];
}

/* word without its trailing number (and not shorter than 3) starts candidate */
static bool same_stem(const char *word, size_t len, const char *candidate)
{
	size_t stem = len;

	while (stem && isdigit((unsigned char)word[stem - 1]))
		stem--;
	return stem < len && stem >= 3 && !strncasecmp(candidate, word, stem);
}

void suggest_init(struct suggest *s, const char *word)
{
	memset(s, 0, sizeof(*s));
	s->word = word;
	s->prefix = "";
}

void suggest_offer(struct suggest *s, const char *candidate)
{
	size_t len = strlen(s->word), max = len / 3 > 1 ? len / 3 : 1, clen, d, at;

	if (!len || !strcasecmp(candidate, s->word))
		return;
	/* a word of 3 letters or more that starts a name is as near as one edit; one whose
	 * instance number is wrong as two: pmu_9 of pmu_0_rc_0 */
	if (len >= 3 && !strncasecmp(candidate, s->word, len)) {
		d = 1;
	} else if (same_stem(s->word, len, candidate)) {
		d = distance(s->word, candidate);
		d = d < 2 ? d : 2;
	} else {
		/*
		 * the distance is at least the difference in length: most names are rejected
		 * without the table (pmu_want offers every PMU of the machine at start-up)
		 */
		clen = strlen(candidate);
		if ((clen > len ? clen - len : len - clen) > max)
			return;
		d = distance(s->word, candidate);
	}
	/* as git: at most a third of the word may change, and at least one letter may */
	if (d == (size_t)-1 || d > max)
		return;
	for (size_t i = 0; i < s->n; i++)
		if (!strcmp(s->best[i], candidate))
			return;
	for (at = s->n; at > 0 && s->dist[at - 1] > d; at--)
		;
	if (at >= SUGGEST_MAX)
		return;
	if (s->n < SUGGEST_MAX)
		s->n++;
	memmove(&s->best[at + 1], &s->best[at], (s->n - 1 - at) * sizeof(s->best[0]));
	memmove(&s->dist[at + 1], &s->dist[at], (s->n - 1 - at) * sizeof(s->dist[0]));
	s->best[at] = candidate;
	s->dist[at] = d;
}

const char *suggest_text(const struct suggest *s, char *buf, size_t size)
{
	size_t o = 0, n = 0;

	/* as git: only the nearest, however many are that near */
	while (n < s->n && s->dist[n] == s->dist[0])
		n++;
	buf[0] = '\0';
	for (size_t i = 0; i < n && o < size; i++)
		o += (size_t)snprintf(buf + o, size - o, "%s'%s%s'%s",
				      i ? (i + 1 == n ? " or " : ", ") : " (did you mean ", s->prefix,
				      s->best[i], i + 1 == n ? "?)" : "");
	return buf;
}
