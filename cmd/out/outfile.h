/* SPDX-License-Identifier: GPL-2.0 */
/*
 * stat -o FILE, written safely where others may own the directory (a textfile collector's,
 * under root): the last component is never followed if it is a symbolic link (refused, said
 * so), a file is replaced by renaming a new one made beside it (O_EXCL, O_NOFOLLOW) over it
 * within the directory opened once, and any failure keeps the old file. The new file has no
 * name until it is kept (O_TMPFILE, where the file system has it), so a pmuctl killed while
 * writing leaves nothing behind. A FIFO or character
 * device (a terminal, /dev/null) is written in place; "-" is standard output.
 */
#ifndef PMUCTL_OUTFILE_H
#define PMUCTL_OUTFILE_H

#include <stdbool.h>
#include <stdio.h>

enum outfile_mode {
	OUTFILE_REPLACE,	/* whole or nothing: the file changes at close, if kept */
	OUTFILE_TRUNCATE,	/* perf's -o: emptied now, written as the run goes */
	OUTFILE_APPEND,		/* --append */
};

struct outfile {
	FILE *f;
	const char *path;	/* as the user gave it, for messages */
	int dirfd;		/* the directory a replacement is renamed in; -1 otherwise */
	char *base;		/* the target's name in it */
	char *tmp;		/* the new file's name beside it, until renamed */
	bool anonymous;		/* the new file has no name until it is kept (O_TMPFILE) */
	bool had_data;		/* APPEND to a file that was not empty */
};

/* Open path for writing; prints its error. 0 or -errno (-ELOOP: a symbolic link). */
int outfile_open(struct outfile *o, const char *path, enum outfile_mode mode);
/*
 * Flush and close. A replacement is synced and renamed over the target when keep, else
 * removed, as on any error (the old file stays). Prints its error when keep. 0 or -errno.
 */
int outfile_close(struct outfile *o, bool keep);

#endif
