import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { shiftDate } from '@punchclock/shared/domain/business-time';
import { Field } from '@/components/ui/field';
import { QueryState } from '@/components/ui/query-state';
import { Select } from '@/components/ui/select';
import { WeekStepper } from '@/components/ui/week-stepper';
import { useBusinessToday } from '@/lib/session';
import { demandTeamsQueryOptions, requirementsQueryOptions } from '../api';
import { weekStartOf } from '../demand-planner';
import { AutoFillPanel } from '../components/autofill-panel';
import { CoveragePanel } from '../components/coverage-panel';
import { DemandTabs, type DemandTab } from '../components/demand-tabs';
import { ForecastPanel } from '../components/forecast-panel';
import { ImportPanel } from '../components/import-panel';
import { RequirementsGrid } from '../components/requirements-grid';
import { SettingsForm } from '../components/settings-form';

type Section = 'requirements' | 'import' | 'forecast' | 'settings' | 'autofill' | 'coverage';

/** /demand: admins and team leads plan a team's week from demand (#31). */
export default function DemandPage() {
  const { t } = useLingui();
  const today = useBusinessToday();
  const [weekStart, setWeekStart] = useState(() => weekStartOf(today));
  const [chosenTeamId, setTeamId] = useState('');
  const [position, setPosition] = useState('');
  const [section, setSection] = useState<Section>('requirements');

  // Admins get every team, leads their own (GET /api/teams answers by role).
  const teams = useQuery(demandTeamsQueryOptions);
  const teamList = teams.data?.teams ?? [];
  const teamId = teamList.some((team) => team.id === chosenTeamId)
    ? chosenTeamId
    : (teamList[0]?.id ?? '');
  const requirements = useQuery({
    ...requirementsQueryOptions(teamId, weekStart, position),
    placeholderData: keepPreviousData,
  });
  const positions = [
    ...new Set([...(requirements.data?.positions ?? []), ...(position ? [position] : [])]),
  ].filter((item) => item !== '');
  const days = Array.from({ length: 7 }, (_, index) => shiftDate(weekStart, index));
  const isThisWeek = weekStartOf(today) === weekStart;

  const tabs: ReadonlyArray<DemandTab<Section>> = [
    { id: 'requirements', label: t`Requirements` },
    { id: 'import', label: t`Import` },
    { id: 'forecast', label: t`Forecast` },
    { id: 'settings', label: t`Settings` },
    { id: 'autofill', label: t`Auto-fill` },
    { id: 'coverage', label: t`Coverage` },
  ];

  const panel = () => {
    switch (section) {
      case 'requirements':
        return (
          <div
            aria-busy={requirements.isPlaceholderData}
            className={requirements.isPlaceholderData ? 'opacity-60' : undefined}
          >
            <QueryState query={requirements}>
              {(data) => (
                <RequirementsGrid
                  // A new week, team or position starts with no edits.
                  key={`${data.teamId}-${data.weekStart}-${data.position}`}
                  data={data}
                  teamId={teamId}
                  position={position}
                />
              )}
            </QueryState>
          </div>
        );
      // Keyed by what they plan: a preview, a chosen day or a computed summary of one team's
      // week never carries over to another team or week.
      case 'import':
        return <ImportPanel key={teamId} teamId={teamId} weekStart={weekStart} />;
      case 'forecast':
        return (
          <ForecastPanel
            key={`${teamId}-${weekStart}-${position}`}
            teamId={teamId}
            weekStart={weekStart}
            position={position}
          />
        );
      case 'settings':
        return <SettingsForm key={teamId} teamId={teamId} />;
      case 'autofill':
        return (
          <AutoFillPanel key={`${teamId}-${weekStart}`} teamId={teamId} weekStart={weekStart} />
        );
      case 'coverage':
        return (
          <CoveragePanel
            key={`${teamId}-${weekStart}-${position}`}
            teamId={teamId}
            position={position}
            positions={positions}
            days={days}
            today={today}
          />
        );
    }
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">
            <Trans>Demand Planning</Trans>
          </h1>
          <p className="text-sm text-muted-foreground">
            <Trans>
              How many people each interval needs, the workload behind it, and a roster filled to
              cover it.
            </Trans>
          </p>
        </div>
        <WeekStepper
          weekStart={weekStart}
          today={today}
          isThisWeek={isThisWeek}
          onDate={(date) => setWeekStart(weekStartOf(date))}
          testId="demand-week"
        />
      </div>

      <div
        role="group"
        aria-label={t`What to plan`}
        className="flex flex-wrap items-end gap-2 rounded-xl border bg-card p-3"
      >
        <Field id="demand-team" label={t`Team`} className="grid w-full gap-1 sm:w-auto">
          <Select
            className="w-full sm:w-52"
            value={teamId}
            disabled={teamList.length === 0}
            onChange={(event) => {
              setTeamId(event.target.value);
              // Positions belong to a team: the next team starts with the whole team.
              setPosition('');
            }}
          >
            {teamList.map((team) => (
              <option key={team.id} value={team.id}>
                {team.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="demand-position" label={t`Position`} className="grid w-full gap-1 sm:w-auto">
          <Select
            className="w-full sm:w-52"
            value={position}
            onChange={(event) => setPosition(event.target.value)}
          >
            <option value="">{t`Whole team`}</option>
            {positions.map((item) => (
              <option key={item} value={item}>
                {item}
              </option>
            ))}
          </Select>
        </Field>
      </div>

      <QueryState
        query={teams}
        isEmpty={(data) => data.teams.length === 0}
        empty={
          <p className="text-muted-foreground">
            <Trans>You plan no team yet. An admin can make you a team’s lead.</Trans>
          </p>
        }
      >
        {() => (
          <DemandTabs
            tabs={tabs}
            selected={section}
            onSelect={setSection}
            label={t`Demand planning sections`}
          >
            {panel()}
          </DemandTabs>
        )}
      </QueryState>
    </div>
  );
}
