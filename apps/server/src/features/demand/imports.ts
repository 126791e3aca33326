// Importing requirements or workload history from a file (#31): all or nothing, idempotent.
import {
  demandImportRequestSchema,
  type DemandImportResponse,
} from '@punchclock/shared/contracts/demand';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { parseInput } from '../../platform/errors.ts';
import type { Actor, Caller } from '../people/index.ts';
import { readTable } from '../../platform/table-file.ts';
import { checkImportRows, type ImportedInterval } from './import-rows.ts';
import { announceDemandChanged, assertPlansDemandOf } from './planning.ts';
import {
  listRequirements,
  listWorkload,
  upsertRequirements,
  upsertWorkload,
  type RequirementRow,
  type WorkloadRow,
} from './requirements-repository.ts';
import { demandSettingsOf } from './settings.ts';

const keyOf = (row: { position: string; startsAt: Date }) =>
  `${row.position}|${row.startsAt.getTime()}`;

interface Counted<T> {
  write: T[];
  created: number;
  updated: number;
  unchanged: number;
}

/** Which intervals are new, which change and which already say the same. */
function countChanges<T extends { position: string; startsAt: Date }>(
  incoming: readonly T[],
  existing: readonly T[],
  isSame: (stored: T, next: T) => boolean,
): Counted<T> {
  const stored = new Map(existing.map((row) => [keyOf(row), row]));
  const counted: Counted<T> = { write: [], created: 0, updated: 0, unchanged: 0 };
  for (const row of incoming) {
    const before = stored.get(keyOf(row));
    if (!before) counted.created += 1;
    else if (isSame(before, row)) {
      counted.unchanged += 1;
      continue;
    } else counted.updated += 1;
    counted.write.push(row);
  }
  return counted;
}

const asRequirement = (interval: ImportedInterval): RequirementRow => ({
  position: interval.position,
  startsAt: interval.startsAt,
  date: interval.date,
  minutes: interval.minutes,
  required: interval.required,
  source: 'imported',
  contacts: null,
  ahtSeconds: null,
  agents: null,
  isUnreachable: false,
});

const asWorkload = (interval: ImportedInterval): WorkloadRow => ({
  position: interval.position,
  startsAt: interval.startsAt,
  date: interval.date,
  minutes: interval.minutes,
  contacts: interval.contacts,
  ahtSeconds: interval.ahtSeconds,
});

export async function importDemandFile(
  db: Db,
  caller: Caller,
  rawInput: unknown,
  actor: Actor,
  timeZone: string,
): Promise<DemandImportResponse> {
  const input = parseInput(demandImportRequestSchema, rawInput);
  await assertPlansDemandOf(db, caller, input.teamId);
  const settings = await demandSettingsOf(db, input.teamId);
  const table = await readTable(input.fileName, Buffer.from(input.content, 'base64'));
  const { intervals, problems } = checkImportRows(input.kind, table, {
    minutes: settings.intervalMinutes,
    timeZone,
  });
  const dates = intervals.map((interval) => interval.date).sort();
  const answer = {
    kind: input.kind,
    dryRun: input.dryRun,
    rows: intervals.length,
    firstDate: dates[0] ?? null,
    lastDate: dates.at(-1) ?? null,
  };
  if (problems.length > 0) {
    const rows = table
      .slice(1)
      .filter((row) => row.cells.some((text) => text.trim() !== '')).length;
    return { ...answer, rows, created: 0, updated: 0, unchanged: 0, problems };
  }
  const range = { from: answer.firstDate ?? '', to: answer.lastDate ?? '' };
  const positions = [...new Set(intervals.map((interval) => interval.position))];

  return db.transaction(async (tx) => {
    let counts: Omit<Counted<unknown>, 'write'>;
    if (input.kind === 'requirements') {
      // The same figure already imported is unchanged; the same figure typed or computed becomes
      // an imported one (its source changes), so it counts as updated.
      const counted = countChanges(
        intervals.map(asRequirement),
        await listRequirements(tx, input.teamId, range, positions),
        (stored, next) => stored.required === next.required && stored.source === 'imported',
      );
      if (!input.dryRun) await upsertRequirements(tx, input.teamId, counted.write, actor.actorId);
      counts = counted;
    } else {
      const counted = countChanges(
        intervals.map(asWorkload),
        await listWorkload(tx, input.teamId, range, positions),
        (stored, next) =>
          stored.contacts === next.contacts && stored.ahtSeconds === next.ahtSeconds,
      );
      if (!input.dryRun) await upsertWorkload(tx, input.teamId, counted.write);
      counts = counted;
    }
    const result: DemandImportResponse = {
      ...answer,
      created: counts.created,
      updated: counts.updated,
      unchanged: counts.unchanged,
      problems: [],
    };
    if (!input.dryRun) {
      await writeAudit(tx, {
        actorId: actor.actorId,
        action: 'demand.import',
        entityType: 'team',
        entityId: input.teamId,
        after: {
          kind: input.kind,
          fileName: input.fileName,
          rows: result.rows,
          created: result.created,
          updated: result.updated,
          unchanged: result.unchanged,
          firstDate: result.firstDate,
          lastDate: result.lastDate,
        },
        meta: actor.meta,
      });
      if (result.created + result.updated > 0) await announceDemandChanged(tx);
    }
    return result;
  });
}
