// SPDX-License-Identifier: GPL-2.0
/* perf_event_open: one fd per uncore PMU instance, groups read with one read(). */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include "lib/cpulist.h"
#include "pmu/drivers/perf.h"
#include "pmu/drivers/perf_cpus.h"

#define GROUP_READ_FORMAT                                                                  \
	(PERF_FORMAT_GROUP | PERF_FORMAT_ID | PERF_FORMAT_TOTAL_TIME_ENABLED |             \
	 PERF_FORMAT_TOTAL_TIME_RUNNING)
/* inherited (per-task) counters cannot be read as a group */
#define SINGLE_READ_FORMAT                                                                 \
	(PERF_FORMAT_ID | PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING)

struct counter *perf_counter_add(struct count_set *s, const struct perf_spec *spec)
{
	struct perf_spec *p = malloc(sizeof(*p));
	struct counter *c;

	if (!p)
		return NULL;
	c = count_add(s, &perf_driver);
	if (!c) {
		free(p);
		return NULL;
	}
	*p = *spec;
	p->fd = -1;
	c->priv = p;
	return c;
}

static struct perf_spec *spec_of(const struct counter *c)
{
	return c->drv == &perf_driver ? c->priv : NULL;
}

static bool is_mine(const struct count_set *s, size_t i)
{
	return spec_of(&s->v[i]);
}

/* A call of its own on a read or an enable: a group's leader, or a task's counter */
static bool leads(const struct count_set *s, size_t i)
{
	const struct perf_spec *p = spec_of(&s->v[i]);

	return p->pid >= 0 || p->leader == i;
}

static struct perf_cpus **cpus_of(struct count_set *s)
{
	return (struct perf_cpus **)count_driver_state(s, &perf_driver);
}

/*
 * op on each of the driver's counters: CPU by CPU when the set follows them and the calls are
 * not timed (open, close), else in order from where pmuctl runs. Enable, read and disable stay
 * put: a move waits for the CPU to be free, so on a busy machine the counters of another CPU
 * would start, be read and stop milliseconds after the time the report gives them (a
 * cross-call interrupts at once): fleet.bats saw 1.25% in a 0.5 s count
 */
static void each(struct count_set *s, bool backwards, bool timed, perf_cpus_op *op, void *arg)
{
	struct perf_cpus **pc = cpus_of(s);

	if (!timed && pc && *pc) {
		perf_cpus_each(*pc, s, backwards, op, arg);
		return;
	}
	for (size_t k = 0; k < s->n; k++) {
		size_t i = backwards ? s->n - 1 - k : k;

		if (spec_of(&s->v[i]))
			op(s, i, arg);
	}
}

static int read_paranoid(void)
{
	FILE *f = fopen("/proc/sys/kernel/perf_event_paranoid", "r");
	int v = 99;

	if (f) {
		if (fscanf(f, "%d", &v) != 1)
			v = 99;
		fclose(f);
	}
	return v;
}

/* What EINVAL means: the family's rule when the event uses what it is about; else perf core's */
static const char *einval_hint(const struct perf_spec *p)
{
	const char *hint;

	if (!p->pmu)
		return "the kernel refused the attributes";
	hint = p->pmu->family->ops->rules.einval_hint ? p->pmu->family->ops->rules.einval_hint(p->pmu, p->config) : NULL;
	return hint ? hint : "the CPU is not in the PMU's cpumask, or the group spans PMUs";
}

/* The CPUs the running kernel has online: its own sysfs, whatever root pmuctl reads */
static bool kernel_cpu_online(int cpu, char *list, size_t size)
{
	struct cpulist l = { 0 };
	FILE *f = fopen("/sys/devices/system/cpu/online", "r");
	bool online = true;

	list[0] = '\0';
	if (!f)
		return true;	/* cannot tell: let the errno speak */
	if (fgets(list, (int)size, f) && !cpulist_parse(list, &l))
		online = cpulist_has(&l, cpu);
	list[strcspn(list, "\n")] = '\0';
	cpulist_free(&l);
	fclose(f);
	return online;
}

/* Errors explained, not echoed: the true cause first, then what the errno means */
static void explain(struct counter *c, const struct perf_spec *p, int e)
{
	char online[256];

	/* a CPU the kernel does not have: the rules of the PMU are not the cause */
	if (c->cpu >= 0 && e != EACCES && e != EPERM && !kernel_cpu_online(c->cpu, online, sizeof(online))) {
		count_fail(c, -e,
			   "CPU %d, where the PMU counts (its cpumask), is not online in the running kernel (online: %s): the sysfs root is not this machine, or the CPU is offline",
			   c->cpu, online);
		return;
	}
	switch (e) {
	case EACCES:
	case EPERM:
		count_fail(c, -e,
			   "permission denied (perf_event_paranoid is %d): run as root, give pmuctl CAP_PERFMON (setcap cap_perfmon+ep), or sysctl -w kernel.perf_event_paranoid=0 (pmuctl doctor says which of these can work here)",
			   read_paranoid());
		break;
	case ENOENT:
		count_fail(c, -e,
			   "the kernel has no PMU of type %u or it has no event 0x%llx: the PMU is absent, its driver is not loaded, or the sysfs root is not this machine",
			   p->type, (unsigned long long)p->config[0]);
		c->state = COUNT_NOT_SUPPORTED;
		break;
	case EOPNOTSUPP:
	case ENODEV:
		count_fail(c, -e, "not supported by this PMU: %s", strerror(e));
		c->state = COUNT_NOT_SUPPORTED;
		break;
	case EINVAL:
		count_fail(c, -e, "invalid: %s", einval_hint(p));
		break;
	case EBUSY:
	case EAGAIN:
		count_fail(c, -e, "the counters are in use (another perf session, or the NMI watchdog)");
		break;
	case EMFILE:
	case ENFILE:
		count_fail(c, -e, "too many open files: raise the limit (ulimit -n) or count fewer events");
		break;
	default:
		count_fail(c, -e, "%s", strerror(e));
	}
}

/* The end of leader's group: plan_counters adds a group's members right after their leader */
static size_t group_end(const struct count_set *s, size_t leader)
{
	size_t i = leader + 1;

	while (i < s->n && spec_of(&s->v[i]) && spec_of(&s->v[i])->leader == leader)
		i++;
	return i;
}

static void open_one(struct count_set *s, size_t i, void *arg)
{
	struct counter *c = &s->v[i];
	struct perf_spec *p = spec_of(c);
	struct perf_spec *lead = spec_of(&s->v[p->leader]);
	bool is_leader = p->leader == i;
	struct perf_event_attr attr;
	long fd;

	(void)arg;
	if (!is_leader && lead->fd < 0) {
		count_fail(c, s->v[p->leader].error, "not opened: its group leader %s failed",
			   s->v[p->leader].event);
		return;
	}
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = p->type;
	attr.config = p->config[0];
	attr.config1 = p->config[1];
	attr.config2 = p->config[2];
	attr.exclude_user = p->exclude_user;
	attr.exclude_kernel = p->exclude_kernel;
	attr.exclude_hv = p->exclude_hv;
	attr.disabled = is_leader;
	if (p->pid >= 0) {
		attr.inherit = 1;
		attr.read_format = SINGLE_READ_FORMAT;
		attr.disabled = 1;
		attr.enable_on_exec = 1;
	} else {
		/* the kernel's group read allocates and takes the context's lock: an event alone
		 * is read plainly (perf's evsel__config sets GROUP only for a leader of members) */
		p->alone = is_leader && group_end(s, i) == i + 1;
		attr.read_format = p->alone ? SINGLE_READ_FORMAT : GROUP_READ_FORMAT;
	}
	fd = syscall(SYS_perf_event_open, &attr, p->pid, c->cpu, is_leader || p->pid >= 0 ? -1 : lead->fd,
		     PERF_FLAG_FD_CLOEXEC);
	if (fd < 0) {
		explain(c, p, errno);
		return;
	}
	p->fd = (int)fd;
	/* only a group's read names its values by ID: one read alone is its own */
	if (p->pid < 0 && !p->alone && ioctl(p->fd, PERF_EVENT_IOC_ID, &p->id) < 0)
		p->id = 0;
}

static int perf_open(struct count_set *s)
{
	struct perf_cpus **pc = cpus_of(s);

	if (s->follow_cpus && pc && !*pc) {
		*pc = malloc(sizeof(**pc));
		if (!*pc || perf_cpus_build(*pc, s, is_mine, leads)) {
			free(*pc);
			*pc = NULL;
			return -ENOMEM;
		}
	}
	each(s, false, false, open_one, NULL);
	/* a group with a failed member would read wrong: close the rest of it */
	for (size_t i = 0; i < s->n; i++) {
		struct perf_spec *p = spec_of(&s->v[i]);

		if (!p || p->fd >= 0 || p->pid >= 0)
			continue;
		for (size_t k = p->leader, end = group_end(s, p->leader); k < end; k++) {
			struct perf_spec *q = spec_of(&s->v[k]);

			if (k == i || q->fd < 0 || s->v[k].cpu != s->v[i].cpu)
				continue;
			close(q->fd);
			q->fd = -1;
			count_fail(&s->v[k], s->v[i].error, "not counted: %s in its group failed (%s)",
				   s->v[i].event, s->v[i].why ? s->v[i].why : "");
		}
	}
	return 0;
}

static void leader_ioctl(struct count_set *s, size_t i, void *arg)
{
	const struct perf_spec *p = spec_of(&s->v[i]);
	unsigned long req = *(const unsigned long *)arg;

	if (p->fd < 0)
		return;
	if (p->pid >= 0)
		ioctl(p->fd, req, 0);
	else if (p->leader == i)
		ioctl(p->fd, req, PERF_IOC_FLAG_GROUP);
}

static int for_leaders(struct count_set *s, unsigned long req)
{
	each(s, false, true, leader_ioctl, &req);
	return 0;
}

static int perf_enable(struct count_set *s)
{
	return for_leaders(s, PERF_EVENT_IOC_ENABLE);
}

static int perf_disable(struct count_set *s)
{
	return for_leaders(s, PERF_EVENT_IOC_DISABLE);
}

static void store(struct counter *c, uint64_t value, uint64_t enabled, uint64_t running)
{
	c->value = value;
	c->enabled = enabled;
	c->running = running;
	c->state = running ? COUNT_OK : COUNT_NOT_COUNTED;
}

static int read_failed(struct counter *c, int e)
{
	count_fail(c, e, "cannot read the counter: %s", strerror(-e));
	return e;
}

static int read_single(struct counter *c, struct perf_spec *p)
{
	uint64_t buf[4];
	ssize_t n = read(p->fd, buf, sizeof(buf));

	if (n != (ssize_t)sizeof(buf))
		return read_failed(c, n < 0 ? -errno : -EIO);
	store(c, buf[0], buf[1], buf[2]);
	return 0;
}

/* Members of the group led by counter leader that are open, the leader included */
static size_t group_size(const struct count_set *s, size_t leader)
{
	size_t n = 0, end = group_end(s, leader);

	for (size_t i = leader; i < end; i++)
		n += spec_of(&s->v[i])->fd >= 0;
	return n;
}

/* { nr, time_enabled, time_running, { value, id } [nr] }, sized from the group */
static int read_group(struct count_set *s, size_t leader)
{
	struct perf_spec *p = spec_of(&s->v[leader]);
	size_t members = group_size(s, leader), words = 3 + 2 * members;
	uint64_t *buf = malloc(words * sizeof(*buf));
	ssize_t n = buf ? read(p->fd, buf, words * sizeof(*buf)) : -1;
	int ret = !buf ? -ENOMEM : n < 0 ? -errno : 0;

	if (!ret && (n < 3 * (ssize_t)sizeof(*buf) || buf[0] != members ||
		     (size_t)n != (3 + 2 * buf[0]) * sizeof(*buf)))
		ret = -EIO;	/* not the group that was opened */
	for (size_t i = leader, end = group_end(s, leader); i < end; i++) {
		struct perf_spec *q = spec_of(&s->v[i]);
		bool found = false;

		if (q->fd < 0)
			continue;
		for (uint64_t k = 0; !ret && k < buf[0] && !found; k++) {
			found = q->id == buf[4 + 2 * k];
			if (found)
				store(&s->v[i], buf[3 + 2 * k], buf[1], buf[2]);
		}
		if (!found)
			read_failed(&s->v[i], ret ? ret : -ENOENT);
	}
	free(buf);
	return ret;
}

static int read_leader(struct count_set *s, size_t i)
{
	struct perf_spec *p = spec_of(&s->v[i]);

	if (p->pid >= 0 || p->alone)
		return read_single(&s->v[i], p);
	return p->leader == i ? read_group(s, i) : 0;
}

/* The first read that failed, of the counters in order */
struct read_result {
	size_t at;
	int ret;
};

static void read_one(struct count_set *s, size_t i, void *arg)
{
	struct read_result *res = arg;
	int ret;

	if (spec_of(&s->v[i])->fd < 0)
		return;
	ret = read_leader(s, i);
	if (ret && i < res->at) {
		res->at = i;
		res->ret = ret;
	}
}

static int perf_read(struct count_set *s)
{
	struct read_result res = { .at = SIZE_MAX };

	each(s, false, true, read_one, &res);
	return res.ret;
}

static void close_one(struct count_set *s, size_t i, void *arg)
{
	struct perf_spec *p = spec_of(&s->v[i]);

	(void)arg;
	if (p->fd >= 0)
		close(p->fd);
	p->fd = -1;
}

static int perf_close(struct count_set *s, struct diag *errors)
{
	struct perf_cpus **pc = cpus_of(s);

	/* members before leaders */
	each(s, true, false, close_one, NULL);
	if (pc && *pc) {
		perf_cpus_free(*pc);
		free(*pc);
		*pc = NULL;
	}
	for (size_t i = 0; i < s->n; i++) {
		if (spec_of(&s->v[i])) {
			free(s->v[i].priv);
			s->v[i].priv = NULL;
		}
	}
	(void)errors;	/* closing a perf fd restores everything */
	return 0;
}

const struct count_driver perf_driver = {
	.open = perf_open,
	.enable = perf_enable,
	.read = perf_read,
	.disable = perf_disable,
	.close = perf_close,
};
