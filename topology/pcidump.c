// SPDX-License-Identifier: GPL-2.0
/* Slices an lspci hex dump by line; libpci still parses every byte that is kept. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>
#include "topology/pcidump.h"

/* libpci reads lines with fgets into 255 bytes: a longer line is its error to report */
#define LIBPCI_LINE_MAX 254
#define PCI_CFG_MAX 4096

static int too_big(const char *path, struct pmu_err *err)
{
	return pmu_err_set(err, -EFBIG,
			   "dump: %s is larger than %u MiB; no machine's lspci dump is", path,
			   PCI_DUMP_MAX >> 20);
}

/* Pipes and other files without a size are read whole */
static int read_stream(int fd, const char *path, struct pci_dump *d, struct pmu_err *err)
{
	size_t cap = 0;

	for (;;) {
		ssize_t got;

		if (d->len == cap) {
			char *grown;

			if (cap >= PCI_DUMP_MAX)
				return too_big(path, err);
			cap = cap ? cap * 2 : 1 << 16;
			grown = realloc(d->text, cap);
			if (!grown)
				return pmu_err_set(err, -ENOMEM, "out of memory");
			d->text = grown;
		}
		got = read(fd, d->text + d->len, cap - d->len);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			return pmu_err_set(err, -errno, "dump: cannot read %s: %s", path,
					   strerror(errno));
		if (!got)
			return 0;
		d->len += (size_t)got;
	}
}

int pci_dump_load(const char *path, struct pci_dump *d, struct pmu_err *err)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	int ret = 0;

	memset(d, 0, sizeof(*d));
	if (fd < 0)
		return pmu_err_set(err, -errno, "dump: Cannot open %s: %s", path, strerror(errno));
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || !st.st_size) {
		ret = read_stream(fd, path, d, err);
	} else if ((unsigned long long)st.st_size > PCI_DUMP_MAX) {
		ret = too_big(path, err);
	} else {
		/* mapped, not copied: copying the dump cost as much as slicing it */
		void *m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd,
			       0);

		if (m == MAP_FAILED) {
			ret = read_stream(fd, path, d, err);
		} else {
			d->text = m;
			d->len = (size_t)st.st_size;
			d->mapped = true;
		}
	}
	close(fd);
	if (ret)
		pci_dump_free(d);
	return ret;
}

void pci_dump_free(struct pci_dump *d)
{
	if (d->mapped)
		munmap(d->text, d->len);
	else
		free(d->text);
	memset(d, 0, sizeof(*d));
}

int pci_dump_fn_cmp(const void *a, const void *b)
{
	const struct pci_dump_fn *x = a, *y = b;

	if (x->domain != y->domain)
		return x->domain < y->domain ? -1 : 1;
	if (x->bus != y->bus)
		return x->bus < y->bus ? -1 : 1;
	if (x->dev != y->dev)
		return x->dev < y->dev ? -1 : 1;
	return (int)x->fn - (int)y->fn;
}

int pci_dump_keep_add(struct pci_dump_keep *k, uint32_t domain, uint8_t bus, uint8_t dev,
		      uint8_t fn)
{
	if (k->n == k->cap) {
		size_t cap = k->cap ? k->cap * 2 : 64;
		struct pci_dump_fn *v = realloc(k->v, cap * sizeof(*v));

		if (!v)
			return -ENOMEM;
		k->v = v;
		k->cap = cap;
	}
	k->v[k->n++] = (struct pci_dump_fn){ domain, bus, dev, fn };
	return 0;
}

void pci_dump_keep_seal(struct pci_dump_keep *k)
{
	if (k->n)
		qsort(k->v, k->n, sizeof(*k->v), pci_dump_fn_cmp);
}

void pci_dump_keep_free(struct pci_dump_keep *k)
{
	free(k->v);
	memset(k, 0, sizeof(*k));
}

/* libpci's dump_validate: '#' is a hex digit, anything else itself */
static bool matches(const char *s, size_t len, const char *fmt)
{
	size_t i;

	for (i = 0; fmt[i]; i++)
		if (i >= len || (fmt[i] == '#' ? !isxdigit((unsigned char)s[i]) : fmt[i] != s[i]))
			return false;
	return true;
}

/* A device line, as libpci's dump_init takes it: "bb:dd.f " or "dddd:bb:dd.f " (4 or 5 digits) */
static bool device_line(const char *s, size_t len, struct pci_dump_fn *f)
{
	char buf[LIBPCI_LINE_MAX + 1];
	unsigned mn = 0, bn, dn;
	bool short_form = matches(s, len, "##:##.# ");
	int fn;

	if (!short_form && !matches(s, len, "####:##:##.# ") && !matches(s, len, "#####:##:##.# "))
		return false;
	memcpy(buf, s, len);
	buf[len] = 0;
	if (short_form ? sscanf(buf, "%x:%x.%d", &bn, &dn, &fn) != 3 :
			 sscanf(buf, "%x:%x:%x.%d", &mn, &bn, &dn, &fn) != 4)
		return false;
	*f = (struct pci_dump_fn){ mn, (uint8_t)bn, (uint8_t)dn, (uint8_t)fn };
	return true;
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = (char)(c | 0x20);
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* A config line's offset: 2 to 8 hex digits and ": ", as libpci's patterns allow */
static bool config_line(const char *s, size_t len, unsigned long *offset)
{
	unsigned long v = 0;
	size_t n = 0;
	int x;

	while (n < len && n < 9 && (x = hex_digit(s[n])) >= 0) {
		v = v << 4 | (unsigned)x;
		n++;
	}
	if (n < 2 || n > 8 || n + 2 > len || s[n] != ':' || s[n + 1] != ' ')
		return false;
	*offset = v;
	return true;
}

/* Kept runs are written up to 1024 at a time, not one write per function */
struct runs {
	struct iovec v[1024];
	int n;
	int fd;
};

static int flush_runs(struct runs *r)
{
	struct iovec *v = r->v;
	int n = r->n;

	while (n) {
		ssize_t put = writev(r->fd, v, n);

		if (put < 0 && errno == EINTR)
			continue;
		if (put < 0)
			return -errno;
		while (n && (size_t)put >= v->iov_len) {
			put -= (ssize_t)v->iov_len;
			v++;
			n--;
		}
		if (n) {
			v->iov_base = (char *)v->iov_base + put;
			v->iov_len -= (size_t)put;
		}
	}
	r->n = 0;
	return 0;
}

static int add_run(struct runs *r, const char *p, size_t len)
{
	if (!len)
		return 0;
	r->v[r->n++] = (struct iovec){ (void *)p, len };
	return r->n == (int)(sizeof(r->v) / sizeof(r->v[0])) ? flush_runs(r) : 0;
}

static bool kept(const struct pci_dump_keep *keep, const struct pci_dump_fn *f)
{
	return keep && keep->n && bsearch(f, keep->v, keep->n, sizeof(*keep->v), pci_dump_fn_cmp);
}

int pci_dump_slice(const struct pci_dump *d, const struct pci_dump_keep *keep,
		   enum pci_dump_cut cut, int fd, struct pmu_err *err)
{
	size_t from = cut == PCI_DUMP_HEADERS ? PCI_DUMP_HEADER_BYTES : 0;
	const char *p = d->text, *end = d->text + d->len;
	const char *run = p; /* lines kept since the last one dropped, written at once */
	bool in_device = false, whole = true, any_nul = memchr(p, 0, d->len) != NULL;
	size_t line = 0;
	struct runs *out = malloc(sizeof(*out));
	int ret = 0;

	if (!out)
		return pmu_err_set(err, -ENOMEM, "out of memory");
	out->n = 0;
	out->fd = fd;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *next = nl ? nl + 1 : end;
		size_t len = (size_t)(next - p), body = nl ? (size_t)(nl - p) : len;
		struct pci_dump_fn f;
		unsigned long offset;

		line++;
		if (body && p[body - 1] == '\r')
			body--;
		/* what libpci refuses goes through unchanged, so that libpci says so */
		if (!nl || len > LIBPCI_LINE_MAX || (any_nul && memchr(p, 0, len))) {
			p = next;
			continue;
		}
		/* the two line shapes cannot both match, so the common one is tried first */
		if (config_line(p, body, &offset)) {
			if (!in_device) {
				p = next;
				continue;
			}
			/* libpci keeps the offset in an int: 8 digits would write before its buffer */
			if (offset >= PCI_CFG_MAX) {
				ret = pmu_err_set(
					err, -ERANGE,
					"dump: line %zu: offset %lx is past the 4096 bytes of "
					"configuration space",
					line, offset);
				goto out;
			}
			if (!whole && offset >= from) {
				ret = add_run(out, run, (size_t)(p - run));
				if (ret)
					goto write_failed;
				run = next;
			}
		} else if (device_line(p, body, &f)) {
			in_device = true;
			whole = kept(keep, &f);
			if (!whole && cut == PCI_DUMP_KEPT_ONLY) {
				ret = add_run(out, run, (size_t)(p - run));
				if (ret)
					goto write_failed;
				run = next;
			}
		} else if (!body) {
			in_device = false;
		}
		p = next;
	}
	ret = add_run(out, run, (size_t)(end - run));
	if (!ret)
		ret = flush_runs(out);
write_failed:
	if (ret)
		pmu_err_set(err, ret, "dump: cannot write the sliced dump: %s", strerror(-ret));
out:
	free(out);
	return ret;
}

int pci_dump_slice_file(const struct pci_dump *d, const struct pci_dump_keep *keep,
			enum pci_dump_cut cut, char *path, size_t size, struct pmu_err *err)
{
	int fd = memfd_create("pmuctl-dump", MFD_CLOEXEC);
	int ret;

	if (fd < 0)
		return pmu_err_set(err, -errno, "dump: cannot create a memory file: %s",
				   strerror(errno));
	ret = pci_dump_slice(d, keep, cut, fd, err);
	if (ret) {
		close(fd);
		return ret;
	}
	/* libpci opens the dump by name */
	snprintf(path, size, "/proc/self/fd/%d", fd);
	if (access(path, R_OK)) {
		close(fd);
		return pmu_err_set(err, -ENOENT,
				   "dump: %s is missing: pmuctl hands the dump to libpci "
				   "through /proc, which must be mounted",
				   path);
	}
	return fd;
}
