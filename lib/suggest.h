/* SPDX-License-Identifier: GPL-2.0 */
/* "Did you mean": the valid names nearest a misspelt one, as git and perf suggest them. */
#ifndef PMUCTL_SUGGEST_H
#define PMUCTL_SUGGEST_H

#include <stddef.h>

#define SUGGEST_MAX 3

struct suggest {
	const char *word;
	const char *prefix;	/* written before each name: "--" for options; "" */
	const char *best[SUGGEST_MAX];	/* nearest first */
	size_t dist[SUGGEST_MAX];
	size_t n;
};

void suggest_init(struct suggest *s, const char *word);
/* Consider candidate (kept by pointer): a few edits away, or word is a prefix of it */
void suggest_offer(struct suggest *s, const char *candidate);
/* " (did you mean 'a' or 'b'?)": the nearest names; "" when none is near */
const char *suggest_text(const struct suggest *s, char *buf, size_t size);

#endif
