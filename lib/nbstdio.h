/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Output that never blocks a stop signal. A counting run blocks its signals everywhere but in
 * signals_wait, so a write() to a pipe nobody reads, or a terminal on hold, would hold SIGTERM
 * off for as long as the reader likes (and a source's blocks programmed with it). Here such a
 * stream writes without blocking, on a description of its own (reopened through /proc, so
 * that a shell or a workload sharing the file sees no O_NONBLOCK), and waits for room in
 * signals_wait; once a stop signal has come it gives up at signals_give_up_at(), the write
 * failing with EINTR. A regular file never blocks and is left as it is.
 */
#ifndef PMUCTL_NBSTDIO_H
#define PMUCTL_NBSTDIO_H

#include <stdbool.h>
#include <stdio.h>

/*
 * stderr, and stdout unless a full-screen view draws on it, where they are pipes, FIFOs,
 * terminals or sockets, become such streams (once each; glibc lets the program set them). The
 * descriptors 1 and 2 are untouched: a workload started later inherits them as they were.
 */
void nbstdio_wrap_std(bool with_stdout);
/*
 * At exit, once their errors were checked: the wrapped streams are closed and stdout and
 * stderr are glibc's again, for whatever writes after (exit never closes a cookie stream,
 * whose state LeakSanitizer then reports)
 */
void nbstdio_unwrap_std(void);
/*
 * A stream over fd (taken: closed with the stream) that waits as above when fd is not a
 * regular file; fd is set O_NONBLOCK, so it must be a description of the caller's own. NULL
 * and errno when out of memory.
 */
FILE *nbstdio_fdopen(int fd, const char *mode);
/* Whether a write was given up on because a stop signal came: not a failure to report */
bool nbstdio_gave_up(void);

#endif
