import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  scheduleTemplateInputSchema,
  type ScheduleTemplate,
  type ScheduleTemplateInput,
} from '@punchclock/shared/contracts/schedules';
import { DEFAULT_WORKING_DAYS } from '@punchclock/shared/domain/schedule';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { contractResolver } from '@/lib/zod-resolver';
import { useSaveTemplate } from '../api';
import { weekdayShortNames } from '../weekday-names';
import { ShiftPreview } from './shift-preview';

/** The form speaks strings (inputs); the contract speaks nulls and numbers. */
interface TemplateFormValues {
  name: string;
  workStart: string;
  workEnd: string;
  lunchStart: string;
  lunchEnd: string;
  breakDurationMins: string;
  workingDays: string[];
}

function toFormValues(template: ScheduleTemplate | null): TemplateFormValues {
  return {
    name: template?.name ?? '',
    workStart: template?.workStart ?? '09:00',
    workEnd: template?.workEnd ?? '17:00',
    lunchStart: template?.lunchStart ?? '12:00',
    lunchEnd: template?.lunchEnd ?? '12:30',
    breakDurationMins: String(template?.breakDurationMins ?? 15),
    workingDays: (template?.workingDays ?? DEFAULT_WORKING_DAYS).map(String),
  };
}

function toInput(values: TemplateFormValues): ScheduleTemplateInput {
  return {
    name: values.name,
    workStart: values.workStart,
    workEnd: values.workEnd,
    lunchStart: values.lunchStart || null,
    lunchEnd: values.lunchEnd || null,
    breakDurationMins:
      values.breakDurationMins === '' ? Number.NaN : Number(values.breakDurationMins),
    workingDays: values.workingDays.map(Number),
  };
}

/** Validate the converted values with the shared contract, so messages match the server's. */
const resolver = contractResolver<TemplateFormValues>(scheduleTemplateInputSchema, toInput);

interface TemplateFormDialogProps {
  isOpen: boolean;
  template: ScheduleTemplate | null;
  onClose: () => void;
}

export function TemplateFormDialog({ isOpen, template, onClose }: TemplateFormDialogProps) {
  const { t } = useLingui();
  const save = useSaveTemplate();
  const form = useForm<TemplateFormValues>({ resolver, defaultValues: toFormValues(template) });
  const { register, handleSubmit, reset, formState, control, setError } = form;
  const watched = useWatch({ control }) as TemplateFormValues;

  useEffect(() => {
    if (isOpen) reset(toFormValues(template));
  }, [isOpen, template, reset]);

  const onSubmit = handleSubmit((values) => {
    save.mutate(
      { id: template?.id, input: toInput(values) },
      {
        onSuccess: onClose,
        onError: (error) => setError('root', { message: error.message }),
      },
    );
  });

  const errors = formState.errors;
  const templateName = template?.name;
  const rootMessage = errors.root?.message;
  const field = (name: keyof TemplateFormValues, label: string, type = 'time') => (
    <Field id={`template-${name}`} label={label} error={errors[name]?.message}>
      <Input type={type} {...register(name)} />
    </Field>
  );

  return (
    <Dialog open={isOpen} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        <DialogTitle>{template ? t`Edit ${templateName}` : t`New schedule template`}</DialogTitle>
        <DialogDescription>
          <Trans>
            A shift that ends at or before its start time ends the next day and counts for the day
            it starts.
          </Trans>
        </DialogDescription>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          {field('name', t`Name`, 'text')}
          <div className="grid grid-cols-2 gap-3">
            {field('workStart', t`Start`)}
            {field('workEnd', t`End`)}
            {field('lunchStart', t`Lunch start (optional)`)}
            {field('lunchEnd', t`Lunch end (optional)`)}
          </div>
          <Field
            id="template-breakDurationMins"
            label={t`Break allowance (minutes, paid)`}
            error={errors.breakDurationMins?.message}
            className="grid gap-1 sm:w-1/2"
          >
            <Input
              type="number"
              min={0}
              max={120}
              inputMode="numeric"
              {...register('breakDurationMins')}
            />
          </Field>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">
              <Trans>Working days</Trans>
            </legend>
            <div className="flex flex-wrap gap-2">
              {weekdayShortNames().map((day, index) => (
                <label
                  key={day}
                  className="flex cursor-pointer items-center gap-2 rounded-md border border-input px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent"
                >
                  <input
                    type="checkbox"
                    value={String(index)}
                    {...register('workingDays')}
                    className="accent-primary"
                  />
                  {day}
                </label>
              ))}
            </div>
            <FieldError id="template-workingDays-error" message={errors.workingDays?.message} />
          </fieldset>
          <ShiftPreview
            pattern={{
              ...toInput(watched),
              breakDurationMins: Number(watched.breakDurationMins) || 0,
            }}
          />
          <FieldError id="template-form-error" message={rootMessage} />
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? t`Saving...` : template ? t`Save changes` : t`Create template`}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
