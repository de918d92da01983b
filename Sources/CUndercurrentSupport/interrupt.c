#include "CUndercurrentSupport.h"
#include <signal.h>
#include <string.h>

static volatile sig_atomic_t interrupted = 0;

static void on_sigint(int signo) {
    (void)signo;
    interrupted = 1;
}

void uc_install_interrupt_handler(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_sigint;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, NULL);
}

void uc_restore_interrupt_handler(void) {
    signal(SIGINT, SIG_DFL);
}

int uc_take_interrupt(void) {
    int was = interrupted;
    interrupted = 0;
    return was;
}

int uc_interrupt_pending(void) { return interrupted; }

void uc_raise_interrupt(void) { interrupted = 1; }
