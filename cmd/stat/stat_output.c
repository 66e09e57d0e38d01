// SPDX-License-Identifier: GPL-2.0
/* stat's -o FILE: opened before counting, as perf opens it. */
#include "cmd/out/outfile.h"
#include "cmd/pmuctl.h"
#include "cmd/stat/stat.h"
#include "cmd/out/stream.h"

/*
 * openmetrics replaces its file at every report, and is tried now, so that a target it cannot
 * replace (a symbolic link) is refused before an interval is counted
 */
int stat_output_open(const struct stat_args *a, struct stream *out)
{
	struct outfile trial;

	if (a->output && a->openmetrics)
		return outfile_open(&trial, a->output, OUTFILE_REPLACE) ?: outfile_close(&trial, false);
	if (!a->output)
		return 0;
	return stream_open(out, a->output, a->append, a->interval_ms != 0) ?:
	       stream_check_append(out, stat_report_ops(a)->json_lines, stat_report_ops(a)->csv_header,
				   stat_report_ops(a)->separated ? a->sep : NULL);
}
