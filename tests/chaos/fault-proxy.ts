import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The chaos run's load balancer: round robin over the bid service's instances (as
 * scripts/round-robin-proxy.mjs) with faults it is told to inject into the next requests that
 * write (POST and tus PATCH under the bid service's path):
 *  - `status`: the next `count` writes answered 500 or 503 by the proxy itself, never forwarded;
 *  - `lostAnswer`: the next `count` writes forwarded and applied, then the connection dropped
 *    before the client has the answer (the write happened; the client cannot know);
 *  - `dropUpload`: the next tus PATCH cut after `afterBytes` of its body reached the instance.
 * An instance that is down answers 502 (a load balancer without health checks).
 */
export type Fault =
  { kind: 'status'; status: 500 | 503; count: number } | { kind: 'lostAnswer'; count: number } | { kind: 'dropUpload'; afterBytes: number };

export interface FaultProxy {
  url: string;
  inject(fault: Fault): void;
  /** Clears the faults not yet used. */
  heal(): void;
  /** How many requests each fault hit, and how many were forwarded. */
  readonly counts: { forwarded: number; status: number; lostAnswer: number; dropUpload: number; badGateway: number };
  close(): Promise<void>;
}

const API = '/bid-web/bid-service/';

export async function faultProxy(upstreams: number[]): Promise<FaultProxy> {
  let next = 0;
  let pending: Fault[] = [];
  const counts = { forwarded: 0, status: 0, lostAnswer: 0, dropUpload: 0, badGateway: 0 };

  /** The fault this request takes, if any (a fault with a count stays until used up). */
  const take = (req: http.IncomingMessage): Fault | null => {
    const write = req.url?.startsWith(API) && (req.method === 'POST' || req.method === 'PATCH');
    if (!write) return null;
    const index = pending.findIndex((f) => f.kind !== 'dropUpload' || req.method === 'PATCH');
    if (index < 0) return null;
    const fault = pending[index]!;
    if (fault.kind === 'dropUpload' || fault.count <= 1) pending.splice(index, 1);
    else pending[index] = { ...fault, count: fault.count - 1 };
    return fault;
  };

  const server = http.createServer((req, res) => {
    const fault = take(req);
    if (fault?.kind === 'status') {
      counts.status++;
      req.resume();
      req.once('end', () => {
        res.writeHead(fault.status, { 'content-type': 'text/plain', connection: 'close' });
        res.end(`injected ${fault.status}\n`);
      });
      return;
    }
    const upstream = upstreams[next++ % upstreams.length]!;
    const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const out = http.request(
      { host: '127.0.0.1', port: upstream, method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-for': forwarded } },
      (answer) => {
        if (fault?.kind === 'lostAnswer') {
          counts.lostAnswer++;
          answer.resume();
          answer.once('end', () => req.socket.destroy());
          return;
        }
        counts.forwarded++;
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => {
      if (fault?.kind === 'dropUpload') return;
      counts.badGateway++;
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('Bad gateway\n');
    });
    if (fault?.kind === 'dropUpload') {
      counts.dropUpload++;
      let sent = 0;
      req.on('data', (chunk: Buffer) => {
        if (sent >= fault.afterBytes) return;
        sent += chunk.length;
        out.write(chunk);
        if (sent >= fault.afterBytes) {
          // Let the instance take in what came, then cut both sides, as a lost mobile link does.
          setTimeout(() => {
            out.destroy();
            req.socket.destroy();
          }, 50);
        }
      });
      req.once('end', () => out.end());
      return;
    }
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    inject: (fault) => pending.push(fault),
    heal: () => {
      pending = [];
    },
    counts,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
