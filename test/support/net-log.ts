// An online or nearby game's message log (native/core/net/log.h: what a
// host's net functions, and a hosting PSP's nearby functions, were asked and
// answered, frame by frame), read by the kinds of line the contract lists
// (NET_LOG_CALLS, from tools/contract/contract.json's netLog, as the C reads
// it) and answered from in a test's engine as ratscrew-headless --net-log
// answers from it: each recv and nearby-recv line at its frame (or the first
// frame after it that asks), the other calls as recorded, and every call the
// log has not got counted.
import { NET_LOG_CALLS, NET_LOG_HEADER, type Host } from '../../src/contract';
import type { NetFunction } from './no-network';

type Call = (typeof NET_LOG_CALLS)[number];
export type NetLogKind = Call['kind'];

export interface NetLogEntry {
  frame: number;
  kind: NetLogKind;
  /** The call's answer (true for a receive or a call that answers nothing). */
  ok: boolean;
  /** The peer of nearby-send and nearby-ping; 0 for the rest. */
  peer: number;
  /** What the call was given or handed out; '' for a call without text. */
  text: string;
}

/** Each kind's line, "<frame> <kind>[ <0|1>][ <peer>][ <text>]", as its call's shape says. */
const LINES = NET_LOG_CALLS.map((call) => ({
  call,
  re: new RegExp(`^(\\d+) ${call.kind}${call.ok ? ' ([01])' : '()'}${call.peer ? ' (\\d+)' : '()'}${call.text ? ' (.*)' : '()'}$`),
}));

/** The log's calls in order; throws saying which line is not one. */
export function readNetLog(text: string): NetLogEntry[] {
  const lines = text.split('\n');
  if (lines[0] !== NET_LOG_HEADER) throw new Error(`not a net log (its first line is not "${NET_LOG_HEADER}")`);
  const entries: NetLogEntry[] = [];
  lines.forEach((line, i) => {
    if (i === 0 || line === '') return;
    const read = LINES.flatMap(({ call, re }) => {
      const m = re.exec(line);
      return m ? [{ call, m }] : [];
    })[0];
    if (!read) throw new Error(`line ${i + 1} of the net log is not a call it knows (${NET_LOG_CALLS.map((c) => c.kind).join(', ')}): ${line.slice(0, 120)}`);
    const { call, m } = read;
    const frame = Number(m[1]);
    if (entries.length > 0 && frame < entries.at(-1)!.frame) throw new Error(`line ${i + 1} of the net log is at a frame before the last: ${line.slice(0, 120)}`);
    entries.push({ frame, kind: call.kind, ok: !call.ok || m[2] === '1', peer: call.peer ? Number(m[3]) : 0, text: m[4] ?? '' });
  });
  return entries;
}

const CALL = new Map<NetLogKind, Call>(NET_LOG_CALLS.map((c) => [c.kind, c]));

export class NetLogReplay {
  /** The frame the engine is about to run: the test sets it before each. */
  frame = 0;
  readonly differences: string[] = [];
  readonly entries: NetLogEntry[];
  /** The next line of each kind of receive, and the next call's. */
  private readonly nextRecv = new Map<NetLogKind, number>();
  private nextCall = 0;

  constructor(text: string) {
    this.entries = readNetLog(text);
  }

  /** The log's next call (not a receive), if it is this one at this frame; else the difference counted. */
  private call(kind: NetLogKind, peer: number, text: string): NetLogEntry | null {
    while (this.nextCall < this.entries.length && CALL.get(this.entries[this.nextCall]!.kind)!.recv) this.nextCall++;
    const e = this.entries[this.nextCall];
    const { peer: withPeer, text: withText } = CALL.get(kind)!;
    if (e && e.kind === kind && e.frame === this.frame && e.peer === peer && (!withText || e.text === text)) {
      this.nextCall++;
      return e;
    }
    this.differences.push(`frame ${this.frame}: the script's ${kind}${withPeer ? ` to peer ${peer}` : ''}${withText ? ` ${text.slice(0, 120)}` : ''} is not the log's next call`);
    return null;
  }

  /** The next line of that kind of receive recorded at this frame or before; null for none. */
  private take(kind: NetLogKind): string | null {
    let next = this.nextRecv.get(kind) ?? 0;
    while (next < this.entries.length && this.entries[next]!.kind !== kind) next++;
    const e = this.entries[next];
    this.nextRecv.set(kind, e && e.frame <= this.frame ? next + 1 : next);
    return e && e.frame <= this.frame ? e.text : null;
  }

  /** The net and nearby functions of a host answering from the log. */
  get net(): Pick<Host, NetFunction> {
    return {
      netOpen: (request) => this.call('open', 0, request)?.ok ?? false,
      netSend: (message) => this.call('send', 0, message)?.ok ?? false,
      netReceive: () => this.take('recv'),
      netClose: () => void this.call('close', 0, ''),
      nearbyOpen: (code) => this.call('nearby-open', 0, code)?.ok ?? false,
      nearbySend: (peer, line) => this.call('nearby-send', peer, line)?.ok ?? false,
      nearbyPing: (peer) => this.call('nearby-ping', peer, '')?.ok ?? false,
      nearbyReceive: () => this.take('nearby-recv'),
      nearbyClose: () => void this.call('nearby-close', 0, ''),
    };
  }
}
