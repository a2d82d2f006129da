/* core/net_link.c on the desktop, under ASan and UBSan (test/native/net-link.test.ts):
 *   net-link-test HOST PORT CLOSED_PORT   the checks of net_link_checks.c against test/native/net-server.mjs
 *   net-link-test fuzz N SEED             N inputs of random and mutated bytes as the server's answers and frames
 * The PSP runs the same checks over sceNetInet (native/psp/net_check.c). */
#define _POSIX_C_SOURCE 200809L
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include "net_link.h"
#include "net_link_checks.h"

/* --- SHA-1 (FIPS 180-4), for the handshake's check only: the PSP uses the firmware's. */
static uint32_t rol(uint32_t x, int n) { return x << n | x >> (32 - n); }
static void sha1(void *ctx, const uint8_t *p, size_t n, uint8_t out[20])
{
    uint32_t h[5] = { 0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0 };
    uint8_t block[64];
    uint64_t bits = (uint64_t)n * 8;
    size_t total = ((n + 8) / 64 + 1) * 64, off;
    (void)ctx;
    for (off = 0; off < total; off += 64) {
        uint32_t w[80], a, b, c, d, e;
        int i;
        for (i = 0; i < 64; i++) {
            size_t k = off + (size_t)i;
            block[i] = k < n ? p[k] : k == n ? 0x80 : 0;
            if (k >= total - 8) block[i] = (uint8_t)(bits >> (8 * (total - 1 - k)));
        }
        for (i = 0; i < 16; i++) w[i] = (uint32_t)block[4 * i] << 24 | (uint32_t)block[4 * i + 1] << 16 | (uint32_t)block[4 * i + 2] << 8 | block[4 * i + 3];
        for (i = 16; i < 80; i++) w[i] = rol(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
        a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
        for (i = 0; i < 80; i++) {
            uint32_t f = i < 20 ? (b & c) | (~b & d) : i < 40 ? b ^ c ^ d : i < 60 ? (b & c) | (b & d) | (c & d) : b ^ c ^ d;
            uint32_t k = i < 20 ? 0x5A827999 : i < 40 ? 0x6ED9EBA1 : i < 60 ? 0x8F1BBCDC : 0xCA62C1D6;
            uint32_t t = rol(a, 5) + f + e + k + w[i];
            e = d, d = c, c = rol(b, 30), b = a, a = t;
        }
        h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e;
    }
    for (int i = 0; i < 20; i++) out[i] = (uint8_t)(h[i / 4] >> (24 - 8 * (i % 4)));
}

/* --- POSIX sockets, non-blocking. */
static int posix_open(void *ctx, const char *host, int port)
{
    struct sockaddr_in sa;
    int s;
    (void)ctx;
    memset(&sa, 0, sizeof sa);
    sa.sin_family = AF_INET;
    sa.sin_port = htons((uint16_t)port);
    if (inet_pton(AF_INET, host, &sa.sin_addr) != 1) return NET_IO_FAILED;
    s = socket(AF_INET, SOCK_STREAM, 0);
    if (s < 0) return NET_IO_FAILED;
    fcntl(s, F_SETFL, fcntl(s, F_GETFL) | O_NONBLOCK);
    if (connect(s, (struct sockaddr *)&sa, sizeof sa) != 0 && errno != EINPROGRESS) {
        close(s);
        return NET_IO_FAILED;
    }
    return s;
}
static int posix_connected(void *ctx, int s)
{
    struct pollfd p = { s, POLLOUT, 0 };
    int err = 0;
    socklen_t len = sizeof err;
    (void)ctx;
    if (poll(&p, 1, 0) <= 0) return 0;
    if (getsockopt(s, SOL_SOCKET, SO_ERROR, &err, &len) != 0 || err != 0) return NET_IO_FAILED;
    return 1;
}
static long posix_send(void *ctx, int s, const uint8_t *p, size_t n)
{
    ssize_t r = send(s, p, n, MSG_NOSIGNAL);
    (void)ctx;
    if (r > 0) return (long)r;
    return r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) ? NET_IO_WOULDBLOCK : NET_IO_FAILED;
}
static long posix_recv(void *ctx, int s, uint8_t *p, size_t n)
{
    ssize_t r = recv(s, p, n, 0);
    (void)ctx;
    if (r > 0) return (long)r;
    if (r == 0) return NET_IO_CLOSED;
    return errno == EAGAIN || errno == EWOULDBLOCK ? NET_IO_WOULDBLOCK : NET_IO_FAILED;
}
static void posix_close(void *ctx, int s) { (void)ctx; close(s); }
static void posix_random(void *ctx, uint8_t *out, size_t n)
{
    (void)ctx;
    for (size_t i = 0; i < n; i++) out[i] = (uint8_t)rand();
}

static uint32_t now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint32_t)(t.tv_sec * 1000 + t.tv_nsec / 1000000);
}
static void frame(void)
{
    struct timespec t = { 0, 2 * 1000 * 1000 };
    nanosleep(&t, NULL);
}
static void say(const char *line) { printf("%s\n", line); fflush(stdout); }

/* --- The fuzzer's server: one input's bytes, served in pieces of random size. */
typedef struct {
    const uint8_t *p;
    size_t len, at;
    unsigned seed;
} Feed;
static unsigned next_rand(unsigned *s) { *s = *s * 1103515245u + 12345u; return *s >> 8; }
static int feed_open(void *ctx, const char *host, int port) { (void)ctx, (void)host, (void)port; return 3; }
static int feed_connected(void *ctx, int s) { (void)ctx, (void)s; return 1; }
static long feed_send(void *ctx, int s, const uint8_t *p, size_t n) { (void)ctx, (void)s, (void)p; return (long)n; }
static long feed_recv(void *ctx, int s, uint8_t *p, size_t n)
{
    Feed *f = ctx;
    size_t k;
    (void)s;
    if (f->at >= f->len) return next_rand(&f->seed) % 2 ? NET_IO_WOULDBLOCK : NET_IO_CLOSED;
    k = 1 + next_rand(&f->seed) % 700;
    if (k > n) k = n;
    if (k > f->len - f->at) k = f->len - f->at;
    memcpy(p, f->p + f->at, k);
    f->at += k;
    return (long)k;
}
static void feed_close(void *ctx, int s) { (void)ctx, (void)s; }
/* A fixed digest: the fuzzed upgrade answers carry its base64. */
static void feed_sha1(void *ctx, const uint8_t *p, size_t n, uint8_t out[20]) { (void)ctx, (void)p, (void)n; memset(out, 0, 20); }
static const char UPGRADE[] = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                              "Sec-WebSocket-Accept: AAAAAAAAAAAAAAAAAAAAAAAAAAA=\r\n\r\n";
static const char ANSWER[] = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                             "5\r\n{\"a\":\r\n3\r\n[1]\r\n1\r\n}\r\n0\r\n\r\n";

static size_t seed_frames(uint8_t *out, unsigned *s)
{
    /* Valid frames of every kind, one after another, as mutation seeds. */
    static const uint8_t frames[] = { 0x82, 3, 13, 1, 2, 0x89, 2, 'p', 'q', 0x02, 2, 1, 2, 0x80, 1, 3, 0x81, 5, 'h', 'e', 'l', 'l', 'o',
                                      0x82, 126, 0, 130, 0x8a, 0, 0x88, 2, 0x0f, 0xa3 };
    size_t n = 0, i;
    int copies = 1 + (int)(next_rand(s) % 4);
    /* Sometimes one message over the link's buffer (9,216 bytes, 16-bit length). */
    if (next_rand(s) % 8 == 0) {
        out[n++] = 0x82, out[n++] = 126, out[n++] = 0x24, out[n++] = 0x00;
        for (i = 0; i < 9216; i++) out[n++] = (uint8_t)next_rand(s);
    }
    for (int c = 0; c < copies; c++) {
        memcpy(out + n, frames, sizeof frames);
        n += sizeof frames;
        for (i = 0; i < 130; i++) out[n++] = (uint8_t)next_rand(s);
    }
    return n;
}

static int fuzz(long count, unsigned seed)
{
    static uint8_t input[32768];
    static NetLink link;
    long outcomes[6] = { 0 }, messages = 0, answers = 0;
    for (long k = 0; k < count; k++) {
        Feed feed;
        NetIo io = { &feed, feed_open, feed_connected, feed_send, feed_recv, feed_close, feed_sha1, posix_random };
        unsigned s = seed + (unsigned)k * 7919u;
        int websocket = next_rand(&s) % 4 != 0;
        size_t n = 0, body;
        const char *head = websocket ? UPGRADE : ANSWER;
        NetEvent e;
        int polls = 0;
        if (next_rand(&s) % 8 != 0) {
            memcpy(input, head, strlen(head));
            n = strlen(head);
        }
        body = websocket ? seed_frames(input + n, &s) : 0;
        n += body;
        /* Mutations: flipped bytes, random bytes, a cut. */
        for (int m = (int)(next_rand(&s) % 8); m > 0 && n; m--) input[next_rand(&s) % n] ^= (uint8_t)(1 + next_rand(&s) % 255);
        if (next_rand(&s) % 4 == 0) {
            size_t extra = next_rand(&s) % 3000;
            for (size_t i = 0; i < extra && n < sizeof input; i++) input[n++] = (uint8_t)next_rand(&s);
        }
        if (next_rand(&s) % 4 == 0 && n) n = next_rand(&s) % n;
        feed = (Feed){ input, n, 0, s };
        net_link_init(&link, &io);
        if (websocket ? !net_link_websocket(&link, "127.0.0.1", 1, "/x", 0, 1000, 500)
                      : !net_link_request(&link, "127.0.0.1", 1, "POST", "/x", "{}", 2, 0, 1000)) {
            fprintf(stderr, "fuzz: the call did not start\n");
            return 1;
        }
        /* Time runs 10 ms a poll: every input ends, at the latest by its deadline or silence. */
        do {
            e = net_link_poll(&link, (uint32_t)(polls * 10));
            if (e == NET_EVENT_MESSAGE) {
                messages++;
                if (link.in_len >= NET_LINK_IN_MAX) { fprintf(stderr, "fuzz: a message over the buffer\n"); return 1; }
                if (next_rand(&s) % 3 == 0) net_link_send(&link, link.in, link.in_len > 100 ? 100 : link.in_len);
            }
            if (e == NET_EVENT_ANSWER) answers++;
            polls++;
        } while (e != NET_EVENT_FAILED && e != NET_EVENT_CLOSED && e != NET_EVENT_ANSWER && polls < 100000);
        if (polls >= 100000) { fprintf(stderr, "fuzz: input %ld never ended\n", k); return 1; }
        if (e == NET_EVENT_FAILED && !link.why[0]) { fprintf(stderr, "fuzz: input %ld failed without a reason\n", k); return 1; }
        outcomes[e]++;
        net_link_close(&link);
    }
    printf("fuzz: %ld inputs: %ld answers, %ld messages, %ld closed, %ld failed; all passed\n", count, answers, messages,
           outcomes[NET_EVENT_CLOSED], outcomes[NET_EVENT_FAILED]);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "fuzz") == 0) return fuzz(atol(argv[2]), (unsigned)atol(argv[3]));
    if (argc == 4) {
        NetIo io = { NULL, posix_open, posix_connected, posix_send, posix_recv, posix_close, sha1, posix_random };
        NetChecks c = { &io, argv[1], atoi(argv[2]), atoi(argv[3]), now_ms, frame, say, 3000 };
        srand((unsigned)now_ms());
        return net_checks_run(&c) ? 1 : 0;
    }
    fprintf(stderr, "usage: net-link-test HOST PORT CLOSED_PORT | net-link-test fuzz N SEED\n");
    return 2;
}
