// SPDX-License-Identifier: GPL-2.0
/* One handler records the signal; the run loop reacts to it between ppoll calls. */
#include <string.h>
#include "lib/monotonic.h"
#include "lib/signals.h"

/* Every signal whose default action ends the process and that can be caught */
static const int terminating[] = {
	SIGHUP,	 SIGINT,  SIGQUIT, SIGTERM, SIGALRM,   SIGUSR1, SIGUSR2, SIGXCPU,
	SIGXFSZ, SIGVTALRM, SIGPROF, SIGIO, SIGPWR, SIGSTKFLT,
};
#define NTERMINATING (sizeof(terminating) / sizeof(terminating[0]))

static volatile sig_atomic_t caught, child_changed, hup_reloads, reload;
/* the mask pmuctl was started with, less SIGCHLD: what signals_wait lets in */
static sigset_t unblocked;
static bool catching;
/* when a stop signal was first seen after a wait: output gives up SIGNALS_GRACE_S later */
static double caught_seen_at;

static void on_signal(int sig)
{
	if (sig == SIGCHLD)
		child_changed = 1;
	else if (sig == SIGHUP && hup_reloads)
		reload = 1;
	else if (!caught)
		caught = sig;
}

void signals_catch(void)
{
	struct sigaction sa;
	sigset_t block;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&block);
	sigaddset(&block, SIGCHLD);
	for (size_t i = 0; i < NTERMINATING; i++)
		sigaddset(&block, terminating[i]);
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
	/* the mask pmuctl was started with, but a workload's end is always seen */
	sigdelset(&unblocked, SIGCHLD);
}

int signals_wait(struct pollfd *fds, size_t n, double deadline)
{
	struct timespec ts = timespec_of(deadline - monotonic_s());
	int ret = ppoll(n ? fds : NULL, n, deadline > 0 ? &ts : NULL, catching ? &unblocked : NULL);

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
	for (size_t i = 0; i < NTERMINATING; i++)
		if (sigismember(&set, terminating[i]) && want(terminating[i]) &&
		    !(terminating[i] == SIGHUP && hup_reloads))
			return terminating[i];
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
