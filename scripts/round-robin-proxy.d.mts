import type { Server } from 'node:http';

/** Listens on `port` (0: a free one) of `host`; answers the server once listening. */
export function roundRobinProxy(upstreams: number[], port?: number, host?: string): Promise<Server>;
