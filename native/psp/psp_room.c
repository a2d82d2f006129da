/* See psp_room.h. The room (net/room.c) asks for one HTTP request or one
 * WebSocket at a time; each has a NetLink of its own, polled once a frame.
 * A request made while the PSP is not on an access point waits for the
 * connection (the dialog first); what fails reaches the room at the next
 * frame's service, never inside the room's own call. */
#include "psp_room.h"

#include <pspkernel.h>
#ifdef PSP_PROBE
#include <pspnet_apctl.h>
#include <pspnet_inet.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "net/room.h"
#include "net_link.h"
#include "psp_nearby.h"
#include "psp_net.h"
#include "psp_video.h"

/* One answer or the WebSocket's opening (the room's own deadline is 10 s). */
#define CALL_TIMEOUT_MS 10000u
/* The server pings every few seconds: this long without a byte is a drop. */
#define SILENCE_MS 20000u
/* Joining the access point, the dialog's time included. */
#define CONNECT_TIMEOUT_MS 60000u
/* Frames' worth of WebSocket messages taken at most in one frame. */
#define EVENTS_PER_FRAME 32

static struct {
    int ready;
    char host[NET_LINK_HOST_MAX];
    int port;
    NetRoom room;
    NetLink http, ws;
    /* A request waiting for the access point. */
    int http_waiting, ws_waiting;
    char http_path[WIRE_ADDRESS_MAX + 3 * WIRE_ID_MAX + 80];
    char http_body[NET_OUT_MAX];
    size_t http_body_len;
    char ws_host[NET_LINK_HOST_MAX];
    int ws_port;
    char ws_path[WIRE_ADDRESS_MAX + 3 * WIRE_ID_MAX + 80];
    int ws_opened;
    /* Failures met inside the room's own call, told at the next service. */
    int http_failed_late, ws_failed_late;
    int connecting; /* psp_net_connect_start was called and not yet done */
    /* netOpen's request, held while the access point is joined: the room's
     * own deadlines (10 s an answer) start once there is a network, not
     * while the player is still in the connection dialog. */
    char open_request[NET_OUT_MAX];
    size_t open_len;
    int open_waiting;
    int refuse_once; /* the connection failed: the held request's POST fails at once */
    int wifi_lost;   /* the probe's suspend took the WebSocket (psp_room_probe_wifi_off) */
    uint32_t now;
} psp;

static void dialog_overlay(void)
{
    psp_net_dialog_draw();
}

/* "a.b.c.d:port" into its parts. */
static int split_address(const char *address, char *host, size_t cap, int *port)
{
    const char *colon = strrchr(address, ':');
    char *end;
    long p;
    size_t n = colon ? (size_t)(colon - address) : 0;
    if (!colon || n == 0 || n >= cap) return 0;
    p = strtol(colon + 1, &end, 10);
    if (*end || p < 1 || p > 65535) return 0;
    memcpy(host, address, n);
    host[n] = 0;
    *port = (int)p;
    return 1;
}

/* Starts joining the access point unless on one or under way: 1 when on one now. */
static int on_access_point(void)
{
    /* Not while the dialog is up: its calls belong to the frame's end (dialog_overlay). */
    if (!psp.connecting && psp_net_connect_frame(psp.now) == PSP_NET_READY) return 1;
    if (!psp.connecting) {
        psp.connecting = 1;
        /* The dialog draws over the game's frames until it is done. */
        if (psp_net_connect_start(1, 0, psp.now, CONNECT_TIMEOUT_MS)) psp_video_set_overlay(dialog_overlay);
    }
    return 0;
}

static int start_http(void)
{
    return net_link_request(&psp.http, psp.host, psp.port, "POST", psp.http_path, psp.http_body, psp.http_body_len, psp.now,
                            CALL_TIMEOUT_MS);
}

static int start_ws(void)
{
    psp.ws_opened = 0;
    return net_link_websocket(&psp.ws, psp.ws_host, psp.ws_port, psp.ws_path, psp.now, CALL_TIMEOUT_MS, SILENCE_MS);
}

/* ---- what the room asks (net/transport.h) ---- */

static int t_http_post(void *user, const char *path, const char *body, size_t len)
{
    (void)user;
    if (len > sizeof psp.http_body ||
        (size_t)snprintf(psp.http_path, sizeof psp.http_path, "/matchmake/%s", path) >= sizeof psp.http_path)
        return -1;
    memcpy(psp.http_body, body, len);
    psp.http_body_len = len;
    psp.http_waiting = psp.http_failed_late = 0;
    if (psp.refuse_once) {
        psp.refuse_once = 0;
        psp.http_failed_late = 1;
    } else if (!on_access_point()) psp.http_waiting = 1;
    else if (!start_http()) psp.http_failed_late = 1;
    return 0;
}

static int t_ws_open(void *user, const char *address, const char *path)
{
    (void)user;
    if (address) {
        if (!split_address(address, psp.ws_host, sizeof psp.ws_host, &psp.ws_port)) return -1;
    } else {
        snprintf(psp.ws_host, sizeof psp.ws_host, "%s", psp.host);
        psp.ws_port = psp.port;
    }
    if ((size_t)snprintf(psp.ws_path, sizeof psp.ws_path, "%s", path) >= sizeof psp.ws_path) return -1;
    psp.ws_waiting = psp.ws_failed_late = 0;
    if (!on_access_point()) psp.ws_waiting = 1;
    else if (!start_ws()) psp.ws_failed_late = 1;
    return 0;
}

static int t_ws_send(void *user, const uint8_t *bytes, size_t len)
{
    (void)user;
    return net_link_send(&psp.ws, bytes, len) ? 0 : -1;
}

static void t_reset(void *user)
{
    (void)user;
    net_link_close(&psp.http);
    net_link_close(&psp.ws);
    psp.http_waiting = psp.ws_waiting = psp.http_failed_late = psp.ws_failed_late = 0;
}

/* ---- what the network brings ---- */

static void service_http(void)
{
    NetEvent e = net_link_poll(&psp.http, psp.now);
    if (e == NET_EVENT_ANSWER) {
        net_room_http_answer(&psp.room, psp.http.status, (const char *)psp.http.in, psp.http.in_len, psp.now);
    } else if (e == NET_EVENT_FAILED) {
        printf("psp: net: %s\n", psp.http.why);
        net_room_http_answer(&psp.room, 0, NULL, 0, psp.now);
    }
}

static void service_ws(void)
{
    int n;
    for (n = 0; n < EVENTS_PER_FRAME; n++) {
        NetEvent e = net_link_poll(&psp.ws, psp.now);
        if (e == NET_EVENT_NONE) return;
        if (e == NET_EVENT_OPEN) {
            psp.ws_opened = 1;
            net_room_ws_opened(&psp.room, psp.now);
        } else if (e == NET_EVENT_MESSAGE) {
            net_room_ws_message(&psp.room, psp.ws.in, psp.ws.in_len, psp.now);
        } else if (e == NET_EVENT_CLOSED) {
            net_room_ws_closed(&psp.room, psp.ws.close_code, psp.now);
            return;
        } else if (e == NET_EVENT_FAILED) {
            printf("psp: net: %s\n", psp.ws.why);
            net_room_ws_closed(&psp.room, strstr(psp.ws.why, "a message over") ? NET_CLOSE_TOO_BIG
                                          : psp.ws_opened ? NET_CLOSE_LOST : NET_CLOSE_FAILED, psp.now);
            return;
        }
    }
}

void psp_room_frame(uint32_t now_ms)
{
    psp.now = now_ms;
    if (!psp.ready) return;
    if (psp.connecting) {
        PspNetState s = psp_net_connect_frame(now_ms);
        if (s != PSP_NET_DIALOG) psp_video_set_overlay(NULL);
        if (s == PSP_NET_READY || s == PSP_NET_FAILED) {
            psp.connecting = 0;
            if (psp.open_waiting) {
                /* The room starts now; without a network it hears "no answer" at once and says so. */
                psp.open_waiting = 0;
                psp.refuse_once = s != PSP_NET_READY;
                net_room_open(&psp.room, psp.open_request, psp.open_len, now_ms);
                psp.refuse_once = 0;
            }
            if (s == PSP_NET_READY) {
                printf("psp: net: on the access point, address %s\n", psp_net_address());
                if (psp.http_waiting && !start_http()) psp.http_failed_late = 1;
                if (psp.ws_waiting && !start_ws()) psp.ws_failed_late = 1;
            } else {
                printf("psp: net: %s\n", psp_net_why());
                psp.http_failed_late |= psp.http_waiting;
                psp.ws_failed_late |= psp.ws_waiting;
            }
            psp.http_waiting = psp.ws_waiting = 0;
        }
    }
    if (psp.http_failed_late) {
        psp.http_failed_late = 0;
        printf("psp: net: %s\n", psp.http.why[0] ? psp.http.why : "no network");
        net_room_http_answer(&psp.room, 0, NULL, 0, now_ms);
    }
    if (psp.ws_failed_late) {
        psp.ws_failed_late = 0;
        net_room_ws_closed(&psp.room, NET_CLOSE_FAILED, now_ms);
    }
    service_http();
    service_ws();
    net_room_tick(&psp.room, now_ms);
}

int psp_room_dialog_up(void)
{
    return psp.ready && psp.connecting && psp_net_state() == PSP_NET_DIALOG;
}

void psp_room_woke(uint32_t now_ms)
{
    int was_open = psp.ws.state != NET_LINK_IDLE || psp.wifi_lost;
    if (!psp.ready) return;
    psp.wifi_lost = 0;
    psp.now = now_ms;
    printf("psp: net: the PSP slept: the connection is gone\n");
    /* The sockets died with the Wi-Fi; the access point is joined again when the room next asks. */
    net_link_close(&psp.http);
    net_link_close(&psp.ws);
    psp_net_disconnect();
    psp.connecting = 0;
    psp_video_set_overlay(NULL);
    if (psp.http_waiting || psp.http.state != NET_LINK_IDLE) psp.http_failed_late = 1;
    psp.http_waiting = 0;
    if (was_open || psp.ws_waiting) net_room_ws_closed(&psp.room, psp.ws_opened ? NET_CLOSE_LOST : NET_CLOSE_FAILED, now_ms);
    psp.ws_waiting = 0;
}

void psp_room_leave(uint32_t now_ms)
{
    int i;
    psp.open_waiting = 0;
    if (!psp.ready || psp.room.state == NET_IDLE) return;
    net_room_close(&psp.room, now_ms);
    /* The leave frame goes out now; a few hundredths of a second for the socket to take it. */
    for (i = 0; i < 10 && psp.ws.out_len; i++) {
        service_ws();
        sceKernelDelayThread(10 * 1000);
    }
    t_reset(NULL);
    printf("psp: net: left the room\n");
    fflush(stdout);
}

#ifdef PSP_PROBE
void psp_room_probe_wifi_off(void)
{
    /* The Wi-Fi goes off with the suspend: the sockets end with no closing
     * word (the server sees the seat go while the PSP sleeps); the room
     * hears of it when the PSP wakes, as on a PSP. */
    psp.wifi_lost = psp.ws.state != NET_LINK_IDLE;
    psp.ws.close_sent = 1;
    psp.http.close_sent = 1;
    if (psp.ws.socket >= 0) psp.ws.io.close(psp.ws.io.ctx, psp.ws.socket);
    if (psp.http.socket >= 0) psp.http.io.close(psp.http.io.ctx, psp.http.socket);
    psp.ws.socket = psp.http.socket = -1;
}

void psp_room_probe_access_point_lost(void)
{
    /* The access point gone without a sleep (out of range, switched off):
     * the PSP is off it (apctl no longer "got IP") and the sockets stop
     * working under the links. Nothing here tells the room: the release
     * code finds both out for itself (a failed read, then apctl's state). */
    sceNetApctlDisconnect();
    /* Shut down, not closed: a closed socket's number may be given to
     * another of the emulator's own (it read a stranger's bytes once). */
    if (psp.ws.socket >= 0) sceNetInetShutdown(psp.ws.socket, 2);
    if (psp.http.socket >= 0) sceNetInetShutdown(psp.http.socket, 2);
}
#endif

/* ---- the VM's net functions ---- */

/* The same net functions reach a nearby room when the request says "via":"nearby" (psp_nearby.c). */
static int vm_open(void *user, const char *request, size_t len)
{
    int nearby = psp_nearby_join_open(request, len);
    (void)user;
    if (nearby >= 0) return nearby;
    if (!psp.ready || psp.open_waiting) return 0;
    /* A room still open (or leaving) is the room's to answer. */
    if (psp.room.state != NET_IDLE || on_access_point()) return net_room_open(&psp.room, request, len, psp.now);
    if (len > sizeof psp.open_request) return 0;
    memcpy(psp.open_request, request, len);
    psp.open_len = len;
    psp.open_waiting = 1;
    return 1;
}

static int vm_send(void *user, const char *message, size_t len)
{
    (void)user;
    if (psp_nearby_joining()) return psp_nearby_join_send(message, len);
    return psp.ready && net_room_send(&psp.room, message, len);
}

static const char *vm_receive(void *user, size_t *len)
{
    const char *line = psp_nearby_join_receive(len);
    (void)user;
    if (line || !psp.ready) return line;
    return net_room_receive(&psp.room, len);
}

static void vm_close(void *user)
{
    (void)user;
    psp_nearby_join_close();
    if (!psp.ready) return;
    psp.open_waiting = 0;
    net_room_close(&psp.room, psp.now);
}

void psp_room_plug(VmHost *host)
{
    host->net_user = &psp;
    host->net_open = vm_open;
    host->net_send = vm_send;
    host->net_receive = vm_receive;
    host->net_close = vm_close;
}

int psp_room_setup(const char *server)
{
    static NetTransport t;
    if (!split_address(server, psp.host, sizeof psp.host, &psp.port)) {
        printf("psp: net: no network: the server \"%s\" is not a.b.c.d:port\n", server);
        return 0;
    }
    if (!psp_net_load()) {
        printf("psp: net: no network: %s\n", psp_net_why());
        return 0;
    }
    net_link_init(&psp.http, psp_net_io());
    net_link_init(&psp.ws, psp_net_io());
    t.user = &psp;
    t.http_post = t_http_post;
    t.ws_open = t_ws_open;
    t.ws_send = t_ws_send;
    t.reset = t_reset;
    net_room_init(&psp.room, &t, "ratscrew", 1);
    psp.ready = 1;
    printf("psp: net: the rooms server is %s:%d\n", psp.host, psp.port);
    return 1;
}
