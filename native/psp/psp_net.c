/* See psp_net.h. Checked in PPSSPP's native emulator (docs/network.md,
 * "The PSP in PPSSPP"): the modules load, the connection dialog runs and
 * finishes by itself (~6.4 s of emulated time), and sceNetInet sockets
 * reach a server on 127.0.0.1 without blocking. The libraries these calls
 * need (psputility, pspnet_inet) are linked by the toolchain's specs after
 * the C library, never named in the Makefile's LIBS: named there, the C
 * library's own later use of them left their stubs out of order for
 * psp-fixup-imports. */
#include "psp_net.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pspkernel.h>
#include <pspnet.h>
#include <pspnet_apctl.h>
#include <pspnet_inet.h>
#include <psputility.h>
#include <psputils.h>
#include <stdio.h>
#include <string.h>
#include <sys/select.h>
#include <sys/socket.h>

/* sceNetInetGetErrno's values (newlib's numbering, as PPSSPP gives them). */
#define PSP_EAGAIN 11
#define PSP_EINPROGRESS 119

/* The stacks' sizes and priorities: pspsdk's net sample's (pspSdkInetInit). */
#define NET_POOL_BYTES (128 * 1024)
#define NET_THREAD_PRIORITY 42
#define NET_THREAD_STACK (4 * 1024)
#define APCTL_THREAD_STACK 0x8000
#define APCTL_THREAD_PRIORITY 48

/* sceNetApctlGetState's states. */
enum { APCTL_DISCONNECTED = 0, APCTL_GOT_IP = 4 };

static struct {
    int loaded;
    PspNetState state;
    int dialog_up;
    int seen_progress;
    uint32_t deadline_ms;
    pspUtilityNetconfData netconf;
    struct pspUtilityNetconfAdhoc adhoc;
    char address[32];
    char why[96];
    SceKernelUtilsMt19937Context random;
} net;

static void say_why(const char *what, int code)
{
    snprintf(net.why, sizeof net.why, "%s (%08x)", what, (unsigned)code);
}

int psp_net_load(void)
{
    int r;
    if (net.loaded) return net.loaded > 0;
    net.loaded = -1;
    if ((r = sceUtilityLoadNetModule(PSP_NET_MODULE_COMMON)) < 0) return say_why("the net module did not load", r), 0;
    if ((r = sceUtilityLoadNetModule(PSP_NET_MODULE_INET)) < 0) return say_why("the inet module did not load", r), 0;
    if ((r = sceNetInit(NET_POOL_BYTES, NET_THREAD_PRIORITY, NET_THREAD_STACK, NET_THREAD_PRIORITY, NET_THREAD_STACK)) < 0)
        return say_why("sceNetInit failed", r), 0;
    if ((r = sceNetInetInit()) < 0) return say_why("sceNetInetInit failed", r), 0;
    if ((r = sceNetApctlInit(APCTL_THREAD_STACK, APCTL_THREAD_PRIORITY)) < 0) return say_why("sceNetApctlInit failed", r), 0;
    sceKernelUtilsMt19937Init(&net.random, sceKernelGetSystemTimeLow());
    net.loaded = 1;
    return 1;
}

int psp_net_connect_start(int dialog, int saved, uint32_t now_ms, uint32_t timeout_ms)
{
    int r, language = PSP_SYSTEMPARAM_LANGUAGE_ENGLISH, swap = PSP_UTILITY_ACCEPT_CROSS;
    if (!psp_net_load()) {
        net.state = PSP_NET_FAILED;
        return 0;
    }
    net.address[0] = 0;
    net.why[0] = 0;
    net.seen_progress = 0;
    net.deadline_ms = now_ms + timeout_ms;
    if (!dialog) {
        if ((r = sceNetApctlConnect(saved)) < 0) {
            say_why("sceNetApctlConnect failed", r);
            net.state = PSP_NET_FAILED;
            return 0;
        }
        net.state = PSP_NET_CONNECTING;
        return 1;
    }
    sceUtilityGetSystemParamInt(PSP_SYSTEMPARAM_ID_INT_LANGUAGE, &language);
    sceUtilityGetSystemParamInt(PSP_SYSTEMPARAM_ID_INT_UNKNOWN, &swap); /* the confirm button (X or O) */
    memset(&net.netconf, 0, sizeof net.netconf);
    memset(&net.adhoc, 0, sizeof net.adhoc);
    net.netconf.base.size = sizeof net.netconf;
    net.netconf.base.language = language;
    net.netconf.base.buttonSwap = swap;
    /* The utility's threads just above the game's (pspsdk's samples' numbers). */
    net.netconf.base.graphicsThread = 17;
    net.netconf.base.accessThread = 19;
    net.netconf.base.fontThread = 18;
    net.netconf.base.soundThread = 16;
    net.netconf.action = PSP_NETCONF_ACTION_CONNECTAP;
    net.netconf.adhocparam = &net.adhoc;
    if ((r = sceUtilityNetconfInitStart(&net.netconf)) < 0) {
        say_why("the connection dialog did not start", r);
        net.state = PSP_NET_FAILED;
        return 0;
    }
    net.state = PSP_NET_DIALOG;
    net.dialog_up = 1;
    return 1;
}

static PspNetState apctl_frame(uint32_t now_ms)
{
    int state = APCTL_DISCONNECTED;
    if (sceNetApctlGetState(&state) < 0) state = APCTL_DISCONNECTED;
    if (state == APCTL_GOT_IP) {
        union SceNetApctlInfo info;
        memset(&info, 0, sizeof info);
        if (sceNetApctlGetInfo(PSP_NET_APCTL_INFO_IP, &info) == 0) snprintf(net.address, sizeof net.address, "%s", info.ip);
        return net.state = PSP_NET_READY;
    }
    if (state != APCTL_DISCONNECTED) net.seen_progress = 1;
    else if (net.seen_progress) {
        snprintf(net.why, sizeof net.why, "the access point did not take the connection");
        return net.state = PSP_NET_FAILED;
    }
    if ((int32_t)(now_ms - net.deadline_ms) >= 0) {
        snprintf(net.why, sizeof net.why, "no connection to the access point in time");
        sceNetApctlDisconnect();
        return net.state = PSP_NET_FAILED;
    }
    return net.state;
}

PspNetState psp_net_connect_frame(uint32_t now_ms)
{
    if (net.state == PSP_NET_DIALOG) {
        int status = sceUtilityNetconfGetStatus();
        if (status == PSP_UTILITY_DIALOG_QUIT) sceUtilityNetconfShutdownStart();
        else if (status == PSP_UTILITY_DIALOG_NONE && net.dialog_up) {
            net.dialog_up = 0;
            if (net.netconf.base.result != 0) {
                snprintf(net.why, sizeof net.why, "the connection was cancelled");
                return net.state = PSP_NET_FAILED;
            }
            net.state = PSP_NET_CONNECTING;
        }
        return net.state;
    }
    if (net.state == PSP_NET_CONNECTING) return apctl_frame(now_ms);
    if (net.state == PSP_NET_READY) {
        /* The access point gone (out of range, switched off): joined again when next needed. */
        int state = APCTL_DISCONNECTED;
        if (sceNetApctlGetState(&state) < 0 || state != APCTL_GOT_IP) {
            snprintf(net.why, sizeof net.why, "the access point was lost");
            printf("psp: net: %s\n", net.why);
            net.address[0] = 0;
            net.state = PSP_NET_IDLE;
        }
    }
    return net.state;
}

void psp_net_dialog_draw(void)
{
    if (net.state == PSP_NET_DIALOG && sceUtilityNetconfGetStatus() == PSP_UTILITY_DIALOG_VISIBLE) sceUtilityNetconfUpdate(1);
}

PspNetState psp_net_state(void)
{
    return net.state;
}

void psp_net_disconnect(void)
{
    if (net.loaded > 0) sceNetApctlDisconnect();
    net.state = PSP_NET_IDLE;
    net.address[0] = 0;
}

const char *psp_net_address(void) { return net.address; }
const char *psp_net_why(void) { return net.why; }

/* --- sceNetInet as NetIo. */

static int inet_open(void *ctx, const char *host, int port)
{
    struct sockaddr_in to;
    int s, on = 1;
    (void)ctx;
    memset(&to, 0, sizeof to);
    to.sin_len = sizeof to;
    to.sin_family = AF_INET;
    to.sin_port = htons((uint16_t)port);
    if (sceNetInetInetAton(host, &to.sin_addr) == 0) return NET_IO_FAILED;
    s = sceNetInetSocket(AF_INET, SOCK_STREAM, 0);
    if (s < 0) return NET_IO_FAILED;
    if (sceNetInetSetsockopt(s, SOL_SOCKET, SO_NONBLOCK, &on, sizeof on) < 0 ||
        (sceNetInetConnect(s, (struct sockaddr *)&to, sizeof to) < 0 && sceNetInetGetErrno() != PSP_EINPROGRESS)) {
        sceNetInetClose(s);
        return NET_IO_FAILED;
    }
    return s;
}

/* The firmware's select takes sets of 256 sockets (32 bytes), and PPSSPP
 * writes them back whole: pspsdk's fd_set is 8 bytes, and the bytes written
 * past it overwrote this function's return address (seen in PPSSPP: a jump
 * to 0 right after the select). */
typedef struct {
    uint32_t bits[256 / 32];
} InetSet;

static int inet_connected(void *ctx, int s)
{
    InetSet writable;
    struct SceNetInetTimeval now = { 0, 0 };
    int err = 0;
    socklen_t len = sizeof err;
    (void)ctx;
    if (s < 0 || s >= 256) return NET_IO_FAILED;
    memset(&writable, 0, sizeof writable);
    writable.bits[s / 32] = 1u << (s % 32);
    if (sceNetInetSelect(s + 1, NULL, (fd_set *)&writable, NULL, &now) <= 0) return 0;
    if (sceNetInetGetsockopt(s, SOL_SOCKET, SO_ERROR, &err, &len) < 0 || err != 0) return NET_IO_FAILED;
    return 1;
}

static long inet_send(void *ctx, int s, const uint8_t *p, size_t n)
{
    int r = (int)sceNetInetSend(s, p, n, 0);
    (void)ctx;
    if (r > 0) return r;
    return r < 0 && sceNetInetGetErrno() == PSP_EAGAIN ? NET_IO_WOULDBLOCK : NET_IO_FAILED;
}

static long inet_recv(void *ctx, int s, uint8_t *p, size_t n)
{
    int r = (int)sceNetInetRecv(s, p, n, 0);
    (void)ctx;
    if (r > 0) return r;
    if (r == 0) return NET_IO_CLOSED;
    return sceNetInetGetErrno() == PSP_EAGAIN ? NET_IO_WOULDBLOCK : NET_IO_FAILED;
}

static void inet_close(void *ctx, int s)
{
    (void)ctx;
    sceNetInetClose(s);
}

static void firmware_sha1(void *ctx, const uint8_t *p, size_t n, uint8_t out[20])
{
    (void)ctx;
    sceKernelUtilsSha1Digest((u8 *)p, (u32)n, out);
}

static void twister_bytes(void *ctx, uint8_t *out, size_t n)
{
    (void)ctx;
    for (size_t i = 0; i < n; i++) out[i] = (uint8_t)sceKernelUtilsMt19937UInt(&net.random);
}

const NetIo *psp_net_io(void)
{
    static const NetIo io = { NULL, inet_open, inet_connected, inet_send, inet_recv, inet_close, firmware_sha1, twister_bytes };
    return &io;
}
