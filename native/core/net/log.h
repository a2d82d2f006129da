/* An online game's message log: what the script's net functions and the
 * hosting PSP's nearby functions were asked and answered, frame by frame,
 * written while a host plays through a real room (the desktop's --record,
 * the PSP's probe build, hosting a nearby room or in one) and read back by
 * the headless host (--net-log), whose netReceive and nearbyReceive then
 * answer from it at the frames recorded: an online or nearby game replays
 * frame for frame, as a local one replays from its input script, and its
 * frame hashes can be compared.
 *
 * The text: NET_LOG_HEADER, then one call a line, each kind's line as
 * NetLogKind lists it (contract.h, generated from tools/contract/contract.json's
 * netLog, which test/support/net-log.ts reads the log by too); the script's
 * and the room's JSON never hold a line break, and one that would is recorded
 * with it turned into a space. A replay hands out each recv and nearby-recv
 * line at its frame (or the first frame after it that asks), answers the
 * other calls as recorded, and counts every call that differs from the
 * log's (the first is described): a replay that diverged says where. A log
 * without nearby lines (a server room's) reads as it always did. */
#ifndef RATSCREW_NET_LOG_H
#define RATSCREW_NET_LOG_H

#include <stddef.h>
#include "../vm.h"
#include "room.h"

/* ---- writing ---- */

typedef struct NetRecorder {
    VmHost inner;        /* the net and nearby callbacks being recorded (the room's, the nearby host's) */
    int frame;           /* the host sets it each frame */
    void (*write)(void *user, const char *line, size_t len); /* one whole line with its '\n' */
    void *user;
    char line[NET_LINE_MAX + 128]; /* the longest line a room or a nearby host hands out, and its call */
} NetRecorder;

/* Puts the recorder between the VM and the host's net and nearby callbacks
 * (host's net_* and nearby_* become the recorder's, which call the ones it
 * found there, or answer "not here" as the VM would without them), and
 * writes the header. */
void net_record_plug(NetRecorder *r, VmHost *host, void (*write)(void *user, const char *line, size_t len), void *user);

/* ---- reading back ---- */

typedef struct NetLogEntry {
    int frame;
    NetLogKind kind;
    int ok;
    int peer;         /* nearby-send, nearby-ping */
    const char *text; /* into the log's own copy of the file, NUL-terminated */
    size_t len;
} NetLogEntry;

typedef struct NetLog {
    char *text;          /* the file, its lines cut in place */
    NetLogEntry *entries;
    int count;
    int frame;           /* the host sets it each frame */
    int next_recv, next_nearby_recv, next_call; /* the next recv, nearby-recv entry; the next call's */
    int differences;     /* calls the log did not have */
    char first[256];     /* the first of them, described */
} NetLog;

/* Reads the log from text (taken: freed by net_log_free; malloc'd, len
 * bytes and a NUL after them, as save_read_file gives a file). 0, or -1
 * with a message in err. */
int net_log_parse(NetLog *log, char *text, size_t len, char *err, size_t err_size);
void net_log_free(NetLog *log);
/* The VM's net and nearby callbacks answered from the log. */
void net_log_plug(NetLog *log, VmHost *host);

#endif
