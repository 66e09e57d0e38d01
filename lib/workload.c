// SPDX-License-Identifier: GPL-2.0
/* fork, a go pipe, an exec-error pipe, the inherited signal state put back, waitpid. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "lib/workload.h"

/* As exec found them: a disposition is then only SIG_DFL or SIG_IGN */
static sigset_t start_mask, start_ignored;
static bool saved;

void workload_save_signals(void)
{
	sigemptyset(&start_ignored);
	sigprocmask(SIG_SETMASK, NULL, &start_mask);
	for (int sig = 1; sig < NSIG; sig++) {
		struct sigaction sa;

		if (!sigaction(sig, NULL, &sa) && sa.sa_handler == SIG_IGN)
			sigaddset(&start_ignored, sig);
	}
	saved = true;
}

/* In the child, before it waits: a signal now acts as it would on the command itself */
static void restore_signals(void)
{
	for (int sig = 1; sig < NSIG; sig++) {
		if (sig == SIGKILL || sig == SIGSTOP)
			continue;
		signal(sig, saved && sigismember(&start_ignored, sig) ? SIG_IGN : SIG_DFL);
	}
	if (saved) {
		sigprocmask(SIG_SETMASK, &start_mask, NULL);
	} else {
		sigset_t none;

		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL);
	}
}

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

static void __attribute__((noreturn)) run_child(int go, int err, char *const argv[])
{
	char c;
	int e;

	restore_signals();
	if (read(go, &c, 1) != 1)
		_exit(127);	/* pmuctl gave up before counting */
	execvp(argv[0], argv);
	e = errno;
	if (write(err, &e, sizeof(e)) != (ssize_t)sizeof(e))
		(void)0;	/* the parent then sees EOF: reaped, it shows 127 */
	_exit(127);
}

int workload_prepare(struct workload *w, char *const argv[])
{
	int go[2], err[2];

	*w = (struct workload){ .pid = -1, .go_fd = -1, .err_fd = -1 };
	if (pipe2(go, O_CLOEXEC))
		return -errno;
	if (pipe2(err, O_CLOEXEC)) {
		int e = errno;

		close(go[0]);
		close(go[1]);
		return -e;
	}
	w->pid = fork();
	if (w->pid < 0) {
		int e = errno;

		close(go[0]);
		close(go[1]);
		close(err[0]);
		close(err[1]);
		return -e;
	}
	if (!w->pid) {
		close(go[1]);
		close(err[0]);
		run_child(go[0], err[1], argv);
	}
	close(go[0]);
	close(err[1]);
	w->go_fd = go[1];
	w->err_fd = err[0];
	return 0;
}

int workload_start(struct workload *w)
{
	ssize_t got;
	int e = 0;

	if (w->go_fd < 0)
		return 0;
	if (write(w->go_fd, "g", 1) != 1)
		e = errno;
	close_fd(&w->go_fd);
	/* exec closes the error pipe (CLOEXEC); a failed exec writes its errno first */
	do
		got = read(w->err_fd, &e, sizeof(e));
	while (got < 0 && errno == EINTR);
	close_fd(&w->err_fd);
	return got == (ssize_t)sizeof(e) ? -e : 0;
}

void workload_cancel(struct workload *w)
{
	close_fd(&w->go_fd);
	close_fd(&w->err_fd);
}

void workload_kill(struct workload *w, int sig)
{
	if (w->pid > 0 && !w->reaped)
		kill(w->pid, sig);
}

bool workload_reap(struct workload *w, bool block)
{
	pid_t got;

	if (w->pid <= 0 || w->reaped)
		return w->reaped;
	do
		got = waitpid(w->pid, &w->status, block ? 0 : WNOHANG);
	while (got < 0 && errno == EINTR);
	if (got < 0)	/* not our child any more: nothing left to wait for */
		w->status = 0;
	w->reaped = got == w->pid || got < 0;
	return w->reaped;
}

int workload_exit_code(const struct workload *w)
{
	if (!w->reaped)
		return 0;
	if (WIFSIGNALED(w->status))
		return 128 + WTERMSIG(w->status);
	return WEXITSTATUS(w->status);
}
