// SPDX-License-Identifier: GPL-2.0
/*
 * pmuctl top's screen: ncursesw on a terminal, plain frames otherwise (-b, a pipe, -n), as
 * top(1) does. The frames are the --per-device table; the screen only shows them, and turns
 * keys into what the next frame shows. The terminal is restored on every way out.
 */
#include <curses.h>
#include <errno.h>
#include <term.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cmd/pmuctl.h"
#include "cmd/top/top_screen.h"

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
	if (!curses_on)
		return;
	curses_on = false;
	curs_set(1);
	endwin();
	free(t->last);
	t->last = NULL;
}

/* The next column to sort by, after the current one; after the last, topology order */
static void next_sort(struct top_screen *t)
{
	size_t i = 0;

	while (i < t->ncolumn_names && (!t->sort || strcmp(t->column_names[i], t->sort)))
		i++;
	if (!t->ncolumn_names)
		t->sort = NULL;
	else if (!t->sort)
		t->sort = t->column_names[0];
	else
		t->sort = i + 1 < t->ncolumn_names ? t->column_names[i + 1] : NULL;
}

/* A key typed into the filter: Enter keeps it, Escape drops it */
static void filter_key(struct top_screen *t, int ch)
{
	size_t n = strlen(t->filter);

	if (ch == '\n' || ch == '\r' || ch == KEY_ENTER) {
		t->editing = false;
	} else if (ch == 27) {
		t->editing = false;
		t->filter[0] = '\0';
	} else if ((ch == KEY_BACKSPACE || ch == 127 || ch == 8) && n) {
		t->filter[n - 1] = '\0';
	} else if (ch >= ' ' && ch < 127 && n + 1 < sizeof(t->filter)) {
		t->filter[n] = (char)ch;
		t->filter[n + 1] = '\0';
	}
	t->first = 0;
}

/* A scrolling key: how many rows it moves (SIZE_MAX: to the end), false when it is none */
static bool scroll_key(struct top_screen *t, int ch)
{
	size_t page = t->page ? t->page : 1;

	switch (ch) {
	case KEY_UP:
		t->first = t->first ? t->first - 1 : 0;
		return true;
	case KEY_DOWN:
		t->first++;
		return true;
	case KEY_PPAGE:
		t->first = t->first > page ? t->first - page : 0;
		return true;
	case KEY_NPAGE:
		t->first += page;
		return true;
	case KEY_HOME:
		t->first = 0;
		return true;
	case KEY_END:
		t->first = SIZE_MAX;
		return true;
	/* by a quarter of the screen, never past the widest line's end */
	case KEY_LEFT:
		t->left = t->left > (size_t)COLS / 4 ? t->left - (size_t)COLS / 4 : 0;
		return true;
	case KEY_RIGHT:
		if (t->width > (size_t)COLS && t->left + (size_t)COLS < t->width)
			t->left += (size_t)COLS / 4;
		return true;
	default:
		return false;
	}
}

static void draw(struct top_screen *t);

bool top_screen_keys(struct top_screen *t)
{
	bool changed = false;
	int ch;

	while (curses_on && (ch = getch()) != ERR) {
		changed = true;
		if (t->editing) {
			filter_key(t, ch);
			continue;
		}
		if (scroll_key(t, ch))
			continue;
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
			t->first = 0;
			break;
		case 'p':
			t->paused = !t->paused;
			break;
		case '/':
			t->editing = true;
			t->filter[0] = '\0';
			break;
		default:
			changed = false;
			break;
		}
	}
	/* scrolling and the filter are the screen's: shown now, not at the next interval */
	if (changed && !t->quit && t->last)
		draw(t);
	return t->quit;
}

static void header(struct top_screen *t, char *buf, size_t size, double time_s)
{
	snprintf(buf, size, "pmuctl top  %.1f s  every %.1f s  view: %s  sort: %s%s%s%s", time_s,
		 t->interval_s, view_names[t->view], t->sort ? t->sort : "topology",
		 (*t->filter && t->view == 0) || t->editing ? "  filter: " : "", t->view == 0 ? t->filter : "",
		 t->paused ? "  PAUSED" : "");
}

/* One line of text at row y, cut at the screen's width */
static void put_line(int y, const char *line, size_t len)
{
	mvaddnstr(y, 0, line, len < (size_t)COLS ? (int)len : COLS);
}

/* A line of the table, scrolled left by the columns Left and Right moved it */
static void put_table_line(const struct top_screen *t, int y, const char *line, size_t len)
{
	size_t skip = t->left < len ? t->left : len;

	put_line(y, line + skip, len - skip);
}

/* The line at l: its length in *len, and where the next one starts */
static const char *next_line(const char *l, size_t *len)
{
	*len = strcspn(l, "\n");
	return l + *len + (l[*len] == '\n');
}

/* Whether a row holds the filter's text ("" keeps every row) */
static bool kept(const char *row, size_t len, const char *filter)
{
	return !*filter || memmem(row, len, filter, strlen(filter));
}

/* A footnote below the rows (the "!" legend) explains them: it stays, and is not a row */
static bool footnote(const char *line)
{
	return !strncmp(line, "  ! ", 4);
}

/*
 * The table's lines up to its column header (the first line indented by two spaces) stay;
 * the rows below scroll, and those the filter leaves out are not shown
 */
static void draw(struct top_screen *t)
{
	const char *line = t->last, *body, *next, *note = NULL;
	size_t note_len = 0;
	/* the filter picks devices: the RC and socket sums stay whole */
	const char *filter = t->view == 0 ? t->filter : "";
	size_t nbody = 0, shown = 0, skipped = 0, avail, len;
	char head[256], more[192];
	int y = 2;

	erase();
	t->width = 0;
	for (const char *l = line; *l; l = next) {
		next = next_line(l, &len);
		t->width = len > t->width ? len : t->width;
	}
	header(t, head, sizeof(head), t->last_time);
	put_line(0, head, strlen(head));
	if (t->editing)
		snprintf(head, sizeof(head), "filter (a BDF or a name; Enter keeps it, Esc clears it): %s_", t->filter);
	else
		snprintf(head, sizeof(head), "q quit  s sort  d view  p pause  / filter  arrows PgUp PgDn Home End scroll");
	put_line(1, head, strlen(head));
	for (bool in_header = true; *line && in_header && y < LINES; y++, line = next) {
		next = next_line(line, &len);
		in_header = strncmp(line, "  ", 2) != 0;
		put_table_line(t, y, line, len);
	}
	body = line;
	for (const char *l = body; *l; l = next) {
		next = next_line(l, &len);
		if (footnote(l))
			note = l, note_len = len;
		else
			nbody += kept(l, len, filter);
	}
	/* the last line says what is above and below; a footnote takes the one above it */
	avail = LINES - 1 - (note != NULL) > y ? (size_t)(LINES - 1 - (note != NULL) - y) : 0;
	t->page = avail;
	if (t->first > (nbody > avail ? nbody - avail : 0))
		t->first = nbody > avail ? nbody - avail : 0;
	for (const char *l = body; *l && shown < avail; l = next) {
		next = next_line(l, &len);
		if (footnote(l) || !kept(l, len, filter) || skipped++ < t->first)
			continue;
		put_table_line(t, y++, l, len);
		shown++;
	}
	/* the footnote explains marks in rows: with none shown, the empty filter's line takes its place */
	if (note && shown && y < LINES - 1)
		put_table_line(t, y, note, note_len);
	/* an empty table says why, not as if nothing were there */
	if (!nbody && *filter) {
		snprintf(more, sizeof(more), "  no device matches '%s': / types another filter, / and Esc shows every row",
			 filter);
		put_line(y, more, strlen(more));
	} else {
		size_t above = t->first, below = nbody - shown - t->first, n = 0;

		more[0] = '\0';
		if (nbody > shown)
			n = (size_t)snprintf(more, sizeof(more), "  rows %zu-%zu of %zu: +%zu more%s%s", shown ? above + 1 : 0,
					     above + shown, nbody, nbody - shown, !below ? " above" : !above ? " below" : "",
					     above && below ? " (above and below)" : "");
		/* a table wider than the screen: which columns show, and how to see the rest */
		if (t->width > (size_t)COLS && n < sizeof(more))
			snprintf(more + n, sizeof(more) - n, "%scolumns %zu-%zu of %zu: Left/Right", n ? "; " : "  ",
				 t->left + 1, t->left + (size_t)COLS < t->width ? t->left + (size_t)COLS : t->width, t->width);
		if (more[0])
			put_line(LINES - 1, more, strlen(more));
	}
	refresh();
}

int top_screen_frame(struct top_screen *t, const char *table, double time_s)
{
	char head[256];
	char *copy;

	if (t->batch) {
		header(t, head, sizeof(head), time_s);
		printf("%s\n%s", head, table);
		/* as stat: a reader gone or a full disk ends the run, which top -b | head relies on */
		if (fflush(stdout) || ferror(stdout))
			return errno ? -errno : -EIO;
		return 0;
	}
	if (t->paused)
		return 0;
	copy = strdup(table);
	if (!copy)
		return -ENOMEM;
	free(t->last);
	t->last = copy;
	t->last_time = time_s;
	draw(t);
	return 0;
}
