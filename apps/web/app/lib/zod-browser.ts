/**
 * zod as the storefront's code imports it (vite.config.ts points 'zod' here).
 * To compile faster parsers zod probes `new Function` the first time it builds
 * an object schema; the page's Content-Security-Policy forbids eval, so in the
 * browser the probe would be reported as a violation on every page. Telling
 * zod not to try, before any schema is built, keeps the reports for real ones.
 * On the server (no document) nothing changes: the API keeps its fast parsers.
 */
import { z } from 'zod/v4';

if (typeof document !== 'undefined') z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
