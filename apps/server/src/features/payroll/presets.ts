// Saved column mappings of the payroll export: which columns, their headers and order, and
// pay-code renames (e.g. OT1.5 → OT150). Admin only, every change audited.
import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { presetInputSchema, presetSchema, type Preset } from '@punchclock/shared/contracts/payroll';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { Conflict, isUniqueViolation, NotFound, parseInput } from '../../platform/errors.ts';
import type { Actor } from '../people/index.ts';
import {
  deletePresetRow,
  findPresetRow,
  insertPresetRow,
  listPresetRows,
  updatePresetRow,
} from './repository.ts';

const presetId = z.uuid({ error: () => t`Preset not found` });

export async function listPresets(db: Db): Promise<Preset[]> {
  return (await listPresetRows(db)).map((row) => presetSchema.parse(row));
}

export async function findPreset(db: Db, id: string): Promise<Preset> {
  const row = await findPresetRow(db, parseInput(presetId, id));
  if (!row) throw new NotFound(t`Preset not found`);
  return presetSchema.parse(row);
}

export async function savePreset(
  db: Db,
  rawId: string | null,
  rawInput: unknown,
  actor: Actor,
): Promise<Preset> {
  const id = rawId === null ? null : parseInput(presetId, rawId);
  const input = parseInput(presetInputSchema, rawInput);
  return db
    .transaction(async (tx) => {
      const before = id ? await findPresetRow(tx, id) : null;
      if (id && !before) throw new NotFound(t`Preset not found`);
      const saved = id ? await updatePresetRow(tx, id, input) : await insertPresetRow(tx, input);
      if (!saved) throw new NotFound(t`Preset not found`);
      await writeAudit(tx, {
        actorId: actor.actorId,
        action: id ? 'payroll_preset.update' : 'payroll_preset.create',
        entityType: 'payroll_preset',
        entityId: saved.id,
        before,
        after: input,
        meta: actor.meta,
      });
      return presetSchema.parse(saved);
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error)
        ? new Conflict(presetNameTaken(input.name), 'duplicate_name')
        : error;
    });
}

export async function deletePreset(db: Db, rawId: string, actor: Actor): Promise<void> {
  const id = parseInput(presetId, rawId);
  await db.transaction(async (tx) => {
    const before = await findPresetRow(tx, id);
    if (!before) throw new NotFound(t`Preset not found`);
    await deletePresetRow(tx, id);
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'payroll_preset.delete',
      entityType: 'payroll_preset',
      entityId: id,
      before,
      meta: actor.meta,
    });
  });
}

function presetNameTaken(name: string): string {
  return t`A preset named "${name}" already exists`;
}
