import { Trans, useLingui } from '@lingui/react/macro';
import { Download, Eye, Upload } from 'lucide-react';
import { useState } from 'react';
import type { DemandImportResponse } from '@punchclock/shared/contracts/demand';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { Select } from '@/components/ui/select';
import { useImportDemand } from '../api';
import { readFileAsBase64, templateHref, type ImportKind } from '../demand-planner';

/** What an import did or would do: its counts, or the problems that stopped it. */
function ImportOutcome({ result }: { result: DemandImportResponse }) {
  const { t } = useLingui();
  if (result.problems.length > 0) {
    return (
      <div className="grid gap-2" role="status">
        <p className="font-medium text-destructive-text">
          <Trans>Nothing was imported. Fix these rows, then preview again.</Trans>
        </p>
        <ScrollRegion label={t`Problems in the file`} className="max-h-80 border">
          <table className="w-full text-sm" data-testid="import-problems">
            <caption className="sr-only">
              <Trans>Problems in the file</Trans>
            </caption>
            <thead className="bg-muted/60">
              <tr>
                <th scope="col" className="px-2 py-1 text-left">
                  <Trans>Row</Trans>
                </th>
                <th scope="col" className="px-2 py-1 text-left">
                  <Trans>Column</Trans>
                </th>
                <th scope="col" className="px-2 py-1 text-left">
                  <Trans>Problem</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {result.problems.map((problem, index) => (
                <tr key={`${problem.row}-${problem.column ?? ''}-${index}`} className="border-t">
                  <td className="px-2 py-1 tabular-nums">{problem.row}</td>
                  <td className="px-2 py-1">{problem.column ?? '–'}</td>
                  <td className="px-2 py-1">{problem.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </div>
    );
  }
  const { rows, created, updated, unchanged } = result;
  const range =
    result.firstDate && result.lastDate ? t`from ${result.firstDate} to ${result.lastDate}` : '';
  return (
    <div role="status" className="grid gap-1 text-sm" data-testid="import-outcome">
      <p className="font-medium">
        {result.dryRun ? (
          <Trans>The file can be imported {range}:</Trans>
        ) : (
          <Trans>Imported {range}:</Trans>
        )}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5">
        <dt>
          <Trans>Rows</Trans>
        </dt>
        <dd className="tabular-nums">{rows}</dd>
        <dt>
          <Trans>New intervals</Trans>
        </dt>
        <dd className="tabular-nums">{created}</dd>
        <dt>
          <Trans>Updated intervals</Trans>
        </dt>
        <dd className="tabular-nums">{updated}</dd>
        <dt>
          <Trans>Unchanged intervals</Trans>
        </dt>
        <dd className="tabular-nums">{unchanged}</dd>
      </dl>
    </div>
  );
}

/** Requirements or workload history from a CSV or XLSX file: preview (a dry run), then import. */
export function ImportPanel({ teamId, weekStart }: { teamId: string; weekStart: string }) {
  const { t } = useLingui();
  const [kind, setKind] = useState<ImportKind>('workload');
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<DemandImportResponse | null>(null);
  const [error, setError] = useState<string | undefined>();
  const importFile = useImportDemand();

  const send = async (dryRun: boolean) => {
    if (!file) return setError(t`Choose a file`);
    setError(undefined);
    let content: string;
    try {
      content = await readFileAsBase64(file);
    } catch {
      return setError(t`The file could not be read`);
    }
    importFile.mutate(
      { teamId, kind, fileName: file.name, content, dryRun },
      { onSuccess: setResult, onError: (failure) => setError(failure.message) },
    );
  };
  // Import only what a preview found clean: the same file and kind, no problems.
  const canImport = result !== null && result.dryRun && result.problems.length === 0;

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Import a file</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            A CSV or Excel file with a header row. Preview checks every row and writes nothing; an
            import is all or nothing.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-end gap-3">
          <Field id="demand-import-kind" label={t`The file holds`} className="grid gap-1">
            <Select
              className="w-full sm:w-60"
              value={kind}
              onChange={(event) => {
                setKind(event.target.value as ImportKind);
                setResult(null);
              }}
            >
              <option value="workload">{t`Workload history (contacts, handling time)`}</option>
              <option value="requirements">{t`Requirements (people needed)`}</option>
            </Select>
          </Field>
          <Field
            id="demand-import-file"
            label={t`File`}
            hint={t`CSV or XLSX, 2 MB at most.`}
            error={error}
            className="grid gap-1"
          >
            <input
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              className="max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-card file:px-3 file:py-2 focus-visible:outline-2 focus-visible:outline-ring"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setResult(null);
              }}
            />
          </Field>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            disabled={!file || importFile.isPending}
            onClick={() => void send(true)}
          >
            <Eye aria-hidden /> <Trans>Preview</Trans>
          </Button>
          <Button disabled={!canImport || importFile.isPending} onClick={() => void send(false)}>
            <Upload aria-hidden /> <Trans>Import</Trans>
          </Button>
        </div>
        {result && <ImportOutcome result={result} />}
        <div className="grid gap-1 text-sm">
          <p className="font-medium">
            <Trans>Templates</Trans>
          </p>
          <p className="text-muted-foreground">
            <Trans>
              Dates as yyyy-MM-dd, times as HH:mm on the team’s interval grid; the position column
              may stay empty (the whole team).
            </Trans>
          </p>
          <div className="flex flex-wrap gap-3">
            <a
              className="inline-flex items-center gap-1 text-primary underline underline-offset-4"
              href={templateHref('workload', weekStart)}
              download="workload-template.csv"
            >
              <Download className="size-4" aria-hidden /> <Trans>Workload template (CSV)</Trans>
            </a>
            <a
              className="inline-flex items-center gap-1 text-primary underline underline-offset-4"
              href={templateHref('requirements', weekStart)}
              download="requirements-template.csv"
            >
              <Download className="size-4" aria-hidden /> <Trans>Requirements template (CSV)</Trans>
            </a>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
