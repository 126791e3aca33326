import { plural, t as translate } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DatabaseBackup, Download } from 'lucide-react';
import { toast } from '@/lib/toast';
import { BACKUPS_UNAVAILABLE_CODE, type Backup } from '@punchclock/shared/contracts/backups';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { ErrorMessage, QueryState } from '@/components/ui/query-state';
import { ApiError } from '@/lib/api-client';
import {
  backupDownloadPath,
  backupsQueryKey,
  backupsQueryOptions,
  FRESH_BACKUP_PATH,
  takeBackup,
} from './api';
import { formatBusinessDateTime } from '@punchclock/shared/domain/business-time';
import { formatDate, formatNumber } from '@punchclock/shared/i18n/format';

/** "4.7 MB": sizes as people read them. */
function formatBytes(bytes: number): string {
  const oneDecimal = { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false };
  if (bytes < 1024) {
    const size = formatNumber(bytes, { useGrouping: false });
    return translate`${size} B`;
  }
  if (bytes < 1024 * 1024) {
    const size = formatNumber(bytes / 1024, oneDecimal);
    return translate`${size} KB`;
  }
  const size = formatNumber(bytes / (1024 * 1024), oneDecimal);
  return translate`${size} MB`;
}

/** "3:00 AM" ("3 h 00" in French): the hour of the nightly snapshot, on the business clock. */
function hourLabel(hour: number): string {
  return formatDate(new Date(2000, 0, 1, hour), 'h:mm a');
}

/** On PostgreSQL the API answers 409: backups are the database server's job there. */
function PostgresExplanation({ message }: { message: string }) {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a shell command, typed as is
  const dumpCommand = 'pg_dump --format=custom "$DATABASE_URL" > punchclock.dump';
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a shell command, typed as is
  const restoreCommand = 'pg_restore --clean --dbname "$DATABASE_URL" punchclock.dump';
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Backups are made with pg_dump</Trans>
        </CardTitle>
        <CardDescription>{message}</CardDescription>
      </CardHeader>
      <CardContent className="text-sm text-muted-foreground">
        <Trans>
          For example, nightly: <code>{dumpCommand}</code>; restore with{' '}
          <code>{restoreCommand}</code>.
        </Trans>
      </CardContent>
    </Card>
  );
}

/** /backups: snapshots of the embedded database, taken nightly or now, and downloads. */
export default function BackupsPage() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const backups = useQuery(backupsQueryOptions);
  const backUpNow = useMutation({
    mutationFn: takeBackup,
    onSuccess: ({ backup }) => {
      const size = formatBytes(backup.sizeBytes);
      toast.success(t`Backup taken (${size})`);
      void queryClient.invalidateQueries({ queryKey: backupsQueryKey });
    },
  });
  const timeZone = backups.data?.timeZone ?? 'UTC';

  const columns: DataColumn<Backup>[] = [
    {
      id: 'takenAt',
      header: t`Taken`,
      isRowHeader: true,
      cell: (backup) => formatBusinessDateTime(backup.takenAt, timeZone),
    },
    {
      id: 'size',
      header: t`Size`,
      className: 'tabular-nums',
      cell: (backup) => formatBytes(backup.sizeBytes),
    },
    {
      id: 'actions',
      header: t`Actions`,
      isActions: true,
      cell: (backup) => {
        const takenAt = formatBusinessDateTime(backup.takenAt, timeZone);
        return (
          <Button size="sm" variant="outline" asChild>
            <a href={backupDownloadPath(backup.name)} download={backup.name}>
              <Download aria-hidden />{' '}
              <Trans>
                Download
                <span className="sr-only"> the backup of {takenAt}</span>
              </Trans>
            </a>
          </Button>
        );
      },
    },
  ];

  return (
    <div className="mx-auto grid grid-cols-[minmax(0,1fr)] max-w-4xl gap-6">
      <div>
        <h1 className="text-2xl font-bold">
          <Trans>Backups</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>
            Snapshots of the whole database. Each holds everyone&apos;s data: downloads are recorded
            in the audit log.
          </Trans>
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
        {(data) => {
          const hour = hourLabel(data.hour);
          const zone = data.timeZone;
          const keep = data.keep;
          // eslint-disable-next-line lingui/no-unlocalized-strings -- a shell command, typed as is
          const restoreCommand = 'npm run restore -- <file>';
          return (
            <Card>
              <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
                <div className="grid gap-1">
                  <CardTitle>
                    <Trans>Snapshots</Trans>
                  </CardTitle>
                  <CardDescription>
                    {data.scheduled
                      ? plural(keep, {
                          one: `Taken every night at ${hour} (${zone}); the newest # are kept.`,
                          other: `Taken every night at ${hour} (${zone}); the newest # are kept.`,
                        })
                      : plural(keep, {
                          one: 'Nightly snapshots are off (BACKUPS_ENABLED); the newest # are kept.',
                          other:
                            'Nightly snapshots are off (BACKUPS_ENABLED); the newest # are kept.',
                        })}{' '}
                    <Trans>
                      Restore one with <code>{restoreCommand}</code> while the server is stopped.
                    </Trans>
                  </CardDescription>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    onClick={() => backUpNow.mutate()}
                    disabled={backUpNow.isPending}
                    aria-busy={backUpNow.isPending}
                  >
                    <DatabaseBackup aria-hidden />
                    {backUpNow.isPending ? t`Backing up…` : t`Back up now`}
                  </Button>
                  <Button variant="outline" asChild>
                    <a href={FRESH_BACKUP_PATH} download>
                      <Download aria-hidden /> <Trans>Download a fresh one</Trans>
                    </a>
                  </Button>
                </div>
              </CardHeader>
              <CardContent>
                <DataTable
                  label={t`Backups`}
                  columns={columns}
                  rows={data.items}
                  rowKey={(backup) => backup.name}
                  rowTestId="backup-row"
                  emptyMessage={t`No backups yet. The first is taken tonight, or now with Back up now.`}
                />
              </CardContent>
            </Card>
          );
        }}
      </QueryState>
    </div>
  );
}
