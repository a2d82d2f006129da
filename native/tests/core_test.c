/* Unit tests of the platform-free core pieces that the headless runs do not
 * pin down exactly: the command hash, the rasterizer's sampling, flips, tint
 * and blending, the mixer's gains, ends and loops, and the save file's
 * damage detection, fallback and failure rules, and the rasterizer on any
 * int32 command (run under UBSan by test/native/core.test.ts). Prints each
 * failure; exit status 1 if any. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "commands.h"
#include "contract.h"
#include "mixer.h"
#include "net/nearby.h"
#include "net/room.h"
#include "raster.h"
#include "save.h"
#include "sprite_clip.h"

static int failures;

#define CHECK(cond) check((cond), #cond, __LINE__)
static void check(int ok, const char *what, int line)
{
    if (ok) return;
    failures++;
    fprintf(stderr, "core_test.c:%d: FAILED %s\n", line, what);
}

static void test_hash(void)
{
    int32_t cmds[8] = { OP_CLEAR, (int32_t)0xff2a5a1e, 0, 0, 0, 0, 0, 0 };
    /* The same value test/support/quickjs-host.ts's hashCommands gives. */
    CHECK(commands_hash(cmds, 1) == 0x5ea75da7u);
    CHECK(commands_hash(cmds, 0) == 0x811c9dc5u);
}

/* A 4x2 atlas: top row red, green, blue, white (opaque); bottom row half
 * transparent white. */
static const uint8_t ATLAS[4 * 2 * 4] = {
    255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255,
    255, 255, 255, 128, 255, 255, 255, 128, 255, 255, 255, 128, 255, 255, 255, 128,
};

static const uint8_t *px(const Raster *r, int x, int y)
{
    return r->pixels + (y * SCREEN_W + x) * 4;
}

static void test_raster(void)
{
    static Raster r;
    SpriteCmd s = { 10, 10, 8, 1, 0, 0, 4, 1, 0xffffffffu };
    RectCmd rect = { 0, 0, 2, 2, 0x800000ffu };
    raster_init(&r, ATLAS, 4, 2);
    raster_clear(&r, 0xff000000u);
    CHECK(px(&r, 0, 0)[0] == 0 && px(&r, 0, 0)[3] == 255);
    raster_sprite(&r, &s); /* 4 texels stretched to 8 pixels, nearest */
    CHECK(px(&r, 10, 10)[0] == 255 && px(&r, 11, 10)[0] == 255 && px(&r, 12, 10)[1] == 255);
    CHECK(px(&r, 17, 10)[0] == 255 && px(&r, 17, 10)[1] == 255 && px(&r, 17, 10)[2] == 255);
    s.y = 20;
    s.w = -8; /* flipped: white first, red last */
    raster_sprite(&r, &s);
    CHECK(px(&r, 10, 20)[1] == 255 && px(&r, 17, 20)[0] == 255 && px(&r, 17, 20)[1] == 0);
    s.y = 30;
    s.w = 4;
    s.tint = 0xff00ffffu; /* yellow tint: white becomes yellow, blue becomes black */
    raster_sprite(&r, &s);
    CHECK(px(&r, 13, 30)[0] == 255 && px(&r, 13, 30)[1] == 255 && px(&r, 13, 30)[2] == 0);
    CHECK(px(&r, 12, 30)[2] == 0);
    raster_rect(&r, &rect); /* half-transparent red over black */
    CHECK(px(&r, 1, 1)[0] >= 127 && px(&r, 1, 1)[0] <= 129 && px(&r, 2, 2)[0] == 0);
    s.x = -2; s.y = 271; s.w = 4; s.h = 4; s.tint = 0xffffffffu; /* clipped, no crash */
    raster_sprite(&r, &s);
    CHECK(px(&r, 0, 271)[2] == 255); /* texel 2 of 4 (blue) lands on x = 0 */
}

/* Clipping must not change what is drawn: the rasterizer (which clips per
 * pixel) draws the same image from the clipped sprite as from the original. */
static void test_sprite_clip(void)
{
    static Raster a, b;
    static uint8_t atlas[64 * 64 * 4];
    static const int places[][4] = {
        { -10, -7, 40, 30 }, { 470, 260, 40, 30 }, { -39, 100, 40, 30 }, { 200, -29, 40, 30 },
        { -10, -7, -40, -30 }, { 470, 260, -40, 30 }, { 450, -5, 40, -30 }, { 100, 100, 40, 30 },
        { -10, 5, 80, 60 }, { -100, 5, 40, 30 }, { 480, 5, 40, 30 },
    };
    int i, k;
    for (i = 0; i < (int)sizeof atlas; i++) atlas[i] = (uint8_t)(i * 7 + (i >> 8) * 13);
    for (i = 3; i < (int)sizeof atlas; i += 4) atlas[i] = 255;
    for (k = 0; k < (int)(sizeof places / sizeof places[0]); k++) {
        SpriteCmd s = { places[k][0], places[k][1], places[k][2], places[k][3], 5, 9, 40, 30, 0xffffffffu };
        int visible;
        raster_init(&a, atlas, 64, 64);
        raster_init(&b, atlas, 64, 64);
        raster_sprite(&a, &s);
        visible = sprite_clip(&s, SCREEN_W, SCREEN_H);
        if (visible) {
            if (k != 8) /* the one scaled sprite is left as it is */
                CHECK(s.x >= 0 && s.y >= 0 && s.x + (s.w < 0 ? -s.w : s.w) <= SCREEN_W);
            raster_sprite(&b, &s);
        }
        CHECK(memcmp(a.pixels, b.pixels, sizeof a.pixels) == 0);
        CHECK(visible == (k < 9));
    }
}

static const int16_t TONE[4] = { 10000, 10000, 10000, 10000 };

/* Five IMA ADPCM samples (tools/assets/adpcm.mjs): from 1000 at step index
 * 40, codes 7, 7, 0, 15, 9. */
static const uint8_t IMA5[8 + 3] = { 0xe8, 0x03, 40, 0, 5, 0, 0, 0, 0x77, 0xf0, 0x09 };

/* IMA ADPCM sounds play what mixer_decode gives, and a loop of them repeats
 * exactly, across its end, from the sound's first decoder state. */
static void test_mixer_ima(void)
{
    EmbeddedSound ima = { "ima", NULL, IMA5, 5, 1 };
    static Mixer m;
    int16_t pcm[5], out[2 * 15];
    int i;
    static const int16_t want_pcm[5] = { 1631, 2988, 3182, 538, -596 }; /* tools/assets/adpcm.mjs decode() */
    mixer_decode(&ima, pcm);
    /* code 7 at step 337: 1000 + 42 + 337 + 168 + 84; index 40 + 8 -> step 724 */
    for (i = 0; i < 5; i++) CHECK(pcm[i] == want_pcm[i]);
    mixer_init(&m, &ima, 1, SOUND_RATE); /* one source sample per output frame */
    mixer_music(&m, 0, 255);
    mixer_render(&m, out, 15);
    for (i = 0; i < 15; i++) {
        int want = (int)(((int64_t)pcm[i % 5] * 65535) >> 16);
        CHECK(out[2 * i] == want && out[2 * i + 1] == want);
    }
}

static void test_mixer(void)
{
    EmbeddedSound sounds[2] = { { "tone", TONE, NULL, 4, 0 }, { "loop", TONE, NULL, 4, 1 } };
    static Mixer m;
    int16_t out[2 * 16];
    mixer_init(&m, sounds, 2, SOUND_RATE); /* output at the source rate: one sample per frame */
    mixer_play(&m, 0, 255, 0);
    mixer_render(&m, out, 8);
    CHECK(out[0] > 9900 && out[0] <= 10000 && out[1] == out[0]); /* centre: both sides full */
    CHECK(out[2 * 5] == 0 && out[2 * 5 + 1] == 0);               /* one-shot ended */
    mixer_play(&m, 0, 255, -128);                                /* hard left */
    mixer_render(&m, out, 5);
    CHECK(out[0] > 9900 && out[1] == 0);
    mixer_play(&m, 0, 255, 127);                                 /* almost hard right */
    mixer_render(&m, out, 5);
    CHECK(out[1] > 9900 && out[0] < 200);
    mixer_play(&m, 7, 255, 0);                                   /* unknown id: ignored */
    mixer_music(&m, 1, 128);
    mixer_render(&m, out, 16);
    CHECK(out[2 * 15] > 4900 && out[2 * 15] < 5100);              /* still looping, half volume */
    mixer_music(&m, -1, 0);
    mixer_render(&m, out, 2);
    CHECK(out[0] == 0);
    mixer_init(&m, sounds, 2, 44100);                            /* 2x output rate */
    mixer_play(&m, 0, 255, 0);
    mixer_render(&m, out, 16);
    CHECK(out[2 * 6] > 9900 && out[2 * 9] == 0);                 /* 4 samples last 8 frames */
    {
        int i; /* seventeen one-shots: the oldest voice is replaced, no overflow */
        for (i = 0; i < MIXER_VOICES + 1; i++) mixer_play(&m, 0, 255, 0);
        mixer_render(&m, out, 1);
        CHECK(out[0] <= MIXER_CEILING && out[0] > MIXER_CEILING - 16); /* limited, not wrapped */
    }
}

/* A file system whose rename cannot replace a file, like the PSP's. */
static int rename_no_replace(const char *from, const char *to)
{
    FILE *f = fopen(to, "rb");
    if (f) {
        fclose(f);
        return -1;
    }
    return rename(from, to);
}

static void test_save_without_replace(const char *dir)
{
    static const SaveOps ops = { .rename = rename_no_replace, .remove_before_rename = 1 };
    char path[512];
    size_t len = 0;
    char *text;
    snprintf(path, sizeof path, "%s/core-test-noreplace.json", dir);
    remove(path);
    CHECK(save_write(path, "first", 5, &ops) == 1);
    CHECK(save_write(path, "second", 6, &ops) == 1);
    text = save_read(path, &len);
    CHECK(text && strcmp(text, "second") == 0);
    free(text);
    remove(path);
}

static void test_save(const char *dir)
{
    char path[512], tmp[600];
    size_t len = 0;
    char *text;
    FILE *f;
    snprintf(path, sizeof path, "%s/core-test-save.json", dir);
    snprintf(tmp, sizeof tmp, "%s.new", path);
    remove(path);
    remove(tmp);
    CHECK(save_read(path, &len) == NULL);
    CHECK(save_write(path, "{\"a\":1}", 7, NULL) == 1);
    text = save_read(path, &len);
    CHECK(text && len == 7 && strcmp(text, "{\"a\":1}") == 0);
    free(text);
    CHECK(save_write(path, "line1\nline2\n", 12, NULL) == 1); /* text with newlines */
    text = save_read(path, &len);
    CHECK(text && len == 12 && strcmp(text, "line1\nline2\n") == 0);
    free(text);
    /* A damaged file (cut short, the trailer no longer matches) with no
     * intact .new: its text goes to the script, which says it was reset. */
    f = fopen(path, "wb");
    fputs("{\"a\":", f);
    fclose(f);
    text = save_read(path, &len);
    CHECK(text && len == 5 && strcmp(text, "{\"a\":") == 0);
    free(text);
    /* A hand edit that broke the trailer: the text without the trailer line. */
    f = fopen(path, "wb");
    fputs("{\"a\":2}\n#ratscrew-save len=7 fnv1a=00000000\n", f);
    fclose(f);
    text = save_read(path, &len);
    CHECK(text && len == 7 && strcmp(text, "{\"a\":2}") == 0);
    free(text);
    /* Power lost after the old file was removed, before the rename: the
     * complete .new file is used. */
    remove(path);
    CHECK(save_write(tmp, "{\"b\":2}", 7, NULL) == 1); /* writes tmp via tmp.new + rename */
    text = save_read(path, &len);
    CHECK(text && strcmp(text, "{\"b\":2}") == 0);
    free(text);
    CHECK(save_verify("abc\n#ratscrew-save len=3 fnv1a=00000000\n", 40) == -1);
    remove(path);
    remove(tmp);
}

/* Random commands of every op, with coordinates drawn from the int32
 * extremes as often as from the screen: the rasterizer and the sprite
 * clipper must be defined for all of them (issue 12, D7; UBSan aborts on
 * an overflow in the sanitized build). A fixed seed: the same run each time. */
static uint32_t fuzz_state = 12345u;
static int32_t fuzz_int(void)
{
    static const int32_t EDGES[] = { INT32_MIN, INT32_MIN + 1, -65536, -481, -1, 0, 1, 271, 479, 480, 65535, INT32_MAX - 1, INT32_MAX };
    uint32_t r;
    fuzz_state = fuzz_state * 1664525u + 1013904223u;
    r = fuzz_state >> 8;
    switch (r % 4) {
    case 0: return EDGES[(r >> 2) % (sizeof EDGES / sizeof EDGES[0])];
    case 1: return (int32_t)(r >> 2) % 600 - 60;
    default: fuzz_state = fuzz_state * 1664525u + 1013904223u; return (int32_t)fuzz_state;
    }
}

static void test_raster_any_command(void)
{
    static Raster r;
    static uint8_t atlas[16 * 16 * 4];
    static int32_t cmds[64 * COMMAND_INTS];
    int round, i;
    memset(atlas, 200, sizeof atlas);
    raster_init(&r, atlas, 16, 16);
    for (round = 0; round < 2000; round++) {
        for (i = 0; i < 64 * COMMAND_INTS; i++) cmds[i] = fuzz_int();
        for (i = 0; i < 64; i++) cmds[i * COMMAND_INTS] = OP_SPRITE + (int32_t)(fuzz_state >> 29) % 2; /* mostly sprites and rects */
        raster_frame(&r, cmds, 64);
        for (i = 0; i < 64; i++) {
            SpriteCmd s;
            commands_decode_sprite(cmds + i * COMMAND_INTS, &s);
            if (sprite_clip(&s, SCREEN_W, SCREEN_H))
                CHECK(s.x < SCREEN_W && s.y < SCREEN_H);
        }
    }
    {
        /* The cases the probe found: x + w past INT32_MAX, and -INT32_MIN. */
        RectCmd rect = { INT32_MAX - 5, 0, INT32_MAX, 10, 0xffffffffu };
        SpriteCmd s = { 0, 0, INT32_MIN, INT32_MIN, 0, 0, 4, 4, 0xffffffffu };
        raster_rect(&r, &rect);
        raster_sprite(&r, &s);
        CHECK(sprite_clip(&s, SCREEN_W, SCREEN_H) == 1);
    }
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    if (!f) return;
    fputs(text, f);
    fclose(f);
}

static int exists(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f) fclose(f);
    return f != NULL;
}

/* A rename that fails as when another process took the new file away. */
static int rename_vanished(const char *from, const char *to)
{
    (void)to;
    remove(from);
    errno = ENOENT;
    return -1;
}

/* What a load reports, and that nothing is destroyed on the way (issue 12,
 * D3, D4, D5). */
static void test_save_problems(const char *dir)
{
    char path[512], kept[600], big[600];
    size_t len = 0, i;
    char *text;
    SaveProblem why = SAVE_OK;
    FILE *f;
    snprintf(path, sizeof path, "%s/core-test-problems.json", dir);
    snprintf(kept, sizeof kept, "%s.damaged-1", path);
    remove(path);
    remove(kept);
    CHECK(save_load(path, &len, NULL, &why) == NULL && why == SAVE_NO_FILE);
    CHECK(save_problem_name(why) == NULL);
    /* One flipped bit ("wins" -> "vins"): the text still goes to the script,
     * the problem says damaged, and the damaged bytes are kept aside. */
    CHECK(save_write(path, "{\"wins\":7}", 10, NULL) == 1);
    f = fopen(path, "r+b");
    if (f) {
        fputs("{\"v", f);
        fclose(f);
    }
    text = save_load(path, &len, NULL, &why);
    CHECK(text && strcmp(text, "{\"vins\":7}") == 0 && why == SAVE_DAMAGED);
    CHECK(strcmp(save_problem_name(why), "damaged") == 0);
    free(text);
    text = save_read_file(kept, 1000, &len);
    CHECK(text && strncmp(text, "{\"vins\":7}\n#ratscrew-save len=10 ", 33) == 0);
    free(text);
    /* Larger than any save: not read, never taken as "no save"; left where
     * the next start finds it until a save is written, then moved aside. */
    remove(kept);
    f = fopen(path, "wb");
    for (i = 0; f && i < SAVE_MAX_BYTES + 1024; i++) fputc('x', f);
    if (f) fclose(f);
    CHECK(save_load(path, &len, NULL, &why) == NULL && why == SAVE_TOO_LARGE);
    CHECK(exists(path) && !exists(kept));
    CHECK(save_write(path, "{}", 2, NULL) == 1);
    CHECK(exists(path) && exists(kept));
    snprintf(big, sizeof big, "%s", kept);
    remove(big);
    remove(path);
    /* A writer whose new file vanished before its rename leaves the save
     * that is there alone: both where rename replaces and on FAT. */
    CHECK(save_write(path, "{\"gen\":1}", 9, NULL) == 1);
    {
        static const SaveOps desk = { .rename = rename_vanished, .writer = 4242 };
        static const SaveOps fat = { .rename = rename_vanished, .remove_before_rename = 1 };
        CHECK(save_store(path, "{\"gen\":2}", 9, &desk, &why) == 0 && why != SAVE_OK);
        text = save_read(path, &len);
        CHECK(text && strcmp(text, "{\"gen\":1}") == 0);
        free(text);
        CHECK(save_store(path, "{\"gen\":3}", 9, &fat, &why) == 0);
        text = save_read(path, &len);
        CHECK(text && strcmp(text, "{\"gen\":1}") == 0);
        free(text);
    }
    /* A folder that is not there: "no-folder". */
    snprintf(big, sizeof big, "%s/no-such-folder/save.json", dir);
    CHECK(save_store(big, "{}", 2, NULL, &why) == 0 && why == SAVE_NO_FOLDER);
    write_text(kept, "");
    remove(kept);
    remove(path);
}

/* The rooms' wire (net_wire.c): frames as the server (Colyseus 0.16,
 * msgpackr) writes them, the script's messages as the server reads them, the
 * matchmaking's requests and answers. */
static void test_net_wire(void)
{
    char json[256], path[64], body[256];
    uint8_t out[64];
    WireFrame f;
    WireSeat seat;
    const char *why = NULL;
    size_t n;
    /* A step [7, [], 300] (type 4) and a closing line (type 8). */
    static const uint8_t step[] = { 13, 4, 0x93, 7, 0x90, 0xcd, 0x01, 0x2c };
    static const uint8_t closing[] = { 13, 8, 0x91, 0xae, 's', 'e', 'r', 'v', 'e', 'r', 'S', 't', 'o', 'p', 'p', 'i', 'n', 'g' };
    static const uint8_t joined[] = { 10, 3, 't', 'o', 'k', 0 };
    static const uint8_t refused[] = { 11, 0xcd, 0x10, 0x04, 0xa3, 'b', 'a', 'd' };
    static const uint8_t bin[] = { 13, 4, 0xc4, 1, 0 };
    static const uint8_t cut[] = { 13, 4, 0x93, 7 };
    static const char JOIN[] = "{\"op\":\"join\",\"code\":\"Q7RUVCH\",\"name\":\"Ann\"}";
    static const char SNEAKY[] = "{\"op\":\"join\",\"code\":\"../x\",\"name\":\"Ann\"}";
    static const char CREATE[] = "{\"op\":\"create\",\"name\":\"Ann\",\"setup\":{\"cpus\":1}}";
    CHECK(wire_read_frame(step, sizeof step, json, sizeof json, &f) == WIRE_MESSAGE && strcmp(json, "[\"m\",4,[7,[],300]]") == 0 && f.json_len == strlen(json));
    CHECK(wire_read_frame(closing, sizeof closing, json, sizeof json, &f) == WIRE_MESSAGE && strcmp(json, "[\"m\",8,[\"serverStopping\"]]") == 0);
    CHECK(wire_read_frame(joined, sizeof joined, json, sizeof json, &f) == WIRE_JOINED && strcmp(f.token, "tok") == 0);
    CHECK(wire_read_frame(refused, sizeof refused, json, sizeof json, &f) == WIRE_REFUSED && strcmp(json, "[4100,\"bad\"]") == 0);
    CHECK(wire_read_frame(bin, sizeof bin, json, sizeof json, &f) == WIRE_BAD && f.why != NULL);
    CHECK(wire_read_frame(cut, sizeof cut, json, sizeof json, &f) == WIRE_BAD && strcmp(f.why, "a message cut short") == 0);
    CHECK(wire_read_frame(step, sizeof step, json, 10, &f) == WIRE_BAD && strstr(f.why, "too long") != NULL);
    /* A slap [17, 312] as msgpackr writes it: 13, 2, [17, 312]. */
    n = wire_write_message("[2,[17,312]]", 12, out, sizeof out, &why);
    CHECK(n == 7 && out[0] == 13 && out[1] == 2 && out[2] == 0x92 && out[3] == 17 && out[4] == 0xcd && out[5] == 0x01 && out[6] == 0x38);
    CHECK(wire_write_message("[\"x\",1]", 7, out, sizeof out, &why) == 0 && why != NULL);
    CHECK(wire_json_to_msgpack("\"\\ud83c\\udccf\"", 14, out, sizeof out, &why) == 5 && out[0] == 0xa4 && out[1] == 0xf0);
    CHECK(wire_json_to_msgpack("[1,]", 4, out, sizeof out, &why) == 0);
    /* A float -0 (found by libFuzzer: "-0" came back as the integer 0) is the script's 0. */
    {
        static const uint8_t minus_zero[] = { 0xcb, 0x80, 0, 0, 0, 0, 0, 0, 0 };
        size_t used = 0, len = 0;
        CHECK(wire_msgpack_to_json(minus_zero, sizeof minus_zero, &used, json, sizeof json, &len, &why) == 1 && strcmp(json, "0") == 0);
    }
    CHECK(wire_matchmake_request(JOIN, strlen(JOIN), "ratscrew", 1, path, sizeof path, body, sizeof body, &why) == 1 &&
          strcmp(path, "joinById/Q7RUVCH") == 0 && strcmp(body, "{\"v\":1,\"name\":\"Ann\"}") == 0);
    CHECK(wire_matchmake_request(SNEAKY, strlen(SNEAKY), "ratscrew", 1, path, sizeof path, body, sizeof body, &why) == 0);
    CHECK(wire_matchmake_request(CREATE, strlen(CREATE), "ratscrew", 1, path, sizeof path, body, sizeof body, &why) == 1 &&
          strcmp(path, "create/ratscrew") == 0 && strcmp(body, "{\"v\":1,\"name\":\"Ann\",\"setup\":{\"cpus\":1}}") == 0);
    {
        static const char answer[] = "{\"room\":{\"clients\":0,\"processId\":\"V5EGIonNV\",\"roomId\":\"WVTFVFH\",\"publicAddress\":\"127.0.0.1:25542/s1\"},\"sessionId\":\"3MkAot-Zc\"}";
        static const char no[] = "{\"code\":4212,\"error\":\"room not found\"}";
        CHECK(wire_read_seat(answer, strlen(answer), &seat) == 1 && strcmp(seat.room_id, "WVTFVFH") == 0 && strcmp(seat.process_id, "V5EGIonNV") == 0 &&
              strcmp(seat.session_id, "3MkAot-Zc") == 0 && strcmp(seat.public_address, "127.0.0.1:25542/s1") == 0);
        CHECK(wire_read_seat(no, strlen(no), &seat) == 0 && strcmp(seat.error, "room not found") == 0);
    }
}


/* A transport that records what the room asks of it. */
typedef struct FakeNet {
    int posts, opens, resets, sends;
    char path[256], body[512], ws_address[128], ws_path[512];
    uint8_t sent[8][64];
    size_t sent_len[8];
} FakeNet;

static int fake_post(void *user, const char *path, const char *body, size_t len)
{
    FakeNet *f = (FakeNet *)user;
    f->posts++;
    snprintf(f->path, sizeof f->path, "%s", path);
    snprintf(f->body, sizeof f->body, "%.*s", (int)len, body);
    return 0;
}

static int fake_open(void *user, const char *address, const char *path)
{
    FakeNet *f = (FakeNet *)user;
    f->opens++;
    snprintf(f->ws_address, sizeof f->ws_address, "%s", address ? address : "(server)");
    snprintf(f->ws_path, sizeof f->ws_path, "%s", path);
    return 0;
}

static int fake_send(void *user, const uint8_t *bytes, size_t len)
{
    FakeNet *f = (FakeNet *)user;
    if (f->sends < 8 && len <= 64) {
        memcpy(f->sent[f->sends], bytes, len);
        f->sent_len[f->sends] = len;
    }
    f->sends++;
    return 0;
}

static void fake_reset(void *user) { ((FakeNet *)user)->resets++; }

/* The next line the script would read, "" when none. */
static const char *next_line(NetRoom *r)
{
    size_t n;
    const char *l = net_room_receive(r, &n);
    return l ? l : "";
}

static const char SEAT[] = "{\"room\":{\"clients\":0,\"processId\":\"P1\",\"roomId\":\"ROOMABC\",\"name\":\"ratscrew\"},\"sessionId\":\"S1\"}";
static const char SEAT_BACK[] = "{\"room\":{\"processId\":\"P2\",\"roomId\":\"ROOMABC\",\"publicAddress\":\"10.0.0.2:9000/s2\"},\"sessionId\":\"S2\"}";

/* The room's whole life against a fake transport: the seat, the socket's
 * address, the join's answer, messages both ways, a drop taken back through
 * another process, a leave; and each way it ends: refused, unreachable, a
 * server that says nothing, the seat lost for good, bytes that are not a
 * message. */
static void test_net_room(void)
{
    static NetRoom r;
    FakeNet f;
    NetTransport t = { &f, fake_post, fake_open, fake_send, fake_reset };
    static const char JOIN[] = "{\"op\":\"join\",\"code\":\"ROOMABC\",\"name\":\"Ann\"}";
    static const uint8_t joined[] = { 10, 5, 't', 'o', 'k', '_', '1', 8, 's', 'c', 'h', 'e', 'm', 'a', '-', 'x' };
    static const uint8_t fly[] = { 13, 3, 0x92, 7, 1 };
    static const uint8_t bad[] = { 13, 3, 0x92, 7 };
    size_t n;
    memset(&f, 0, sizeof f);
    net_room_init(&r, &t, "ratscrew", 1);
    CHECK(net_room_receive(&r, &n) == NULL && n == 0);
    /* A room's link (the desktop's --join): the script's first line; only a code's letters. */
    CHECK(net_room_invite(&r, "../x\"") == 0 && net_room_invite(&r, "ab12") == 0 && net_room_invite(&r, "ROOMABC") == 1);
    CHECK(strcmp(next_line(&r), "[\"invite\",\"ROOMABC\"]") == 0 && strcmp(next_line(&r), "") == 0);
    CHECK(net_room_send(&r, "[1,[]]", 6) == 0);
    CHECK(net_room_open(&r, "{\"op\":\"fly\"}", 12, 0) == 0 && f.posts == 0);
    CHECK(net_room_open(&r, JOIN, strlen(JOIN), 100) == 1 && f.posts == 1 && strcmp(f.path, "joinById/ROOMABC") == 0);
    CHECK(strcmp(f.body, "{\"v\":1,\"name\":\"Ann\"}") == 0 && r.state == NET_SEATING);
    CHECK(net_room_open(&r, JOIN, strlen(JOIN), 100) == 0); /* one at a time */
    net_room_http_answer(&r, 200, SEAT, strlen(SEAT), 150);
    CHECK(f.opens == 1 && strcmp(f.ws_address, "(server)") == 0 && strcmp(f.ws_path, "/P1/ROOMABC?sessionId=S1") == 0);
    net_room_ws_opened(&r, 160);
    CHECK(net_room_send(&r, "[1,[]]", 6) == 0); /* not in the room before its join */
    net_room_ws_message(&r, joined, sizeof joined, 170);
    CHECK(r.state == NET_JOINED && strcmp(r.token, "tok_1") == 0);
    CHECK(f.sends == 1 && f.sent_len[0] == 1 && f.sent[0][0] == 10); /* the join answered */
    CHECK(strcmp(next_line(&r), "[\"joined\",\"ROOMABC\"]") == 0);
    net_room_ws_message(&r, fly, sizeof fly, 180);
    CHECK(strcmp(next_line(&r), "[\"m\",3,[7,1]]") == 0 && strcmp(next_line(&r), "") == 0);
    CHECK(net_room_send(&r, "[2,[17,312]]", 12) == 1 && f.sent_len[1] == 7 && f.sent[1][0] == 13 && f.sent[1][1] == 2);
    CHECK(net_room_send(&r, "[2,", 3) == 0 && f.sends == 2);
    /* A drop: away, asked back at once with the token, through the process the answer names. */
    net_room_ws_closed(&r, NET_CLOSE_LOST, 1000);
    CHECK(strcmp(next_line(&r), "[\"away\"]") == 0 && r.state == NET_RESEATING);
    CHECK(strcmp(f.path, "reconnect/ROOMABC") == 0 && strcmp(f.body, "{\"reconnectionToken\":\"tok_1\"}") == 0);
    CHECK(net_room_send(&r, "[1,[]]", 6) == 0);
    net_room_http_answer(&r, 0, NULL, 0, 1500); /* no answer: wait, then try again */
    CHECK(r.state == NET_AWAY && f.posts == 2);
    net_room_tick(&r, 1500 + NET_RETRY_MS - 1);
    CHECK(f.posts == 2);
    net_room_tick(&r, 1500 + NET_RETRY_MS);
    CHECK(f.posts == 3 && r.state == NET_RESEATING);
    net_room_http_answer(&r, 200, SEAT_BACK, strlen(SEAT_BACK), 4000);
    CHECK(strcmp(f.ws_address, "10.0.0.2:9000") == 0 && strcmp(f.ws_path, "/s2/P2/ROOMABC?sessionId=S2&reconnectionToken=tok_1") == 0);
    net_room_ws_message(&r, joined, sizeof joined, 4100);
    CHECK(strcmp(next_line(&r), "[\"back\"]") == 0 && r.state == NET_JOINED);
    /* The room closes after its last word. */
    net_room_ws_closed(&r, 4000, 5000);
    CHECK(strcmp(next_line(&r), "[\"closed\",4000]") == 0 && r.state == NET_IDLE);

    /* Refused at the matchmaking: the server's own words. */
    CHECK(net_room_open(&r, JOIN, strlen(JOIN), 6000) == 1);
    {
        static const char NOT_FOUND[] = "{\"code\":4212,\"error\":\"room \\\"X\\\" not found\"}";
        net_room_http_answer(&r, 200, NOT_FOUND, strlen(NOT_FOUND), 6100);
    }
    CHECK(strcmp(next_line(&r), "[\"closed\",\"room \\\"X\\\" not found\"]") == 0 && r.state == NET_IDLE);
    /* Refused by the room at its join, in words cut to fit (127 bytes) in
     * the middle of a two-byte letter: the line stays ASCII, so UTF-8 and
     * JSON whatever the cut (QuickJS reads it as UTF-8). */
    CHECK(net_room_open(&r, JOIN, strlen(JOIN), 6200) == 1);
    net_room_http_answer(&r, 200, SEAT, strlen(SEAT), 6210);
    CHECK(r.state == NET_CONNECTING);
    {
        uint8_t refusal[6 + 130];
        char expected[160];
        memcpy(refusal, "\x0b\xcd\x10\x74\xd9\x82", 6); /* ERROR, 4212, a text of 130 bytes */
        memset(refusal + 6, 'a', 126);
        memcpy(refusal + 6 + 126, "\xd0\xb9\x62\x62", 4); /* "йbb" */
        net_room_ws_message(&r, refusal, sizeof refusal, 6220);
        memcpy(expected, "[\"closed\",\"", 11);
        memset(expected + 11, 'a', 126);
        memcpy(expected + 11 + 126, " \"]", 4);
        CHECK(strcmp(next_line(&r), expected) == 0 && r.state == NET_IDLE);
    }
    /* No server at all, and one that never answers. */
    CHECK(net_room_open(&r, JOIN, strlen(JOIN), 7000) == 1);
    net_room_http_answer(&r, 0, NULL, 0, 7100);
    CHECK(strncmp(next_line(&r), "[\"closed\",\"unreachable", 22) == 0);
    CHECK(net_room_open(&r, JOIN, strlen(JOIN), 8000) == 1);
    net_room_tick(&r, 8000 + NET_DEADLINE_MS - 1);
    CHECK(r.state == NET_SEATING);
    net_room_tick(&r, 8000 + NET_DEADLINE_MS);
    CHECK(strncmp(next_line(&r), "[\"closed\",\"unreachable", 22) == 0 && r.state == NET_IDLE);
    /* A server that joins and then sends what is not a message: closed, with why. */
    CHECK(net_room_open(&r, JOIN, strlen(JOIN), 20000) == 1);
    net_room_http_answer(&r, 200, SEAT, strlen(SEAT), 20010);
    net_room_ws_message(&r, joined, sizeof joined, 20020);
    CHECK(strcmp(next_line(&r), "[\"joined\",\"ROOMABC\"]") == 0);
    net_room_ws_message(&r, bad, sizeof bad, 20030);
    CHECK(strcmp(next_line(&r), "[\"closed\",\"bad message from the server: a message cut short\"]") == 0 && r.state == NET_IDLE);
    /* The seat lost for good: every try fails for NET_KEPT_MS, then "gone". */
    CHECK(net_room_open(&r, JOIN, strlen(JOIN), 30000) == 1);
    net_room_http_answer(&r, 200, SEAT, strlen(SEAT), 30010);
    net_room_ws_message(&r, joined, sizeof joined, 30020);
    (void)next_line(&r);
    net_room_ws_closed(&r, 1006, 31000);
    CHECK(strcmp(next_line(&r), "[\"away\"]") == 0);
    {
        uint32_t now;
        for (now = 31000; now < 31000 + NET_KEPT_MS + NET_RETRY_MS && r.state != NET_IDLE; now += 500) {
            if (r.state == NET_RESEATING) net_room_http_answer(&r, 200, "{\"code\":4212,\"error\":\"expired\"}", 31, now);
            net_room_tick(&r, now);
        }
        CHECK(r.state == NET_IDLE && now >= 31000 + NET_KEPT_MS && now <= 31000 + NET_KEPT_MS + 500);
    }
    CHECK(strcmp(next_line(&r), "[\"closed\",\"gone\"]") == 0);
    /* A leave: LEAVE_ROOM out, then nothing more of this room is heard. */
    CHECK(net_room_open(&r, JOIN, strlen(JOIN), 100000) == 1);
    net_room_http_answer(&r, 200, SEAT, strlen(SEAT), 100010);
    net_room_ws_message(&r, joined, sizeof joined, 100020);
    (void)next_line(&r);
    f.sends = 0;
    net_room_close(&r, 100030);
    CHECK(f.sends == 1 && f.sent[0][0] == 12 && r.state == NET_LEAVING);
    net_room_ws_message(&r, fly, sizeof fly, 100040);
    net_room_ws_closed(&r, 4000, 100050);
    CHECK(strcmp(next_line(&r), "") == 0 && r.state == NET_IDLE);
    /* A script that stops reading: the queue fills, and ends in one line. */
    CHECK(net_room_open(&r, JOIN, strlen(JOIN), 200000) == 1);
    net_room_http_answer(&r, 200, SEAT, strlen(SEAT), 200010);
    net_room_ws_message(&r, joined, sizeof joined, 200020);
    {
        int i, lines = 0;
        for (i = 0; i < 20000; i++) net_room_ws_message(&r, fly, sizeof fly, 200030);
        CHECK(r.state == NET_IDLE);
        while (net_room_receive(&r, &n) != NULL) lines++;
        CHECK(lines > 4000 && lines < 20000 && strcmp(r.lines.line, "[\"closed\",\"overflow\"]") == 0);
    }
}

/* ---- the nearby room (net/nearby.c) against a fake ad-hoc transport ---- */

typedef struct {
    int starts, start_host, relinks, resets, drops[NEARBY_PEERS + 1];
    char group[16];
    uint8_t last[NEARBY_PEERS + 1][128]; /* the last frame on each link */
    size_t last_len[NEARBY_PEERS + 1];
    uint8_t stream[1024]; /* every byte a joiner sent (link 0), for a host to read */
    size_t stream_len;
} FakeAdhoc;

static int adhoc_start(void *user, const char *group, int host)
{
    FakeAdhoc *f = (FakeAdhoc *)user;
    f->starts++;
    f->start_host = host;
    snprintf(f->group, sizeof f->group, "%s", group);
    return 0;
}
static int adhoc_relink(void *user) { ((FakeAdhoc *)user)->relinks++; return 0; }
static int adhoc_send(void *user, int link, const uint8_t *bytes, size_t len)
{
    FakeAdhoc *f = (FakeAdhoc *)user;
    if (len <= sizeof f->last[0]) memcpy(f->last[link], bytes, len), f->last_len[link] = len;
    if (link == 0 && f->stream_len + len <= sizeof f->stream) memcpy(f->stream + f->stream_len, bytes, len), f->stream_len += len;
    return 0;
}
static void adhoc_drop(void *user, int link) { ((FakeAdhoc *)user)->drops[link]++; }
static void adhoc_reset(void *user) { ((FakeAdhoc *)user)->resets++; }

/* The last frame on link: its kind and body as text ("" for none). */
static int sent_kind(FakeAdhoc *f, int link) { return f->last_len[link] ? f->last[link][0] : 0; }
static const char *sent_body(FakeAdhoc *f, int link)
{
    static char text[128];
    size_t n = f->last_len[link] >= NEARBY_FRAME_HEAD ? f->last_len[link] - NEARBY_FRAME_HEAD : 0;
    memcpy(text, f->last[link] + NEARBY_FRAME_HEAD, n);
    text[n] = 0;
    return text;
}

static const char *host_line(NearbyHost *h)
{
    size_t n;
    const char *l = nearby_host_receive(h, &n);
    return l ? l : "";
}

static const char *join_line(NearbyJoin *j)
{
    size_t n;
    const char *l = nearby_join_receive(j, &n);
    return l ? l : "";
}

static void frame_to_host(NearbyHost *h, int peer, int kind, const char *body, uint32_t now)
{
    uint8_t b[256];
    size_t n = nearby_frame(kind, body, strlen(body), b, sizeof b);
    /* In two pieces, as a stream may bring it. */
    nearby_host_bytes(h, peer, b, n / 2, now);
    nearby_host_bytes(h, peer, b + n / 2, n - n / 2, now);
}

static void frame_to_join(NearbyJoin *j, int kind, const char *body, uint32_t now)
{
    uint8_t b[256];
    size_t n = nearby_frame(kind, body, strlen(body), b, sizeof b);
    nearby_join_bytes(j, b, 1, now);
    nearby_join_bytes(j, b + 1, n - 1, now);
}

/* Each line of the interface (lead's decision 3) on both ends: peers by
 * MAC, hello or back, bad bytes, every deadline (a hello, silence, the way
 * back, the seat kept), the host's close. */
#define REQ(text) text, sizeof text - 1
static void test_nearby(void)
{
    static NearbyHost h;
    static NearbyJoin j;
    FakeAdhoc f;
    NearbyTransport t = { &f, adhoc_start, adhoc_relink, adhoc_send, adhoc_drop, adhoc_reset };
    static const uint8_t KIM[6] = { 2, 0, 0, 0, 0, 0x0b }, ANN[6] = { 2, 0, 0, 0, 0, 0x0c }, BOB[6] = { 2, 0, 0, 0, 0, 0x0d };
    static const char JOIN[] = "{\"op\":\"join\",\"code\":\"ABCDEFG\",\"name\":\"Kim\",\"via\":\"nearby\"}";
    static const uint8_t BAD[] = { 9, 0, 0 };
    char code[NEARBY_CODE_LEN + 1];
    const char *why = NULL;
    uint32_t now = 1000;

    /* The host. */
    memset(&f, 0, sizeof f);
    nearby_host_init(&h, &t);
    CHECK(nearby_host_open(&h, "abc", 3, now) == 0 && nearby_host_open(&h, "ABC-EFG", 7, now) == 0 && f.starts == 0);
    CHECK(nearby_host_open(&h, "ABCDEFG", 7, now) == 1 && f.starts == 1 && f.start_host == 1 && strcmp(f.group, "RABCDEFG") == 0);
    CHECK(nearby_host_open(&h, "ABCDEFG", 7, now) == 0);
    CHECK(nearby_host_accepted(&h, KIM, now) == 0); /* not up yet */
    nearby_host_up(&h, now);
    CHECK(strcmp(host_line(&h), "[\"open\"]") == 0 && strcmp(host_line(&h), "") == 0);
    CHECK(nearby_host_accepted(&h, KIM, now) == 1);
    CHECK(nearby_host_send(&h, 1, "[\"joined\",\"ABCDEFG\"]", 20) == 0); /* no hello yet */
    frame_to_host(&h, 1, NEARBY_HELLO, "{\"name\":\"Kim\"}", now);
    CHECK(strcmp(host_line(&h), "[\"hello\",1,\"{\\\"name\\\":\\\"Kim\\\"}\"]") == 0);
    CHECK(nearby_host_send(&h, 1, "[\"joined\",\"ABCDEFG\"]", 20) == 1 && sent_kind(&f, 1) == NEARBY_LINE && strcmp(sent_body(&f, 1), "[\"joined\",\"ABCDEFG\"]") == 0);
    CHECK(nearby_host_send(&h, 2, "[\"joined\",\"ABCDEFG\"]", 20) == 0 && nearby_host_send(&h, 1, "{\"a\":1}", 7) == 0 && nearby_host_send(&h, 1, "[1,2]", 5) == 0);
    frame_to_host(&h, 1, NEARBY_MSG, "[3,[0,100]]", now);
    CHECK(strcmp(host_line(&h), "[\"m\",1,\"[3,[0,100]]\"]") == 0);
    frame_to_host(&h, 1, NEARBY_MSG, "[3,\n[\"\\\\\"]]", now); /* whitespace and a string's escapes, as a string */
    CHECK(strcmp(host_line(&h), "[\"m\",1,\"[3,\\u000a[\\\"\\\\\\\\\\\"]]\"]") == 0);
    CHECK(nearby_host_ping(&h, 1) == 1 && sent_kind(&f, 1) == NEARBY_PING);
    frame_to_host(&h, 1, NEARBY_PONG, "", now);
    frame_to_host(&h, 1, NEARBY_PONG, "", now); /* a pong nobody asked for: nothing */
    CHECK(strcmp(host_line(&h), "[\"pong\",1]") == 0 && strcmp(host_line(&h), "") == 0);
    frame_to_host(&h, 1, NEARBY_PING, "", now);
    CHECK(sent_kind(&f, 1) == NEARBY_PONG);
    /* A drop, the same MAC again: back, its number kept, no second hello. */
    nearby_host_lost(&h, 1, now);
    CHECK(strcmp(host_line(&h), "[\"gone\",1]") == 0 && nearby_host_ping(&h, 1) == 0);
    CHECK(nearby_host_accepted(&h, ANN, now) == 2 && nearby_host_accepted(&h, KIM, now) == 1);
    frame_to_host(&h, 1, NEARBY_HELLO, "{\"name\":\"Kim\"}", now);
    CHECK(strcmp(host_line(&h), "[\"back\",1]") == 0);
    /* A link that never says hello is dropped in NEARBY_HELLO_MS, its number free again. */
    now += NEARBY_HELLO_MS - 1000;
    frame_to_host(&h, 1, NEARBY_PING, "", now);
    now += 1000;
    nearby_host_tick(&h, now);
    CHECK(f.drops[2] == 1 && strcmp(host_line(&h), "") == 0 && nearby_host_accepted(&h, BOB, now) == 2);
    /* Bad bytes: the PSP hears why, its link ends, it is out (its next link says hello). */
    frame_to_host(&h, 1, NEARBY_MSG, "{\"x\":1}", now);
    CHECK(sent_kind(&f, 1) == NEARBY_LINE && strcmp(sent_body(&f, 1), "[\"closed\",\"bad message from this PSP: a message that is not [type, payload]\"]") == 0);
    CHECK(strcmp(host_line(&h), "[\"gone\",1]") == 0);
    CHECK(nearby_host_accepted(&h, KIM, now) == 1);
    nearby_host_bytes(&h, 1, BAD, sizeof BAD, now);
    CHECK(strcmp(sent_body(&f, 1), "[\"closed\",\"bad message from this PSP: a frame of an unknown kind\"]") == 0 && strcmp(host_line(&h), "") == 0);
    CHECK(nearby_host_accepted(&h, KIM, now) == 1);
    frame_to_host(&h, 1, NEARBY_HELLO, "{\"name\":\"Kim\"}", now);
    CHECK(strncmp(host_line(&h), "[\"hello\",1,", 11) == 0);
    /* Silence: gone. A closed line from the room ends a link after it. */
    frame_to_host(&h, 2, NEARBY_HELLO, "{\"name\":\"Bob\"}", now);
    CHECK(strncmp(host_line(&h), "[\"hello\",2,", 11) == 0);
    CHECK(nearby_host_send(&h, 2, "[\"closed\",\"full\"]", 17) == 1 && f.drops[2] == 2 && strcmp(host_line(&h), "[\"gone\",2]") == 0);
    now += NEARBY_SILENCE_MS;
    nearby_host_tick(&h, now);
    CHECK(strcmp(host_line(&h), "[\"gone\",1]") == 0);
    CHECK(nearby_host_accepted(&h, KIM, now) == 1);
    frame_to_host(&h, 1, NEARBY_HELLO, "{\"name\":\"Kim\"}", now);
    CHECK(strcmp(host_line(&h), "[\"back\",1]") == 0);
    /* A joiner's own bytes to this host: its way back after a drop is "back"; a new netOpen of
     * the same PSP while the host still keeps its seat (it left while away) is a hello. */
    {
        static NearbyJoin k;
        nearby_join_init(&k, &t);
        nearby_host_lost(&h, 1, now);
        CHECK(strcmp(host_line(&h), "[\"gone\",1]") == 0 && nearby_host_accepted(&h, KIM, now) == 1);
        CHECK(nearby_join_open(&k, JOIN, sizeof JOIN - 1, now) == 1);
        f.stream_len = 0;
        nearby_join_linked(&k, now);
        nearby_host_bytes(&h, 1, f.stream, f.stream_len, now);
        CHECK(strncmp(host_line(&h), "[\"hello\",1,", 11) == 0);
        nearby_join_lost(&k, now);
        nearby_host_lost(&h, 1, now);
        CHECK(strcmp(host_line(&h), "[\"gone\",1]") == 0 && nearby_host_accepted(&h, KIM, now) == 1);
        now += NET_RETRY_MS;
        nearby_join_tick(&k, now);
        f.stream_len = 0;
        nearby_join_linked(&k, now);
        nearby_host_bytes(&h, 1, f.stream, f.stream_len, now);
        CHECK(strcmp(host_line(&h), "[\"back\",1]") == 0 && strcmp(join_line(&k), "[\"away\"]") == 0 && strcmp(join_line(&k), "[\"back\"]") == 0);
        nearby_join_close(&k);
    }
    /* The host slept a moment: every PSP in the room is gone (its seat the room's to keep), the room goes on
     * and each comes back as after a drop; asleep NEARBY_SLEEP_KEPT_MS, the room ends with a line saying so. */
    CHECK(nearby_host_accepted(&h, BOB, now) == 2);
    CHECK(nearby_host_woke(&h, NEARBY_SLEEP_KEPT_MS - 1, now) == 1);
    CHECK(strcmp(host_line(&h), "[\"gone\",1]") == 0 && strcmp(host_line(&h), "") == 0 && f.resets == 1);
    CHECK(nearby_host_accepted(&h, KIM, now) == 1);
    frame_to_host(&h, 1, NEARBY_HELLO, "{\"name\":\"Kim\"}", now);
    CHECK(strcmp(host_line(&h), "[\"back\",1]") == 0);
    nearby_host_close(&h);
    CHECK(strcmp(sent_body(&f, 1), "[\"closed\",\"host left\"]") == 0 && f.resets == 2 && strcmp(host_line(&h), "") == 0 && nearby_host_send(&h, 1, "[\"m\",1,0]", 9) == 0);
    CHECK(nearby_host_woke(&h, 0, now) == 0 && strcmp(host_line(&h), "") == 0);
    CHECK(nearby_host_open(&h, "ABCDEFG", 7, now) == 1);
    CHECK(nearby_host_woke(&h, 0, now) == 0 && strcmp(host_line(&h), "[\"closed\",\"this PSP slept: its nearby room has ended\"]") == 0 && f.resets == 3);
    CHECK(nearby_host_open(&h, "ABCDEFG", 7, now) == 1);
    nearby_host_up(&h, now);
    CHECK(strcmp(host_line(&h), "[\"open\"]") == 0 && nearby_host_accepted(&h, KIM, now) == 1);
    frame_to_host(&h, 1, NEARBY_HELLO, "{\"name\":\"Kim\"}", now);
    CHECK(strncmp(host_line(&h), "[\"hello\",1,", 11) == 0);
    CHECK(nearby_host_woke(&h, NEARBY_SLEEP_KEPT_MS, now) == 0 && strcmp(host_line(&h), "[\"closed\",\"this PSP slept: its nearby room has ended\"]") == 0);
    CHECK(f.resets == 4 && nearby_host_send(&h, 1, "[\"m\",1,0]", 9) == 0 && nearby_host_open(&h, "ABCDEFG", 7, now) == 1);

    /* The joiner. */
    memset(&f, 0, sizeof f);
    nearby_join_init(&j, &t);
    CHECK(nearby_request(REQ("{\"op\":\"join\",\"code\":\"ABCDEFG\",\"name\":\"K\"}"), code, &why) == 0);
    CHECK(nearby_request(REQ("{\"via\":\"moon\",\"code\":\"ABCDEFG\"}"), code, &why) == -1);
    CHECK(nearby_request(REQ("{\"via\":\"nearby\",\"code\":\"AB\"}"), code, &why) == -1);
    CHECK(nearby_request(JOIN, sizeof JOIN - 1, code, &why) == 1 && strcmp(code, "ABCDEFG") == 0);
    CHECK(nearby_join_open(&j, JOIN, sizeof JOIN - 1, now) == 1 && f.start_host == 0 && strcmp(f.group, "RABCDEFG") == 0);
    CHECK(nearby_join_open(&j, JOIN, sizeof JOIN - 1, now) == 0 && nearby_join_send(&j, "[3,[0,1]]", 9) == 0);
    nearby_join_linked(&j, now);
    CHECK(sent_kind(&f, 0) == NEARBY_HELLO && strcmp(sent_body(&f, 0), JOIN) == 0 && strcmp(join_line(&j), "") == 0);
    frame_to_join(&j, NEARBY_LINE, "[\"joined\",\"ABCDEFG\"]", now);
    CHECK(strcmp(join_line(&j), "[\"joined\",\"ABCDEFG\"]") == 0);
    CHECK(nearby_join_send(&j, "{\"a\":1}", 7) == 0 && nearby_join_send(&j, "[3,[0,1]]", 9) == 1 && sent_kind(&f, 0) == NEARBY_MSG);
    frame_to_join(&j, NEARBY_PING, "", now);
    CHECK(sent_kind(&f, 0) == NEARBY_PONG);
    /* Quiet for NEARBY_KEEPALIVE_MS: a ping of its own; silent NEARBY_SILENCE_MS: away. */
    now += NEARBY_KEEPALIVE_MS;
    nearby_join_tick(&j, now);
    CHECK(sent_kind(&f, 0) == NEARBY_PING);
    now += NEARBY_SILENCE_MS;
    nearby_join_tick(&j, now);
    CHECK(strcmp(join_line(&j), "[\"away\"]") == 0 && f.drops[0] == 1 && nearby_join_send(&j, "[3,[0,1]]", 9) == 0);
    now += NET_RETRY_MS;
    nearby_join_tick(&j, now);
    CHECK(f.relinks == 1);
    nearby_join_linked(&j, now);
    CHECK(strcmp(join_line(&j), "[\"back\"]") == 0 && sent_kind(&f, 0) == NEARBY_HELLO);
    /* Lost for good: a try every NET_RETRY_MS, then gone after NET_KEPT_MS. */
    nearby_join_lost(&j, now);
    CHECK(strcmp(join_line(&j), "[\"away\"]") == 0);
    for (uint32_t k = 0; k < NET_KEPT_MS / 1000; k++) {
        now += 1000;
        nearby_join_tick(&j, now);
        if (j.state == NEARBY_JOIN_RELINKING) nearby_join_failed(&j, "no host", now);
    }
    CHECK(strcmp(join_line(&j), "[\"closed\",\"gone\"]") == 0 && f.relinks >= 20 && j.state == NEARBY_JOIN_IDLE);
    /* Bad bytes from the host: a clear closed line, a goodbye, the end. */
    CHECK(nearby_join_open(&j, JOIN, sizeof JOIN - 1, now) == 1);
    nearby_join_linked(&j, now);
    nearby_join_bytes(&j, BAD, sizeof BAD, now);
    CHECK(strcmp(join_line(&j), "[\"closed\",\"bad message from the nearby host: a frame of an unknown kind\"]") == 0 && sent_kind(&f, 0) == NEARBY_BYE && j.state == NEARBY_JOIN_IDLE);
    CHECK(nearby_join_open(&j, JOIN, sizeof JOIN - 1, now) == 1);
    nearby_join_linked(&j, now);
    frame_to_join(&j, NEARBY_LINE, "{\"joined\":1}", now);
    CHECK(strcmp(join_line(&j), "[\"closed\",\"bad message from the nearby host: a line that is not a JSON array of a word and values\"]") == 0);
    /* No host in the group: its reason; the host's closed line ends it too. */
    CHECK(nearby_join_open(&j, JOIN, sizeof JOIN - 1, now) == 1);
    nearby_join_failed(&j, "nearby room \"ABCDEFG\" not found", now);
    CHECK(strcmp(join_line(&j), "[\"closed\",\"nearby room \\\"ABCDEFG\\\" not found\"]") == 0);
    CHECK(nearby_join_open(&j, JOIN, sizeof JOIN - 1, now) == 1);
    nearby_join_linked(&j, now);
    frame_to_join(&j, NEARBY_LINE, "[\"closed\",\"host left\"]", now);
    CHECK(strcmp(join_line(&j), "[\"closed\",\"host left\"]") == 0 && j.state == NEARBY_JOIN_IDLE);
    /* The script's leave: a goodbye. */
    CHECK(nearby_join_open(&j, JOIN, sizeof JOIN - 1, now) == 1);
    nearby_join_linked(&j, now);
    nearby_join_close(&j);
    CHECK(sent_kind(&f, 0) == NEARBY_BYE && j.state == NEARBY_JOIN_IDLE && strcmp(join_line(&j), "") == 0);
}

int main(int argc, char **argv)
{
    test_net_wire();
    test_net_room();
    test_nearby();
    test_hash();
    test_raster();
    test_sprite_clip();
    test_mixer();
    test_mixer_ima();
    test_save(argc > 1 ? argv[1] : ".");
    test_save_without_replace(argc > 1 ? argv[1] : ".");
    test_save_problems(argc > 1 ? argv[1] : ".");
    test_raster_any_command();
    if (failures) fprintf(stderr, "core_test: %d failure(s)\n", failures);
    else printf("core_test: all passed\n");
    return failures ? 1 : 0;
}
