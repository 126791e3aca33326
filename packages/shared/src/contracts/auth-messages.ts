// The auth messages the web app's first page needs, free of zod (contracts/auth re-exports them).

export const SUSPENDED_MESSAGE =
  'Your account has been suspended. Please contact an administrator.';
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid login credentials';
