import { plural, t } from '@lingui/core/macro';
import { z } from 'zod';
import { teamInputSchema, type Team } from '@punchclock/shared/contracts/users';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import {
  Conflict,
  Invalid,
  isUniqueViolation,
  NotFound,
  parseInput,
} from '../../platform/errors.ts';
import type { Actor } from '../people/index.ts';
import {
  deleteTeamRecord,
  findTeam,
  findUserSummaryById,
  insertTeam,
  updateTeamRecord,
} from '../people/index.ts';

const duplicate = (name: string) =>
  new Conflict(t`A team named "${name}" already exists`, 'duplicate_team');

async function requireTeam(db: Db, rawId: string): Promise<Team> {
  const id = z.uuid().safeParse(rawId);
  const team = id.success ? await findTeam(db, id.data) : null;
  if (!team) throw new NotFound(t`Team not found`);
  return team;
}

async function checkLead(db: Db, leadUserId: string | null): Promise<void> {
  if (!leadUserId) return;
  const lead = await findUserSummaryById(db, leadUserId);
  if (!lead) throw new Invalid(t`Unknown team lead`);
  if (lead.role !== 'team_lead' && lead.role !== 'admin') {
    const name = lead.name ?? lead.email;
    throw new Invalid(t`${name} is not a team lead; change their role first`);
  }
}

const snapshot = ({ id: _id, memberCount: _count, ...team }: Team) => team;

export async function createTeam(db: Db, rawInput: unknown, actor: Actor): Promise<Team> {
  const input = parseInput(teamInputSchema, rawInput);
  return db
    .transaction(async (tx) => {
      await checkLead(tx, input.leadUserId);
      const id = await insertTeam(tx, input);
      const team = await requireTeam(tx, id);
      await writeAudit(tx, {
        actorId: actor.actorId,
        action: 'team.create',
        entityType: 'team',
        entityId: id,
        after: snapshot(team),
        meta: actor.meta,
      });
      return team;
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? duplicate(input.name) : error;
    });
}

export async function updateTeam(
  db: Db,
  id: string,
  rawInput: unknown,
  actor: Actor,
): Promise<Team> {
  const input = parseInput(teamInputSchema, rawInput);
  return db
    .transaction(async (tx) => {
      const before = await requireTeam(tx, id);
      await checkLead(tx, input.leadUserId);
      await updateTeamRecord(tx, before.id, input);
      const after = await requireTeam(tx, before.id);
      await writeAudit(tx, {
        actorId: actor.actorId,
        action: 'team.update',
        entityType: 'team',
        entityId: before.id,
        before: snapshot(before),
        after: snapshot(after),
        meta: actor.meta,
      });
      return after;
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? duplicate(input.name) : error;
    });
}

/** Only an empty team can go; move its people first, so nobody loses their team silently. */
export async function deleteTeam(db: Db, id: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const team = await requireTeam(tx, id);
    if (team.memberCount > 0) {
      const { name, memberCount } = team;
      throw new Conflict(
        t`"${name}" still has ${plural(memberCount, { one: '# member', other: '# members' })}; move them to another team first`,
        'team_not_empty',
      );
    }
    await deleteTeamRecord(tx, team.id);
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'team.delete',
      entityType: 'team',
      entityId: team.id,
      before: snapshot(team),
      meta: actor.meta,
    });
  });
}
