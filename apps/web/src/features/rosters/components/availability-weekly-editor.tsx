import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import {
  AVAILABILITY_KINDS,
  weeklyAvailabilityInputSchema,
  type AvailabilityKind,
  type WeeklyAvailabilityRule,
} from '@punchclock/shared/contracts/rosters';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { useAvailabilityMutations } from '../availability-api';
import { AVAILABILITY_KIND_LABELS, weekdayLongNames } from './availability-kind';

/** One range as the editor holds it: times kept while "whole day" is ticked, to untick back. */
export interface DraftRange {
  key: string;
  weekday: number;
  kind: AvailabilityKind;
  isWholeDay: boolean;
  startTime: string;
  endTime: string;
}

let nextKey = 0;
const newKey = () => `range-${(nextKey += 1)}`;

export function toDraftRanges(rules: readonly WeeklyAvailabilityRule[]): DraftRange[] {
  return rules.map((rule) => ({
    key: newKey(),
    weekday: rule.weekday,
    kind: rule.kind,
    isWholeDay: rule.startTime === null && rule.endTime === null,
    startTime: rule.startTime ?? '09:00',
    endTime: rule.endTime ?? '17:00',
  }));
}

/** The body's rules, Sunday first, each day's ranges in the order they were entered. */
export function toWeeklyRules(ranges: readonly DraftRange[]): WeeklyAvailabilityRule[] {
  return [...ranges]
    .sort((a, b) => a.weekday - b.weekday)
    .map((range) => ({
      weekday: range.weekday,
      kind: range.kind,
      startTime: range.isWholeDay ? null : range.startTime,
      endTime: range.isWholeDay ? null : range.endTime,
    }));
}

/**
 * Check the pattern against the contract: the message of each range that fails (by its key),
 * and one for the whole pattern (too many ranges).
 */
export function checkWeeklyRanges(ranges: readonly DraftRange[]): {
  byRange: Map<string, string>;
  overall: string | undefined;
} {
  const sorted = [...ranges].sort((a, b) => a.weekday - b.weekday);
  const parsed = weeklyAvailabilityInputSchema.safeParse({ rules: toWeeklyRules(sorted) });
  const byRange = new Map<string, string>();
  let overall: string | undefined;
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const index = issue.path[0] === 'rules' ? issue.path[1] : undefined;
      const range = typeof index === 'number' ? sorted[index] : undefined;
      if (range && !byRange.has(range.key)) byRange.set(range.key, issue.message);
      else if (!range) overall ??= issue.message;
    }
  }
  return { byRange, overall };
}

/** The weekly pattern: per weekday, ranges of available / prefer not / unavailable. */
export function AvailabilityWeeklyEditor({ weekly }: { weekly: WeeklyAvailabilityRule[] }) {
  const { t, i18n } = useLingui();
  const { saveWeekly } = useAvailabilityMutations();
  const [ranges, setRanges] = useState(() => toDraftRanges(weekly));
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const [error, setError] = useState<string | undefined>();
  const [isDirty, setIsDirty] = useState(false);
  const weekdays = weekdayLongNames();

  const change = (next: DraftRange[]) => {
    setRanges(next);
    setIsDirty(true);
  };
  const update = (key: string, fields: Partial<DraftRange>) =>
    change(ranges.map((range) => (range.key === key ? { ...range, ...fields } : range)));
  const add = (weekday: number) =>
    change([
      ...ranges,
      {
        key: newKey(),
        weekday,
        kind: 'unavailable',
        isWholeDay: false,
        startTime: '09:00',
        endTime: '17:00',
      },
    ]);
  const remove = (key: string) => change(ranges.filter((range) => range.key !== key));

  const save = () => {
    const checked = checkWeeklyRanges(ranges);
    setErrors(checked.byRange);
    if (checked.byRange.size > 0) {
      setError(t`Some ranges need fixing: see the messages under them.`);
      return;
    }
    if (checked.overall) {
      setError(checked.overall);
      return;
    }
    setError(undefined);
    saveWeekly.mutate(toWeeklyRules(ranges), {
      onSuccess: () => setIsDirty(false),
      onError: (failure) => setError(failure.message),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Every week</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Say when you cannot work or would rather not. Times you leave out count as available.
            Planners see this on the roster.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {weekdays.map((dayName, weekday) => {
          const dayRanges = ranges.filter((range) => range.weekday === weekday);
          return (
            <div
              key={dayName}
              role="group"
              aria-labelledby={`availability-day-${weekday}`}
              className="grid gap-2 border-t pt-3 first:border-t-0 first:pt-0 sm:grid-cols-[8rem_minmax(0,1fr)]"
              data-testid="availability-day"
            >
              <h3 id={`availability-day-${weekday}`} className="font-medium sm:pt-2">
                {dayName}
              </h3>
              <div className="grid gap-2">
                {dayRanges.map((range, index) => {
                  const number = index + 1;
                  const id = `availability-${range.key}`;
                  const message = errors.get(range.key);
                  return (
                    <div
                      key={range.key}
                      className="grid gap-2 rounded-lg border p-2"
                      data-testid="availability-range"
                    >
                      <div className="flex flex-wrap items-end gap-2">
                        <div className="grid gap-1">
                          <Label htmlFor={`${id}-kind`} className="text-xs">
                            <Trans>Range {number}</Trans>
                          </Label>
                          <Select
                            id={`${id}-kind`}
                            className="w-40"
                            aria-label={t`${dayName}, range ${number}`}
                            aria-invalid={message ? true : undefined}
                            aria-describedby={message ? `${id}-error` : undefined}
                            value={range.kind}
                            onChange={(event) =>
                              update(range.key, { kind: event.target.value as AvailabilityKind })
                            }
                          >
                            {AVAILABILITY_KINDS.map((kind) => (
                              <option key={kind} value={kind}>
                                {i18n._(AVAILABILITY_KIND_LABELS[kind])}
                              </option>
                            ))}
                          </Select>
                        </div>
                        <label className="flex h-10 items-center gap-2 text-sm">
                          <input
                            type="checkbox"
                            className="size-4 accent-primary"
                            checked={range.isWholeDay}
                            onChange={(event) =>
                              update(range.key, { isWholeDay: event.target.checked })
                            }
                          />
                          <Trans>Whole day</Trans>
                        </label>
                        {!range.isWholeDay && (
                          <>
                            <div className="grid gap-1">
                              <Label htmlFor={`${id}-from`} className="text-xs">
                                <Trans>From</Trans>
                              </Label>
                              <Input
                                id={`${id}-from`}
                                type="time"
                                className="w-32"
                                aria-label={t`${dayName}, range ${number}, from`}
                                value={range.startTime}
                                onChange={(event) =>
                                  update(range.key, { startTime: event.target.value })
                                }
                              />
                            </div>
                            <div className="grid gap-1">
                              <Label htmlFor={`${id}-until`} className="text-xs">
                                <Trans>Until</Trans>
                              </Label>
                              <Input
                                id={`${id}-until`}
                                type="time"
                                className="w-32"
                                aria-label={t`${dayName}, range ${number}, until`}
                                value={range.endTime}
                                onChange={(event) =>
                                  update(range.key, { endTime: event.target.value })
                                }
                              />
                            </div>
                          </>
                        )}
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={t`Remove ${dayName}, range ${number}`}
                          onClick={() => remove(range.key)}
                        >
                          <Trash2 aria-hidden />
                        </Button>
                      </div>
                      <FieldError id={`${id}-error`} message={message} />
                    </div>
                  );
                })}
                <div className="flex flex-wrap items-center gap-3">
                  {dayRanges.length === 0 && (
                    <p className="text-sm text-muted-foreground">
                      <Trans>Available all day</Trans>
                    </p>
                  )}
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={t`Add a range on ${dayName}`}
                    onClick={() => add(weekday)}
                  >
                    <Plus aria-hidden /> <Trans>Add a range</Trans>
                  </Button>
                </div>
              </div>
            </div>
          );
        })}
        <FieldError id="availability-weekly-error" message={error} />
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={save} disabled={saveWeekly.isPending}>
            {saveWeekly.isPending ? t`Saving...` : t`Save weekly availability`}
          </Button>
          {isDirty && (
            <span className="text-sm text-muted-foreground">
              <Trans>Unsaved changes</Trans>
            </span>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
