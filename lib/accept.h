/* SPDX-License-Identifier: GPL-2.0 */
/* An HTTP Accept header, read for the one choice an exporter makes: which exposition format. */
#ifndef PMUCTL_ACCEPT_H
#define PMUCTL_ACCEPT_H

#include "lib/expo.h"

/*
 * OpenMetrics when accept (NULL: no header) names application/openmetrics-text with a
 * weight above 0 and at least that of text/plain, as Prometheus's client libraries decide;
 * the Prometheus text format otherwise, also for any type alone and for what cannot be read.
 */
enum expo_format accept_format(const char *accept);

#endif
