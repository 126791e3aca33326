import { asc, eq, sql } from 'drizzle-orm';
import type { AllowedPlace, LocationMode } from '@punchclock/shared/domain/location-policy';
import { LOCATION_RETENTION_DEFAULT_DAYS } from '@punchclock/shared/contracts/locations';
import type { Db } from '../../db/client.ts';
import { appSettings, locationPlaces, profiles, teams } from '../../db/schema.ts';

export const RETENTION_SETTING = 'location_retention_days';

type PlaceRow = typeof locationPlaces.$inferSelect;

export function toAllowedPlace(row: PlaceRow): AllowedPlace | null {
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

/** The person's team's policy and places; 'off' for someone without a team. */
export async function findLocationPolicy(
  db: Db,
  userId: string,
): Promise<{ mode: LocationMode; places: AllowedPlace[] }> {
  const rows = await db
    .select({ mode: teams.locationMode, place: locationPlaces })
    .from(profiles)
    .innerJoin(teams, eq(teams.id, profiles.teamId))
    .leftJoin(locationPlaces, eq(locationPlaces.teamId, teams.id))
    .where(eq(profiles.id, userId));
  const mode = (rows[0]?.mode ?? 'off') as LocationMode;
  const places = rows.flatMap((row) => {
    const place = row.place ? toAllowedPlace(row.place) : null;
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
