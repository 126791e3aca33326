import { asc, eq, sql } from 'drizzle-orm';
import type { AllowedPlace, LocationMode } from '@punchclock/shared/domain/location-policy';
import { LOCATION_RETENTION_DEFAULT_DAYS } from '@punchclock/shared/contracts/locations';
import type { Db } from '../../db/client.ts';
import { param, preparedStatement } from '../../db/prepared.ts';
import { appSettings, locationPlaces, profiles, teams } from '../../db/schema.ts';

export const RETENTION_SETTING = 'location_retention_days';

type PlaceRow = typeof locationPlaces.$inferSelect;

export function toAllowedPlace(
  row: Pick<PlaceRow, 'kind' | 'name' | 'cidr' | 'latitude' | 'longitude' | 'radiusMetres'>,
): AllowedPlace | null {
  if (row.kind === 'network' && row.cidr)
    return { kind: 'network', name: row.name, cidr: row.cidr };
  if (row.kind === 'area' && row.latitude !== null && row.longitude !== null && row.radiusMetres) {
    return {
      kind: 'area',
      name: row.name,
      latitude: row.latitude,
      longitude: row.longitude,
      radiusMetres: row.radiusMetres,
    };
  }
  return null;
}

interface PolicyRow {
  mode: string;
  kind: string | null;
  name: string | null;
  latitude: number | null;
  longitude: number | null;
  radiusMetres: number | null;
  cidr: string | null;
}

// Read on every punch, so prepared (db/prepared.ts, decision 0023): one round trip, planned once.
const selectLocationPolicy = preparedStatement<PolicyRow, { userId: string }>(
  'location_policy_of_person',
  () => sql`
    select t.location_mode as mode, p.kind, p.name, p.latitude, p.longitude,
      p.radius_metres as "radiusMetres", p.cidr
    from ${profiles} pr
    join ${teams} t on t.id = pr.team_id
    left join ${locationPlaces} p on p.team_id = t.id
    where pr.id = ${param('userId')}::uuid
    order by p.created_at`,
);

/** The person's team's policy and places; 'off' for someone without a team. */
export async function findLocationPolicy(
  db: Db,
  userId: string,
): Promise<{ mode: LocationMode; places: AllowedPlace[] }> {
  const rows = await selectLocationPolicy(db, { userId });
  const mode = (rows[0]?.mode ?? 'off') as LocationMode;
  const places = rows.flatMap((row) => {
    const place =
      row.kind && row.name ? toAllowedPlace({ ...row, kind: row.kind, name: row.name }) : null;
    return place ? [place] : [];
  });
  return { mode, places };
}

export async function listTeamsWithPlaces(db: Db) {
  const [teamRows, placeRows] = await Promise.all([
    db
      .select({ id: teams.id, name: teams.name, mode: teams.locationMode })
      .from(teams)
      .orderBy(asc(sql`lower(${teams.name})`)),
    db.select().from(locationPlaces).orderBy(asc(locationPlaces.createdAt)),
  ]);
  return { teamRows, placeRows };
}

export async function readRetentionDays(db: Db): Promise<number> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, RETENTION_SETTING));
  return typeof row?.value === 'number' ? row.value : LOCATION_RETENTION_DEFAULT_DAYS;
}
