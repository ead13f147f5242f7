// Shims for ncursesw, so Swift can call what C macros and variadics hide. No logic here.
#ifndef BOARD_CNCURSES_SHIM_H
#define BOARD_CNCURSES_SHIM_H

// SwiftPM drops pkg-config's -D_XOPEN_SOURCE, which the wide-character API needs.
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>

static inline int board_wcwidth(unsigned int c) { return wcwidth((wchar_t)c); }
static inline WINDOW *board_stdscr(void) { return stdscr; }
static inline int board_lines(void) { return LINES; }
static inline int board_cols(void) { return COLS; }
static inline int board_a_bold(void) { return A_BOLD; }
static inline int board_a_reverse(void) { return A_REVERSE; }
static inline int board_a_dim(void) { return A_DIM; }
static inline int board_a_underline(void) { return A_UNDERLINE; }
static inline int board_key_resize(void) { return KEY_RESIZE; }
static inline int board_key_mouse(void) { return KEY_MOUSE; }
static inline int board_color_pair(int n) { return COLOR_PAIR(n); }
static inline int board_colors(void) { return COLORS; }
static inline mmask_t board_button1_clicked(void) { return BUTTON1_CLICKED | BUTTON1_PRESSED; }
static inline int board_mvaddwstr(int y, int x, const wchar_t *s) { return mvaddwstr(y, x, s); }
static inline int board_attrset(int attrs) { return attrset(attrs); }

// Terminfo strings the screen writes itself (strike-through, grapheme clusters curses splits).
#include <ncursesw/term.h>
static inline const char *board_capability(const char *name) {
    const char *s = tigetstr(name);
    return (s == NULL || s == (const char *)-1) ? NULL : s;
}
static inline const char *board_cursor_address(const char *cup, int y, int x) { return tiparm(cup, y, x); }
// 2 when terminfo knows `term` and it can move the cursor and clear the screen; 1 when it can't (a
// dumb terminal); 0 when terminfo doesn't know it.
static inline int board_terminal_can_draw(const char *term) {
    int error = 0;
    if (setupterm(term, 1, &error) != OK) return 0;
    const char *cup = tigetstr("cup"), *clear = tigetstr("clear");
    int can = cup != NULL && cup != (const char *)-1 && clear != NULL && clear != (const char *)-1 && tigetflag("hc") <= 0;
    del_curterm(cur_term);
    return can ? 2 : 1;
}
#endif
