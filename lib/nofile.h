/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Open files for thousands of counters: each perf counter is a file descriptor, and systemd's
 * default soft limit (1,024) is below what a large machine's --per-device needs. As perf
 * does (rlimit__increase_nofile), the soft limit is raised toward the hard one.
 */
#ifndef PMUCTL_NOFILE_H
#define PMUCTL_NOFILE_H

#include <stddef.h>

struct nofile {
	size_t need;		/* descriptors open now and the ones to come */
	size_t soft, hard;	/* the limits, the soft one as raised */
};

/*
 * Make room for more open files: raise the soft limit to what they need (at most the hard
 * one). 0, or -EMFILE when the hard limit is below the need (nf says both).
 */
int nofile_reserve(size_t more, struct nofile *nf);

#endif
