/* SPDX-License-Identifier: GPL-2.0 */
/*
 * serve, top and doctor live in pmuctl-commands.so with the libraries only they use
 * (libmicrohttpd, GnuTLS, ncursesw, libyaml, libcrypt, libsystemd and theirs): every other
 * command, and completion, start with libpci's and jansson's alone.
 */
#ifndef PMUCTL_CMD_PLUGIN_H
#define PMUCTL_CMD_PLUGIN_H

#include "cmd/pmuctl.h"

#define PLUGIN_FILE "pmuctl-commands.so"
/* beside the binary (the build tree), then where make install puts it from BINDIR */
#define PLUGIN_INSTALLED "../lib/pmuctl"
/* where make install put it, fixed at build time (the Makefile's PKGLIBDIR) */
#ifndef PLUGIN_DIR
#define PLUGIN_DIR "/usr/local/lib/pmuctl"
#endif

/* This build's identity, which the library must carry as plugin_build_id (build/build_id_*.c) */
extern const char pmuctl_build_id[];
extern const char plugin_build_id[];

/* The library's table: the commands it holds, with their run and argp (summary NULL) */
extern const struct command plugin_commands[];

/*
 * c itself when this binary runs it, else its entry in the library, loaded on the first
 * call; NULL after saying why it could not be loaded
 */
const struct command *plugin_command(const struct command *c);

#endif
