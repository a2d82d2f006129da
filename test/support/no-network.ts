// The net functions of a host without a network (docs/network.md) nor ad
// hoc (the nearby functions answer "not here"), no
// keyboard's text (host.typed), and no words or zones of its own beside the
// picture to follow the game's language and people (host.chosen): the tests'
// hosts have none of these.
import type { Host } from '../../src/contract';

/** The host's functions for rooms: online (net*) and nearby (nearby*). */
export type NetFunction = 'netOpen' | 'netSend' | 'netReceive' | 'netClose' | 'nearbyOpen' | 'nearbyReceive' | 'nearbySend' | 'nearbyPing' | 'nearbyClose';

export const NO_NETWORK: Pick<Host, NetFunction | 'typed' | 'chosen'> = {
  netOpen: () => false,
  netSend: () => false,
  netReceive: () => null,
  netClose: () => {},
  nearbyOpen: () => false,
  nearbyReceive: () => null,
  nearbySend: () => false,
  nearbyPing: () => false,
  nearbyClose: () => {},
  typed: () => null,
  chosen: () => {},
};
