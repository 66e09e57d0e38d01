// SPDX-License-Identifier: GPL-2.0
/* stat -o: a file opened once and written report by report */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include "cmd/pmuctl.h"
#include "cmd/stream.h"

int stream_open(struct stream *s, const char *path, bool append)
{
	int fd;

	*s = (struct stream){ .f = stdout, .path = path, .start = -1 };
	if (!strcmp(path, "-"))
		return 0;
	/* as perf's fopen "w" / "a": created 0666 less the umask */
	fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | (append ? O_APPEND : O_TRUNC), 0666);
	if (fd < 0 || !(s->f = fdopen(fd, append ? "a" : "w"))) {
		int e = errno;

		if (fd >= 0)
			close(fd);
		s->f = stdout;
		p_err("cannot write '%s': %s", path, strerror(e));
		return -e;
	}
	s->had_data = append && lseek(fd, 0, SEEK_END) > 0;
	return 0;
}

void stream_report_begin(struct stream *s)
{
	s->start = s->f == stdout ? -1 : ftello(s->f);
}

int stream_report_end(struct stream *s)
{
	int e;

	if (!fflush(s->f) && !ferror(s->f))
		return 0;
	e = errno ? errno : EIO;
	/* only whole reports stay: a FIFO or a terminal cannot be cut, and keeps what it got */
	if (s->start >= 0 && ftruncate(fileno(s->f), s->start))
		(void)0;
	if (s->f != stdout)
		p_err("cannot write '%s': %s", s->path, strerror(e));
	return -e;
}

int stream_close(struct stream *s)
{
	int ret = 0;

	if (s->f && s->f != stdout && fclose(s->f)) {
		ret = -errno;
		p_err("cannot write '%s': %s", s->path, strerror(errno));
	}
	s->f = NULL;
	return ret;
}
