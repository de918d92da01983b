#ifndef UNDERCURRENT_CLIBEDIT_SHIM_H
#define UNDERCURRENT_CLIBEDIT_SHIM_H

#include <stdio.h>
#include <histedit.h>
#include <editline/readline.h>

// el_set, el_get and history() are variadic, which Swift cannot call.
// These fixed-signature wrappers cover the calls the line editor makes.

typedef char *(*uc_el_prompt_fn)(EditLine *);
typedef unsigned char (*uc_el_command_fn)(EditLine *, int);

/// el_init on the process's stdin/stdout/stderr (Swift 6 rejects touching the C globals).
static inline EditLine *uc_el_open(const char *program) {
    return el_init(program, stdin, stdout, stderr);
}

static inline int uc_el_set_editor(EditLine *el, const char *mode) {
    return el_set(el, EL_EDITOR, mode);
}

/// `ignore` marks the start and end of invisible runs (colour escapes) in the prompt.
static inline int uc_el_set_prompt(EditLine *el, uc_el_prompt_fn fn, char ignore) {
    return el_set(el, EL_PROMPT_ESC, fn, ignore);
}

static inline int uc_el_set_client_data(EditLine *el, void *data) {
    return el_set(el, EL_CLIENTDATA, data);
}

static inline void *uc_el_client_data(EditLine *el) {
    void *data = NULL;
    el_get(el, EL_CLIENTDATA, &data);
    return data;
}

static inline int uc_el_set_history(EditLine *el, History *h) {
    return el_set(el, EL_HIST, history, h);
}

static inline int uc_el_add_command(EditLine *el, const char *name, const char *help,
                                    uc_el_command_fn fn) {
    return el_set(el, EL_ADDFN, name, help, fn);
}

static inline int uc_el_bind(EditLine *el, const char *key, const char *command) {
    return el_set(el, EL_BIND, key, command, (const char *)NULL);
}

static inline int uc_history_set_size(History *h, int size) {
    HistEvent event;
    return history(h, &event, H_SETSIZE, size);
}

static inline int uc_history_set_unique(History *h, int unique) {
    HistEvent event;
    return history(h, &event, H_SETUNIQUE, unique);
}

static inline int uc_history_enter(History *h, const char *line) {
    HistEvent event;
    return history(h, &event, H_ENTER, line);
}

static inline int uc_history_load(History *h, const char *path) {
    HistEvent event;
    return history(h, &event, H_LOAD, path);
}

static inline int uc_history_save(History *h, const char *path) {
    HistEvent event;
    return history(h, &event, H_SAVE, path);
}

#endif
