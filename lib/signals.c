// SPDX-License-Identifier: GPL-2.0
/* One handler records the signal; the run loop reacts to it between ppoll calls. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lib/monotonic.h"
#include "lib/signals.h"

/* Every signal whose default action ends the process and that can be caught, but the faults */
static const int terminating[] = {
	SIGHUP,	 SIGINT,  SIGQUIT, SIGTERM, SIGALRM,   SIGUSR1, SIGUSR2, SIGXCPU,
	SIGXFSZ, SIGVTALRM, SIGPROF, SIGIO, SIGPWR, SIGSTKFLT,
};
#define NTERMINATING (sizeof(terminating) / sizeof(terminating[0]))

/*
 * The signals a fault raises, which cannot wait blocked (the kernel kills a process that
 * blocks the fault it takes): caught where they come. One sent with kill (or abort) ends the
 * run as the others do; a real fault goes to the handler that was there before (the default,
 * or a sanitizer's report), by the faulting instruction running again.
 */
static const int faults[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGSYS, SIGABRT };
#define NFAULTS (sizeof(faults) / sizeof(faults[0]))

static volatile sig_atomic_t caught, child_changed, hup_reloads, reload;
/* the mask pmuctl was started with, less SIGCHLD: what signals_wait lets in */
static sigset_t unblocked;
static bool catching;
/* when a stop signal was first seen after a wait: output gives up SIGNALS_GRACE_S later */
static double caught_seen_at;
/* written by a fault signal's handler, which may come outside signals_wait: it wakes it */
static int wake[2] = { -1, -1 };
static struct sigaction fault_before[NFAULTS];

static void on_signal(int sig)
{
	if (sig == SIGCHLD)
		child_changed = 1;
	else if (sig == SIGHUP && hup_reloads)
		reload = 1;
	else if (!caught)
		caught = sig;
}

static void on_fault(int sig, siginfo_t *info, void *uc)
{
	int saved = errno;

	(void)uc;
	/* raised by the kernel for an instruction: what handled it before handles it again */
	if (info->si_code > 0 && sig != SIGSYS) {
		for (size_t i = 0; i < NFAULTS; i++)
			if (faults[i] == sig)
				sigaction(sig, &fault_before[i], NULL);
		errno = saved;
		return;
	}
	if (!caught)
		caught = sig;
	if (wake[1] >= 0 && write(wake[1], "", 1) < 0) {
		/* full: a wake-up is already waiting */
	}
	errno = saved;
}

/* Whether sig ends the process by default and waits, blocked, for signals_wait */
static bool deferred(int sig)
{
	for (size_t i = 0; i < NTERMINATING; i++)
		if (terminating[i] == sig)
			return true;
	return sig >= SIGRTMIN && sig <= SIGRTMAX;
}

static void catch_faults(void)
{
	struct sigaction sa;

	if (pipe2(wake, O_NONBLOCK | O_CLOEXEC))
		wake[0] = wake[1] = -1;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_fault;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < NFAULTS; i++) {
		/* ignored at start stays so, as for the others */
		if (sigaction(faults[i], NULL, &fault_before[i]) || fault_before[i].sa_handler == SIG_IGN)
			continue;
		sigaction(faults[i], &sa, NULL);
	}
}

void signals_catch(void)
{
	struct sigaction sa;
	sigset_t block;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&block);
	sigaddset(&block, SIGCHLD);
	for (int sig = 1; sig < NSIG; sig++)
		if (deferred(sig))
			sigaddset(&block, sig);
	sa.sa_mask = block;
	if (catching)
		return;
	catching = true;
	sigprocmask(SIG_BLOCK, &block, &unblocked);
	for (int sig = 1; sig < NSIG; sig++) {
		struct sigaction old;

		/*
		 * SIGINT and SIGTERM always stop a run, as in perf, even in a background job a
		 * shell started with SIGINT ignored; another signal ignored at start (nohup) stays so
		 */
		if (!sigismember(&block, sig) || sigaction(sig, NULL, &old) ||
		    (old.sa_handler == SIG_IGN && !signals_print_totals(sig) && sig != SIGCHLD &&
		     !(sig == SIGHUP && hup_reloads)))
			continue;
		sigaction(sig, &sa, NULL);
	}
	catch_faults();
	/* the mask pmuctl was started with, but a workload's end is always seen */
	sigdelset(&unblocked, SIGCHLD);
}

/* The caller's fds and the wake-up's read end, in a buffer that grows and stays */
static struct pollfd *with_wake(const struct pollfd *fds, size_t n)
{
	static struct pollfd *all;
	static size_t cap;

	if (!all || n + 1 > cap) {
		struct pollfd *nv = realloc(all, (n + 1) * sizeof(*nv));

		if (!nv)
			return NULL;
		all = nv;
		cap = n + 1;
	}
	if (n)
		memcpy(all, fds, n * sizeof(*fds));
	all[n] = (struct pollfd){ .fd = wake[0], .events = POLLIN };
	return all;
}

int signals_wait(struct pollfd *fds, size_t n, double deadline)
{
	struct timespec ts = timespec_of(deadline - monotonic_s());
	struct pollfd *all = wake[0] >= 0 ? with_wake(fds, n) : NULL;
	int ret;

	/* a fault signal caught before the wait has written the pipe: no wait then */
	if (all)
		ret = ppoll(all, n + 1, deadline > 0 ? &ts : NULL, catching ? &unblocked : NULL);
	else
		ret = ppoll(n ? fds : NULL, n, deadline > 0 ? &ts : NULL, catching ? &unblocked : NULL);
	if (all && ret > 0 && all[n].revents) {
		char drain[64];

		while (read(wake[0], drain, sizeof(drain)) > 0)
			;
		ret--;
	}
	if (all && n)
		memcpy(fds, all, n * sizeof(*fds));
	if (caught && !caught_seen_at)
		caught_seen_at = monotonic_s();
	return ret;
}

double signals_give_up_at(void)
{
	if (caught && !caught_seen_at)
		caught_seen_at = monotonic_s();
	return caught_seen_at ? caught_seen_at + SIGNALS_GRACE_S : 0;
}

int signals_caught(void)
{
	return caught;
}

void signals_hup_reloads(void)
{
	hup_reloads = 1;
}

bool signals_reload(void)
{
	bool was = reload;

	reload = 0;
	return was;
}

bool signals_child_changed(void)
{
	bool was = child_changed;

	child_changed = 0;
	return was;
}

bool signals_print_totals(int sig)
{
	return sig == SIGINT || sig == SIGTERM;
}

/* The first pending terminating signal that want() accepts, or 0 */
static int pending(bool (*want)(int sig))
{
	sigset_t set;

	if (sigpending(&set))
		return 0;
	for (int sig = 1; sig < NSIG; sig++)
		if (deferred(sig) && sigismember(&set, sig) && want(sig) && !(sig == SIGHUP && hup_reloads))
			return sig;
	return 0;
}

static bool silent(int sig)
{
	return !signals_print_totals(sig);
}

static bool any(int sig)
{
	(void)sig;
	return true;
}

int signals_silent(void)
{
	if (caught && silent(caught))
		return caught;
	return pending(silent);
}

int signals_ending(void)
{
	return caught ? caught : pending(any);
}

void signals_die(int sig)
{
	sigset_t one;

	signal(sig, SIG_DFL);
	sigemptyset(&one);
	sigaddset(&one, sig);
	raise(sig);
	sigprocmask(SIG_UNBLOCK, &one, NULL);
}
