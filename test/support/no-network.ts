// The net functions of a host without a network (docs/network.md), no
// keyboard's text (host.typed), and no words or zones of its own beside the
// picture to follow the game's language and people (host.chosen): the tests'
// hosts have none of these.
import type { Host } from '../../src/contract';

export const NO_NETWORK: Pick<Host, 'netOpen' | 'netSend' | 'netReceive' | 'netClose' | 'typed' | 'chosen'> = {
  netOpen: () => false,
  netSend: () => false,
  netReceive: () => null,
  netClose: () => {},
  typed: () => null,
  chosen: () => {},
};
