// The first run in the browser (#33 part 1, decision 0053).
import { plural, t } from '@lingui/core/macro';
import type { SessionUser } from '@punchclock/shared/contracts/auth';
import {
  alreadySetUpMessage,
  completeSetupRequestSchema,
  setupLinkInvalidMessage,
  setupLinkRequestSchema,
  type CompleteSetupRequest,
  type SetupStatus,
} from '@punchclock/shared/contracts/setup';
import type { PayCalendar } from '@punchclock/shared/domain/pay/pay-periods';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { Conflict, NotFound, parseInput, TooManyRequests } from '../../platform/errors.ts';
import { hashNewPassword } from '../../platform/passwords.ts';
import { recordHit, releaseHit, type WindowLimit } from '../../platform/rate-limit.ts';
import type { RequestMeta } from '../../platform/request-meta.ts';
import { generateToken, hashToken } from '../../platform/tokens.ts';
import { openSession } from '../auth/index.ts';
import { settlePayCalendar, writePayCalendar } from '../pay-settings/index.ts';
import { countUsers, insertUser } from '../people/index.ts';
import {
  deleteSetupLinks,
  hasSetupLink,
  insertSetupLink,
  lockSetup,
  readOrganisation,
  writeOrganisation,
} from './setup-repository.ts';

/**
 * Wrong links allowed per address and window. A link is 256 random bits, so this is no defence
 * against guessing (nothing is) but keeps a script from hammering the endpoint.
 */
const WRONG_LINK_LIMIT: WindowLimit = { limit: 10, windowSeconds: 15 * 60 };

/**
 * At start-up, on a database with no users: a new one-time link, printed on this console only
 * (`say`). Every instance that starts on the empty database prints its own; any one of them
 * works until the setup is done. Returns whether a link was made.
 */
export async function ensureSetupLink(
  db: Db,
  publicUrl: string,
  say: (line: string) => void,
): Promise<boolean> {
  const token = generateToken();
  const isMade = await db.transaction(async (tx) => {
    await lockSetup(tx);
    if ((await countUsers(tx)) > 0) return false;
    await insertSetupLink(tx, hashToken(token));
    return true;
  });
  if (isMade) say(`Open ${publicUrl}/setup#${token} to set up Punchclock (one-time link)`);
  return isMade;
}

export async function getSetupStatus(db: Db): Promise<SetupStatus> {
  const users = await countUsers(db);
  const organisation = await readOrganisation(db);
  return { needsSetup: users === 0, organisationName: organisation.name };
}

function tooManyWrongLinks(retryAfterSeconds: number): TooManyRequests {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new TooManyRequests(
    t`Too many wrong setup links. Please try again in ${plural(minutes, {
      one: '# minute',
      other: '# minutes',
    })}.`,
    retryAfterSeconds,
  );
}

/**
 * Counts this attempt against the address's wrong links before the link is checked (so a burst
 * cannot slip past the limit); `release` gives the hit back when the link was right after all.
 */
async function reserveLinkAttempt(db: Db, ip: string | null) {
  const key = `setup-link:ip:${ip ?? 'unknown'}`;
  const state = await recordHit(db, key, WRONG_LINK_LIMIT);
  if (state.hits > WRONG_LINK_LIMIT.limit) {
    await releaseHit(db, key);
    throw tooManyWrongLinks(state.retryAfterSeconds);
  }
  return { release: () => releaseHit(db, key) };
}

/**
 * Why a link cannot set the instance up, or null when it can: the instance has users (409, the
 * setup is done), or the link is not one of the printed ones (404).
 */
async function linkRefusal(db: Db, token: string): Promise<Conflict | NotFound | null> {
  if ((await countUsers(db)) > 0) return new Conflict(alreadySetUpMessage(), 'already_set_up');
  if (!(await hasSetupLink(db, hashToken(token)))) {
    return new NotFound(setupLinkInvalidMessage(), 'invalid_link');
  }
  return null;
}

/** POST /api/setup/link: whether the page may show the setup form for this link. */
export async function checkSetupLink(db: Db, rawInput: unknown, meta: RequestMeta): Promise<void> {
  const { token } = parseInput(setupLinkRequestSchema, rawInput);
  const attempt = await reserveLinkAttempt(db, meta.ip);
  const refusal = await linkRefusal(db, token);
  if (!(refusal instanceof NotFound)) await attempt.release();
  if (refusal) throw refusal;
}

function calendarOf(input: CompleteSetupRequest): PayCalendar {
  if (input.payPeriod === 'semimonthly') return { kind: 'semimonthly' };
  // The contract requires a start for weekly and bi-weekly periods.
  return { kind: input.payPeriod, anchorDate: input.payPeriodStart ?? '' };
}

export interface SetupDone {
  /** The new admin's session token, for the cookie. */
  sessionToken: string;
  user: SessionUser;
  adminId: string;
  wantsDemoData: boolean;
}

/**
 * POST /api/setup: in one transaction, under the setup lock, and only while the database has no
 * users: the first admin, the organisation's settings, the pay calendar, the audit rows, every
 * instance's link deleted, and the admin's session. A second completion (or the loser of a race)
 * finds users and gets 409; nothing of it is written.
 */
export async function completeSetup(
  db: Db,
  config: AppConfig,
  rawInput: unknown,
  meta: RequestMeta,
): Promise<SetupDone> {
  const input = parseInput(completeSetupRequestSchema, rawInput);
  const attempt = await reserveLinkAttempt(db, meta.ip);
  const early = await linkRefusal(db, input.token);
  if (early instanceof NotFound) {
    await writeAudit(db, {
      actorId: null,
      action: 'setup.link_refused',
      entityType: 'setup',
      entityId: null,
      meta,
    });
    throw early;
  }
  await attempt.release();
  if (early) throw early;
  // Checked and hashed before the transaction: argon2 takes a while, the lock should not.
  const passwordHash = await hashNewPassword(input.password);
  const calendar = calendarOf(input);

  const done = await db.transaction(async (tx) => {
    await lockSetup(tx);
    const refusal = await linkRefusal(tx, input.token);
    if (refusal) throw refusal;
    const adminId = await insertUser(tx, {
      email: input.email,
      passwordHash,
      name: input.name,
      role: 'admin',
    });
    await writeAudit(tx, {
      actorId: adminId,
      action: 'user.create',
      entityType: 'user',
      entityId: adminId,
      after: { email: input.email, name: input.name, role: 'admin', via: 'setup' },
      meta,
    });
    await writeOrganisation(tx, { name: input.organisationName, province: input.province });
    await writePayCalendar(tx, calendar);
    const linksDeleted = await deleteSetupLinks(tx);
    await writeAudit(tx, {
      actorId: adminId,
      action: 'setup.completed',
      entityType: 'setup',
      entityId: null,
      after: {
        organisation: input.organisationName,
        payPeriod: input.payPeriod,
        payPeriodStart: input.payPeriod === 'semimonthly' ? null : input.payPeriodStart,
        province: input.province,
        demoData: input.demoData ? 'yes' : 'no',
        linksDeleted,
      },
      meta,
    });
    const sessionToken = await openSession(tx, config, adminId, meta, { method: 'password' });
    return { sessionToken, adminId };
  });
  // This instance uses the chosen calendar from now on; the others on their next request.
  await settlePayCalendar(db, config.pay);
  return {
    ...done,
    wantsDemoData: input.demoData,
    user: {
      id: done.adminId,
      email: input.email,
      name: input.name,
      role: 'admin',
      language: null,
    },
  };
}
