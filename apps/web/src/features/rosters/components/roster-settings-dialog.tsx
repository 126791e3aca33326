import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  allotmentDayInputSchema,
  teamRosterSettingsInputSchema,
  type TeamRosterSettings,
} from '@punchclock/shared/contracts/rosters';
import { firstIssueMessage } from '@punchclock/shared/contracts/auth';
import { formatBusinessDateLong } from '@punchclock/shared/i18n/format';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { QueryState } from '@/components/ui/query-state';
import { Select } from '@/components/ui/select';
import { rosterSettingsQueryOptions, useSaveAllotmentDay, useSaveTeamRosterSettings } from '../api';

/** "" is no limit; anything else the number typed (NaN when it is not one, for the contract). */
function toMaxOff(value: string): number | null {
  return value.trim() === '' ? null : Number(value);
}

/** One team: claims approved without a manager, and how many may be off on a day. */
function TeamSettingsRow({ team }: { team: TeamRosterSettings }) {
  const { t } = useLingui();
  const save = useSaveTeamRosterSettings();
  const [autoApprove, setAutoApprove] = useState(team.autoApproveClaims);
  const [maxOff, setMaxOff] = useState(team.maxOffPerDay === null ? '' : String(team.maxOffPerDay));
  const [error, setError] = useState<string | undefined>();
  const name = team.teamName;
  const id = `roster-team-${team.teamId}`;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = { autoApproveClaims: autoApprove, maxOffPerDay: toMaxOff(maxOff) };
    const parsed = teamRosterSettingsInputSchema.safeParse(input);
    if (!parsed.success) return setError(firstIssueMessage(parsed.error));
    setError(undefined);
    save.mutate(
      { teamId: team.teamId, input },
      { onError: (failure) => setError(failure.message) },
    );
  };
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-2 rounded-md border p-3"
      aria-label={t`Roster settings of ${name}`}
      data-testid="roster-team-settings"
    >
      <p className="font-medium">{name}</p>
      <label className="flex cursor-pointer items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-1 accent-primary"
          checked={autoApprove}
          onChange={(event) => setAutoApprove(event.target.checked)}
        />
        <span>
          <Trans>Approve open-shift claims without a manager</Trans>
        </span>
      </label>
      <div className="flex flex-wrap items-start gap-2">
        <Field
          id={`${id}-max-off`}
          label={t`May be off on one day`}
          hint={t`Empty: no limit.`}
          error={error}
          className="grid gap-1"
        >
          <Input
            type="number"
            min={0}
            max={999}
            inputMode="numeric"
            className="w-32"
            value={maxOff}
            onChange={(event) => setMaxOff(event.target.value)}
          />
        </Field>
        <Button
          type="submit"
          size="sm"
          variant="outline"
          className="mt-6"
          disabled={save.isPending}
        >
          <Trans>Save {name}</Trans>
        </Button>
      </div>
    </form>
  );
}

/** Days where a team's allotment differs from its usual one: add, change, or remove one. */
function AllotmentDays({
  teams,
  days,
}: {
  teams: TeamRosterSettings[];
  days: Array<{ teamId: string; date: string; maxOff: number }>;
}) {
  const { t } = useLingui();
  const save = useSaveAllotmentDay();
  const [teamId, setTeamId] = useState(teams[0]?.teamId ?? '');
  const [date, setDate] = useState('');
  const [maxOff, setMaxOff] = useState('');
  const [error, setError] = useState<string | undefined>();
  const teamName = (id: string) => teams.find((team) => team.teamId === id)?.teamName ?? '';
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = { teamId, date, maxOff: maxOff.trim() === '' ? Number.NaN : Number(maxOff) };
    const parsed = allotmentDayInputSchema.safeParse(input);
    if (!parsed.success) return setError(firstIssueMessage(parsed.error));
    setError(undefined);
    save.mutate(input, {
      onSuccess: () => {
        setDate('');
        setMaxOff('');
      },
      onError: (failure) => setError(failure.message),
    });
  };
  return (
    <section className="grid gap-3" aria-labelledby="allotment-days-heading">
      <h3 id="allotment-days-heading" className="font-semibold">
        <Trans>Allotment days</Trans>
      </h3>
      <p className="text-sm text-muted-foreground">
        <Trans>
          A day (a holiday, a peak) where a team’s limit differs from its usual one. Requests beyond
          it are flagged to the approver.
        </Trans>
      </p>
      {days.length > 0 ? (
        <ul className="grid gap-1 text-sm" data-testid="allotment-days">
          {days.map((day) => {
            const when = formatBusinessDateLong(day.date);
            const team = teamName(day.teamId);
            const count = day.maxOff;
            return (
              <li
                key={`${day.teamId}-${day.date}`}
                className="flex items-center justify-between gap-2"
              >
                <span>
                  <Trans>
                    {when} · {team}: {count} may be off
                  </Trans>
                </span>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={t`Remove the allotment of ${team} on ${when}`}
                  disabled={save.isPending}
                  onClick={() => save.mutate({ teamId: day.teamId, date: day.date, maxOff: null })}
                >
                  <Trash2 aria-hidden />
                </Button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">
          <Trans>No allotment days.</Trans>
        </p>
      )}
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid gap-2 sm:grid-cols-[1fr_1fr_8rem_auto] sm:items-end"
      >
        <Field id="allotment-team" label={t`Team`}>
          <Select value={teamId} onChange={(event) => setTeamId(event.target.value)}>
            {teams.map((team) => (
              <option key={team.teamId} value={team.teamId}>
                {team.teamName}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="allotment-date" label={t`Date`}>
          <Input type="date" value={date} onChange={(event) => setDate(event.target.value)} />
        </Field>
        <Field id="allotment-max-off" label={t`May be off`}>
          <Input
            type="number"
            min={0}
            max={999}
            inputMode="numeric"
            value={maxOff}
            onChange={(event) => setMaxOff(event.target.value)}
          />
        </Field>
        <Button type="submit" variant="outline" disabled={save.isPending}>
          <Trans>Set</Trans>
        </Button>
        <div className="sm:col-span-4">
          <FieldError id="allotment-error" message={error} />
        </div>
      </form>
    </section>
  );
}

/** Admins: each team's claim approval and daily time-off allotment, and allotment days. */
export function RosterSettingsDialog({ onClose }: { onClose: () => void }) {
  const settings = useQuery(rosterSettingsQueryOptions);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        <DialogTitle>
          <Trans>Roster settings</Trans>
        </DialogTitle>
        <DialogDescription>
          <Trans>
            Per team: whether claims of open shifts need a manager, and how many people may be off
            on one day (time-off requests beyond it are flagged to the approver).
          </Trans>
        </DialogDescription>
        <QueryState query={settings}>
          {(data) => (
            <div className="grid gap-4">
              {data.teams.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  <Trans>No teams yet. Create teams in User Management.</Trans>
                </p>
              ) : (
                data.teams.map((team) => <TeamSettingsRow key={team.teamId} team={team} />)
              )}
              {data.teams.length > 0 && (
                <AllotmentDays teams={data.teams} days={data.allotmentDays} />
              )}
            </div>
          )}
        </QueryState>
        <div className="flex justify-end">
          <Button variant="outline" onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
