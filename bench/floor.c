// SPDX-License-Identifier: GPL-2.0
/*
 * The floor of a counting run: what any tool must pay to count what a pmuctl plan counts, and
 * nothing else. It reads the sysfs files a tool cannot do without (each PMU's type and cpumask,
 * each PCI function's config space, to place the functions), opens the plan's counters as the
 * plan groups them, enables them, reads each one every interval, and closes them. No names, no
 * formulas, no output.
 * usage: floor PLAN SYSFS_ROOT INTERVAL_MS INTERVALS [names] [follow] [encode]
 *   PLAN: one line a counter, "pmu type config config1 config2 cpu group" (hex configs, group -1
 *   for none), as bench/per_device_floor.sh writes it from pmuctl -j stat --dry-run: plain text,
 *   so that parsing the plan costs the floor next to nothing (a JSON document of 348 counters
 *   cost jansson 37M instructions, more than the rest of the floor)
 *   names: also each function's vendor and device name through libpci, from the config space
 *   just read, as any tool that prints them pays (lspci, pmuctl, which names every function of
 *   the tree): libpci reads all of pci.ids at the first look-up
 *   follow: each counter's calls made on its CPU (sched_setaffinity there first, the CPU it
 *   runs on first of all), as perf stat and pmuctl stat do, so that the kernel makes no
 *   cross-call (smp_call_function_single) for them
 *   encode: also the files a tool reads to encode the plan's events from sysfs, as perf does:
 *   a plan line's 8th field, its PMU's events/ alias files and format/ files of the terms
 *   ("events/rd_bytes,format/event,format/src_bdf"), read once a PMU in its directory
 * usage: floor --map SYSFS_ROOT [names]   every function's config space (what placing it needs),
 *   and with names each one's name: the floor of map and lspci
 * usage: floor --list SYSFS_ROOT          every PMU's type and cpumask and each of its events'
 *   files: the floor of list --events
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sched.h>
#include <stdbool.h>
#include <pci/pci.h>
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>

/* Read one sysfs file whole, as a tool must (its bytes are dropped) */
static void read_file(const char *path)
{
	char buf[4096];
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return;
	while (read(fd, buf, sizeof(buf)) > 0)
		;
	close(fd);
}

/* libpci's sysfs access on the tree, as pmuctl and lspci open it (no scan), for names */
static struct pci_access *names_open(const char *root)
{
	struct pci_access *pacc = pci_alloc();
	char path[4096];

	snprintf(path, sizeof(path), "%s/bus/pci", root);
	pacc->method = PCI_ACCESS_SYS_BUS_PCI;
	pci_set_param(pacc, "sysfs.path", path);
	/* pci.ids alone, as pmuctl names: udev's hwdb is tried for each ID pci.ids lacks */
	pci_set_param(pacc, "hwdb.disable", "1");
	pci_init(pacc);
	return pacc;
}

/* The name of the function whose config space starts so */
static void name_of(struct pci_access *pacc, const unsigned char *id)
{
	char name[256];

	pci_lookup_name(pacc, name, sizeof(name), PCI_LOOKUP_VENDOR | PCI_LOOKUP_DEVICE, id[0] | id[1] << 8,
			id[2] | id[3] << 8);
}

/* Every function's config space, as placing it needs; its name too when pacc is given */
static void read_configs(const char *root, struct pci_access *pacc)
{
	char path[4096], buf[4096];
	struct dirent *d;
	DIR *dir;

	snprintf(path, sizeof(path), "%s/bus/pci/devices", root);
	dir = opendir(path);
	while (dir && (d = readdir(dir))) {
		int fd;

		if (d->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/bus/pci/devices/%s/config", root, d->d_name);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			continue;
		if (read(fd, buf, sizeof(buf)) >= 4 && pacc)
			name_of(pacc, (unsigned char *)buf);
		close(fd);
	}
	if (dir)
		closedir(dir);
}

/* list --events's floor: each PMU's type and cpumask, and every file of its events/ */
static int list_floor(const char *root)
{
	char path[4096];
	struct dirent *d, *e;
	DIR *dir, *ev;

	snprintf(path, sizeof(path), "%s/bus/event_source/devices", root);
	dir = opendir(path);
	if (!dir)
		return 1;
	while ((d = readdir(dir))) {
		if (d->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/bus/event_source/devices/%s/type", root, d->d_name);
		read_file(path);
		snprintf(path, sizeof(path), "%s/bus/event_source/devices/%s/cpumask", root, d->d_name);
		read_file(path);
		snprintf(path, sizeof(path), "%s/bus/event_source/devices/%s/events", root, d->d_name);
		ev = opendir(path);
		while (ev && (e = readdir(ev))) {
			if (e->d_name[0] == '.')
				continue;
			snprintf(path, sizeof(path), "%s/bus/event_source/devices/%s/events/%s", root, d->d_name, e->d_name);
			read_file(path);
		}
		if (ev)
			closedir(ev);
	}
	closedir(dir);
	return 0;
}

/* The plan's counters: each one's attributes, CPU, group and file */
static struct perf_event_attr *attrs;
static int *cpu_of, *group_of, *fds, *leader_of_group;
static size_t nev;
static bool follow;

/* op on every counter, CPU by CPU: with follow, moved to each CPU but the one it runs on */
static void each_cpu(void (*op)(size_t i))
{
	cpu_set_t all, one;
	int here = sched_getcpu(), max = -1;
	bool moved = false;

	for (size_t i = 0; i < nev; i++)
		max = cpu_of[i] > max ? cpu_of[i] : max;
	if (!follow) {
		for (size_t i = 0; i < nev; i++)
			op(i);
		return;
	}
	sched_getaffinity(0, sizeof(all), &all);
	for (int pass = 0; pass < 2; pass++)
		for (int cpu = 0; cpu <= max; cpu++) {
			bool any = false;

			if ((pass == 0) != (cpu == here))
				continue;
			for (size_t i = 0; i < nev; i++) {
				if (cpu_of[i] != cpu)
					continue;
				if (!any && cpu != here && cpu < CPU_SETSIZE) {
					CPU_ZERO(&one);
					CPU_SET(cpu, &one);
					moved |= !sched_setaffinity(0, sizeof(one), &one);
				}
				any = true;
				op(i);
			}
		}
	if (moved)
		sched_setaffinity(0, sizeof(all), &all);
}

static void open_one(size_t i)
{
	int g = group_of[i];

	attrs[i].disabled = g < 0 || leader_of_group[g] < 0;
	fds[i] = (int)syscall(SYS_perf_event_open, &attrs[i], -1, cpu_of[i], g >= 0 ? leader_of_group[g] : -1,
			      PERF_FLAG_FD_CLOEXEC);
	if (fds[i] < 0)
		fds[i] = -errno;
	else if (g >= 0 && leader_of_group[g] < 0)
		leader_of_group[g] = fds[i];
}

static void enable_one(size_t i)
{
	ioctl(fds[i], PERF_EVENT_IOC_ENABLE, 0);
}

static void read_one(size_t i)
{
	uint64_t v[3];

	/* a read the kernel refuses costs what it costs */
	if (fds[i] >= 0 && read(fds[i], v, sizeof(v)) < 0)
		return;
}

static void close_one(size_t i)
{
	if (fds[i] < 0)
		return;
	ioctl(fds[i], PERF_EVENT_IOC_DISABLE, 0);
	close(fds[i]);
}

/*
 * each PMU's type and cpumask, once for each run of its counters in the plan (the plan lists a
 * PMU's counters together): a tool cannot open its events without them
 */
static void read_pmu_files(const char *root, const char *pmu, const char *last, const char *encode)
{
	char path[4096], list[4096], *save = NULL;
	int dir;

	if (!strcmp(pmu, last))
		return;
	snprintf(path, sizeof(path), "%s/bus/event_source/devices/%s/type", root, pmu);
	read_file(path);
	snprintf(path, sizeof(path), "%s/bus/event_source/devices/%s/cpumask", root, pmu);
	read_file(path);
	if (!encode || !*encode)
		return;
	/* the directory walked once, its files opened in it: the cheapest way to read several */
	snprintf(path, sizeof(path), "%s/bus/event_source/devices/%s", root, pmu);
	dir = open(path, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (dir < 0)
		return;
	snprintf(list, sizeof(list), "%s", encode);
	for (char *f = strtok_r(list, ",", &save); f; f = strtok_r(NULL, ",", &save)) {
		char buf[4096];
		int fd = openat(dir, f, O_RDONLY | O_CLOEXEC);

		if (fd < 0)
			continue;
		while (read(fd, buf, sizeof(buf)) > 0)
			;
		close(fd);
	}
	close(dir);
}

int main(int argc, char **argv)
{
	char pmu[256], last[256] = "";
	unsigned long long config, config1, config2;
	size_t i, n = 0, cap = 0, intervals;
	long interval_ms;
	int type, cpu, group;
	bool names = false, encode = false;
	char *line = NULL, files[4096];
	size_t cap_line = 0;
	FILE *plan;

	if (argc >= 3 && !strcmp(argv[1], "--list"))
		return list_floor(argv[2]);
	if (argc >= 3 && !strcmp(argv[1], "--map")) {
		struct pci_access *pacc = argc > 3 && !strcmp(argv[3], "names") ? names_open(argv[2]) : NULL;

		read_configs(argv[2], pacc);
		if (pacc)
			pci_cleanup(pacc);
		return 0;
	}
	for (int a = 5; a < argc; a++) {
		if (!strcmp(argv[a], "names"))
			names = true;
		else if (!strcmp(argv[a], "follow"))
			follow = true;
		else if (!strcmp(argv[a], "encode"))
			encode = true;
		else
			argc = 0;
	}
	if (argc < 5) {
		fprintf(stderr, "usage: floor PLAN SYSFS_ROOT INTERVAL_MS INTERVALS [names] [follow] [encode]\n");
		return 64;
	}
	plan = fopen(argv[1], "r");
	if (!plan) {
		fprintf(stderr, "floor: %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	interval_ms = strtol(argv[3], NULL, 10);
	intervals = strtoul(argv[4], NULL, 10);
	/* the functions' config space, which placing them needs: every one, as lspci reads it */
	if (names) {
		struct pci_access *pacc = names_open(argv[2]);

		read_configs(argv[2], pacc);
		pci_cleanup(pacc);
	} else {
		read_configs(argv[2], NULL);
	}
	while (getline(&line, &cap_line, plan) > 0) {
		files[0] = '\0';
		if (sscanf(line, "%255s %d %llx %llx %llx %d %d %4095s", pmu, &type, &config, &config1, &config2,
			   &cpu, &group, files) < 7)
			break;
		if (n == cap) {
			cap = cap ? 2 * cap : 256;
			attrs = realloc(attrs, cap * sizeof(*attrs));
			cpu_of = realloc(cpu_of, cap * sizeof(*cpu_of));
			group_of = realloc(group_of, cap * sizeof(*group_of));
			if (!attrs || !cpu_of || !group_of)
				return 1;
		}
		read_pmu_files(argv[2], pmu, last, encode ? files : NULL);
		snprintf(last, sizeof(last), "%s", pmu);
		memset(&attrs[n], 0, sizeof(attrs[n]));
		attrs[n].size = sizeof(attrs[n]);
		attrs[n].type = (uint32_t)type;
		attrs[n].config = config;
		attrs[n].config1 = config1;
		attrs[n].config2 = config2;
		attrs[n].read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
		cpu_of[n] = cpu;
		group_of[n] = group;
		n++;
	}
	free(line);
	fclose(plan);
	nev = n;
	fds = calloc(n ? n : 1, sizeof(*fds));
	leader_of_group = malloc((n + 1) * sizeof(*leader_of_group));
	if (!fds || !leader_of_group)
		return 1;
	for (i = 0; i <= n; i++)
		leader_of_group[i] = -1;
	for (i = 0; i < n; i++)
		if (group_of[i] < -1 || group_of[i] >= (int)n)
			group_of[i] = -1;
	each_cpu(open_one);
	/* a floor that counted less than the plan would flatter every ratio against it */
	for (i = 0; i < n; i++)
		if (fds[i] < 0) {
			fprintf(stderr, "floor: event %zu of %zu: perf_event_open: %s\n", i, n, strerror(-fds[i]));
			return 1;
		}
	each_cpu(enable_one);
	for (size_t k = 0; k < intervals; k++) {
		struct timespec ts = { interval_ms / 1000, (interval_ms % 1000) * 1000000L };

		nanosleep(&ts, NULL);
		each_cpu(read_one);
	}
	each_cpu(close_one);
	free(fds);
	free(attrs);
	free(cpu_of);
	free(group_of);
	free(leader_of_group);
	return 0;
}
