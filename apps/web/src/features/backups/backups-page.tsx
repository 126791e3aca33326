import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DatabaseBackup, Download } from 'lucide-react';
import { toast } from '@/lib/toast';
import {
  BACKUPS_UNAVAILABLE_CODE,
  backupListSchema,
  createBackupResponseSchema,
  type Backup,
} from '@punchclock/shared/contracts/backups';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { ErrorMessage, QueryState } from '@/components/ui/query-state';
import { ApiError, apiRequest } from '@/lib/api-client';
import { formatBusinessDateTime } from '@punchclock/shared/domain/business-time';

const backupsQueryKey = ['backups'] as const;

/** "4.7 MB": sizes as people read them. */
function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function hourLabel(hour: number): string {
  const suffix = hour < 12 ? 'AM' : 'PM';
  return `${hour % 12 === 0 ? 12 : hour % 12}:00 ${suffix}`;
}

/** On PostgreSQL the API answers 409: backups are the database server's job there. */
function PostgresExplanation({ message }: { message: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Backups are made with pg_dump</CardTitle>
        <CardDescription>{message}</CardDescription>
      </CardHeader>
      <CardContent className="text-sm text-muted-foreground">
        For example, nightly:{' '}
        <code>pg_dump --format=custom "$DATABASE_URL" &gt; punchclock.dump</code>; restore with{' '}
        <code>pg_restore --clean --dbname "$DATABASE_URL" punchclock.dump</code>.
      </CardContent>
    </Card>
  );
}

/** /backups: snapshots of the embedded database, taken nightly or now, and downloads. */
export default function BackupsPage() {
  const queryClient = useQueryClient();
  const backups = useQuery({
    queryKey: backupsQueryKey,
    queryFn: ({ signal }) => apiRequest('/api/backups', { schema: backupListSchema, signal }),
    retry: false,
  });
  const backUpNow = useMutation({
    mutationFn: () =>
      apiRequest('/api/backups', { method: 'POST', schema: createBackupResponseSchema }),
    onSuccess: ({ backup }) => {
      toast.success(`Backup taken (${formatBytes(backup.sizeBytes)})`);
      void queryClient.invalidateQueries({ queryKey: backupsQueryKey });
    },
    onError: (error) => toast.error(error.message),
  });
  const timeZone = backups.data?.timeZone ?? 'UTC';

  const columns: DataColumn<Backup>[] = [
    {
      id: 'takenAt',
      header: 'Taken',
      isRowHeader: true,
      cell: (backup) => formatBusinessDateTime(backup.takenAt, timeZone),
    },
    {
      id: 'size',
      header: 'Size',
      className: 'tabular-nums',
      cell: (backup) => formatBytes(backup.sizeBytes),
    },
    {
      id: 'actions',
      header: 'Actions',
      isActions: true,
      cell: (backup) => (
        <Button size="sm" variant="outline" asChild>
          <a href={`/api/backups/${encodeURIComponent(backup.name)}`} download={backup.name}>
            <Download aria-hidden /> Download
            <span className="sr-only">
              {' '}
              the backup of {formatBusinessDateTime(backup.takenAt, timeZone)}
            </span>
          </a>
        </Button>
      ),
    },
  ];

  return (
    <div className="mx-auto grid grid-cols-[minmax(0,1fr)] max-w-4xl gap-6">
      <div>
        <h1 className="text-2xl font-bold">Backups</h1>
        <p className="text-sm text-muted-foreground">
          Snapshots of the whole database. Each holds everyone&apos;s data: downloads are recorded
          in the audit log.
        </p>
      </div>
      <QueryState
        query={backups}
        renderError={(error) =>
          error instanceof ApiError && error.code === BACKUPS_UNAVAILABLE_CODE ? (
            <PostgresExplanation message={error.message} />
          ) : (
            <ErrorMessage error={error} />
          )
        }
      >
        {(data) => (
          <Card>
            <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
              <div className="grid gap-1">
                <CardTitle>Snapshots</CardTitle>
                <CardDescription>
                  {data.scheduled
                    ? `Taken every night at ${hourLabel(data.hour)} (${data.timeZone}); the newest ${data.keep} are kept.`
                    : `Nightly snapshots are off (BACKUPS_ENABLED); the newest ${data.keep} are kept.`}{' '}
                  Restore one with <code>npm run restore -- &lt;file&gt;</code> while the server is
                  stopped.
                </CardDescription>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button
                  onClick={() => backUpNow.mutate()}
                  disabled={backUpNow.isPending}
                  aria-busy={backUpNow.isPending}
                >
                  <DatabaseBackup aria-hidden />
                  {backUpNow.isPending ? 'Backing up…' : 'Back up now'}
                </Button>
                <Button variant="outline" asChild>
                  <a href="/api/backups/fresh" download>
                    <Download aria-hidden /> Download a fresh one
                  </a>
                </Button>
              </div>
            </CardHeader>
            <CardContent>
              <DataTable
                label="Backups"
                columns={columns}
                rows={data.items}
                rowKey={(backup) => backup.name}
                rowTestId="backup-row"
                emptyMessage="No backups yet. The first is taken tonight, or now with Back up now."
              />
            </CardContent>
          </Card>
        )}
      </QueryState>
    </div>
  );
}
