// The period-locks feature's public module: locked pay periods, and the rules every change checks
// against them (decisions 0011, 0038, 0045). Other features and app.ts import only from here.
export {
  assertNotLocked,
  assertPayNotLocked,
  findActiveLock,
  holdPeriodLocks,
  insertLock,
  listLocks,
  reopenLock,
} from './locks.ts';
