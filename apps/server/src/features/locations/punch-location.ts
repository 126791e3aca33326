import { t } from '@lingui/core/macro';
import { and, inArray, lt, sql } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import type { PunchLocation, PunchPosition } from '@punchclock/shared/contracts/locations';
import { judgeLocation, type LocationVerdict } from '@punchclock/shared/domain/location-policy';
import { notificationMessage } from '@punchclock/shared/domain/notification-messages';
import type { Db } from '../../db/client.ts';
import { punchLocations } from '../../db/schema.ts';
import { Forbidden } from '../../platform/errors.ts';
import { insertDrafts } from '../notification-store/index.ts';
import { findUserSummaryById, listAdminIds } from '../people/index.ts';
import { findLocationPolicy, readRetentionDays } from './policy-repository.ts';

/** Whether `ip` (as the server sees it, behind TRUST_PROXY) is in a CIDR range. */
export function isInNetwork(ip: string | null, cidr: string): boolean {
  if (!ip || !ipaddr.isValid(ip)) return false;
  try {
    const [range, bits] = ipaddr.parseCIDR(cidr);
    let address = ipaddr.parse(ip);
    // An IPv4 client seen through an IPv6 socket (::ffff:10.0.0.5) matches IPv4 ranges.
    if (address.kind() === 'ipv6' && range.kind() === 'ipv4') {
      const ipv6 = address as ipaddr.IPv6;
      if (!ipv6.isIPv4MappedAddress()) return false;
      address = ipv6.toIPv4Address();
    }
    return address.kind() === range.kind() && address.match([range, bits]);
  } catch {
    return false;
  }
}

export interface PunchLocationCheck {
  verdict: LocationVerdict;
}

/**
 * The location rule for one punch (decision 0028), before it is written: under 'require' a
 * punch outside every allowed place is refused (nothing is written); otherwise where it was
 * made is stored first (so it cannot be lost if the punch lands), a 'warn' punch outside
 * flagged. Null when the person's team has no policy.
 */
export async function checkPunchLocation(
  db: Db,
  punch: {
    userId: string;
    eventId: string;
    position: PunchPosition | null;
    ip: string | null;
  },
): Promise<LocationVerdict | null> {
  const { mode, places } = await findLocationPolicy(db, punch.userId);
  if (mode === 'off') return null;
  const verdict = judgeLocation({
    mode,
    places,
    position: punch.position,
    isInNetwork: (cidr) => isInNetwork(punch.ip, cidr),
  });
  if (verdict.decision === 'refuse') {
    throw new Forbidden(verdict.message ?? t`Punch from an allowed place.`, 'location_refused');
  }
  await db
    .insert(punchLocations)
    .values({
      timeEventId: punch.eventId,
      userId: punch.userId,
      latitude: punch.position?.latitude ?? null,
      longitude: punch.position?.longitude ?? null,
      accuracyMetres: punch.position?.accuracyMetres ?? null,
      ip: punch.ip,
      outcome: verdict.outcome,
      placeName: verdict.placeName,
      distanceMetres: verdict.distanceMetres,
      isFlagged: verdict.decision === 'flag',
    })
    .onConflictDoNothing();
  return verdict;
}

/**
 * Tells admins of a punch recorded outside the team's places under 'warn' — once the punch is
 * recorded (not for one the state machine then refused); once per punch (its occasion key).
 * It says who punched, when (business time) and where, in each admin's language, and where to
 * see it (notifications carry no link yet: the text names the screen).
 */
export async function tellAdminsOfFlaggedPunch(
  db: Db,
  punch: { userId: string; eventId: string; occurredAt: string; timeZone: string },
  verdict: LocationVerdict,
): Promise<void> {
  if (verdict.decision !== 'flag') return;
  const [adminIds, person] = await Promise.all([
    listAdminIds(db),
    findUserSummaryById(db, punch.userId),
  ]);
  const who = {
    name: person?.name ?? person?.email ?? null,
    when: punch.occurredAt,
    timeZone: punch.timeZone,
  };
  const text = flaggedPunchMessage(verdict, who);
  await insertDrafts(
    db,
    adminIds.map((userId) => ({
      userId,
      type: 'warning' as const,
      occasionKey: `punch-location:${punch.eventId}`,
      subjectUserId: punch.userId,
      ...text,
    })),
  );
}

/**
 * What the admins are told of a flagged punch: who, when, how far from which place (the
 * verdict's own message speaks to the puncher), worded in each one's language when read.
 */
function flaggedPunchMessage(
  verdict: LocationVerdict,
  who: { name: string | null; when: string; timeZone: string },
) {
  const placeName = verdict.placeName ?? '';
  if (verdict.outcome === 'outside' && verdict.distanceMetres !== null) {
    return notificationMessage('punch_location.outside', {
      ...who,
      distance: verdict.distanceMetres,
      placeName,
    });
  }
  if (verdict.imprecisionMetres !== null) {
    return notificationMessage('punch_location.imprecise', {
      ...who,
      imprecision: verdict.imprecisionMetres,
      placeName,
    });
  }
  return notificationMessage('punch_location.no_position', who);
}

/** Where these punches were made; the person's own and admins' eyes only (callers check). */
export async function listPunchLocations(
  db: Db,
  eventIds: string[],
): Promise<Map<string, PunchLocation>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: punchLocations.timeEventId,
      outcome: punchLocations.outcome,
      placeName: punchLocations.placeName,
      distanceMetres: punchLocations.distanceMetres,
      accuracyMetres: punchLocations.accuracyMetres,
      isFlagged: punchLocations.isFlagged,
    })
    .from(punchLocations)
    .where(inArray(punchLocations.timeEventId, eventIds));
  return new Map(
    rows.map(({ id, outcome, ...row }) => [
      id,
      { ...row, outcome: outcome as PunchLocation['outcome'] },
    ]),
  );
}

/** Forgets punch locations older than the retention setting (a daily job on any instance). */
export async function purgeOldPunchLocations(db: Db): Promise<number> {
  const days = await readRetentionDays(db);
  const removed = await db
    .delete(punchLocations)
    .where(and(lt(punchLocations.createdAt, sql`now() - make_interval(days => ${days})`)))
    .returning({ id: punchLocations.timeEventId });
  return removed.length;
}
