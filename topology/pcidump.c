// SPDX-License-Identifier: GPL-2.0
/* The lines of a dump as libpci's dump_init sees them, checked before libpci parses them. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "lib/readall.h"
#include "topology/pcidump.h"

#define PCI_CFG_MAX 4096

static int too_big(const char *path, struct err_report *err)
{
	return err_set(err, -EFBIG, "dump: %s is larger than %u MiB; no machine's lspci dump is",
			   path, PCIDUMP_MAX >> 20);
}

/* Whole, with read(2): from a pipe, a terminal, or a file that changes while it is read */
/* libpci's dump_validate: '#' is a hex digit, anything else itself */
static bool matches(const char *s, size_t len, const char *fmt)
{
	size_t i;

	for (i = 0; fmt[i]; i++)
		if (i >= len || (fmt[i] == '#' ? !isxdigit((unsigned char)s[i]) : fmt[i] != s[i]))
			return false;
	return true;
}

/* "bb:dd.f " or "dddd:bb:dd.f " (4 or 5 domain digits), the patterns dump_init accepts */
static bool device_line(const char *s, size_t len)
{
	return matches(s, len, "##:##.# ") || matches(s, len, "####:##:##.# ") ||
	       matches(s, len, "#####:##:##.# ");
}

/* A device line but for a domain of 6 or more digits, which libpci's reader skips: how many */
static size_t long_domain(const char *s, size_t len)
{
	size_t n = 0;

	while (n < len && isxdigit((unsigned char)s[n]))
		n++;
	return n > 5 && matches(s + n, len - n, ":##:##.# ") ? n : 0;
}

/* A config line's offset: 2 to 8 hex digits and ": ", as libpci's patterns allow */
static bool config_line(const char *s, size_t len, unsigned long *offset)
{
	unsigned long v = 0;
	size_t n = 0;

	while (n < len && n < 9 && isxdigit((unsigned char)s[n])) {
		v = v << 4 | (unsigned long)(isdigit((unsigned char)s[n]) ? s[n] - '0' :
								      (s[n] | 0x20) - 'a' + 10);
		n++;
	}
	if (n < 2 || n > 8 || n + 2 > len || s[n] != ':' || s[n + 1] != ' ')
		return false;
	*offset = v;
	return true;
}

int pcidump_check(const char *text, size_t len, size_t *devices, struct err_report *err)
{
	const char *p = text, *end = text + len;
	bool in_device = false;
	size_t line = 0;

	*devices = 0;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t body = nl ? (size_t)(nl - p) : (size_t)(end - p);
		unsigned long offset;

		line++;
		/* libpci strips one CR, and an empty line ends a device */
		if (body && p[body - 1] == '\r')
			body--;
		if (device_line(p, body)) {
			in_device = true;
			++*devices;
		} else if (long_domain(p, body)) {
			return err_set(err, -ERANGE,
					   "dump: line %zu: domain '%.*s' has %zu hex digits; lspci -F and libpci's dump reader take 4 or 5 and skip the line",
					   line, (int)long_domain(p, body), p, long_domain(p, body));
		} else if (!body) {
			in_device = false;
		} else if (in_device && config_line(p, body, &offset) && offset >= PCI_CFG_MAX) {
			return err_set(err, -ERANGE,
					   "dump: line %zu: offset %lx is past the 4096 bytes of configuration space",
					   line, offset);
		}
		p = nl ? nl + 1 : end;
	}
	return 0;
}

static int copy_to_memfd(struct pcidump *d, const char *text, size_t len, struct err_report *err)
{
	size_t done = 0;

	d->fd = memfd_create("pmuctl-dump", MFD_CLOEXEC);
	if (d->fd < 0)
		return err_set(err, -errno, "dump: cannot create a memory file: %s",
				   strerror(errno));
	while (done < len) {
		ssize_t put = write(d->fd, text + done, len - done);

		if (put < 0 && errno == EINTR)
			continue;
		if (put < 0)
			return err_set(err, -errno, "dump: cannot copy the dump: %s",
					   strerror(errno));
		done += (size_t)put;
	}
	/* libpci opens the dump by name */
	snprintf(d->path, sizeof(d->path), "/proc/self/fd/%d", d->fd);
	if (access(d->path, R_OK))
		return err_set(err, -ENOENT,
				   "dump: %s is missing: pmuctl hands the dump to libpci through /proc, which must be mounted",
				   d->path);
	return 0;
}

int pcidump_open(const char *path, struct pcidump *d, struct err_report *err)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	char *text = NULL;
	size_t len = 0;
	int ret;

	d->fd = -1;
	d->devices = 0;
	if (fd < 0)
		return err_set(err, -errno, "dump: Cannot open %s: %s", path, strerror(errno));
	ret = read_all_fd(fd, PCIDUMP_MAX, &text, &len);
	close(fd);
	if (ret == -EFBIG)
		ret = too_big(path, err);
	else if (ret)
		ret = err_set(err, ret, "dump: cannot read %s: %s", path, strerror(-ret));
	if (!ret)
		ret = pcidump_check(text, len, &d->devices, err);
	if (!ret && !d->devices)
		ret = err_set(err, -EINVAL,
				  "dump: %s is not an lspci -x dump: no line names a device (like '0000:00:00.0 Host bridge: ...')",
				  path);
	if (!ret)
		ret = copy_to_memfd(d, text, len, err);
	free(text);
	if (ret)
		pcidump_close(d);
	return ret;
}

void pcidump_close(struct pcidump *d)
{
	if (d->fd >= 0)
		close(d->fd);
	d->fd = -1;
}
