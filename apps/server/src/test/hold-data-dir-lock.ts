// Run as a separate process by tests: takes the data-folder lock like a server would, says
// "locked" on stdout, then holds it until killed.
import { acquireDataDirLock } from '../db/data-dir-lock.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: hold-data-dir-lock.ts <data dir>');
await acquireDataDirLock(dataDir);
process.stdout.write('locked\n');
setInterval(() => {}, 60_000);
