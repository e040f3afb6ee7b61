/* A contestant's LD_PRELOAD library (a manifest's env): its constructor runs in every process
 * that loads it, before main. It appends "pid P <NSpid line>" to OUT, an absolute path outside
 * the bot's box compiled in with -DOUT='"..."', and double-forks a daemon that notes itself
 * there the same way ("daemon P ...") and sleeps 60 s. Both lines also go to stderr (the
 * bot's log), which shows where the library ran when OUT cannot be reached.
 * The daemon keeps the argv of the process it was forked from, so a marker word on the bot's
 * command line finds it in /proc. If the referee applied the manifest's env to the launcher or
 * to bwrap, the constructor would run there, outside the bot's PID namespace and sandbox. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef OUT
#error "compile with -DOUT='\"/absolute/path\"'"
#endif

static void nspid(char *line, size_t size) {
    FILE *status = fopen("/proc/self/status", "r");
    line[0] = '\0';
    if (status == NULL) return;
    while (fgets(line, (int)size, status) != NULL) {
        if (strncmp(line, "NSpid:", 6) == 0) break;
        line[0] = '\0';
    }
    fclose(status);
}

static void note(const char *who) {
    char line[256];
    nspid(line, sizeof line);
    if (!line[0]) strcpy(line, "NSpid: ?\n");
    dprintf(2, "preload: %s %d %s", who, (int)getpid(), line); /* the bot's own log */
    FILE *out = fopen(OUT, "a");
    if (out != NULL) {
        fprintf(out, "%s %d %s", who, (int)getpid(), line);
        fclose(out);
    }
}

__attribute__((constructor)) static void contestant(void) {
    note("pid");
    pid_t middle = fork();
    if (middle == 0) {
        setsid();
        if (fork() == 0) {
            note("daemon");
            int null = open("/dev/null", O_RDWR);
            dup2(null, 0);
            dup2(null, 1);
            dup2(null, 2);
            sleep(60);
        }
        _exit(0);
    }
    if (middle > 0) waitpid(middle, NULL, 0);
}
