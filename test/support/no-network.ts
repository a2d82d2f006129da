// The net functions of a host without a network (docs/network.md): the
// tests' hosts have none, as the C hosts have none yet.
import type { Host } from '../../src/contract';

export const NO_NETWORK: Pick<Host, 'netOpen' | 'netSend' | 'netReceive' | 'netClose'> = {
  netOpen: () => false,
  netSend: () => false,
  netReceive: () => null,
  netClose: () => {},
};
