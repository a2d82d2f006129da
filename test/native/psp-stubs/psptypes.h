/* Stub for the desktop syntax check only (see README.md). */
#ifndef STUB_PSPTYPES_H
#define STUB_PSPTYPES_H
#include <stdint.h>
typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef int64_t s64;
typedef int SceUID;
typedef unsigned int SceSize;
typedef unsigned int SceUInt;
typedef int64_t SceInt64;
typedef int SceMode;
typedef int64_t SceOff;
typedef struct ScePspDateTime {
    unsigned short year, month, day, hour, minute, second;
    unsigned int microsecond;
} ScePspDateTime;
#endif
