/* SPDX-License-Identifier: GPL-2.0 */
/*
 * stat -o FILE as perf writes it: opened once, each report appended as it is printed, so
 * that tail -f sees every interval. A report that cannot be written whole is cut off again:
 * the file holds whole reports only.
 */
#ifndef PMUCTL_STREAM_H
#define PMUCTL_STREAM_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

struct stream {
	FILE *f;		/* stdout for "-" */
	const char *path;
	off_t start;		/* where the report being written began; -1 if not seekable */
	bool had_data;		/* --append to a file that already holds reports */
};

/* Truncate FILE, or append to it; prints its error. 0 or -errno. */
int stream_open(struct stream *s, const char *path, bool append);
void stream_report_begin(struct stream *s);
/* Flush the report; on a write error cut it off, print the error, and return -errno */
int stream_report_end(struct stream *s);
int stream_close(struct stream *s);

#endif
