// SPDX-License-Identifier: GPL-2.0
/* Which PMUs an event string can name, found without parsing it: a superset is enough. */
#include <fnmatch.h>
#include <string.h>
#include <strings.h>
#include "lib/suggest.h"
#include "pmu/pmu.h"

static bool token_names(const char *tok, size_t len, const char *name)
{
	char pat[256];
	struct suggest near;

	if (!len || len >= sizeof(pat))
		return len >= sizeof(pat);
	memcpy(pat, tok, len);
	pat[len] = '\0';
	/* a glob, or perf's prefix rule (name_<digits>), or an alias written in another case */
	if (!fnmatch(pat, name, 0) || !strncasecmp(name, pat, len))
		return true;
	/* a misspelling of name: scanned, so that the error can suggest it */
	suggest_init(&near, pat);
	suggest_offer(&near, name);
	return near.n > 0;
}

/* PMU tokens are what comes before a '/' outside a term list; a spec without one is bare */
static bool text_names(const char *t, const char *name)
{
	size_t start = 0, i;
	bool inside = false, has_pmu = false;

	for (i = 0;; i++) {
		char c = t[i];

		if (inside) {
			if (!c)
				return false;
			if (c == '/')
				inside = false;
			continue;
		}
		if (c == '/') {
			if (token_names(t + start, i - start, name))
				return true;
			inside = has_pmu = true;
			continue;
		}
		if (!c || strchr("{},: ", c)) {
			/* a spec that ended without a PMU: a bare event name matches any PMU */
			if (i > start && !has_pmu && t[start] != ':')
				return true;
			if (!c)
				return false;
			if (c != ':')
				has_pmu = false;
			start = i + 1;
		}
	}
}

bool pmu_named_in(const char *name, char *const *texts, size_t ntexts)
{
	for (size_t i = 0; i < ntexts; i++)
		if (text_names(texts[i], name))
			return true;
	return false;
}
