// An online game's message log (native/core/net/log.h: what a host's net
// functions were asked and answered, frame by frame) answered from in a
// test's engine, as ratscrew-headless --net-log answers from it: each recv
// line at its frame (or the first frame after it that asks), open and send
// as recorded, and every call the log has not got counted.
import type { Host } from '../../src/contract';

interface Entry {
  frame: number;
  kind: 'open' | 'send' | 'recv' | 'close';
  ok: boolean;
  text: string;
}

export class NetLogReplay {
  /** The frame the engine is about to run: the test sets it before each. */
  frame = 0;
  readonly differences: string[] = [];
  private readonly entries: Entry[] = [];
  private nextRecv = 0;
  private nextCall = 0;

  constructor(text: string) {
    const lines = text.split('\n');
    if (lines[0] !== 'ratscrew-net-log 1') throw new Error('not a net log');
    for (const line of lines.slice(1)) {
      if (line === '') continue;
      const m = /^(\d+) (open|send|recv|close)(?: ([01]) (.*)| (.*))?$/.exec(line);
      if (!m) throw new Error(`a net log line that is not one: ${line}`);
      const kind = m[2] as Entry['kind'];
      this.entries.push({ frame: Number(m[1]), kind, ok: kind === 'recv' || kind === 'close' || m[3] === '1', text: m[4] ?? m[5] ?? '' });
    }
  }

  private call(kind: Entry['kind'], text: string): Entry | null {
    while (this.nextCall < this.entries.length && this.entries[this.nextCall]!.kind === 'recv') this.nextCall++;
    const e = this.entries[this.nextCall];
    if (e && e.kind === kind && e.frame === this.frame && (kind === 'close' || e.text === text)) {
      this.nextCall++;
      return e;
    }
    this.differences.push(`frame ${this.frame}: ${kind} ${text}`);
    return null;
  }

  /** The net functions of a host answering from the log. */
  get net(): Pick<Host, 'netOpen' | 'netSend' | 'netReceive' | 'netClose'> {
    return {
      netOpen: (request: string) => this.call('open', request)?.ok ?? false,
      netSend: (message: string) => this.call('send', message)?.ok ?? false,
      netReceive: () => {
        while (this.nextRecv < this.entries.length && this.entries[this.nextRecv]!.kind !== 'recv') this.nextRecv++;
        const e = this.entries[this.nextRecv];
        if (!e || e.frame > this.frame) return null;
        this.nextRecv++;
        return e.text;
      },
      netClose: () => void this.call('close', ''),
    };
  }
}
