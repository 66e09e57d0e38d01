// SPDX-License-Identifier: GPL-2.0
/* Escaping what does not print: a small UTF-8 decoder and a list of invisible code points. */
#include <stdint.h>
#include <string.h>
#include "lib/visible.h"

/* The code point at s and its length in bytes; 0 when s starts no well-formed sequence */
static size_t decode(const unsigned char *s, uint32_t *cp)
{
	size_t len;
	uint32_t min;

	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	if ((s[0] & 0xe0) == 0xc0) {
		len = 2, min = 0x80, *cp = s[0] & 0x1f;
	} else if ((s[0] & 0xf0) == 0xe0) {
		len = 3, min = 0x800, *cp = s[0] & 0x0f;
	} else if ((s[0] & 0xf8) == 0xf0) {
		len = 4, min = 0x10000, *cp = s[0] & 0x07;
	} else {
		return 0;
	}
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		*cp = (*cp << 6) | (s[i] & 0x3f);
	}
	/* overlong forms, surrogates and what lies past U+10FFFF are not UTF-8 */
	if (*cp < min || (*cp >= 0xd800 && *cp <= 0xdfff) || *cp > 0x10ffff)
		return 0;
	return len;
}

static bool invisible(uint32_t cp)
{
	return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || cp == 0x61c || cp == 0x200e || cp == 0x200f ||
	       (cp >= 0x2028 && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
}

/*
 * The next unit of s: its bytes, or the escape of them in esc; returns the bytes of s it
 * takes. *out is s or esc, *len what to write.
 */
static size_t next_unit(const char *s, char esc[8], const char **out, size_t *len)
{
	uint32_t cp;
	size_t n = decode((const unsigned char *)s, &cp);

	if (n && !invisible(cp)) {
		*out = s;
		*len = n;
		return n;
	}
	*out = esc;
	if (!n || cp < 0x80)
		*len = (size_t)snprintf(esc, 8, "\\x%02x", (unsigned char)*s);
	else
		*len = (size_t)snprintf(esc, 8, "\\u%04x", (unsigned)cp);
	return n ? n : 1;
}

/* The run of printable ASCII at s, which needs no decoding: most names are all of it */
static size_t ascii_run(const char *s)
{
	size_t n = 0;

	while ((unsigned char)s[n] >= 0x20 && (unsigned char)s[n] < 0x7f)
		n++;
	return n;
}

const char *visible_find(const char *s, long *cp)
{
	while (s && *s) {
		uint32_t c;
		size_t n = decode((const unsigned char *)s, &c);

		if (!n || invisible(c)) {
			*cp = n ? (long)c : -1;
			return s;
		}
		s += n;
	}
	return NULL;
}

void visible_fput(const char *s, FILE *f)
{
	while (s && *s) {
		char esc[8];
		const char *out;
		size_t len = ascii_run(s);

		if (len) {
			fwrite(s, 1, len, f);
			s += len;
			continue;
		}
		s += next_unit(s, esc, &out, &len);
		fwrite(out, 1, len, f);
	}
}

const char *visible_copy(const char *s, char *buf, size_t size)
{
	size_t o = 0;

	if (!size)
		return buf;
	while (s && *s) {
		char esc[8];
		const char *out;
		size_t len, n = ascii_run(s);

		if (n) {
			/* a run is cut anywhere: each of its bytes is a whole unit */
			len = n = n < size - 1 - o ? n : size - 1 - o;
			out = s;
		} else {
			n = next_unit(s, esc, &out, &len);
		}
		if (!len || o + len >= size)
			break;
		memcpy(buf + o, out, len);
		o += len;
		s += n;
	}
	buf[o] = '\0';
	return buf;
}
