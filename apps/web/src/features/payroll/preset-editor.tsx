import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  DEFAULT_EXPORT_HEADERS,
  DEFAULT_PRESET_COLUMNS,
  EXPORT_COLUMN_KEYS,
  type ExportColumnKey,
  type Preset,
} from '@punchclock/shared/contracts/payroll';
import { PAY_CODES } from '@punchclock/shared/domain/pay/pay-codes';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { payrollChanges, presetsQueryOptions, usePayrollChange } from './api';

interface Draft {
  id: string | null;
  name: string;
  /** Every column key in order, with whether it is exported and its header. */
  columns: { key: ExportColumnKey; header: string; isOn: boolean }[];
  codeRenames: Record<string, string>;
}

function draftOf(preset: Preset | null): Draft {
  const chosen = preset?.columns ?? DEFAULT_PRESET_COLUMNS;
  const rest = EXPORT_COLUMN_KEYS.filter((key) => !chosen.some((column) => column.key === key));
  return {
    id: preset?.id ?? null,
    name: preset?.name ?? '',
    columns: [
      ...chosen.map((column) => ({ ...column, isOn: true })),
      ...rest.map((key) => ({ key, header: DEFAULT_EXPORT_HEADERS[key], isOn: false })),
    ],
    codeRenames: { ...(preset?.codeRenames ?? {}) },
  };
}

/** Saved column mappings: which columns, their headers and order, and pay-code renames. */
export function PresetEditor() {
  const { t } = useLingui();
  // What each column holds, in the reader's language; the header written into the file is data
  // (the payroll system reads it), edited beside it.
  const columnLabels: Record<ExportColumnKey, string> = {
    employeeNumber: t`Employee number`,
    name: t`Name`,
    payCode: t`Pay code`,
    hours: t`Hours`,
    minutes: t`Minutes`,
    rate: t`Rate`,
    amount: t`Amount`,
    periodStart: t`Period start`,
    periodEnd: t`Period end`,
    baseRate: t`Base rate`,
    multiplier: t`Multiplier`,
  };
  const presets = useQuery(presetsQueryOptions);
  const [draft, setDraft] = useState<Draft>(() => draftOf(null));
  const save = usePayrollChange((result: { preset?: Preset }) =>
    setDraft(draftOf(result.preset ?? null)),
  );

  const move = (index: number, by: number) =>
    setDraft((d) => {
      const columns = [...d.columns];
      const [column] = columns.splice(index, 1);
      if (column) columns.splice(index + by, 0, column);
      return { ...d, columns };
    });
  const setColumn = (index: number, change: Partial<Draft['columns'][number]>) =>
    setDraft((d) => ({
      ...d,
      columns: d.columns.map((column, i) => (i === index ? { ...column, ...change } : column)),
    }));

  const submit = () => {
    const body = {
      name: draft.name,
      columns: draft.columns
        .filter((column) => column.isOn)
        .map(({ key, header }) => ({ key, header })),
      codeRenames: Object.fromEntries(
        Object.entries(draft.codeRenames).filter(([, name]) => name.trim() !== ''),
      ),
    };
    save.mutate(() => payrollChanges.savePreset(draft.id, body));
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Export presets</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Match the columns your payroll system imports: choose columns, name and order them, and
            rename pay codes (e.g. OT1.5 → OT150).
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Field id="preset-edit" label={t`Edit preset`} className="grid max-w-sm gap-1">
          <Select
            value={draft.id ?? ''}
            onChange={(event) =>
              setDraft(
                draftOf(presets.data?.presets.find((p) => p.id === event.target.value) ?? null),
              )
            }
          >
            <option value="">{t`New preset`}</option>
            {presets.data?.presets.map((preset) => (
              <option key={preset.id} value={preset.id}>
                {preset.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="preset-name" label={t`Preset name`} className="grid max-w-sm gap-1">
          <Input
            value={draft.name}
            onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          />
        </Field>
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium">
            <Trans>Columns, in export order</Trans>
          </legend>
          {draft.columns.map((column, index) => {
            const columnName = columnLabels[column.key];
            return (
              <div key={column.key} className="flex flex-wrap items-center gap-2">
                <input
                  id={`preset-col-${column.key}`}
                  type="checkbox"
                  className="size-4"
                  checked={column.isOn}
                  onChange={(event) => setColumn(index, { isOn: event.target.checked })}
                />
                <label htmlFor={`preset-col-${column.key}`} className="w-36 text-sm">
                  {columnName}
                </label>
                <Input
                  aria-label={t`Header for ${columnName}`}
                  className="max-w-56"
                  value={column.header}
                  onChange={(event) => setColumn(index, { header: event.target.value })}
                />
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t`Move ${columnName} up`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUp aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t`Move ${columnName} down`}
                  disabled={index === draft.columns.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDown aria-hidden />
                </Button>
              </div>
            );
          })}
        </fieldset>
        <fieldset className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          <legend className="mb-2 text-sm font-medium">
            <Trans>Pay code names (blank: unchanged)</Trans>
          </legend>
          {PAY_CODES.map((code) => (
            <Field key={code} id={`preset-code-${code}`} label={code}>
              <Input
                placeholder={code}
                value={draft.codeRenames[code] ?? ''}
                onChange={(event) =>
                  setDraft({
                    ...draft,
                    codeRenames: { ...draft.codeRenames, [code]: event.target.value },
                  })
                }
              />
            </Field>
          ))}
        </fieldset>
        <div className="flex flex-wrap gap-2">
          <Button onClick={submit} disabled={save.isPending}>
            {draft.id ? t`Save preset` : t`Create preset`}
          </Button>
          {draft.id && (
            <Button
              variant="destructive"
              disabled={save.isPending}
              onClick={() => {
                const id = draft.id;
                if (id) save.mutate(() => payrollChanges.deletePreset(id));
              }}
            >
              <Trans>Delete preset</Trans>
            </Button>
          )}
        </div>
        {save.error && (
          <p role="alert" className="text-sm text-destructive">
            {save.error.message}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
