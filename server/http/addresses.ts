import { BlockList, isIP } from 'node:net';

/** proxy-addr's names (as TRUST_PROXY takes them), as ranges. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/**
 * Whether an address is one of `entries` (addresses, CIDR ranges, the names above; checked by
 * env.ts). An IPv4 entry also matches its IPv4-mapped IPv6 form (`::ffff:127.0.0.1`), which is
 * how a socket listening on `::` sees IPv4 peers.
 */
export function addressMatcher(entries: string[]): (address: string | undefined) => boolean {
  const list = new BlockList();
  for (const entry of entries.flatMap((e) => NAMED_RANGES[e] ?? [e])) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (address) => {
    const family = address ? isIP(address) : 0;
    return family !== 0 && list.check(address!, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/** Loopback only, IPv4 and IPv6 (the operator endpoints, `/metrics` by default). */
export const isLoopback = addressMatcher(['loopback']);
