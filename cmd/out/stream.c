// SPDX-License-Identifier: GPL-2.0
/* stat -o: a file opened once and written report by report */
#include <errno.h>
#include <string.h>
#include <unistd.h>
#include "cmd/pmuctl.h"
#include "cmd/out/stream.h"
#include "lib/nbstdio.h"

int stream_open(struct stream *s, const char *path, bool append, bool reports)
{
	enum outfile_mode mode = append ? OUTFILE_APPEND : reports ? OUTFILE_TRUNCATE : OUTFILE_REPLACE;
	int ret = outfile_open(&s->out, path, mode);

	s->f = ret ? stdout : s->out.f;
	s->start = -1;
	s->had_data = s->out.had_data;
	return ret;
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
	if (s->f != stdout && !nbstdio_gave_up())
		p_err("cannot write '%s': %s", s->out.path, strerror(e));
	return -e;
}

int stream_close(struct stream *s, bool ok)
{
	int ret = s->out.f ? outfile_close(&s->out, ok) : 0;

	s->f = NULL;
	return ret;
}
