// SPDX-License-Identifier: GPL-2.0
/* Accept: media-range *( OWS ";" OWS parameter ), comma-separated (RFC 9110 §12.5.1). */
#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include <strings.h>
#include "lib/accept.h"

static bool ows(char c)
{
	return c == ' ' || c == '\t';
}

/* s[0..len) with its optional whitespace taken off both ends */
static void trim(const char **s, size_t *len)
{
	while (*len && ows(**s)) {
		(*s)++;
		(*len)--;
	}
	while (*len && ows((*s)[*len - 1]))
		(*len)--;
}

static bool is(const char *s, size_t len, const char *word)
{
	return len == strlen(word) && !strncasecmp(s, word, len);
}

/* A qvalue: "0", "0.5", "1", "1.000" (at most 3 decimals); -1 when it is not one */
static int qvalue_permille(const char *s, size_t len)
{
	int v = 0, digits = 0;

	if (!len || (s[0] != '0' && s[0] != '1'))
		return -1;
	v = (s[0] - '0') * 1000;
	if (len == 1)
		return v;
	if (s[1] != '.' || len > 5)
		return -1;
	for (size_t i = 2; i < len; i++, digits++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v += (s[i] - '0') * (digits == 0 ? 100 : digits == 1 ? 10 : 1);
	}
	return v > 1000 ? -1 : v;
}

/* The weight of one media range (1000 when none is given), -1 when its q= is no qvalue */
static int weight(const char *params, size_t len)
{
	int q = 1000;

	while (len) {
		const char *semi = memchr(params, ';', len);
		size_t plen = semi ? (size_t)(semi - params) : len;
		const char *p = params;
		size_t n = plen;

		trim(&p, &n);
		if (n >= 2 && (p[0] == 'q' || p[0] == 'Q') && p[1] == '=')
			q = qvalue_permille(p + 2, n - 2);
		if (q < 0)
			return -1;
		params += plen;
		len -= plen;
		if (semi) {
			params++;
			len--;
		}
	}
	return q;
}

enum expo_format accept_format(const char *accept)
{
	int om = -1, text = -1;

	while (accept && *accept) {
		const char *comma = strchr(accept, ',');
		size_t len = comma ? (size_t)(comma - accept) : strlen(accept);
		const char *semi = memchr(accept, ';', len);
		const char *type = accept;
		size_t tlen = semi ? (size_t)(semi - accept) : len;
		int q = semi ? weight(semi + 1, len - tlen - 1) : 1000;

		trim(&type, &tlen);
		if (is(type, tlen, "application/openmetrics-text") && q > om)
			om = q;
		else if (is(type, tlen, "text/plain") && q > text)
			text = q;
		accept = comma ? comma + 1 : accept + len;
	}
	return om > 0 && om >= text ? EXPO_OPENMETRICS : EXPO_PROMETHEUS;
}
