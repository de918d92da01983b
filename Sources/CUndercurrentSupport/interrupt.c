#include "CUndercurrentSupport.h"
#include <pthread.h>
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
    /* A parent may have started us with these blocked (a test runner's threads do, and a
       tmux server started from one passes its mask on): then Ctrl-C would never arrive,
       and closing the terminal would not end the process. Signal masks are per thread:
       this unblocks them on the calling thread, the one that evaluates. */
    sigset_t wanted;
    sigemptyset(&wanted);
    sigaddset(&wanted, SIGINT);
    sigaddset(&wanted, SIGHUP);
    sigaddset(&wanted, SIGTERM);
    pthread_sigmask(SIG_UNBLOCK, &wanted, NULL);
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
