/* Ad hoc between two PSPs in PPSSPP's native emulator (docs/network.md,
 * "Two PSPs without a server"): an experiment, not a test. Loads the
 * ad-hoc modules, creates (nickname "Anna") or joins (any other nickname)
 * the group RATSCREW through PPSSPP's ad-hoc server, finds the other PSP in
 * the peer list and sends PDP datagrams to it every 30 frames, printing
 * what it sends and receives ("ADHOC ..." lines). Run by adhoc-run.sh. */
#include <pspkernel.h>
#include <pspdisplay.h>
#include <psputility.h>
#include <pspnet.h>
#include <pspnet_adhoc.h>
#include <pspnet_adhocctl.h>
#include <pspiofilemgr.h>
#include <string.h>
#include <stdio.h>

PSP_MODULE_INFO("adhocprobe", PSP_MODULE_USER, 1, 0);
PSP_MAIN_THREAD_ATTR(THREAD_ATTR_USER);

static unsigned long long now_ms(void) { return sceKernelGetSystemTimeWide() / 1000; }

int main(void) {
    char nick[128] = {0};
    sceUtilityGetSystemParamString(PSP_SYSTEMPARAM_ID_STRING_NICKNAME, nick, sizeof nick);
    int role = strcmp(nick, "Anna") != 0;
    printf("ADHOC nickname %s\n", nick);
    printf("ADHOC start role=%d\n", role);
    int r1 = sceUtilityLoadNetModule(PSP_NET_MODULE_COMMON), r2 = sceUtilityLoadNetModule(PSP_NET_MODULE_ADHOC);
    printf("ADHOC load %08x %08x\n", r1, r2);
    printf("ADHOC netinit %08x\n", sceNetInit(128 * 1024, 42, 4 * 1024, 42, 4 * 1024));
    printf("ADHOC adhocinit %08x\n", sceNetAdhocInit());
    struct productStruct product; memset(&product, 0, sizeof product); memcpy(product.product, "RATS00001", 9);
    printf("ADHOC ctlinit %08x\n", sceNetAdhocctlInit(0x2000, 0x20, &product));
    unsigned char mac[6] = {0};
    int r, tries = 0;
    /* BUSY (0x80410b10) while adhocctl is still logging in to the ad-hoc server: again next frame. */
    while ((r = role == 0 ? sceNetAdhocctlCreate("RATSCREW") : sceNetAdhocctlConnect("RATSCREW")) == (int)0x80410b10 && tries < 600) {
        tries++;
        sceDisplayWaitVblankStart();
    }
    printf("ADHOC tries %d\n", tries);
    printf("ADHOC %s %08x\n", role == 0 ? "create" : "connect", r);
    int state = -1, prev = -2, frame;
    for (frame = 0; frame < 900; frame++) {
        sceNetAdhocctlGetState(&state);
        if (state != prev) { printf("ADHOC state=%d frame=%d ms=%llu\n", state, frame, now_ms()); prev = state; }
        if (state == 1) break;
        sceDisplayWaitVblankStart();
    }
    printf("ADHOC getmac %08x\n", sceNetGetLocalEtherAddr(mac));
    printf("ADHOC mac %02x:%02x:%02x:%02x:%02x:%02x\n", mac[0], mac[1], mac[2], mac[3], mac[4], mac[5]);
    int pdp = sceNetAdhocPdpCreate(mac, 1, 0x2000, 0);
    printf("ADHOC pdp=%d\n", pdp);
    unsigned char peer[6] = {0}; int have_peer = 0, got = 0, sent = 0;
    for (frame = 0; frame < 1200 && got < 3; frame++) {
        if (!have_peer) {
            static unsigned char buf[4096]; int len = sizeof buf;
            if (sceNetAdhocctlGetPeerList(&len, buf) == 0 && len > 0) {
                struct SceNetAdhocctlPeerInfo *p = (struct SceNetAdhocctlPeerInfo *)buf;
                for (; p; p = p->next) if (memcmp(p->mac, mac, 6) != 0) { memcpy(peer, p->mac, 6); have_peer = 1; break; }
                if (have_peer) printf("ADHOC peer %02x:%02x:%02x:%02x:%02x:%02x frame=%d\n", peer[0], peer[1], peer[2], peer[3], peer[4], peer[5], frame);
            }
        }
        if (have_peer && frame % 30 == 0 && sent < 200) {
            char msg[48]; int n = snprintf(msg, sizeof msg, "hello %d from role %d", sent, role);
            int s = sceNetAdhocPdpSend(pdp, peer, 1, msg, n, 0, 1);
            if (sent < 3) printf("ADHOC send=%08x frame=%d\n", s, frame);
            sent++;
        }
        {
            unsigned char from[6]; unsigned short port = 0; char buf[128]; int len = sizeof buf - 1;
            int rr = sceNetAdhocPdpRecv(pdp, from, &port, buf, &len, 0, 1);
            if (rr >= 0 && len > 0) { buf[len] = 0; printf("ADHOC recv '%s' port=%d frame=%d\n", buf, port, frame); got++; }
        }
        sceDisplayWaitVblankStart();
    }
    printf("ADHOC end got=%d sent=%d\n", got, sent);
    sceNetAdhocctlDisconnect();
    sceKernelExitGame();
    return 0;
}
