/* SPDX-License-Identifier: GPL-2.0 */
/*
 * jansson's allocations for one element of a JSON array, from an arena dropped at once when
 * the element is written: jansson allocates every value and key, and frees each one again
 * (list -j on 64 sockets: 138k of each, a tenth of its instructions, and its json_delete walk).
 * jansson's allocation functions are the process's: for a command with one thread (list, map),
 * never while another thread may use jansson (serve's).
 */
#ifndef PMUCTL_JARENA_H
#define PMUCTL_JARENA_H

#include <stdbool.h>
#include <jansson.h>

/* jansson allocates from the arena, emptied, until jarena_drop; false: it uses the heap */
bool jarena_begin(void);
/*
 * The element e (NULL: none) dropped, and jansson back on the heap: with the arena when all
 * of e is the arena's, else by json_decref (which leaves the arena's parts to it)
 */
void jarena_drop(json_t *e);
/* The arena's memory, when no element is left (a document's end) */
void jarena_free(void);

#endif
