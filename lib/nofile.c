// SPDX-License-Identifier: GPL-2.0
/* The descriptors in use, from /proc/self/fd, and setrlimit(RLIMIT_NOFILE) up to the hard limit. */
#include <dirent.h>
#include <errno.h>
#include <sys/resource.h>
#include "lib/nofile.h"

/* Room left for libraries and the output file besides the counters */
#define NOFILE_SPARE 64

static size_t open_now(void)
{
	DIR *d = opendir("/proc/self/fd");
	size_t n = 0;

	if (!d)
		return NOFILE_SPARE;
	while (readdir(d))
		n++;
	closedir(d);
	return n;
}

int nofile_reserve(size_t more, struct nofile *nf)
{
	struct rlimit rl;

	nf->need = open_now() + more + NOFILE_SPARE;
	if (getrlimit(RLIMIT_NOFILE, &rl))
		return 0;	/* not known: the opens say what is wrong */
	nf->soft = (size_t)rl.rlim_cur;
	nf->hard = (size_t)rl.rlim_max;
	if (rl.rlim_cur == RLIM_INFINITY || nf->soft >= nf->need)
		return 0;
	if (rl.rlim_max != RLIM_INFINITY && nf->hard < nf->need)
		return -EMFILE;
	rl.rlim_cur = (rlim_t)nf->need;
	if (setrlimit(RLIMIT_NOFILE, &rl))
		return 0;	/* the opens say what is wrong */
	nf->soft = nf->need;
	return 0;
}
