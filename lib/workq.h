/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Work done beside the one thread that samples and serves: a few worker threads take jobs
 * from a bounded queue, and a finished job is handed back through an eventfd that the serving
 * loop waits on with the rest. Jobs must not touch what the serving thread owns.
 */
#ifndef PMUCTL_WORKQ_H
#define PMUCTL_WORKQ_H

#include <stddef.h>

struct workq;

/* threads workers running run(job); at most max_jobs submitted and not yet taken back */
struct workq *workq_start(unsigned threads, size_t max_jobs, void (*run)(void *job));
/* Readable when a finished job waits to be taken */
int workq_fd(const struct workq *q);
/* Queue a job: 0, -EBUSY when max_jobs are under way already, -ENOMEM */
int workq_submit(struct workq *q, void *job);
/* A finished job, or NULL when none is */
void *workq_done(struct workq *q);
/*
 * Stop without waiting: every job not taken back is dropped (drop(job)), a job running now
 * when it ends, by its worker, which then frees what is left. A job never holds up an exit.
 */
void workq_stop(struct workq *q, void (*drop)(void *job));

#endif
