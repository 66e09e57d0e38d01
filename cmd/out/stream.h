/* SPDX-License-Identifier: GPL-2.0 */
/*
 * stat -o FILE as perf writes it: with -I, opened once and each report appended as it is
 * printed, so that tail -f sees every interval; a report that cannot be written whole is cut
 * off again, so the file holds whole reports only. A run that prints one report replaces the
 * file whole when it ends, and keeps the old one if it fails. cmd/out/outfile.c opens it.
 */
#ifndef PMUCTL_STREAM_H
#define PMUCTL_STREAM_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>
#include "cmd/out/outfile.h"

struct stream {
	FILE *f;		/* stdout without -o FILE, or for "-" */
	struct outfile out;
	off_t start;		/* where the report being written began; -1 if not seekable */
	bool had_data;		/* --append to a file that already holds reports */
};

/* Open FILE: truncated (reports), appended to, or replaced at close (one report); prints its
 * error. 0 or -errno. */
int stream_open(struct stream *s, const char *path, bool append, bool reports);
/* --append: -EINVAL, said, when the file holds reports in another format (json; the CSV table
 * with sep; perf -x lines with sep; or the text table when sep is unset) than this run writes */
int stream_check_append(const struct stream *s, bool json, bool table, const char *sep);
void stream_report_begin(struct stream *s);
/* Flush the report; on a write error cut it off, print the error, and return -errno */
int stream_report_end(struct stream *s);
/* Close; a replacement takes the target's place only when ok */
int stream_close(struct stream *s, bool ok);

#endif
