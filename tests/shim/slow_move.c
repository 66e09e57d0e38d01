// SPDX-License-Identifier: GPL-2.0
/*
 * LD_PRELOAD test double for a busy CPU: a move to one CPU waits 50 ms before it is made, as
 * sched_setaffinity's migration waits until that CPU runs pmuctl. A move back to the whole
 * mask is not delayed.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <sched.h>
#include <time.h>

int sched_setaffinity(pid_t pid, size_t size, const cpu_set_t *mask)
{
	static int (*real)(pid_t, size_t, const cpu_set_t *);

	if (!real)
		real = (int (*)(pid_t, size_t, const cpu_set_t *))dlsym(RTLD_NEXT, "sched_setaffinity");
	if (CPU_COUNT_S(size, mask) == 1)
		nanosleep(&(struct timespec){ .tv_nsec = 50000000 }, NULL);
	return real(pid, size, mask);
}
