// SPDX-License-Identifier: GPL-2.0
/* read(2) until the end, growing by doubling, never past the bound. */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "lib/readall.h"

#define READ_CHUNK 65536

int read_all_fd(int fd, size_t max, char **text, size_t *len)
{
	size_t cap = 0;
	char *b = NULL;

	*text = NULL;
	*len = 0;
	for (;;) {
		ssize_t got;

		if (*len == cap) {
			size_t want = cap ? cap * 2 : READ_CHUNK;
			char *nb;

			/* one byte past the bound tells a file of exactly max bytes from a longer one */
			if (want > max + 1)
				want = max + 1;
			if (want <= cap) {
				free(b);
				return -EFBIG;
			}
			nb = realloc(b, want + 1);
			if (!nb) {
				free(b);
				return -ENOMEM;
			}
			b = nb;
			cap = want;
		}
		got = read(fd, b + *len, cap - *len);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			int e = errno;

			free(b);
			return -e;
		}
		if (!got)
			break;
		*len += (size_t)got;
	}
	if (*len > max) {
		free(b);
		return -EFBIG;
	}
	if (!b && !(b = malloc(1)))
		return -ENOMEM;
	b[*len] = '\0';
	*text = b;
	return 0;
}

int read_all(const char *path, size_t max, char **text, size_t *len)
{
	bool is_stdin = !strcmp(path, "-");
	int fd = is_stdin ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	int ret;

	*text = NULL;
	*len = 0;
	if (fd < 0)
		return -errno;
	if (!fstat(fd, &st) && S_ISDIR(st.st_mode))
		ret = -EISDIR;
	else
		ret = read_all_fd(fd, max, text, len);
	if (!is_stdin)
		close(fd);
	return ret;
}

int read_regular(const char *path, size_t max, char **text, size_t *len)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	struct stat st;
	int ret;

	*text = NULL;
	*len = 0;
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st))
		ret = -errno;
	else if (!S_ISREG(st.st_mode))
		ret = S_ISDIR(st.st_mode) ? -EISDIR : -EINVAL;
	else
		ret = read_all_fd(fd, max, text, len);
	close(fd);
	return ret;
}
