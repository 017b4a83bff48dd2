// `npm start`: builds the portal if needed, then runs the bid service, which serves it, in this
// very process: what `node --import tsx server/main.ts` runs, with no process in between. The
// signals an operator sends (docker stop, systemd, Ctrl-C; npm passes SIGTERM and SIGINT on to
// this process) reach the bid service's own handlers (server/main.ts), which drain and exit 0,
// and this process's exit code is the bid service's.
import { buildPortalIfStale } from './start-build.mjs';

const built = await buildPortalIfStale();
if (built !== 0) process.exit(built);

// TypeScript through tsx, as `node --import tsx` would, then the bid service itself.
const { register } = await import('tsx/esm/api');
register();
await import('../server/main.ts');
