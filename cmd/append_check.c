// SPDX-License-Identifier: GPL-2.0
/*
 * stat --append: the reports a file holds already are told apart by its first line, so that
 * a run never writes another format, or CSV with another separator, under them.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "cmd/pmuctl.h"
#include "cmd/stream.h"

struct file_kind {
	const char *what;	/* "JSON lines", "CSV", "a text table" */
	char sep[16];		/* CSV: the separator after the header's first word */
};

/* A CSV header starts with a column name and the separator; JSON lines with '{'; else a table */
static void kind_of_line(const char *line, struct file_kind *k)
{
	size_t word = 0, sep;

	*k = (struct file_kind){ .what = "a text table" };
	if (line[0] == '{') {
		k->what = "JSON lines";
		return;
	}
	while (islower((unsigned char)line[word]) || line[word] == '_')
		word++;
	sep = strcspn(line + word, "abcdefghijklmnopqrstuvwxyz_");
	if (!word || !sep || line[word] == ' ' || sep >= sizeof(k->sep))
		return;
	k->what = "CSV";
	memcpy(k->sep, line + word, sep);
}

static const char *describe(const struct file_kind *k, char *buf, size_t size)
{
	if (strcmp(k->what, "CSV"))
		return k->what;
	snprintf(buf, size, "CSV separated by '%s'", k->sep);
	return buf;
}

int stream_check_append(const struct stream *s, bool json, const char *sep)
{
	struct file_kind have, want = { .what = json ? "JSON lines" : sep ? "CSV" : "a text table" };
	char buf[256], a[64], b[64], shown[256], *line;
	ssize_t n;
	int fd;

	if (!s->had_data || s->f == stdout)
		return 0;
	if (sep && !json)
		snprintf(want.sep, sizeof(want.sep), "%s", sep);
	fd = open(s->out.path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return 0;	/* written, not read: a FIFO or a write-only file is taken as it is */
	n = pread(fd, buf, sizeof(buf) - 1, 0);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	/* the table starts with a blank line: the first line shown is one with something on it */
	line = buf + strspn(buf, "\n");
	line[strcspn(line, "\n")] = '\0';
	kind_of_line(line, &have);
	if (!strcmp(have.what, want.what) && !strcmp(have.sep, want.sep))
		return 0;
	p_err("cannot append to '%s': it holds %s (its first line: '%s') and this run writes %s; give the options it was written with, or another file",
	      s->out.path, describe(&have, a, sizeof(a)), safe_str(line, shown, sizeof(shown)),
	      describe(&want, b, sizeof(b)));
	return -EINVAL;
}
