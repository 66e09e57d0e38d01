// SPDX-License-Identifier: GPL-2.0
/*
 * stat --append: the reports a file holds already are told apart by its first line, so that
 * a run never writes another format, or CSV or perf -x lines with another separator, under them.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "cmd/pmuctl.h"
#include "cmd/out/stream.h"

#define PERF_LINES "perf -x lines"

struct file_kind {
	const char *what;	/* "JSON lines", "CSV", "perf -x lines", "a text table" */
	char sep[16];		/* CSV, perf -x: the separator */
};

/* perf -x's first field: a time, a count, S<socket>, CPU<n> or <not counted>; its length */
static size_t perf_token(const char *s)
{
	size_t n = 0;

	if (*s == '<')
		return strcspn(s, ">") + (s[strcspn(s, ">")] == '>');
	if (!strncmp(s, "CPU", 3))
		n = 3;
	else if (*s == 'S')
		n = 1 + (s[1] == '-');
	while (isdigit((unsigned char)s[n]) || (s[n] == '.' && n))
		n++;
	return n;
}

/*
 * A CSV table's header starts with a column name and the separator; JSON lines with '{';
 * perf -x lines with a number (after perf's padding of the time) or S0, CPU0, <not counted>,
 * or with the separator of an empty field; else a table
 */
static void kind_of_line(const char *line, struct file_kind *k)
{
	size_t word = 0, sep;
	const char *p = line + strspn(line, " ");

	*k = (struct file_kind){ .what = "a text table" };
	if (line[0] == '{') {
		k->what = "JSON lines";
		return;
	}
	while (islower((unsigned char)line[word]) || line[word] == '_')
		word++;
	sep = strcspn(line + word, "abcdefghijklmnopqrstuvwxyz_");
	if (word && sep && line[word] != ' ' && sep < sizeof(k->sep)) {
		k->what = "CSV";
		memcpy(k->sep, line + word, sep);
		return;
	}
	word = perf_token(p);
	sep = strcspn(p + word, "0123456789<abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_");
	/* the text table's columns are spaces apart ("Performance counter stats", "0.1   1,000") */
	if (!sep || sep >= sizeof(k->sep) || strspn(p + word, " ") == sep)
		return;
	k->what = PERF_LINES;
	memcpy(k->sep, p + word, sep);
}

/* perf -x lines: their sep is the run of separators after the first field */
static bool perf_lines(const struct file_kind *k)
{
	return !strcmp(k->what, PERF_LINES);
}

/* Whether have's separator is want's: a run after empty fields is want's repeated */
static bool same_sep(const struct file_kind *have, const struct file_kind *want)
{
	size_t n = strlen(want->sep), run = strlen(have->sep);

	if (!perf_lines(have))
		return !strcmp(have->sep, want->sep);
	if (!n || run % n)
		return false;
	for (size_t i = 0; i < run; i += n)
		if (strncmp(have->sep + i, want->sep, n))
			return false;
	return true;
}

static const char *describe(const struct file_kind *k, char *buf, size_t size)
{
	if (!*k->sep || perf_lines(k))
		return k->what;
	snprintf(buf, size, "%s separated by '%s'", k->what, k->sep);
	return buf;
}

int stream_check_append(const struct stream *s, bool json, bool table, const char *sep)
{
	struct file_kind have, want = { .what = json ? "JSON lines" : !sep ? "a text table" :
						table ? "CSV" : PERF_LINES };
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
	if (!strcmp(have.what, want.what) && same_sep(&have, &want))
		return 0;
	p_err("cannot append to '%s': it holds %s (its first line: '%s') and this run writes %s; give the options it was written with, or another file",
	      s->out.path, describe(&have, a, sizeof(a)), safe_str(line, shown, sizeof(shown)),
	      describe(&want, b, sizeof(b)));
	return -EINVAL;
}
