// SPDX-License-Identifier: GPL-2.0
/* The end of output: what could not be written is an error, said once; a reader gone is not. */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "cmd/pmuctl.h"
#include "lib/nbstdio.h"

bool reader_gone(void)
{
	struct pollfd p = { .fd = STDOUT_FILENO };

	return poll(&p, 1, 0) == 1 && (p.revents & POLLERR);
}

int finish_output(int code)
{
	static bool said;
	/* a write that failed inside stdio (a long --help) left its mark, not its errno: -1 */
	int e = fflush(stdout) ? errno : ferror(stdout) ? -1 : 0;

	/* output given up on by a stop signal (lib/nbstdio.h) is not a failure to report */
	if (!e || said || e == EPIPE || reader_gone() || nbstdio_gave_up())
		return said ? EXIT_FAIL : code;
	said = true;
	fprintf(stderr, "pmuctl: error: cannot write output: %s\n",
		e < 0 ? "a write to standard output failed" : strerror(e));
	return EXIT_FAIL;
}
