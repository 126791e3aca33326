/**
 * The header every state-changing request must carry (CSRF: forces a CORS preflight).
 * Its own module, free of zod, so the web app's first page can import it without the schemas.
 */
export const CSRF_HEADER = 'x-csrf-protection';
