/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A daemon's log that never holds the daemon: stderr becomes a stream whose lines go into a
 * bounded buffer, written out without blocking whenever the reader takes them. When the buffer
 * is full a line is dropped and counted, and one line says how many once there is room again.
 * A regular file takes every write at once and is left as it is.
 */
#ifndef PMUCTL_LOGLINES_H
#define PMUCTL_LOGLINES_H

#include <stddef.h>
#include <stdint.h>

/* The buffer: a few hundred lines of a flood of refused requests */
#define LOGLINES_CAP 65536

/* stderr becomes such a stream (once; later calls do nothing); -errno when it cannot be */
int loglines_take_stderr(size_t cap);
/* The descriptor to wait on for room while lines wait in the buffer, else -1 */
int loglines_fd(void);
/* Write what the reader takes now, never waiting */
void loglines_flush(void);
/* The lines dropped since the start */
uint64_t loglines_dropped(void);
/* At the end: what the reader takes now written, the rest dropped, glibc's stderr back */
void loglines_release(void);

#endif
