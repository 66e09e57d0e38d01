/* SPDX-License-Identifier: GPL-2.0 */
/* Strings joined without a format: snprintf("%s%s...") costs a thousand instructions a call. */
#ifndef PMUCTL_STRJOIN_H
#define PMUCTL_STRJOIN_H

#include <stddef.h>

/*
 * parts up to NULL, joined into buf as snprintf(buf, size, "%s%s...") writes them: cut to fit,
 * always terminated when size > 0. Returns the joined length, as snprintf does.
 */
size_t strjoin_intov(char *buf, size_t size, const char *const *parts);
/* parts up to NULL, joined in a new allocation; NULL when out of memory */
char *strjoin_dupv(const char *const *parts);

/* strjoin_into(buf, size, "a", b, "c"): the list and its NULL made by the compiler */
#define strjoin_into(buf, size, ...) strjoin_intov(buf, size, (const char *const[]){ __VA_ARGS__, NULL })
#define strjoin_dup(...) strjoin_dupv((const char *const[]){ __VA_ARGS__, NULL })

#endif
