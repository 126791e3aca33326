import { lazyImport } from '../../platform/lazy-import.ts';

/** web-push, loaded when a push is first sent or keys first made (most servers send none). */
export const loadWebPush = lazyImport(() => import('web-push'));
