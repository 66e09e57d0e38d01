// SPDX-License-Identifier: GPL-2.0
/*
 * pmuctl top's screen: ncursesw on a terminal, plain frames otherwise (-b, a pipe, -n), as
 * top(1) does. The frames are the --per-device table; the screen only shows them, and turns
 * keys into what the next frame shows. The terminal is restored on every way out.
 */
#include <curses.h>
#include <term.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cmd/pmuctl.h"
#include "cmd/top_screen.h"

static bool curses_on;

static const char *const view_names[] = { "devices", "rc", "socket" };

int top_screen_begin(struct top_screen *t)
{
	int err;

	if (t->batch)
		return 0;
	/* asked first: newterm leaks its screen when TERM is unknown, and initscr exits */
	if (setupterm(NULL, STDOUT_FILENO, &err) != OK)
		return -1;
	del_curterm(cur_term);
	if (!newterm(NULL, stdout, stdin))
		return -1;
	curses_on = true;
	cbreak();
	noecho();
	nodelay(stdscr, TRUE);
	keypad(stdscr, TRUE);
	curs_set(0);
	return 0;
}

void top_screen_end(struct top_screen *t)
{
	(void)t;
	if (!curses_on)
		return;
	curses_on = false;
	curs_set(1);
	endwin();
}

/* The next metric of the columns, after the current one */
static void next_sort(struct top_screen *t)
{
	size_t i = 0;

	while (i < t->ncolumn_names && (!t->sort || strcmp(t->column_names[i], t->sort)))
		i++;
	t->sort = t->ncolumn_names ? t->column_names[i < t->ncolumn_names ? (i + 1) % t->ncolumn_names : 0] : NULL;
}

bool top_screen_keys(struct top_screen *t)
{
	int ch;

	while (curses_on && (ch = getch()) != ERR) {
		switch (ch) {
		case 'q':
		case 'Q':
			t->quit = true;
			break;
		case 's':
			next_sort(t);
			break;
		case 'd':
			t->view = (t->view + 1) % TOP_VIEWS;
			break;
		case 'p':
			t->paused = !t->paused;
			break;
		default:
			break;
		}
	}
	return t->quit;
}

static void header(struct top_screen *t, char *buf, size_t size, double time_s)
{
	snprintf(buf, size, "pmuctl top  %.1f s  every %.1f s  view: %s  sort: %s%s", time_s,
		 t->interval_s, view_names[t->view], t->sort ? t->sort : "topology",
		 t->paused ? "  PAUSED" : "");
}

void top_screen_frame(struct top_screen *t, const char *table, double time_s)
{
	char head[256];
	int y = 2;

	header(t, head, sizeof(head), time_s);
	if (t->batch) {
		printf("%s\n%s", head, table);
		fflush(stdout);
		return;
	}
	if (t->paused)
		return;
	erase();
	mvaddnstr(0, 0, head, COLS);
	mvaddnstr(1, 0, "q quit  s sort column  d devices / rc / socket  p pause", COLS);
	for (const char *line = table; *line && y < LINES; y++) {
		const char *nl = strchr(line, '\n');
		int len = nl ? (int)(nl - line) : (int)strlen(line);

		mvaddnstr(y, 0, line, len < COLS ? len : COLS);
		line = nl ? nl + 1 : line + len;
	}
	refresh();
}
