/* An online game's message log: what the script's net functions were asked
 * and answered, frame by frame, written while a host plays through a real
 * room (the desktop's --record, the PSP's replay build) and read back by the
 * headless host (--net-log), whose netReceive then answers from it at the
 * frames recorded: an online game replays frame for frame, as a local one
 * replays from its input script, and its frame hashes can be compared.
 *
 * The text, one call a line (the script's and the room's JSON never hold a
 * line break; one that would is recorded with it turned into a space):
 *   ratscrew-net-log 1
 *   <frame> open <0|1> <request>
 *   <frame> send <0|1> <message>
 *   <frame> recv <line>
 *   <frame> close
 * A replay hands out each recv line at its frame (or the first frame after
 * it that asks), answers open and send as recorded, and counts every call
 * that differs from the log's (the first is described): a replay that
 * diverged says where. */
#ifndef RATSCREW_NET_LOG_H
#define RATSCREW_NET_LOG_H

#include <stddef.h>
#include "../vm.h"

#define NET_LOG_HEADER "ratscrew-net-log 1"

/* ---- writing ---- */

typedef struct NetRecorder {
    VmHost inner;        /* the net callbacks being recorded (the room's) */
    int frame;           /* the host sets it each frame */
    void (*write)(void *user, const char *line, size_t len); /* one whole line with its '\n' */
    void *user;
    char line[2 * 4096 + 64];
} NetRecorder;

/* Puts the recorder between the VM and the host's net callbacks (host's
 * net_* become the recorder's, which call the ones it found there), and
 * writes the header. */
void net_record_plug(NetRecorder *r, VmHost *host, void (*write)(void *user, const char *line, size_t len), void *user);

/* ---- reading back ---- */

typedef enum { NET_LOG_OPEN, NET_LOG_SEND, NET_LOG_RECV, NET_LOG_CLOSE } NetLogKind;

typedef struct NetLogEntry {
    int frame;
    NetLogKind kind;
    int ok;
    const char *text; /* into the log's own copy of the file, NUL-terminated */
    size_t len;
} NetLogEntry;

typedef struct NetLog {
    char *text;          /* the file, its lines cut in place */
    NetLogEntry *entries;
    int count;
    int frame;           /* the host sets it each frame */
    int next_recv, next_call; /* the next recv entry; the next open/send entry */
    int differences;     /* calls the log did not have */
    char first[256];     /* the first of them, described */
} NetLog;

/* Reads the log from text (taken: freed by net_log_free). 0, or -1 with a
 * message in err. */
int net_log_parse(NetLog *log, char *text, size_t len, char *err, size_t err_size);
void net_log_free(NetLog *log);
/* The VM's net callbacks answered from the log. */
void net_log_plug(NetLog *log, VmHost *host);

#endif
