import { z } from 'zod';

/**
 * The contract's zod: every schema module here imports `z` from this file, never from 'zod',
 * so the setting below is in place before any schema is built (ES modules evaluate their
 * imports first).
 *
 * Zod 4 compiles a fast parser for each object schema with `new Function`, and when an object
 * schema is built it probes whether `new Function` is allowed at all. The dashboard and the
 * player run under a Content-Security-Policy without 'unsafe-eval'
 * (server/src/http/security-headers.ts): the probe is blocked and the browser reports a CSP
 * violation, although zod catches the error. Jitless, zod neither probes nor compiles. An
 * object schema reads the setting when it is built, hence here and not in an app's entry
 * (where it would also pull zod into the first load). The server has no CSP and keeps the
 * compiled parsers.
 */
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
