import type { Server } from 'node:http';

export interface ConnectionGuardOptions {
  /** Open connections one address may hold; one more is closed at once (MAX_CONNECTIONS_PER_ADDRESS). */
  perAddress: number;
  /** Peers the cap does not apply to: the reverse proxies TRUST_PROXY names, whose connections carry everyone's. */
  exempt: (address: string | undefined) => boolean;
}

/**
 * What one client may hold of the service's connections (MAX_CONNECTIONS is the total): at
 * most `perAddress` open at once, so that one client cannot take every slot. A socket that
 * stays silent needs nothing here: Node's headers timeout runs from the connection's start, and
 * such a socket is answered 408 and closed like a slow request (client-error.ts).
 * A reverse proxy in front remains the first line (README, "TLS and the proxy"): its own
 * per-client limits see the real addresses, and its connections here are exempt from the cap.
 */
export function guardConnections(server: Server, { perAddress, exempt }: ConnectionGuardOptions): void {
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || exempt(address)) return;
    const held = open.get(address) ?? 0;
    if (held >= perAddress) {
      socket.destroy();
      return;
    }
    open.set(address, held + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
