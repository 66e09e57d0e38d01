/* SPDX-License-Identifier: GPL-2.0 */
/* pmuctl iostat's table of root ports, perf iostat's four MB columns, in each face that has it. */
#ifndef PMUCTL_IOSTAT_RENDER_H
#define PMUCTL_IOSTAT_RENDER_H

#include "cmd/report/report.h"

/* The values as perf iostat's table, in MB over duration: text, -x/CSV lines, JSON */
void iostat_render_text(const struct render_ctx *c, const struct metric_value *v, size_t n, double duration);
void iostat_render_sep(const struct render_ctx *c, const struct metric_value *v, size_t n, double duration);
void iostat_render_json(const struct render_ctx *c, const struct metric_value *v, size_t n, double duration);

#endif
