import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { LocateFixed, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { firstIssueMessage } from '@punchclock/shared/contracts/auth';
import {
  addPlaceRequestSchema,
  setRetentionRequestSchema,
  type Place,
  type TeamLocationPolicy,
} from '@punchclock/shared/contracts/locations';
import { LOCATION_MODES, type LocationMode } from '@punchclock/shared/domain/location-policy';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { QueryState } from '@/components/ui/query-state';
import { Select } from '@/components/ui/select';
import { readPunchPosition } from '@/lib/punch-position';
import {
  locationPoliciesQueryOptions,
  useAddPlace,
  useRemovePlace,
  useSetMode,
  useSetRetention,
} from './api';

const MODE_LABELS: Record<LocationMode, MessageDescriptor> = {
  off: msg`Off: where people punch is not asked`,
  record: msg`Record: keep where each punch is made`,
  warn: msg`Warn: record, and flag punches outside the places`,
  require: msg`Require: refuse punches outside the places`,
};

function PlaceDescription({ place }: { place: Place }) {
  const { t } = useLingui();
  if (place.kind === 'network') {
    const cidr = place.cidr ?? '';
    return t`network ${cidr}`;
  }
  const radius = place.radiusMetres ?? 0;
  const latitude = place.latitude?.toFixed(5) ?? '';
  const longitude = place.longitude?.toFixed(5) ?? '';
  return t`${radius} m around ${latitude}, ${longitude}`;
}

/** /punch-locations: where each team may punch (decision 0028). */
export default function PunchLocationsPage() {
  const policies = useQuery(locationPoliciesQueryOptions);
  return (
    <div className="mx-auto grid grid-cols-[minmax(0,1fr)] max-w-4xl gap-6">
      <div>
        <h1 className="text-2xl font-bold">
          <Trans>Punch Locations</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>
            Where each team may punch. The browser is asked for its position only at the moment of a
            punch; where a punch was made is shown to the person and to admins only.
          </Trans>
        </p>
      </div>
      <QueryState query={policies}>
        {(data) => (
          <>
            <RetentionCard days={data.retentionDays} />
            {data.teams.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                <Trans>
                  No teams yet. Location rules are set per team (User Management → Teams).
                </Trans>
              </p>
            ) : (
              data.teams.map((team) => <TeamCard key={team.teamId} team={team} />)
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}

function RetentionCard({ days }: { days: number }) {
  const { t } = useLingui();
  const [value, setValue] = useState(String(days));
  const [error, setError] = useState<string | undefined>();
  const save = useSetRetention();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = setRetentionRequestSchema.safeParse({ days: Number(value) });
    if (!parsed.success) return setError(firstIssueMessage(parsed.error));
    setError(undefined);
    save.mutate(parsed.data.days, { onError: (failure) => setError(failure.message) });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Keeping locations</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Where punches were made is deleted after this many days; the punches themselves stay.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="flex flex-wrap items-end gap-3" onSubmit={onSubmit} noValidate>
          <Field id="location-retention" label={t`Keep for (days)`} error={error}>
            <Input
              type="number"
              min={1}
              max={3660}
              className="w-32"
              value={value}
              onChange={(event) => setValue(event.target.value)}
            />
          </Field>
          <Button type="submit" variant="outline" disabled={save.isPending}>
            <Trans>Save</Trans>
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function TeamCard({ team }: { team: TeamLocationPolicy }) {
  const { t, i18n } = useLingui();
  const setMode = useSetMode();
  const removePlace = useRemovePlace();
  const modeId = `location-mode-${team.teamId}`;
  const teamName = team.teamName;
  return (
    <Card data-testid="location-team">
      <CardHeader>
        <CardTitle>{team.teamName}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Field id={modeId} label={t`Location rule`}>
          <Select
            value={team.mode}
            disabled={setMode.isPending}
            onChange={(event) =>
              setMode.mutate({ teamId: team.teamId, mode: event.target.value as LocationMode })
            }
          >
            {LOCATION_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {i18n._(MODE_LABELS[mode])}
              </option>
            ))}
          </Select>
        </Field>
        {team.places.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {team.mode === 'off'
              ? t`No allowed places yet.`
              : t`No allowed places yet: punches are not checked until you add one.`}
          </p>
        ) : (
          <ul className="grid gap-2" aria-label={t`Allowed places of ${teamName}`}>
            {team.places.map((place) => {
              const placeName = place.name;
              return (
                <li
                  key={place.id}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3 text-sm"
                >
                  <span>
                    <span className="font-medium">{place.name}</span>
                    <span className="text-muted-foreground">
                      {' · '}
                      <PlaceDescription place={place} />
                    </span>
                  </span>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t`Remove ${placeName}`}
                    disabled={removePlace.isPending}
                    onClick={() => removePlace.mutate(place.id)}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        <AddPlaceForm team={team} />
      </CardContent>
    </Card>
  );
}

function AddPlaceForm({ team }: { team: TeamLocationPolicy }) {
  const { t } = useLingui();
  const teamName = team.teamName;
  const addPlace = useAddPlace();
  const [kind, setKind] = useState<'area' | 'network'>('area');
  const [fields, setFields] = useState({
    name: '',
    latitude: '',
    longitude: '',
    radius: '150',
    cidr: '',
  });
  const [error, setError] = useState<string | undefined>();
  const [isLocating, setIsLocating] = useState(false);
  const cidrExample = '203.0.113.0/24';
  const id = (name: string) => `place-${name}-${team.teamId}`;
  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  const fillInMyPosition = async () => {
    setIsLocating(true);
    const position = await readPunchPosition();
    setIsLocating(false);
    if (!position) return setError(t`This browser could not tell its position.`);
    setFields((current) => ({
      ...current,
      latitude: position.latitude.toFixed(6),
      longitude: position.longitude.toFixed(6),
    }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const candidate =
      kind === 'area'
        ? {
            kind,
            name: fields.name,
            latitude: fields.latitude === '' ? Number.NaN : Number(fields.latitude),
            longitude: fields.longitude === '' ? Number.NaN : Number(fields.longitude),
            radiusMetres: Number(fields.radius),
          }
        : { kind, name: fields.name, cidr: fields.cidr };
    const parsed = addPlaceRequestSchema.safeParse(candidate);
    if (!parsed.success) return setError(firstIssueMessage(parsed.error));
    setError(undefined);
    addPlace.mutate(
      { teamId: team.teamId, place: parsed.data },
      {
        onSuccess: () =>
          setFields({ name: '', latitude: '', longitude: '', radius: '150', cidr: '' }),
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <form
      className="grid gap-3 border-t pt-4 sm:grid-cols-2"
      onSubmit={onSubmit}
      noValidate
      aria-label={t`Add a place for ${teamName}`}
    >
      <Field id={id('kind')} label={t`Kind of place`}>
        <Select
          value={kind}
          onChange={(event) => setKind(event.target.value as 'area' | 'network')}
        >
          <option value="area">{t`Area (a position and a radius)`}</option>
          <option value="network">{t`Network (an address range)`}</option>
        </Select>
      </Field>
      <Field id={id('name')} label={t`Name`}>
        <Input value={fields.name} placeholder={t`Head office`} onChange={set('name')} />
      </Field>
      {kind === 'area' ? (
        <>
          <Field id={id('latitude')} label={t`Latitude`}>
            <Input inputMode="decimal" value={fields.latitude} onChange={set('latitude')} />
          </Field>
          <Field id={id('longitude')} label={t`Longitude`}>
            <Input inputMode="decimal" value={fields.longitude} onChange={set('longitude')} />
          </Field>
          <Field id={id('radius')} label={t`Radius (metres)`}>
            <Input type="number" min={20} value={fields.radius} onChange={set('radius')} />
          </Field>
          <div className="flex items-end">
            <Button
              type="button"
              variant="outline"
              disabled={isLocating}
              onClick={() => void fillInMyPosition()}
            >
              <LocateFixed aria-hidden /> <Trans>Use my position</Trans>
            </Button>
          </div>
        </>
      ) : (
        <Field
          id={id('cidr')}
          label={t`Network (CIDR)`}
          hint={t`As the server sees it, e.g. ${cidrExample}`}
        >
          <Input value={fields.cidr} placeholder={cidrExample} onChange={set('cidr')} />
        </Field>
      )}
      {error && (
        <p role="alert" className="text-sm text-destructive sm:col-span-2">
          {error}
        </p>
      )}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={addPlace.isPending}>
          <Trans>Add place</Trans>
        </Button>
      </div>
    </form>
  );
}
