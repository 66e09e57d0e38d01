// SPDX-License-Identifier: GPL-2.0
/*
 * LD_PRELOAD test double for the counter reads: every read of a perf event reports half of its
 * enabled time as running, as when another perf user holds half of a PMU's counters. The
 * software PMUs the tests count on never multiplex, so this is how a test sees it. Both read
 * formats pmuctl asks for (one event; a group) hold time_enabled in word 1, time_running in 2.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

ssize_t read(int fd, void *buf, size_t count)
{
	static ssize_t (*real)(int, void *, size_t);
	char link[64], target[64];
	ssize_t n, len;

	if (!real)
		real = (ssize_t (*)(int, void *, size_t))dlsym(RTLD_NEXT, "read");
	n = real(fd, buf, count);
	if (n < 3 * (ssize_t)sizeof(uint64_t))
		return n;
	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	len = readlink(link, target, sizeof(target) - 1);
	if (len <= 0)
		return n;
	target[len] = '\0';
	if (!strcmp(target, "anon_inode:[perf_event]")) {
		uint64_t *word = buf;

		word[2] = word[1] / 2;
	}
	return n;
}
