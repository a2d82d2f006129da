// The TypeScript reader of the net log (test/support/net-log.ts) reads what
// the C writes: the lines below are a real hosting PSP's (its probe build's
// NETLOG lines in test/psp/nearby-game.test.ts's run: its room in nearby-*
// lines, and the close its online screens make of any room first; two long
// messages left out) and its joining PSP's, and the reader answers a
// script's calls from them as ratscrew-headless --net-log does.
import { describe, expect, it } from 'vitest';
import { NetLogReplay, readNetLog } from './net-log';

const HOSTING = `ratscrew-net-log 1
134 close
134 nearby-open 1 XNXXXUH
260 nearby-recv ["open"]
829 nearby-recv ["hello",1,"{\\"op\\":\\"join\\",\\"code\\":\\"XNXXXUH\\",\\"name\\":\\"Kim\\",\\"via\\":\\"nearby\\"}"]
829 nearby-send 1 1 ["joined","XNXXXUH"]
953 nearby-ping 1 1
955 nearby-recv ["pong",1]
964 nearby-send 1 1 ["m",3,[1,0]]
973 nearby-recv ["m",1,"[3,[1,-1]]"]
1473 nearby-recv ["gone",1]
1596 nearby-recv ["back",1]
`;

const JOINING = `ratscrew-net-log 1
410 close
410 open 1 {"op":"join","code":"XNXXXUH","name":"Kim","via":"nearby"}
479 recv ["joined","XNXXXUH"]
614 recv ["m",3,[1,0]]
621 send 1 [3,[1,-1]]
`;

describe('the net log read in TypeScript', () => {
  it('reads a hosting PSP\'s log: its nearby calls, their outcomes, peers and lines', () => {
    const { entries } = new NetLogReplay(HOSTING);
    expect(entries.map((e) => e.kind)).toEqual(['close', 'nearby-open', 'nearby-recv', 'nearby-recv', 'nearby-send', 'nearby-ping', 'nearby-recv', 'nearby-send', 'nearby-recv', 'nearby-recv', 'nearby-recv']);
    expect(entries[1]).toEqual({ frame: 134, kind: 'nearby-open', ok: true, peer: 0, text: 'XNXXXUH' });
    expect(entries[3]!.text).toBe('["hello",1,"{\\"op\\":\\"join\\",\\"code\\":\\"XNXXXUH\\",\\"name\\":\\"Kim\\",\\"via\\":\\"nearby\\"}"]');
    expect(entries[4]).toEqual({ frame: 829, kind: 'nearby-send', ok: true, peer: 1, text: '["joined","XNXXXUH"]' });
    expect(entries[5]).toEqual({ frame: 953, kind: 'nearby-ping', ok: true, peer: 1, text: '' });
  });

  it('answers the hosting PSP\'s script from it: each nearby-recv line at its frame, the calls as recorded', () => {
    const log = new NetLogReplay(HOSTING);
    const net = log.net;
    log.frame = 134;
    net.netClose();
    expect(net.nearbyOpen('XNXXXUH')).toBe(true);
    expect(net.nearbyReceive()).toBeNull();
    log.frame = 300;
    expect(net.nearbyReceive()).toBe('["open"]');
    expect(net.nearbyReceive()).toBeNull();
    expect(net.netReceive()).toBeNull();
    log.frame = 829;
    expect(JSON.parse(net.nearbyReceive()!)[0]).toBe('hello');
    expect(net.nearbySend(1, '["joined","XNXXXUH"]')).toBe(true);
    log.frame = 953;
    expect(net.nearbyPing(1)).toBe(true);
    log.frame = 955;
    expect(net.nearbyReceive()).toBe('["pong",1]');
    expect(log.differences).toEqual([]);
    // A call the log has not got: answered false and counted, the first said as the C says it.
    log.frame = 964;
    expect(net.nearbyPing(2)).toBe(false);
    expect(net.nearbySend(1, '["m",3,[1,0]]')).toBe(true);
    expect(log.differences).toEqual(['frame 964: the script\'s nearby-ping to peer 2 is not the log\'s next call']);
  });

  it('reads a joining PSP\'s log (a room\'s calls) as before', () => {
    const log = new NetLogReplay(JOINING);
    log.frame = 410;
    log.net.netClose();
    expect(log.net.netOpen('{"op":"join","code":"XNXXXUH","name":"Kim","via":"nearby"}')).toBe(true);
    log.frame = 621;
    expect(log.net.netReceive()).toBe('["joined","XNXXXUH"]');
    expect(log.net.netReceive()).toBe('["m",3,[1,0]]');
    expect(log.net.netSend('[3,[1,-1]]')).toBe(true);
    expect(log.differences).toEqual([]);
  });

  it('says which line is not a call it knows', () => {
    expect(() => readNetLog('ratscrew-net-log 1\n5 nearby-ping 1\n')).toThrow(/^line 2 of the net log is not a call it knows \(open, send, .*nearby-close\): 5 nearby-ping 1$/);
    expect(() => readNetLog('ratscrew-net-log 2\n')).toThrow('not a net log');
  });
});
