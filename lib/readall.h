/* SPDX-License-Identifier: GPL-2.0 */
/* A whole input file in memory, bounded: recordings (--input) and metric files. */
#ifndef PMUCTL_READALL_H
#define PMUCTL_READALL_H

#include <stddef.h>

/*
 * The whole of path ("-": standard input) as a NUL-terminated buffer of len bytes. 0, or
 * -EFBIG beyond max bytes, -EISDIR for a directory, -errno when a read fails (a read error
 * is never taken for the end); *text is NULL on every error.
 */
int read_all(const char *path, size_t max, char **text, size_t *len);
/*
 * The same for a configuration file: opened without blocking and read only when it is a
 * regular file (-EISDIR, or -EINVAL for a FIFO, a device or a socket, which could hold the
 * reader for ever)
 */
int read_regular(const char *path, size_t max, char **text, size_t *len);
/* The same from an open fd, read to its end */
int read_all_fd(int fd, size_t max, char **text, size_t *len);

#endif
