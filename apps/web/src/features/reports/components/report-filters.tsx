import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { shiftDate } from '@punchclock/shared/domain/business-time';
import { getWeekDates } from '@punchclock/shared/domain/schedule';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { teamsQueryOptions } from '@/features/users';
import type { RangeFilter } from '../api';

export function defaultRange(today: string): RangeFilter {
  return { from: shiftDate(today, -30), to: today, teamId: '' };
}

/** Date range (with quick picks) and team, shared by every report. */
export function ReportFilters({
  value,
  today,
  onChange,
  children,
}: {
  value: RangeFilter;
  today: string;
  onChange: (next: RangeFilter) => void;
  children?: React.ReactNode;
}) {
  const { t } = useLingui();
  const teams = useQuery(teamsQueryOptions);
  const quick: { label: string; from: string; to: string }[] = [
    { label: t`This week`, from: getWeekDates(today)[0] ?? today, to: today },
    { label: t`Last 7 days`, from: shiftDate(today, -6), to: today },
    { label: t`Last 31 days`, from: shiftDate(today, -30), to: today },
    { label: t`This month`, from: `${today.slice(0, 8)}01`, to: today },
  ];
  return (
    <div className="flex flex-wrap items-end gap-3">
      <Field id="report-from" label={t`From`}>
        <Input
          type="date"
          value={value.from}
          max={value.to}
          onChange={(event) =>
            event.target.value && onChange({ ...value, from: event.target.value })
          }
        />
      </Field>
      <Field id="report-to" label={t`To`}>
        <Input
          type="date"
          value={value.to}
          min={value.from}
          onChange={(event) => event.target.value && onChange({ ...value, to: event.target.value })}
        />
      </Field>
      <Field id="report-team" label={t`Team`}>
        <Select
          className="w-44"
          value={value.teamId}
          onChange={(event) => onChange({ ...value, teamId: event.target.value })}
        >
          <option value="">{t`All my people`}</option>
          {teams.data?.teams.map((team) => (
            <option key={team.id} value={team.id}>
              {team.name}
            </option>
          ))}
        </Select>
      </Field>
      {children}
      <div className="flex flex-wrap gap-1" role="group" aria-label={t`Quick ranges`}>
        {quick.map((range) => (
          <Button
            key={range.label}
            variant={value.from === range.from && value.to === range.to ? 'secondary' : 'ghost'}
            size="sm"
            onClick={() => onChange({ ...value, from: range.from, to: range.to })}
          >
            {range.label}
          </Button>
        ))}
      </div>
    </div>
  );
}
