/* Concurrent writers of one save file (issue 12, D5), through the hosts' own
 * native/core/save.c with the desktop's save ops:
 *     save-race DIR WRITERS ROUNDS
 * Each round, WRITERS processes are released at once and each saves five
 * texts of its own; meanwhile this process reads the save over and over, as
 * a starting game would. A read must always find an intact save that some
 * writer wrote, whole (the folder holds one from before the first round).
 * Prints "rounds=R lost=L reads=N" (L: rounds in which a read found no
 * intact save) and exits 1 if L > 0. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "save.h"

#define PAD 3000

static void text_of(char *out, int writer, int round, int k)
{
    int n = sprintf(out, "{\"w\":%d,\"r\":%d,\"k\":%d,\"pad\":\"", writer, round, k);
    int i, len = 100 + (writer * 733 + round * 97 + k * 31) % PAD;
    for (i = 0; i < len; i++) out[n + i] = (char)('a' + (writer + i * (k + 1)) % 26);
    strcpy(out + n + len, "\"}");
}

/* The text is exactly what one writer saved. */
static int is_whole(const char *text)
{
    static char expect[PAD + 200];
    int w, r, k;
    if (!text || sscanf(text, "{\"w\":%d,\"r\":%d,\"k\":%d,", &w, &r, &k) != 3) return 0;
    text_of(expect, w, r, k);
    return strcmp(expect, text) == 0;
}

static void writer(const char *path, int id, int round, int release)
{
    static char text[PAD + 200];
    char go;
    int k;
#ifdef SAVE_OPS_HAVE_WRITER
    SaveOps ops;
    memset(&ops, 0, sizeof ops);
    ops.writer = (unsigned long)getpid(); /* what native/desktop/desktop_save.c sets */
    const SaveOps *use = &ops;
#else
    const SaveOps *use = NULL; /* save.c before issue 12 */
#endif
    if (read(release, &go, 1) < 0) _exit(2);
    for (k = 0; k < 5; k++) {
        text_of(text, id, round, k);
        save_write(path, text, strlen(text), use);
    }
    _exit(0);
}

static int read_ok(const char *path)
{
    size_t len;
    char *text = save_read(path, &len);
    int ok = is_whole(text);
    free(text);
    return ok;
}

int main(int argc, char **argv)
{
    char path[1024];
    static char first[PAD + 200];
    int writers, rounds, round, lost = 0;
    long reads = 0;
    if (argc < 4) return 2;
    snprintf(path, sizeof path, "%s/save.json", argv[1]);
    writers = atoi(argv[2]);
    rounds = atoi(argv[3]);
    text_of(first, 0, -1, 0);
    if (!save_write(path, first, strlen(first), NULL)) return 2;
    for (round = 0; round < rounds; round++) {
        int gate[2], i, running, bad = 0;
        if (pipe(gate) < 0) return 2;
        for (i = 0; i < writers; i++) {
            pid_t pid = fork();
            if (pid < 0) return 2;
            if (pid == 0) {
                close(gate[1]);
                writer(path, i + 1, round, gate[0]);
            }
        }
        close(gate[0]);
        close(gate[1]); /* EOF releases every writer at once */
        running = writers;
        while (running > 0) {
            int status;
            if (!read_ok(path)) bad = 1;
            reads++;
            while (running > 0 && waitpid(-1, &status, WNOHANG) > 0) running--;
        }
        if (!read_ok(path)) bad = 1;
        reads++;
        lost += bad;
    }
    printf("rounds=%d lost=%d reads=%ld\n", rounds, lost, reads);
    return lost > 0;
}
