// SPDX-License-Identifier: GPL-2.0
/* Each part is its own slice of the dump and its own libpci session, so parts share nothing. */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "topology/libpci_session.h"
#include "topology/pcidump_read.h"

/* A thread costs more than parsing a few functions */
#define FUNCTIONS_PER_PART_MIN 8
#define PARTS_MAX 8

struct part {
	const struct pci_dump *dump;
	struct pci_dump_keep keep; /* a sorted subset of the caller's */
	struct cfg_images img;
	struct diag diag;
	struct pmu_err err;
	int ret;
};

static int take_images(struct pci_access *pacc, void *arg)
{
	struct part *p = arg;
	size_t n = 0;

	for (struct pci_dev *d = pacc->devices; d; d = d->next)
		n++;
	p->img.v = calloc(n ? n : 1, sizeof(*p->img.v));
	if (!p->img.v)
		return -ENOMEM;
	for (struct pci_dev *d = pacc->devices; d; d = d->next) {
		struct cfg_image *im = &p->img.v[p->img.n++];

		im->fn = (struct pci_dump_fn){ (uint32_t)d->domain, d->bus, d->dev, d->func };
		im->len = libpci_read_config(d, im->bytes);
	}
	return 0;
}

static void *run_part(void *arg)
{
	struct part *p = arg;
	char path[64];
	int fd = pci_dump_slice_file(p->dump, &p->keep, PCI_DUMP_KEPT_ONLY, path, sizeof(path),
				     &p->err);

	if (fd < 0) {
		p->ret = fd;
		return NULL;
	}
	p->ret = libpci_session(path, NULL, &p->diag, take_images, p, &p->err);
	close(fd);
	return NULL;
}

static size_t part_count(size_t functions, const cpu_set_t *cpus)
{
	size_t n = functions / FUNCTIONS_PER_PART_MIN;

	if (n > (size_t)CPU_COUNT(cpus))
		n = (size_t)CPU_COUNT(cpus);
	if (n > PARTS_MAX)
		n = PARTS_MAX;
	return n ? n : 1;
}

/* Round robin, so each part stays sorted and gets its share of every domain */
static int split(const struct pci_dump *d, const struct pci_dump_keep *keep, struct part *parts,
		 size_t n)
{
	for (size_t i = 0; i < keep->n; i++) {
		const struct pci_dump_fn *f = &keep->v[i];

		if (pci_dump_keep_add(&parts[i % n].keep, f->domain, f->bus, f->dev, f->fn))
			return -ENOMEM;
	}
	for (size_t i = 0; i < n; i++)
		parts[i].dump = d;
	return 0;
}

/* All parts' images in one sorted array */
static int merge(struct part *parts, size_t n, struct cfg_images *out)
{
	size_t total = 0;

	for (size_t i = 0; i < n; i++)
		total += parts[i].img.n;
	out->v = malloc((total ? total : 1) * sizeof(*out->v));
	if (!out->v)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		memcpy(out->v + out->n, parts[i].img.v, parts[i].img.n * sizeof(*out->v));
		out->n += parts[i].img.n;
	}
	qsort(out->v, out->n, sizeof(*out->v), pci_dump_fn_cmp);
	return 0;
}

/*
 * Each thread on a CPU of its own, away from this one: left to the scheduler, a new thread
 * often starts on this CPU and waits for it, and the parts run one after the other.
 */
static bool start_part(pthread_t *tid, struct part *p, const cpu_set_t *cpus, int *next_cpu)
{
	pthread_attr_t attr;
	int here = sched_getcpu();
	bool ok;

	if (pthread_attr_init(&attr))
		return false;
	while (*next_cpu < CPU_SETSIZE && (!CPU_ISSET(*next_cpu, cpus) || *next_cpu == here))
		++*next_cpu;
	if (*next_cpu < CPU_SETSIZE) {
		cpu_set_t one;

		CPU_ZERO(&one);
		CPU_SET(*next_cpu, &one);
		pthread_attr_setaffinity_np(&attr, sizeof(one), &one);
		++*next_cpu;
	}
	ok = !pthread_create(tid, &attr, run_part, p);
	pthread_attr_destroy(&attr);
	return ok;
}

int pci_dump_read_images(const struct pci_dump *d, const struct pci_dump_keep *keep,
			 struct cfg_images *out, struct diag *diag, struct pmu_err *err)
{
	cpu_set_t cpus;
	size_t n;
	struct part *parts;
	pthread_t tid[PARTS_MAX];
	bool started[PARTS_MAX] = { false };
	int ret, next_cpu = 0;

	memset(out, 0, sizeof(*out));
	if (sched_getaffinity(0, sizeof(cpus), &cpus)) {
		CPU_ZERO(&cpus);
		CPU_SET(0, &cpus);
	}
	n = part_count(keep->n, &cpus);
	parts = calloc(n, sizeof(*parts));
	if (!parts)
		return pmu_err_set(err, -ENOMEM, "out of memory");
	ret = split(d, keep, parts, n);
	if (ret) {
		pmu_err_set(err, ret, "out of memory");
		goto out;
	}
	/* the last part runs in this thread, and so does a part whose thread cannot start */
	for (size_t i = 0; i + 1 < n; i++)
		started[i] = start_part(&tid[i], &parts[i], &cpus, &next_cpu);
	for (size_t i = 0; i < n; i++)
		if (i + 1 == n || !started[i])
			run_part(&parts[i]);
	for (size_t i = 0; i + 1 < n; i++)
		if (started[i])
			pthread_join(tid[i], NULL);
	for (size_t i = 0; i < n && !ret; i++) {
		if (parts[i].ret) {
			ret = parts[i].ret;
			*err = parts[i].err;
		}
	}
	for (size_t i = 0; i < n; i++)
		for (size_t m = 0; m < parts[i].diag.n; m++)
			diag_add(diag, "%s", parts[i].diag.msg[m]);
	if (!ret && merge(parts, n, out))
		ret = pmu_err_set(err, -ENOMEM, "out of memory");
out:
	for (size_t i = 0; i < n; i++) {
		pci_dump_keep_free(&parts[i].keep);
		cfg_images_free(&parts[i].img);
		diag_free(&parts[i].diag);
	}
	free(parts);
	return ret;
}

const struct cfg_image *cfg_images_find(const struct cfg_images *im, const struct pci_dump_fn *fn)
{
	return im->n ? bsearch(fn, im->v, im->n, sizeof(*im->v), pci_dump_fn_cmp) : NULL;
}

void cfg_images_free(struct cfg_images *im)
{
	free(im->v);
	memset(im, 0, sizeof(*im));
}
