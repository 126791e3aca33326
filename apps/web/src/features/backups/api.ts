import { queryOptions } from '@tanstack/react-query';
import { backupListSchema, createBackupResponseSchema } from '@punchclock/shared/contracts/backups';
import { callEndpoint, endpointPath } from '@/lib/call-endpoint';

export const backupsQueryKey = ['backups'] as const;

export const backupsQueryOptions = queryOptions({
  queryKey: backupsQueryKey,
  queryFn: ({ signal }) => callEndpoint('GET /api/backups', { schema: backupListSchema, signal }),
  retry: false,
});

export function takeBackup() {
  return callEndpoint('POST /api/backups', { schema: createBackupResponseSchema });
}

/** Where a kept backup file is downloaded from. */
export function backupDownloadPath(name: string): string {
  return endpointPath('GET /api/backups/:name', { params: { name } });
}

/** Where a backup taken on the spot is downloaded from. */
export const FRESH_BACKUP_PATH = endpointPath('GET /api/backups/fresh');
