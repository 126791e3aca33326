// The backups feature's public module: app.ts, the restore command and tests import only this.
export { registerBackupRoutes } from './routes.ts';
export { scheduleBackupJobs } from './schedule.ts';
export { takeBackup } from './service.ts';
export { restoreBackup, type RestoreResult } from './restore.ts';
