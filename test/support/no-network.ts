// The net functions of a host without a network (docs/network.md), and no
// keyboard's text (host.typed): the tests' hosts have neither, as the C
// hosts have none yet.
import type { Host } from '../../src/contract';

export const NO_NETWORK: Pick<Host, 'netOpen' | 'netSend' | 'netReceive' | 'netClose' | 'typed'> = {
  netOpen: () => false,
  netSend: () => false,
  netReceive: () => null,
  netClose: () => {},
  typed: () => null,
};
