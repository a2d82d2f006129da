/* See psp_nearby.h. The order of things (what a frame means, who hears
 * what) is native/core/net/nearby.c's; this file is sceNetAdhoc: the group
 * (adhocctl), PTP links, and one queue of outgoing bytes per link.
 *
 * Checked in PPSSPP's native emulator (docs/network.md, "Two PSPs without a
 * server"): adhocctl answers BUSY while it is still logging in to the
 * ad-hoc server (again the next frame); a group's creator is its BSSID
 * (PPSSPP's ad-hoc server sends the founder's MAC); PTP Accept, Recv and
 * Send with the non-blocking flag answer WOULD_BLOCK at once. One wait is
 * PPSSPP's, not ours: its first non-blocking PtpConnect on a socket blocks
 * the calling thread up to the socket's retransmit interval (PTP_REXMT_US,
 * a few frames once per link), as a game it was written for needed. */
#include "psp_nearby.h"

#include <pspkernel.h>
#include <pspnet.h>
#include <pspnet_adhoc.h>
#include <pspnet_adhocctl.h>
#include <psprtc.h>
#include <psputility.h>
#include <stdio.h>
#include <string.h>
#include "net/nearby.h"
#include "psp_net.h"

/* The PTP port the host listens on (PPSSPP adds its port offset). */
#define PTP_PORT 2041
#define PTP_BUFFER 8192
#define PTP_REXMT_US 100000
#define PTP_REXMT_COUNT 30
/* The group made or joined, the host found, one PTP connect: each this long
 * at most (the group's is PPSSPP's login to its ad-hoc server on a loaded machine). */
#define GROUP_MS 16000u
#define FIND_MS 8000u
#define CONNECT_MS 3000u
#define BUSY_MS 6000u
/* A dropped link's last bytes get this long to leave. */
#define FLUSH_MS 1000u
/* Bytes waiting to go out on one link: a room's burst (a step to each seat) is a few KiB. */
#define OUT_BYTES 24576
#define READS_PER_FRAME 16
#define ACCEPTS_PER_FRAME 8

/* sceNetAdhoc's answers that mean "not yet". */
#define ADHOC_WOULD_BLOCK 0x80410709u
#define ADHOC_ALREADY_INITIALIZED 0x80410713u
#define ADHOC_BUSY 0x80410714u
#define ADHOC_TIMEOUT 0x80410715u
#define ADHOCCTL_ALREADY_INITIALIZED 0x80410b07u
#define ADHOCCTL_BUSY 0x80410b10u
/* sceNetAdhocctlGetState. */
#define ADHOCCTL_CONNECTED 1

/* P_AWAY: the joiner's link is lost and the room waits before it tries again (t_relink). */
typedef enum { P_IDLE, P_GROUP, P_GROUP_WAIT, P_FIND, P_LINK, P_UP, P_AWAY, P_CLOSING } Phase;

typedef struct {
    int id;          /* the PTP socket, 0 when none */
    int dropping;    /* send what is queued, then close */
    uint32_t dropped_at;
    uint8_t out[OUT_BYTES];
    size_t out_len;
} Link;

static struct {
    int ready;   /* caps.nearby */
    int loaded;  /* 1 modules up, -1 they failed */
    int hosting; /* the current start is the host's */
    Phase phase;
    uint32_t now, since, link_since;
    /* The real-time clock at the last frame (ms): it runs on while the PSP sleeps, as the game's clock does not. */
    uint64_t awake_ms;
    int relinking;
    int busy_reset; /* adhocctl was told to leave a group it seemed to hold (BUSY_MS) */
    char group[NEARBY_GROUP_LEN + 1];
    uint8_t me[6], host_mac[6];
    int listen_id;
    Link links[NEARBY_PEERS + 1]; /* 0: the joiner's link; 1..7: the host's peers */
    NearbyHost host;
    NearbyJoin join;
    uint8_t buf[4096];
    char why[96];
} nb;

static int waiting(int r) { return (unsigned)r == ADHOC_WOULD_BLOCK || (unsigned)r == ADHOC_BUSY || (unsigned)r == ADHOC_TIMEOUT; }

/* The ad-hoc modules and libraries, the first time the player chooses nearby. */
static int load(void)
{
    struct productStruct product;
    int r;
    if (nb.loaded) return nb.loaded > 0;
    nb.loaded = -1;
    if (!psp_net_load()) return snprintf(nb.why, sizeof nb.why, "no network: %s", psp_net_why()), 0;
    /* A PSP's Wi-Fi is either on an access point or ad hoc, not both. */
    if (psp_net_state() != PSP_NET_IDLE && psp_net_state() != PSP_NET_FAILED) psp_net_disconnect();
    if ((r = sceUtilityLoadNetModule(PSP_NET_MODULE_ADHOC)) < 0) return snprintf(nb.why, sizeof nb.why, "the ad-hoc module did not load (%08x)", (unsigned)r), 0;
    if ((r = sceNetAdhocInit()) < 0 && (unsigned)r != ADHOC_ALREADY_INITIALIZED) return snprintf(nb.why, sizeof nb.why, "sceNetAdhocInit failed (%08x)", (unsigned)r), 0;
    memset(&product, 0, sizeof product);
    /* Only PSPs running this game meet in its groups. */
    memcpy(product.product, PSP_DISC_ID, 9);
    if ((r = sceNetAdhocctlInit(0x2000, 0x20, &product)) < 0 && (unsigned)r != ADHOCCTL_ALREADY_INITIALIZED)
        return snprintf(nb.why, sizeof nb.why, "sceNetAdhocctlInit failed (%08x)", (unsigned)r), 0;
    printf("psp: nearby: ad hoc loaded\n");
    nb.loaded = 1;
    return 1;
}

static void link_close(int i)
{
    Link *l = &nb.links[i];
    if (l->id > 0) sceNetAdhocPtpClose(l->id, 0);
    l->id = 0;
    l->dropping = 0;
    l->out_len = 0;
}

/* Sends what is queued; 0 when the link is dead. */
static int link_flush(int i)
{
    Link *l = &nb.links[i];
    while (l->out_len > 0) {
        int n = (int)l->out_len, r = sceNetAdhocPtpSend(l->id, l->out, &n, 0, 1);
        if (waiting(r)) return 1;
        if (r < 0 || n <= 0) return 0;
        memmove(l->out, l->out + n, l->out_len - (size_t)n);
        l->out_len -= (size_t)n;
    }
    return 1;
}

/* The link's bytes to the room's code; 0 when the link is dead. */
static int link_read(int i)
{
    int k;
    for (k = 0; k < READS_PER_FRAME && nb.links[i].id > 0 && !nb.links[i].dropping; k++) {
        int n = (int)sizeof nb.buf, r = sceNetAdhocPtpRecv(nb.links[i].id, nb.buf, &n, 0, 1);
        if (waiting(r)) return 1;
        if (r < 0 || n <= 0) return 0;
        if (i == 0) nearby_join_bytes(&nb.join, nb.buf, (size_t)n, nb.now);
        else nearby_host_bytes(&nb.host, i, nb.buf, (size_t)n, nb.now);
    }
    return 1;
}

/* ---- the transport (net/nearby.h) ---- */

static int t_start(void *user, const char *group, int host)
{
    int i;
    (void)user;
    if (!load()) {
        printf("psp: nearby: %s\n", nb.why);
        return -1;
    }
    /* Whatever was still ending goes now. */
    for (i = 0; i <= NEARBY_PEERS; i++) link_close(i);
    if (nb.listen_id > 0) sceNetAdhocPtpClose(nb.listen_id, 0);
    nb.listen_id = 0;
    if (nb.phase != P_IDLE) sceNetAdhocctlDisconnect();
    snprintf(nb.group, sizeof nb.group, "%s", group);
    nb.hosting = host;
    nb.relinking = 0;
    nb.busy_reset = 0;
    nb.phase = P_GROUP;
    nb.since = nb.now;
    printf("psp: nearby: %s group %s\n", host ? "making" : "joining", group);
    return 0;
}

static int t_relink(void *user)
{
    int state = 0;
    (void)user;
    if (nb.hosting || nb.phase == P_IDLE) return -1;
    link_close(0);
    nb.relinking = 1;
    nb.since = nb.now;
    /* Still in the group: only the host found and linked again; out of it: the group first. */
    nb.busy_reset = 0;
    nb.phase = sceNetAdhocctlGetState(&state) >= 0 && state == ADHOCCTL_CONNECTED ? P_FIND : P_GROUP;
    if (nb.phase == P_GROUP) sceNetAdhocctlDisconnect();
    return 0;
}

static int t_send(void *user, int link, const uint8_t *bytes, size_t len)
{
    Link *l;
    (void)user;
    if (link < 0 || link > NEARBY_PEERS) return -1;
    l = &nb.links[link];
    if (l->id <= 0 || l->dropping || OUT_BYTES - l->out_len < len) return -1;
    memcpy(l->out + l->out_len, bytes, len);
    l->out_len += len;
    return 0;
}

static void t_drop(void *user, int link)
{
    Link *l;
    (void)user;
    if (link < 0 || link > NEARBY_PEERS) return;
    l = &nb.links[link];
    if (l->id <= 0) return;
    if (link > 0) printf("psp: nearby: peer %d dropped\n", link);
    l->dropping = 1;
    l->dropped_at = nb.now;
}

static void t_reset(void *user)
{
    int i;
    (void)user;
    if (nb.phase == P_IDLE) return;
    for (i = 0; i <= NEARBY_PEERS; i++) t_drop(NULL, i);
    if (nb.listen_id > 0) sceNetAdhocPtpClose(nb.listen_id, 0);
    nb.listen_id = 0;
    nb.phase = P_CLOSING;
    nb.since = nb.now;
}

/* ---- each frame ---- */

static void fail(const char *why)
{
    int relinking = !nb.hosting && nb.relinking;
    printf("psp: nearby: %s\n", why);
    if (nb.hosting) nearby_host_failed(&nb.host, why, nb.now);
    else if (relinking) nearby_join_lost(&nb.join, nb.now);
    else nearby_join_failed(&nb.join, why, nb.now);
    /* The room ended it (reset: P_CLOSING) or waits to try again; never the same failure next frame. */
    if (nb.phase != P_CLOSING && nb.phase != P_IDLE) {
        if (relinking) {
            link_close(0);
            nb.phase = P_AWAY;
        } else t_reset(NULL);
    }
}

static int known_peer(const uint8_t *mac)
{
    static uint8_t list[16 * 160];
    int len = (int)sizeof list;
    struct SceNetAdhocctlPeerInfo *p;
    if (sceNetAdhocctlGetPeerList(&len, list) < 0 || len <= 0) return 0;
    for (p = (struct SceNetAdhocctlPeerInfo *)list; p; p = p->next)
        if (memcmp(p->mac, mac, 6) == 0) return 1;
    return 0;
}

/* The group's creator: its BSSID. Firmware headers disagree on where the
 * BSSID sits in the parameter block (pspsdk: after the nickname; PPSSPP's
 * older code and VitaSDK: before it), so both places are read and the one
 * that names a PSP in the group, not this one, is taken. */
static int find_host(void)
{
    uint8_t params[256];
    static const size_t AT[] = { 12, 140 };
    size_t k;
    memset(params, 0, sizeof params);
    if (sceNetAdhocctlGetParameter((struct SceNetAdhocctlParams *)params) < 0) return 0;
    for (k = 0; k < 2; k++) {
        const uint8_t *mac = params + AT[k];
        if (memcmp(mac, nb.me, 6) != 0 && known_peer(mac)) {
            memcpy(nb.host_mac, mac, 6);
            return 1;
        }
    }
    return 0;
}

static void group_frame(void)
{
    int r, state = 0;
    switch (nb.phase) {
    case P_GROUP:
        r = nb.hosting ? sceNetAdhocctlCreate(nb.group) : sceNetAdhocctlConnect(nb.group);
        /* Still logging in to the ad-hoc server (PPSSPP: its first call may
         * take seconds, 4.5 s seen on a loaded machine) or the Wi-Fi: again
         * next frame. Busy for BUSY_MS: adhocctl may still hold a group
         * (PPSSPP once answered BUSY for 12 s to a joiner opening the room
         * again a second after it left, five emulators on two cores): leave
         * it, once, and go on trying until GROUP_MS. */
        if ((unsigned)r == ADHOCCTL_BUSY) {
            if (nb.now - nb.since >= GROUP_MS) fail("unreachable: ad hoc stayed busy");
            else if (!nb.busy_reset && nb.now - nb.since >= BUSY_MS) {
                printf("psp: nearby: ad hoc busy for %u ms: leaving any group first\n", (unsigned)(nb.now - nb.since));
                sceNetAdhocctlDisconnect();
                nb.busy_reset = 1;
            }
            return;
        }
        if (r < 0) {
            snprintf(nb.why, sizeof nb.why, "unreachable: the ad-hoc group failed (%08x)", (unsigned)r);
            fail(nb.why);
            return;
        }
        nb.phase = P_GROUP_WAIT;
        return;
    case P_GROUP_WAIT:
        if (sceNetAdhocctlGetState(&state) >= 0 && state == ADHOCCTL_CONNECTED) {
            /* This PSP's MAC, read once it is in a group (PPSSPP gives zeros before its ad-hoc login). */
            sceNetGetLocalEtherAddr(nb.me);
            printf("psp: nearby: in group %s as %02x:%02x:%02x:%02x:%02x:%02x\n", nb.group, nb.me[0], nb.me[1], nb.me[2], nb.me[3], nb.me[4], nb.me[5]);
            if (!nb.hosting) {
                nb.phase = P_FIND;
                nb.since = nb.now;
                return;
            }
            nb.listen_id = sceNetAdhocPtpListen(nb.me, PTP_PORT, PTP_BUFFER, PTP_REXMT_US, PTP_REXMT_COUNT, NEARBY_PEERS + 1, 0);
            if (nb.listen_id <= 0) {
                snprintf(nb.why, sizeof nb.why, "unreachable: PTP listen failed (%08x)", (unsigned)nb.listen_id);
                nb.listen_id = 0;
                fail(nb.why);
                return;
            }
            nb.phase = P_UP;
            printf("psp: nearby: group %s is up, listening\n", nb.group);
            nearby_host_up(&nb.host, nb.now);
        } else if (nb.now - nb.since >= GROUP_MS) fail("unreachable: no ad-hoc group in time");
        return;
    case P_FIND:
        if (find_host()) {
            printf("psp: nearby: the host is %02x:%02x:%02x:%02x:%02x:%02x\n", nb.host_mac[0], nb.host_mac[1], nb.host_mac[2], nb.host_mac[3], nb.host_mac[4], nb.host_mac[5]);
            nb.phase = P_LINK;
            nb.link_since = nb.now;
        } else if (nb.now - nb.since >= FIND_MS) {
            /* Connecting to a group nobody made makes it: this PSP alone, no host. */
            snprintf(nb.why, sizeof nb.why, "nearby room \"%.7s\" not found", nb.group + 1);
            fail(nb.why);
        }
        return;
    case P_LINK: {
        Link *l = &nb.links[0];
        if (l->id <= 0) {
            l->id = sceNetAdhocPtpOpen(nb.me, 0, nb.host_mac, PTP_PORT, PTP_BUFFER, PTP_REXMT_US, PTP_REXMT_COUNT, 0);
            if (l->id <= 0) {
                l->id = 0;
                fail("unreachable: PTP open failed");
                return;
            }
            l->out_len = 0;
            l->dropping = 0;
        }
        r = sceNetAdhocPtpConnect(l->id, 0, 1);
        if (r == 0) {
            nb.phase = P_UP;
            printf("psp: nearby: linked to the host\n");
            nearby_join_linked(&nb.join, nb.now);
            return;
        }
        /* PPSSPP answers a refused connect as WOULD_BLOCK too: a deadline per try, a new socket for the next. */
        if (!waiting(r) || nb.now - nb.link_since >= CONNECT_MS) {
            link_close(0);
            nb.link_since = nb.now;
        }
        if (nb.now - nb.since >= FIND_MS + 2 * CONNECT_MS) fail("unreachable: the nearby host did not take the link");
        return;
    }
    default:
        return;
    }
}

static void links_frame(void)
{
    int i, k, state = 0;
    if (nb.hosting) {
        for (k = 0; k < ACCEPTS_PER_FRAME; k++) {
            uint8_t mac[6];
            uint16_t port = 0;
            int id = sceNetAdhocPtpAccept(nb.listen_id, mac, &port, 0, 1), peer;
            if (id <= 0) break;
            peer = nearby_host_accepted(&nb.host, mac, nb.now);
            if (peer == 0) {
                sceNetAdhocPtpClose(id, 0); /* the room is full */
                continue;
            }
            /* An older link of the same PSP is dead (the room dropped it). */
            link_close(peer);
            nb.links[peer].id = id;
            printf("psp: nearby: peer %d linked (%02x:%02x:%02x:%02x:%02x:%02x)\n", peer, mac[0], mac[1], mac[2], mac[3], mac[4], mac[5]);
        }
    }
    for (i = nb.hosting ? 1 : 0; i <= (nb.hosting ? NEARBY_PEERS : 0); i++) {
        Link *l = &nb.links[i];
        if (l->id <= 0 || l->dropping) continue;
        if (!link_flush(i) || !link_read(i)) {
            /* Gone under us (out of range, the other PSP closed it): nothing to send on it. */
            printf("psp: nearby: link %d lost\n", i);
            link_close(i);
            if (i == 0) nearby_join_lost(&nb.join, nb.now);
            else nearby_host_lost(&nb.host, i, nb.now);
        }
    }
    /* The joiner's room let its link go (silence, a failed send): it tries again by itself. */
    if (!nb.hosting && nb.phase == P_UP && nb.join.state != NEARBY_JOIN_LINKED) {
        nb.phase = P_AWAY;
        return;
    }
    /* The group itself gone (the Wi-Fi switch): every link with it. */
    if (nb.phase == P_UP && (sceNetAdhocctlGetState(&state) < 0 || state != ADHOCCTL_CONNECTED)) {
        if (nb.hosting) fail("the ad-hoc group was lost");
        else {
            link_close(0);
            nearby_join_lost(&nb.join, nb.now);
        }
    }
}

/* Links being dropped: their last bytes out, then closed. */
static void drops_frame(void)
{
    int i, open = 0;
    for (i = 0; i <= NEARBY_PEERS; i++) {
        Link *l = &nb.links[i];
        if (l->id <= 0 || !l->dropping) continue;
        if (!link_flush(i) || l->out_len == 0 || nb.now - l->dropped_at >= FLUSH_MS) link_close(i);
        else open = 1;
    }
    if (nb.phase == P_CLOSING && !open) {
        sceNetAdhocctlDisconnect();
        nb.phase = P_IDLE;
        printf("psp: nearby: left group %s\n", nb.group);
    }
}

/* The real-time clock in ms (its ticks are the firmware's to say). */
static uint64_t rtc_ms(void)
{
    u64 tick = 0;
    u32 per_s = sceRtcGetTickResolution();
    sceRtcGetCurrentTick(&tick);
    return per_s ? (uint64_t)tick / (per_s / 1000u ? per_s / 1000u : 1u) : 0;
}

void psp_nearby_frame(uint32_t now_ms)
{
    nb.now = now_ms;
    if (!nb.ready) return;
    /* Only while hosting: how long a sleep lasted (psp_nearby_woke). */
    if (nb.hosting && nb.phase != P_IDLE) nb.awake_ms = rtc_ms();
    if (nb.phase >= P_GROUP && nb.phase <= P_LINK) group_frame();
    if (nb.phase == P_UP) links_frame();
    drops_frame();
    nearby_host_tick(&nb.host, now_ms);
    nearby_join_tick(&nb.join, now_ms);
}

/* ---- the script's functions ---- */

static int vm_open(void *user, const char *code, size_t len)
{
    (void)user;
    if (nb.join.state != NEARBY_JOIN_IDLE) return 0; /* joining someone's room meanwhile */
    return nearby_host_open(&nb.host, code, len, nb.now);
}

static const char *vm_receive(void *user, size_t *len)
{
    (void)user;
    return nearby_host_receive(&nb.host, len);
}

static int vm_send(void *user, int peer, const char *line, size_t len)
{
    (void)user;
    return nearby_host_send(&nb.host, peer, line, len);
}

static int vm_ping(void *user, int peer)
{
    (void)user;
    return nearby_host_ping(&nb.host, peer);
}

static void vm_close(void *user)
{
    (void)user;
    nearby_host_close(&nb.host);
}

void psp_nearby_plug(VmHost *host)
{
    if (!nb.ready) return;
    host->nearby_user = &nb;
    host->nearby_open = vm_open;
    host->nearby_receive = vm_receive;
    host->nearby_send = vm_send;
    host->nearby_ping = vm_ping;
    host->nearby_close = vm_close;
}

int psp_nearby_join_open(const char *request, size_t len)
{
    char code[NEARBY_CODE_LEN + 1];
    const char *why = NULL;
    int r = nearby_request(request, len, code, &why);
    if (r == 0) return -1;
    if (r < 0 || !nb.ready || nb.host.state != NEARBY_HOST_IDLE) return 0;
    return nearby_join_open(&nb.join, request, len, nb.now);
}

int psp_nearby_joining(void)
{
    return nb.ready && nb.join.state != NEARBY_JOIN_IDLE;
}

int psp_nearby_join_send(const char *message, size_t len)
{
    return nearby_join_send(&nb.join, message, len);
}

const char *psp_nearby_join_receive(size_t *len)
{
    if (!nb.ready) return *len = 0, (const char *)NULL;
    return nearby_join_receive(&nb.join, len);
}

void psp_nearby_join_close(void)
{
    if (nb.ready) nearby_join_close(&nb.join);
}

void psp_nearby_woke(uint32_t now_ms)
{
    int i, state = 0;
    uint32_t slept_ms;
    if (!nb.ready || nb.phase == P_IDLE) return;
    nb.now = now_ms;
    printf("psp: nearby: the PSP slept: the links are gone\n");
    for (i = 0; i <= NEARBY_PEERS; i++) link_close(i);
    if (!nb.hosting) {
        if (nb.join.state != NEARBY_JOIN_IDLE) nearby_join_lost(&nb.join, now_ms);
        return;
    }
    /* The hosting PSP: its joiners heard it go silent and look for it again (nearby.h NEARBY_SLEEP_KEPT_MS). */
    slept_ms = (uint32_t)(rtc_ms() - nb.awake_ms);
    printf("psp: nearby: the hosting PSP slept %u ms\n", (unsigned)slept_ms);
    /* Slept too long (or while opening): the room ended, and the group is being left (reset). */
    if (!nearby_host_woke(&nb.host, slept_ms, now_ms)) return;
    /* Still in the group, listening: its PSPs link again by themselves. Out of it (the
     * firmware's ad hoc may not outlive a sleep): the same group made again, then listened on. */
    if (nb.phase == P_UP && nb.listen_id > 0 && sceNetAdhocctlGetState(&state) >= 0 && state == ADHOCCTL_CONNECTED) {
        printf("psp: nearby: still in group %s: waiting for its PSPs\n", nb.group);
        return;
    }
    if (nb.listen_id > 0) sceNetAdhocPtpClose(nb.listen_id, 0);
    nb.listen_id = 0;
    if (nb.phase != P_GROUP) sceNetAdhocctlDisconnect();
    nb.phase = P_GROUP;
    nb.since = now_ms;
    nb.busy_reset = 0;
    printf("psp: nearby: making group %s again\n", nb.group);
}

void psp_nearby_leave(void)
{
    int i;
    if (!nb.ready || nb.phase == P_IDLE) return;
    nearby_join_close(&nb.join);
    nearby_host_close(&nb.host);
    /* The goodbyes leave now: a few hundredths of a second, then the group. */
    for (i = 0; i < 10 && nb.phase != P_IDLE; i++) {
        drops_frame();
        sceKernelDelayThread(10 * 1000);
    }
}

int psp_nearby_setup(void)
{
    static const NearbyTransport t = { &nb, t_start, t_relink, t_send, t_drop, t_reset };
    nearby_host_init(&nb.host, &t);
    nearby_join_init(&nb.join, &t);
    /* Every PSP has ad hoc; its modules load when the player first chooses nearby (load). */
    nb.ready = 1;
    return 1;
}

#ifdef PSP_PROBE
void psp_nearby_probe_cut(void)
{
    /* Closed under the room without a goodbye: the next read finds it dead,
     * as a link out of range is found (the host sees the stream end). */
    if (nb.links[0].id > 0) {
        printf("psp: probe: the nearby link is cut\n");
        sceNetAdhocPtpClose(nb.links[0].id, 0);
    }
}

void psp_nearby_probe_wifi_off(void)
{
    /* The Wi-Fi goes off with the suspend, and this PSP drops out of its
     * ad-hoc group without a word (PPSSPP's emulated sleep keeps both up):
     * the others see it leave the group; it finds itself out of it on waking. */
    if (!nb.ready || nb.phase == P_IDLE) return;
    printf("psp: probe: the ad-hoc group is gone with the Wi-Fi\n");
    sceNetAdhocctlDisconnect();
}

void psp_nearby_probe_bad_frame(void)
{
    static const uint8_t BAD[] = { 9, 0, 0 }; /* a kind no host sends */
    int i;
    for (i = 1; i <= NEARBY_PEERS; i++) {
        if (nb.links[i].id > 0 && !nb.links[i].dropping) {
            printf("psp: probe: a bad frame to peer %d\n", i);
            t_send(NULL, i, BAD, sizeof BAD);
            return;
        }
    }
}
#endif
