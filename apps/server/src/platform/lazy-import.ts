/**
 * A package imported on its first use instead of at start (issue #32 item 6): a server that never
 * sends email, push or SSO never holds nodemailer, web-push or openid-client in memory. The
 * import is started once and shared; a failure (the package missing) is remembered, as a static
 * import's would be.
 */
export function lazyImport<Module>(load: () => Promise<Module>): () => Promise<Module> {
  let loading: Promise<Module> | undefined;
  return () => (loading ??= load());
}
