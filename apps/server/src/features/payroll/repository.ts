import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payrollExportPresets } from '../../db/schema.ts';

const presetColumns = {
  id: payrollExportPresets.id,
  name: payrollExportPresets.name,
  columns: payrollExportPresets.columns,
  codeRenames: payrollExportPresets.codeRenames,
};

export function listPresetRows(db: Db) {
  return db
    .select(presetColumns)
    .from(payrollExportPresets)
    .orderBy(asc(payrollExportPresets.name));
}

export async function findPresetRow(db: Db, id: string) {
  const [row] = await db
    .select(presetColumns)
    .from(payrollExportPresets)
    .where(eq(payrollExportPresets.id, id));
  return row ?? null;
}

type PresetValues = { name: string; columns: unknown; codeRenames: unknown };

export async function insertPresetRow(db: Db, values: PresetValues) {
  const [row] = await db.insert(payrollExportPresets).values(values).returning(presetColumns);
  if (!row) throw new Error('inserting a preset returned no row');
  return row;
}

export async function updatePresetRow(db: Db, id: string, values: PresetValues) {
  const [row] = await db
    .update(payrollExportPresets)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(payrollExportPresets.id, id))
    .returning(presetColumns);
  return row ?? null;
}

export async function deletePresetRow(db: Db, id: string) {
  await db.delete(payrollExportPresets).where(eq(payrollExportPresets.id, id));
}
