import { t } from '@lingui/core/macro';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  addPlaceRequestSchema,
  setLocationModeRequestSchema,
  setRetentionRequestSchema,
  type LocationPoliciesResponse,
  type Place,
} from '@punchclock/shared/contracts/locations';
import type { LocationMode } from '@punchclock/shared/domain/location-policy';
import type { Db } from '../../db/client.ts';
import { appSettings, locationPlaces, teams } from '../../db/schema.ts';
import { writeAudit } from '../../platform/audit.ts';
import { Invalid, NotFound, parseInput } from '../../platform/errors.ts';
import type { Actor } from '../people/index.ts';
import { isInNetwork } from './punch-location.ts';
import { listTeamsWithPlaces, readRetentionDays, RETENTION_SETTING } from './policy-repository.ts';

const uuid = z.uuid();

function toPlace(row: typeof locationPlaces.$inferSelect): Place {
  return {
    id: row.id,
    kind: row.kind === 'network' ? 'network' : 'area',
    name: row.name,
    latitude: row.latitude,
    longitude: row.longitude,
    radiusMetres: row.radiusMetres,
    cidr: row.cidr,
  };
}

export async function listLocationPolicies(db: Db): Promise<LocationPoliciesResponse> {
  const [{ teamRows, placeRows }, retentionDays] = await Promise.all([
    listTeamsWithPlaces(db),
    readRetentionDays(db),
  ]);
  return {
    retentionDays,
    teams: teamRows.map((team) => ({
      teamId: team.id,
      teamName: team.name,
      mode: team.mode as LocationMode,
      places: placeRows.filter((place) => place.teamId === team.id).map(toPlace),
    })),
  };
}

async function findTeam(db: Db, rawTeamId: string) {
  const teamId = uuid.safeParse(rawTeamId);
  if (!teamId.success) throw new NotFound(t`Team not found`);
  const [team] = await db
    .select({ id: teams.id, name: teams.name, mode: teams.locationMode })
    .from(teams)
    .where(eq(teams.id, teamId.data));
  if (!team) throw new NotFound(t`Team not found`);
  return team;
}

export async function setTeamLocationMode(
  db: Db,
  rawTeamId: string,
  rawInput: unknown,
  actor: Actor,
): Promise<void> {
  const { mode } = parseInput(setLocationModeRequestSchema, rawInput);
  const team = await findTeam(db, rawTeamId);
  await db.transaction(async (tx) => {
    await tx.update(teams).set({ locationMode: mode }).where(eq(teams.id, team.id));
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'location_policy.mode',
      entityType: 'team',
      entityId: team.id,
      before: { mode: team.mode },
      after: { mode },
      meta: actor.meta,
    });
  });
}

export async function addPlace(
  db: Db,
  rawTeamId: string,
  rawInput: unknown,
  actor: Actor,
): Promise<Place> {
  const input = parseInput(addPlaceRequestSchema, rawInput);
  // The browser checks the shape; only a parser knows 10.0.0.0/33 or 300.1.1.1/8 is no network.
  if (input.kind === 'network' && !isValidCidr(input.cidr)) {
    throw new Invalid(t`Enter a network like 203.0.113.0/24`, 'invalid_cidr');
  }
  const team = await findTeam(db, rawTeamId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(locationPlaces)
      .values({
        teamId: team.id,
        kind: input.kind,
        name: input.name,
        ...(input.kind === 'area'
          ? {
              latitude: input.latitude,
              longitude: input.longitude,
              radiusMetres: input.radiusMetres,
            }
          : { cidr: input.cidr }),
      })
      .returning();
    if (!row) throw new Error('place was not stored');
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'location_policy.place_add',
      entityType: 'team',
      entityId: team.id,
      after: toPlace(row),
      meta: actor.meta,
    });
    return toPlace(row);
  });
}

function isValidCidr(cidr: string): boolean {
  // A CIDR is valid when an address inside it (its own base) matches it.
  return isInNetwork(cidr.split('/')[0] ?? '', cidr);
}

export async function removePlace(db: Db, rawPlaceId: string, actor: Actor): Promise<void> {
  const placeId = uuid.safeParse(rawPlaceId);
  if (!placeId.success) throw new NotFound(t`Place not found`);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(locationPlaces)
      .where(eq(locationPlaces.id, placeId.data))
      .returning();
    if (!row) throw new NotFound(t`Place not found`);
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'location_policy.place_remove',
      entityType: 'team',
      entityId: row.teamId,
      before: toPlace(row),
      meta: actor.meta,
    });
  });
}

export async function setRetentionDays(db: Db, rawInput: unknown, actor: Actor): Promise<void> {
  const { days } = parseInput(setRetentionRequestSchema, rawInput);
  const before = await readRetentionDays(db);
  await db.transaction(async (tx) => {
    await tx
      .insert(appSettings)
      .values({ key: RETENTION_SETTING, value: days })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: days, updatedAt: sql`now()` } });
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'location_policy.retention',
      entityType: 'setting',
      entityId: null,
      before: { days: before },
      after: { days },
      meta: actor.meta,
    });
  });
}
