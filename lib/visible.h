/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Text from outside (sysfs names, event lists, a metrics file) made safe to show: every code
 * point that does not print is escaped, so nothing a file holds can move a terminal's cursor,
 * end a line early or turn the text around. C0 controls, DEL and bytes that are not UTF-8
 * become \xNN; C1 controls (U+0080-U+009F, 8-bit CSI and NEL among them), the bidirectional
 * controls (U+061C, U+200E-F, U+202A-E, U+2066-9) and the line and paragraph separators
 * (U+2028-9) become \uNNNN. Everything else, other scripts included, is left as it is.
 */
#ifndef PMUCTL_VISIBLE_H
#define PMUCTL_VISIBLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The first unit of s that needs escaping (its code point in *cp, or -1 for a byte that is no
 * UTF-8), or NULL when none does */
const char *visible_find(const char *s, long *cp);
void visible_fput(const char *s, FILE *f);
/* Into buf (size bytes, NUL-ended, cut short at a whole unit); returns buf */
const char *visible_copy(const char *s, char *buf, size_t size);

#endif
