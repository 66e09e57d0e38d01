// SPDX-License-Identifier: GPL-2.0
/* The global options' settings, which every layer of cmd/ reads and cmd.c alone sets. */
#include "cmd/pmuctl.h"

struct settings settings;
