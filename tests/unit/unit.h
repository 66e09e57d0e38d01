/* SPDX-License-Identifier: GPL-2.0 */
/* A tiny test harness: CHECK counts, main prints "<name>: N passed, N failed". */
#ifndef PMUCTL_UNIT_H
#define PMUCTL_UNIT_H

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static int unit_passed, unit_failed;

#define CHECK(cond)                                                                      \
	do {                                                                             \
		if (cond) {                                                              \
			unit_passed++;                                                   \
		} else {                                                                 \
			unit_failed++;                                                   \
			fprintf(stderr, "%s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #cond); \
		}                                                                        \
	} while (0)

#define CHECK_U64(got, want)                                                             \
	do {                                                                             \
		uint64_t g_ = (got), w_ = (want);                                        \
		if (g_ == w_) {                                                          \
			unit_passed++;                                                   \
		} else {                                                                 \
			unit_failed++;                                                   \
			fprintf(stderr, "%s:%d: %s = 0x%" PRIx64 ", want 0x%" PRIx64 "\n",   \
				__FILE__, __LINE__, #got, g_, w_);                       \
		}                                                                        \
	} while (0)

#define CHECK_STR(got, want)                                                             \
	do {                                                                             \
		const char *g_ = (got), *w_ = (want);                                    \
		if (g_ && w_ && !strcmp(g_, w_)) {                                       \
			unit_passed++;                                                   \
		} else {                                                                 \
			unit_failed++;                                                   \
			fprintf(stderr, "%s:%d: %s = '%s', want '%s'\n", __FILE__, __LINE__, \
				#got, g_ ? g_ : "(null)", w_ ? w_ : "(null)");           \
		}                                                                        \
	} while (0)

static inline int unit_report(const char *name)
{
	printf("%s: %d passed, %d failed\n", name, unit_passed, unit_failed);
	return unit_failed ? 1 : 0;
}

#endif
