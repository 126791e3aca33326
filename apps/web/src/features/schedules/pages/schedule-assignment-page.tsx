import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { parseISO } from 'date-fns';
import { AlertTriangle, CalendarX, Search, X } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import type { Assignment } from '@punchclock/shared/contracts/schedules';
import { shiftDate } from '@punchclock/shared/domain/business-time';
import { ROLE_LABELS, ROLES } from '@punchclock/shared/domain/roles';
import { formatShiftHours } from '@punchclock/shared/domain/schedule';
import { formatDate } from '@punchclock/shared/i18n/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { CardSkeleton } from '@/components/ui/skeleton';
import { directoryQueryOptions } from '@/features/users';
import {
  assignmentsQueryOptions,
  templatesQueryOptions,
  useAssignTemplate,
  useChangeAssignment,
} from '../api';
import {
  areAllSelected,
  canEndEarlierOnOverlap,
  filterPeople,
  groupAssignmentsByUser,
  toggleAllShown,
  toggleSelected,
} from '../assignment-selection';
import { EndAssignmentDialog } from '../components/end-assignment-dialog';
import { useBusinessToday } from '@/lib/session';

const shortDate = (date: string) => formatDate(parseISO(date), 'MMM d, yyyy');

function AssignmentChip({
  assignment,
  today,
  onEnd,
}: {
  assignment: Assignment;
  today: string;
  onEnd: () => void;
}) {
  const { t } = useLingui();
  const change = useChangeAssignment();
  const isCurrent = assignment.dateRangeStart <= today;
  const templateName = assignment.templateName;
  const startDate = assignment.dateRangeStart;
  return (
    <li className="flex flex-wrap items-center gap-2 rounded-md border px-2 py-1 text-sm">
      <Badge variant={isCurrent ? 'success' : 'outline'}>
        {isCurrent ? t`Current` : t`Upcoming`}
      </Badge>
      <span className="font-medium">{assignment.templateName}</span>
      <span className="text-muted-foreground">
        {shortDate(assignment.dateRangeStart)} – {shortDate(assignment.dateRangeEnd)}
      </span>
      <span className="ml-auto flex gap-1">
        <Button variant="ghost" size="sm" onClick={onEnd}>
          <CalendarX aria-hidden /> <Trans>End…</Trans>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive"
          aria-label={t`Remove ${templateName} from ${startDate}`}
          disabled={change.isPending}
          onClick={() => {
            if (
              window.confirm(t`Remove this assignment? Days already worked keep their records.`)
            ) {
              change.mutate({ id: assignment.id, input: null });
            }
          }}
        >
          <X aria-hidden />
        </Button>
      </span>
    </li>
  );
}

export default function ScheduleAssignmentPage() {
  const { t } = useLingui();
  const today = useBusinessToday();
  const users = useQuery(directoryQueryOptions);
  const templates = useQuery(templatesQueryOptions);
  const assignments = useQuery(assignmentsQueryOptions(today));
  const assign = useAssignTemplate();

  const [search, setSearch] = useState('');
  const [roleFilter, setRoleFilter] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [templateId, setTemplateId] = useState('');
  const [start, setStart] = useState(today);
  const [end, setEnd] = useState(shiftDate(today, 27));
  const [clash, setClash] = useState<string | null>(null);
  const [canEndEarlier, setCanEndEarlier] = useState(false);
  const [ending, setEnding] = useState<Assignment | null>(null);

  const activeTemplates =
    templates.data?.templates.filter((template) => !template.isArchived) ?? [];
  const byUser = useMemo(
    () => groupAssignmentsByUser(assignments.data?.assignments ?? []),
    [assignments.data],
  );
  const shownUsers = filterPeople(users.data?.users ?? [], search, roleFilter);
  const shownIds = shownUsers.map((user) => user.id);
  const allShownSelected = areAllSelected(selected, shownIds);
  const shownCount = shownUsers.length;
  const selectedCount = selected.size;

  const submit = (endOverlapping: boolean) => {
    setClash(null);
    setCanEndEarlier(false);
    assign.mutate(
      {
        userIds: [...selected],
        templateId,
        dateRangeStart: start,
        dateRangeEnd: end,
        endOverlapping,
      },
      {
        onSuccess: () => setSelected(new Set()),
        // Overlaps (and other refusals) show inline, next to the form that caused them.
        onError: (error) => {
          setClash(error.message);
          // The server can end an earlier assignment the day before, if it started earlier.
          setCanEndEarlier(canEndEarlierOnOverlap(error));
        },
      },
    );
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(false);
  };

  return (
    <div className="mx-auto grid grid-cols-[minmax(0,1fr)] max-w-6xl gap-6">
      <div>
        <h1 className="text-2xl font-bold">
          <Trans>Schedule Assignment</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>
            Choose people, then give them a template for a range of dates. One person has one
            schedule per day.
          </Trans>
        </p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Assign a schedule</Trans>
          </CardTitle>
          <CardDescription>
            {selectedCount === 0
              ? t`Select people below.`
              : plural(selectedCount, { one: '# selected', other: '# selected' })}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form
            className="grid gap-4 md:grid-cols-[2fr_1fr_1fr_auto] md:items-end"
            onSubmit={onSubmit}
          >
            <Field id="assign-template" label={t`Template`}>
              <Select
                value={templateId}
                required
                onChange={(event) => setTemplateId(event.target.value)}
              >
                <option value="">{t`Choose a template…`}</option>
                {activeTemplates.map((template) => (
                  <option key={template.id} value={template.id}>
                    {template.name} ({formatShiftHours(template)})
                  </option>
                ))}
              </Select>
            </Field>
            <Field id="assign-start" label={t`First day`}>
              <Input
                type="date"
                required
                value={start}
                onChange={(event) => setStart(event.target.value)}
              />
            </Field>
            <Field id="assign-end" label={t`Last day`}>
              <Input
                type="date"
                required
                min={start}
                value={end}
                onChange={(event) => setEnd(event.target.value)}
              />
            </Field>
            <Button type="submit" disabled={assign.isPending || selected.size === 0 || !templateId}>
              {assign.isPending ? t`Assigning...` : t`Assign`}
            </Button>
          </form>
          {clash && (
            <div
              role="alert"
              className="mt-4 flex flex-wrap items-center gap-3 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm"
            >
              <AlertTriangle className="size-4 text-destructive" aria-hidden />
              <span className="flex-1">{clash}</span>
              {canEndEarlier && (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => submit(true)}
                  disabled={assign.isPending}
                >
                  <Trans>End the earlier one the day before and assign</Trans>
                </Button>
              )}
            </div>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>People</Trans>
          </CardTitle>
          <div className="mt-2 flex flex-wrap gap-3">
            <div className="relative min-w-56 flex-1">
              <Search className="absolute left-3 top-3 size-4 text-muted-foreground" aria-hidden />
              <Input
                aria-label={t`Search people`}
                placeholder={t`Search by name or email`}
                className="pl-9"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
            <Select
              aria-label={t`Filter by role`}
              className="w-44"
              value={roleFilter}
              onChange={(event) => setRoleFilter(event.target.value)}
            >
              <option value="">{t`All roles`}</option>
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </Select>
          </div>
        </CardHeader>
        <CardContent>
          {users.isPending || assignments.isPending ? (
            <CardSkeleton />
          ) : (
            <>
              <label className="mb-2 flex items-center gap-2 border-b pb-2 text-sm font-medium">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={allShownSelected}
                  onChange={() => setSelected(toggleAllShown(selected, shownIds))}
                />
                <Trans>Select all shown ({shownCount})</Trans>
              </label>
              <ul className="grid gap-2">
                {shownUsers.map((user) => {
                  const personName = user.name ?? user.email;
                  return (
                    <li
                      key={user.id}
                      className="grid gap-2 rounded-lg border p-3 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]"
                    >
                      <label className="flex min-w-0 cursor-pointer items-start gap-3">
                        <input
                          type="checkbox"
                          className="mt-1 size-4 accent-primary"
                          checked={selected.has(user.id)}
                          onChange={() => setSelected(toggleSelected(selected, user.id))}
                          aria-label={t`Select ${personName}`}
                        />
                        <span className="min-w-0">
                          <span className="block truncate font-medium">
                            {user.name ?? user.email}
                          </span>
                          <span className="block truncate text-xs text-muted-foreground">
                            {user.email} · {ROLE_LABELS[user.role ?? 'employee']}
                            {user.isSuspended && ` · ${t`Suspended`}`}
                          </span>
                        </span>
                      </label>
                      <ul className="grid gap-1" aria-label={t`Schedules of ${personName}`}>
                        {(byUser.get(user.id) ?? []).map((assignment) => (
                          <AssignmentChip
                            key={assignment.id}
                            assignment={assignment}
                            today={today}
                            onEnd={() => setEnding(assignment)}
                          />
                        ))}
                        {!byUser.has(user.id) && (
                          <li className="text-sm text-muted-foreground">
                            <Trans>No current or upcoming schedule</Trans>
                          </li>
                        )}
                      </ul>
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </CardContent>
      </Card>
      <EndAssignmentDialog assignment={ending} onClose={() => setEnding(null)} />
    </div>
  );
}
