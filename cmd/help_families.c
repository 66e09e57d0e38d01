// SPDX-License-Identifier: GPL-2.0
/*
 * --help text from the families' data, so that it cannot go stale and no command names a
 * family: @FAMILIES@ is every family's title, @FAMILY_IDS@ their ids, and @EX:KEY@ the
 * example KEY of the first family whose data gives one (pmuctl's example machine's).
 */
#include <argp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/pmuctl.h"
#include "pmu/family/family.h"

/* What the mark at s stands for, its length in *len; NULL: no mark there */
static const char *mark(const char *s, size_t *len, char *buf, size_t size)
{
	const char *end;
	size_t used = 0;

	if (!strncmp(s, "@FAMILIES@", 10)) {
		*len = 10;
		pmu_family_titles(buf, size);
		return buf;
	}
	if (!strncmp(s, "@FAMILY_IDS@", 12)) {
		*len = 12;
		buf[0] = '\0';
		for (const struct pmu_family *const *f = pmu_families; *f && used < size; f++)
			if ((*f)->match)
				used += (size_t)snprintf(buf + used, size - used, "%s%s", used ? ", " : "", (*f)->id);
		return buf;
	}
	if (strncmp(s, "@EX:", 4) || !(end = strchr(s + 4, '@')) || (size_t)(end - s - 4) >= size)
		return NULL;
	*len = (size_t)(end - s) + 1;
	snprintf(buf, size, "%.*s", (int)(end - s - 4), s + 4);
	return pmu_family_example(buf);
}

char *help_families_filter(int key, const char *text, void *input)
{
	char *out = NULL, buf[1024];
	size_t size = 0, len;
	const char *word;
	FILE *f;

	(void)input;
	(void)key;
	if (!text || !strchr(text, '@'))
		return (char *)text;
	f = open_memstream(&out, &size);
	if (!f)
		return (char *)text;
	for (const char *s = text; *s; s++) {
		word = *s == '@' ? mark(s, &len, buf, sizeof(buf)) : NULL;
		if (!word) {
			fputc(*s, f);
			continue;
		}
		fputs(word, f);
		s += len - 1;
	}
	if (fclose(f))
		return (char *)text;
	return out;
}
