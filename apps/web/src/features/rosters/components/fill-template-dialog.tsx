import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  fillFromTemplateRequestSchema,
  type RosterResponse,
} from '@punchclock/shared/contracts/rosters';
import { firstIssueMessage } from '@punchclock/shared/contracts/auth';
import { formatShiftHours } from '@punchclock/shared/domain/schedule';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { templatesQueryOptions, useFillFromTemplate } from '../api';
import { formatDay } from '../roster-labels';

/** Fill the week with a schedule template's working days for chosen people, as drafts. */
export function FillTemplateDialog({
  data,
  onClose,
}: {
  data: RosterResponse;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const templates = useQuery(templatesQueryOptions);
  const fill = useFillFromTemplate();
  const [templateId, setTemplateId] = useState('');
  const [userIds, setUserIds] = useState<string[]>(() =>
    data.people.map((person) => person.userId),
  );
  const [position, setPosition] = useState('');
  const [error, setError] = useState<string | undefined>();
  const week = formatDay(data.weekStart);
  const active = templates.data?.templates.filter((template) => !template.isArchived) ?? [];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      templateId,
      weekStart: data.weekStart,
      userIds,
      position: position.trim() || null,
    };
    const parsed = fillFromTemplateRequestSchema.safeParse(input);
    if (!parsed.success) return setError(firstIssueMessage(parsed.error));
    setError(undefined);
    fill.mutate(input, { onSuccess: onClose, onError: (failure) => setError(failure.message) });
  };

  const toggle = (id: string, on: boolean) =>
    setUserIds((chosen) => (on ? [...chosen, id] : chosen.filter((item) => item !== id)));

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-lg overflow-y-auto">
        <DialogTitle>
          <Trans>Fill from a template</Trans>
        </DialogTitle>
        <DialogDescription>
          <Trans>
            Adds the template’s shifts on its working days of the week of {week}, as drafts. Days
            that already have a shift are left as they are.
          </Trans>
        </DialogDescription>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <Field id="fill-template" label={t`Template`}>
            <Select value={templateId} onChange={(event) => setTemplateId(event.target.value)}>
              <option value="">{t`Choose…`}</option>
              {active.map((template) => (
                <option key={template.id} value={template.id}>
                  {template.name} ({formatShiftHours(template)})
                </option>
              ))}
            </Select>
          </Field>
          <fieldset className="grid gap-1">
            <legend className="mb-1 text-sm font-medium">
              <Trans>People</Trans>
            </legend>
            <div className="flex gap-2 text-sm">
              <Button
                variant="link"
                size="sm"
                className="h-auto p-0"
                onClick={() => setUserIds(data.people.map((person) => person.userId))}
              >
                <Trans>All</Trans>
              </Button>
              <Button
                variant="link"
                size="sm"
                className="h-auto p-0"
                onClick={() => setUserIds([])}
              >
                <Trans>None</Trans>
              </Button>
            </div>
            <div className="grid max-h-56 gap-1 overflow-y-auto sm:grid-cols-2">
              {data.people.map((person) => (
                <label
                  key={person.userId}
                  className="flex cursor-pointer items-center gap-2 text-sm"
                >
                  <input
                    type="checkbox"
                    className="accent-primary"
                    checked={userIds.includes(person.userId)}
                    onChange={(event) => toggle(person.userId, event.target.checked)}
                  />
                  {person.name}
                </label>
              ))}
            </div>
          </fieldset>
          <Field id="fill-position" label={t`Position (optional)`}>
            <Input
              list="fill-position-options"
              autoComplete="off"
              value={position}
              onChange={(event) => setPosition(event.target.value)}
            />
          </Field>
          <datalist id="fill-position-options">
            {data.positions.map((item) => (
              <option key={item} value={item} />
            ))}
          </datalist>
          <FieldError id="fill-template-error" message={error} />
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={fill.isPending}>
              <Trans>Fill the week</Trans>
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
