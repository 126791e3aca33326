import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Download, Eye, Upload } from 'lucide-react';
import { useState } from 'react';
import type {
  PeopleImportInvitations,
  PeopleImportResult,
  PeopleImportRow,
  PeopleImportStatus,
} from '@punchclock/shared/contracts/people-import';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import {
  peopleTemplatePath,
  readFileAsBase64,
  useCommitPeopleImport,
  usePreviewPeopleImport,
} from '../people-import-api';
import {
  columnLabel,
  firstFilter,
  rowsToShow,
  shownValue,
  type RowFilter,
} from '../people-import-view';

const STATUS_VARIANT = {
  new: 'success',
  updated: 'default',
  unchanged: 'outline',
  refused: 'destructive',
} as const;

function StatusBadge({ status }: { status: PeopleImportStatus }) {
  const { t } = useLingui();
  const label = {
    new: t`New`,
    updated: t`Updated`,
    unchanged: t`Unchanged`,
    refused: t`Refused`,
  }[status];
  return <Badge variant={STATUS_VARIANT[status]}>{label}</Badge>;
}

function Changes({ row }: { row: PeopleImportRow }) {
  if (row.changes.length === 0) return <span className="text-muted-foreground">–</span>;
  return (
    <ul className="grid gap-0.5">
      {row.changes.map((change) => (
        <li key={change.column}>
          <span className="font-medium">{columnLabel(change.column)}:</span>{' '}
          {change.before === null ? (
            shownValue(change.column, change.after)
          ) : (
            <>
              {shownValue(change.column, change.before)} → {shownValue(change.column, change.after)}
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

function Problems({ row }: { row: PeopleImportRow }) {
  const { t } = useLingui();
  if (row.problems.length === 0) return <span className="text-muted-foreground">–</span>;
  return (
    <ul className="grid gap-1">
      {row.problems.map((problem, index) => (
        <li
          key={`${problem.column ?? 'row'}-${index}`}
          className="rounded border border-destructive/40 bg-destructive/10 px-1.5 py-0.5 text-destructive-text"
        >
          <span className="font-medium">
            {problem.column ? columnLabel(problem.column) : t`Row`}:
          </span>{' '}
          {problem.message}
        </li>
      ))}
    </ul>
  );
}

function Summary({ result }: { result: PeopleImportResult }) {
  const { t } = useLingui();
  const { counts } = result;
  const items = [
    { label: t`New`, value: counts.new },
    { label: t`Updated`, value: counts.updated },
    { label: t`Unchanged`, value: counts.unchanged },
    { label: t`Refused`, value: counts.refused },
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="people-import-counts">
      {items.map((item) => (
        <div key={item.label} className="rounded-md border p-2">
          <dt className="text-xs text-muted-foreground">{item.label}</dt>
          <dd className="text-lg font-semibold tabular-nums">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Import people from a CSV or XLSX file (#33 part 2): templates, a preview of every row (what
 * changes, or why it is refused), invitations, then an all-or-nothing import.
 */
export function PeopleImportDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  const [result, setResult] = useState<PeopleImportResult | null>(null);
  const [filter, setFilter] = useState<RowFilter>('all');
  const [invitations, setInvitations] = useState<PeopleImportInvitations>('none');
  const [error, setError] = useState<string | undefined>();
  const preview = usePreviewPeopleImport();
  const commit = useCommitPeopleImport();

  const reset = () => {
    setFile(null);
    setResult(null);
    setError(undefined);
    setInvitations('none');
  };
  const close = () => {
    reset();
    onClose();
  };
  const showResult = (next: PeopleImportResult) => {
    setResult(next);
    setFilter(firstFilter(next));
  };

  const choose = async (chosen: File | undefined) => {
    setResult(null);
    setError(undefined);
    if (!chosen) return setFile(null);
    try {
      setFile({ name: chosen.name, content: await readFileAsBase64(chosen) });
    } catch {
      setFile(null);
      setError(t`The file could not be read`);
    }
  };
  const runPreview = () => {
    if (!file) return setError(t`Choose a file`);
    preview.mutate(
      { fileName: file.name, content: file.content },
      { onSuccess: showResult, onError: (failure) => setError(failure.message) },
    );
  };
  const runImport = () => {
    if (!file) return;
    commit.mutate(
      { fileName: file.name, content: file.content, sendInvitations: invitations },
      {
        onSuccess: (next) => (next.imported ? close() : showResult(next)),
        onError: (failure) => setError(failure.message),
      },
    );
  };

  const toImport = result ? result.counts.new + result.counts.updated : 0;
  const canImport = result !== null && result.counts.refused === 0 && toImport > 0;
  const shown = result ? rowsToShow(result, filter) : null;
  const isBusy = preview.isPending || commit.isPending;
  const newTeams = result?.newTeams.join(', ') ?? '';
  const ignoredColumns = result?.ignoredColumns.join(', ') ?? '';
  const shownCount = shown?.rows.length ?? 0;
  const matchingCount = shown?.matching ?? 0;

  const columns: DataColumn<PeopleImportRow>[] = [
    {
      id: 'row',
      header: t`Row`,
      className: 'tabular-nums',
      cell: (row) => row.row,
    },
    {
      id: 'person',
      header: t`Person`,
      isRowHeader: true,
      cell: (row) => (
        <span className="grid">
          <span className="font-medium">{row.name || '–'}</span>
          <span className="break-all text-xs text-muted-foreground">{row.email || '–'}</span>
        </span>
      ),
    },
    { id: 'status', header: t`Result`, cell: (row) => <StatusBadge status={row.status} /> },
    { id: 'changes', header: t`What changes`, cell: (row) => <Changes row={row} /> },
    { id: 'problems', header: t`Why refused`, cell: (row) => <Problems row={row} /> },
  ];

  return (
    <Dialog open={isOpen} onOpenChange={(open) => !open && close()}>
      <DialogContent className="max-h-[90vh] max-w-5xl overflow-y-auto">
        <DialogTitle>
          <Trans>Import people</Trans>
        </DialogTitle>
        <DialogDescription>
          <Trans>
            A CSV or Excel file, one person a row, matched by email. Preview shows what each row
            would do; the import writes every row or none, and running it again changes nothing.
          </Trans>
        </DialogDescription>

        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <a
            className="inline-flex items-center gap-1 text-primary underline underline-offset-4"
            href={peopleTemplatePath('xlsx')}
            download
          >
            <Download className="size-4" aria-hidden /> <Trans>Template (Excel)</Trans>
          </a>
          <a
            className="inline-flex items-center gap-1 text-primary underline underline-offset-4"
            href={peopleTemplatePath('csv')}
            download
          >
            <Download className="size-4" aria-hidden /> <Trans>Template (CSV)</Trans>
          </a>
        </div>

        <div className="flex flex-wrap items-end gap-3">
          <Field
            id="people-import-file"
            label={t`File`}
            hint={t`CSV or XLSX, 5 MB at most. Empty cells leave a person’s value as it is.`}
            error={error}
            className="grid min-w-0 gap-1"
          >
            <input
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              className="max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-card file:px-3 file:py-2 focus-visible:outline-2 focus-visible:outline-ring"
              onChange={(event) => void choose(event.target.files?.[0])}
            />
          </Field>
          <Button variant="outline" disabled={!file || isBusy} onClick={runPreview}>
            <Eye aria-hidden /> <Trans>Preview</Trans>
          </Button>
        </div>

        {result && shown && (
          <div className="grid gap-3" data-testid="people-import-preview">
            <Summary result={result} />
            <div role="status" className="grid gap-1 text-sm">
              {result.counts.refused > 0 ? (
                <p className="font-medium text-destructive-text">
                  <Trans>
                    Nothing can be imported until every row is accepted: fix the refused rows in the
                    file, then preview again.
                  </Trans>
                </p>
              ) : toImport === 0 ? (
                <p>
                  <Trans>
                    Everyone in the file is already up to date: there is nothing to import.
                  </Trans>
                </p>
              ) : null}
              {result.newTeams.length > 0 && (
                <p>
                  <Trans>New teams: {newTeams}</Trans>
                </p>
              )}
              {result.ignoredColumns.length > 0 && (
                <p className="text-muted-foreground">
                  <Trans>Columns left out: {ignoredColumns}</Trans>
                </p>
              )}
            </div>
            <Field id="people-import-filter" label={t`Show`} className="grid gap-1 sm:w-64">
              <Select
                value={filter}
                onChange={(event) => setFilter(event.target.value as RowFilter)}
              >
                <option value="all">{t`Every row`}</option>
                <option value="problems">{t`Refused rows`}</option>
                <option value="changes">{t`New and updated rows`}</option>
              </Select>
            </Field>
            <DataTable
              label={t`What each row of the file does`}
              columns={columns}
              rows={shown.rows}
              rowKey={(row) => String(row.row)}
              rowTestId="people-import-row"
              emptyMessage={<Trans>No rows to show.</Trans>}
            />
            {shown.matching > shown.rows.length && (
              <p className="text-sm text-muted-foreground">
                <Trans>
                  Showing the first {shownCount} of {matchingCount} rows.
                </Trans>
              </p>
            )}

            {canImport && (
              <div className="grid gap-3 border-t pt-3">
                <Field
                  id="people-import-invitations"
                  label={t`Invite the new people`}
                  hint={
                    result.invitations.emailConfigured
                      ? t`Only people the import adds are invited, by email.`
                      : t`This server sends no email (SMTP is not set up): nobody would get an invitation.`
                  }
                  className="grid gap-1 sm:w-96"
                >
                  <Select
                    value={invitations}
                    onChange={(event) =>
                      setInvitations(event.target.value as PeopleImportInvitations)
                    }
                  >
                    <option value="none">{t`Do not invite them now`}</option>
                    <option value="password">{t`Email a link to set their password`}</option>
                    <option value="sso">{t`Email them to sign in with single sign-on`}</option>
                  </Select>
                </Field>
                <div className="flex flex-wrap justify-end gap-2">
                  <Button variant="outline" onClick={close}>
                    <Trans>Cancel</Trans>
                  </Button>
                  <Button disabled={isBusy} onClick={runImport}>
                    <Upload aria-hidden />{' '}
                    <Plural value={toImport} one="Import # person" other="Import # people" />
                  </Button>
                </div>
              </div>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
