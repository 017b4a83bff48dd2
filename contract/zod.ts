import { z } from 'zod';

/**
 * The one way the contract imports zod. In a browser (and the service worker) zod must not
 * compile its parsers with `new Function`: the portal's Content Security Policy has no
 * 'unsafe-eval', and zod's probe for it alone is reported as a CSP violation (Chromium's Issues
 * panel, Lighthouse best practices). The setting must be made before any schema is built, which
 * this module guarantees by being every contract schema's import of zod. On Node (the bid
 * service, the tests) the compiled parsers stay on: they are faster.
 */
const onNode = typeof process !== 'undefined' && typeof process.versions?.node === 'string';
if (!onNode) z.config({ jitless: true });

export { z };
