/* PSF ("\0PSF" v1.1): a header, one 16-byte index entry per key, the keys
 * (NUL-terminated, sorted), then each value in a slot of its maximum size.
 * The keys and their slot sizes are those a game's sceUtilitySavedata call
 * writes (PPSSPP's SavedataParam and the PSPSDK's psputility_savedata.h
 * agree on them). SAVEDATA_FILE_LIST and SAVEDATA_PARAMS stay zero: the
 * file is not encrypted, so there are no per-file hashes to list. */
#include <string.h>
#include "psp_sfo.h"

enum { FMT_BINARY = 0x0004, FMT_TEXT = 0x0204, FMT_INT = 0x0404 };

typedef struct Entry {
    const char *key;
    uint16_t fmt;
    uint32_t max; /* slot size, a multiple of 4 */
    const char *text;
    uint32_t value;
} Entry;

static void put16(uint8_t *p, uint32_t v) { p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); }
static void put32(uint8_t *p, uint32_t v) { put16(p, v & 0xffff); put16(p + 2, v >> 16); }

size_t psp_sfo_savedata(uint8_t *out, size_t cap, const SavedataInfo *info)
{
    const Entry entries[] = {
        { "CATEGORY", FMT_TEXT, 4, "MS", 0 },
        { "PARENTAL_LEVEL", FMT_INT, 4, NULL, 1 },
        { "SAVEDATA_DETAIL", FMT_TEXT, 1024, info->detail, 0 },
        { "SAVEDATA_DIRECTORY", FMT_TEXT, 64, info->directory, 0 },
        { "SAVEDATA_FILE_LIST", FMT_BINARY, 3168, NULL, 0 },
        { "SAVEDATA_PARAMS", FMT_BINARY, 128, NULL, 0 },
        { "SAVEDATA_TITLE", FMT_TEXT, 128, info->savedata_title, 0 },
        { "TITLE", FMT_TEXT, 128, info->title, 0 },
    };
    const size_t n = sizeof entries / sizeof entries[0];
    size_t i, keys_at = 20 + 16 * n, keys_len = 0, data_at, data_len = 0, key_off = 0, data_off = 0;
    for (i = 0; i < n; i++) {
        keys_len += strlen(entries[i].key) + 1;
        data_len += entries[i].max;
    }
    data_at = (keys_at + keys_len + 3) & ~(size_t)3;
    if (data_at + data_len > cap) return 0;
    memset(out, 0, data_at + data_len);
    memcpy(out, "\0PSF", 4);
    put32(out + 4, 0x0101);
    put32(out + 8, (uint32_t)keys_at);
    put32(out + 12, (uint32_t)data_at);
    put32(out + 16, (uint32_t)n);
    for (i = 0; i < n; i++) {
        const Entry *e = &entries[i];
        uint8_t *index = out + 20 + 16 * i, *slot = out + data_at + data_off;
        size_t klen = strlen(e->key) + 1, len = e->max;
        memcpy(out + keys_at + key_off, e->key, klen);
        if (e->fmt == FMT_TEXT) {
            len = strlen(e->text ? e->text : "");
            if (len > e->max - 1) len = e->max - 1; /* room for the NUL */
            memcpy(slot, e->text ? e->text : "", len);
            len++;
        } else if (e->fmt == FMT_INT) {
            put32(slot, e->value);
        }
        put16(index, (uint32_t)key_off);
        put16(index + 2, e->fmt);
        put32(index + 4, (uint32_t)len);
        put32(index + 8, e->max);
        put32(index + 12, (uint32_t)data_off);
        key_off += klen;
        data_off += e->max;
    }
    return data_at + data_len;
}
