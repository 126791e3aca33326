import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Play, Square } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { SolverRun, SolverRunStatus, SolverResult } from '@punchclock/shared/contracts/demand';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import {
  isLiveRun,
  solverRunQueryOptions,
  solverRunsQueryOptions,
  useStartAutoFill,
  useStopAutoFill,
} from '../api';
import { formatHours, formatMoney, formatShare } from '../demand-labels';

const STATUS_LABELS = {
  queued: msg`Waiting to start`,
  running: msg`Running`,
  done: msg`Done`,
  failed: msg`Failed`,
  cancelled: msg`Stopped`,
} satisfies Record<SolverRunStatus, MessageDescriptor>;

const STATUS_VARIANTS = {
  queued: 'outline',
  running: 'secondary',
  done: 'success',
  failed: 'destructive',
  cancelled: 'warning',
} as const satisfies Record<
  SolverRunStatus,
  'outline' | 'secondary' | 'success' | 'destructive' | 'warning'
>;

const OUTCOME_LABELS = {
  optimal: msg`Best possible plan (within the gap asked)`,
  time_limit: msg`Best plan found within the time limit`,
  cancelled: msg`Stopped before the end`,
  nothing_to_fill: msg`Nothing to fill: every day is planned or nothing is required`,
} satisfies Record<SolverResult['outcome'], MessageDescriptor>;

/** The gap as people read it: "1.2 %" or "not proven". */
function useGapText() {
  const { t } = useLingui();
  return (gap: number | null) => (gap === null ? t`not known yet` : formatShare(gap));
}

function RunResult({
  result,
  teamId,
  weekStart,
}: {
  result: SolverResult;
  teamId: string;
  weekStart: string;
}) {
  const { i18n, t } = useLingui();
  const gapText = useGapText();
  const rows: Array<[string, string]> = [
    [t`Coverage`, formatShare(result.coverage)],
    [t`Short of the requirement`, t`${formatHours(result.shortfallHours)} person-hours`],
    [t`Over the requirement`, t`${formatHours(result.overHours)} person-hours`],
    [t`Shifts added as drafts`, String(result.shiftsAdded)],
    [t`Optimality gap`, gapText(result.gap)],
    [t`Labour`, formatMoney(result.cost.labour)],
    [t`Projected overtime`, formatMoney(result.cost.overtime)],
    [t`Missing hours (weighted)`, formatMoney(result.cost.underCoverage)],
    [t`Extra hours (weighted)`, formatMoney(result.cost.overCoverage)],
    [t`“Prefer not” shifts`, formatMoney(result.cost.preferences)],
    [t`Total cost`, formatMoney(result.cost.total)],
  ];
  const seconds = Math.round(result.seconds);
  const { people, candidateShifts, parts } = result;
  return (
    <div className="grid gap-3" data-testid="autofill-result">
      <p className="font-medium">{i18n._(OUTCOME_LABELS[result.outcome])}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted-foreground">
        <Trans>
          Solved in {seconds} s over {people} people and {candidateShifts} candidate shifts.
        </Trans>{' '}
        {parts > 1 && <Trans>A large team: solved in {parts} parts.</Trans>}
      </p>
      {result.notes.length > 0 && (
        <ul className="list-disc pl-5 text-sm" aria-label={t`Notes`}>
          {result.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      <div>
        <Button asChild variant="outline">
          <Link to={`/roster?week=${weekStart}&team=${teamId}`}>
            <Trans>Review on the roster</Trans>
          </Link>
        </Button>
      </div>
    </div>
  );
}

function RunStatus({ run, teamId }: { run: SolverRun; teamId: string }) {
  const { i18n, t } = useLingui();
  const stop = useStopAutoFill();
  const gapText = useGapText();
  const isLive = isLiveRun(run);
  const label = i18n._(STATUS_LABELS[run.status]);
  const percent = formatShare(run.progressPercent / 100);
  const gap = gapText(run.gap);
  return (
    <div className="grid gap-3" data-testid="autofill-run">
      <div className="flex flex-wrap items-center gap-3">
        <span role="status">
          <Badge variant={STATUS_VARIANTS[run.status]}>{label}</Badge>
        </span>
        {isLive && (
          <Button
            variant="outline"
            size="sm"
            disabled={stop.isPending}
            onClick={() => stop.mutate(run.id)}
          >
            <Square aria-hidden /> <Trans>Stop auto-fill</Trans>
          </Button>
        )}
      </div>
      {isLive && (
        <div className="grid gap-1">
          <div
            role="progressbar"
            aria-label={t`Auto-fill progress`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={run.progressPercent}
            aria-valuetext={t`${percent}, gap ${gap}`}
            className="h-3 w-full overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full bg-primary transition-[width]"
              style={{ width: `${run.progressPercent}%` }}
            />
          </div>
          {/* Not live: the progress bar carries the figure; the status badge announces changes. */}
          <p className="text-sm text-muted-foreground">
            <Trans>
              {percent} · gap {gap}
            </Trans>
          </p>
        </div>
      )}
      {run.status === 'failed' && (
        <p className="text-sm text-destructive-text" role="alert">
          {run.error ?? t`The auto-fill failed.`}
        </p>
      )}
      {run.status === 'cancelled' && (
        <p className="text-sm text-muted-foreground">
          <Trans>Stopped: nothing was written.</Trans>
        </p>
      )}
      {run.result && (run.status === 'done' || run.status === 'cancelled') && (
        <RunResult result={run.result} teamId={teamId} weekStart={run.weekStart} />
      )}
    </div>
  );
}

/** Fill the roster week's open days with a solver: time limit, progress, gap, then the result. */
export function AutoFillPanel({ teamId, weekStart }: { teamId: string; weekStart: string }) {
  const { t } = useLingui();
  const [timeLimit, setTimeLimit] = useState('30');
  const [runId, setRunId] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const start = useStartAutoFill();
  const runs = useQuery(solverRunsQueryOptions(teamId, weekStart));
  // The run started here, else the week's latest (a run started elsewhere, or before a reload).
  const latest = runs.data?.runs.find(
    (run) => run.teamId === teamId && run.weekStart === weekStart,
  );
  const shownId = runId ?? latest?.id ?? null;
  const run = useQuery({ ...solverRunQueryOptions(shownId ?? ''), enabled: shownId !== null });
  const shown = run.data?.run ?? (latest?.id === shownId ? latest : undefined);
  const isLive = isLiveRun(shown);

  const onStart = () => {
    const seconds = Number(timeLimit);
    if (!Number.isInteger(seconds) || seconds < 5 || seconds > 600)
      return setError(t`Time limit must be between 5 and 600`);
    setError(undefined);
    start.mutate(
      { teamId, weekStart, timeLimitSeconds: seconds },
      { onSuccess: ({ run: started }) => setRunId(started.id) },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Auto-fill the week</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Adds draft shifts on the roster’s open days to cover the requirements at the lowest
            cost; shifts already there stay. Review the drafts on the roster, then publish.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-end gap-3">
          <Field
            id="demand-time-limit"
            label={t`Time limit (seconds)`}
            error={error}
            className="grid gap-1"
          >
            <Input
              type="number"
              min={5}
              max={600}
              step={1}
              inputMode="numeric"
              className="w-32"
              value={timeLimit}
              onChange={(event) => setTimeLimit(event.target.value)}
            />
          </Field>
          <Button disabled={start.isPending || isLive} onClick={onStart}>
            <Play aria-hidden /> <Trans>Auto-fill week</Trans>
          </Button>
        </div>
        {shown && <RunStatus run={shown} teamId={teamId} />}
      </CardContent>
    </Card>
  );
}
