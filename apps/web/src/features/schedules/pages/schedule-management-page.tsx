import { t } from '@lingui/core/macro';
import { Plural, Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Archive, ArchiveRestore, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { ScheduleTemplate } from '@punchclock/shared/contracts/schedules';
import { formatShiftHours } from '@punchclock/shared/domain/schedule';
import { formatTimeRange } from '@punchclock/shared/i18n/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { templatesQueryOptions, useTemplateAction } from '../api';
import { ShiftPreview } from '../components/shift-preview';
import { TemplateFormDialog } from '../components/template-form-dialog';
import { weekdayShortNames } from '../weekday-names';

function describeDays(days: number[]): string {
  const key = days.join(',');
  if (key === '1,2,3,4,5') return t`Mon–Fri`;
  if (key === '0,1,2,3,4,5,6') return t`Every day`;
  const names = weekdayShortNames();
  return days.map((day) => names[day]).join(', ');
}

function TemplateCard({ template, onEdit }: { template: ScheduleTemplate; onEdit: () => void }) {
  const action = useTemplateAction();
  const run = (kind: 'archive' | 'restore' | 'delete') =>
    action.mutate({ id: template.id, action: kind });
  const { name, assignmentCount } = template;
  const lunch =
    template.lunchStart && template.lunchEnd
      ? formatTimeRange(template.lunchStart, template.lunchEnd)
      : null;
  const breakMinutes = template.breakDurationMins;
  return (
    <Card className={template.isArchived ? 'opacity-70' : undefined} data-testid="template-card">
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <CardTitle className="truncate">{template.name}</CardTitle>
            <CardDescription>
              {formatShiftHours(template)} · {describeDays(template.workingDays)}
              {lunch && ` · ${t`Lunch ${lunch}`}`} · <Trans>Break {breakMinutes} min</Trans>
            </CardDescription>
          </div>
          <div className="flex gap-2">
            {template.isArchived && (
              <Badge variant="outline">
                <Trans>Archived</Trans>
              </Badge>
            )}
            <Badge>
              <Plural value={assignmentCount} one="# assignment" other="# assignments" />
            </Badge>
          </div>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ShiftPreview pattern={template} />
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={onEdit}>
            <Pencil aria-hidden /> <Trans>Edit</Trans>
          </Button>
          {template.isArchived ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() => run('restore')}
              disabled={action.isPending}
            >
              <ArchiveRestore aria-hidden /> <Trans>Restore</Trans>
            </Button>
          ) : (
            <Button
              variant="outline"
              size="sm"
              onClick={() => run('archive')}
              disabled={action.isPending}
            >
              <Archive aria-hidden /> <Trans>Archive</Trans>
            </Button>
          )}
          {template.assignmentCount === 0 && (
            <Button
              variant="ghost"
              size="sm"
              className="text-destructive"
              onClick={() => {
                if (window.confirm(t`Delete "${name}"? This cannot be undone.`)) run('delete');
              }}
              disabled={action.isPending}
            >
              <Trash2 aria-hidden /> <Trans>Delete</Trans>
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

export default function ScheduleManagementPage() {
  const templates = useQuery(templatesQueryOptions);
  const [editing, setEditing] = useState<ScheduleTemplate | null>(null);
  const [isFormOpen, setIsFormOpen] = useState(false);
  const open = (template: ScheduleTemplate | null) => {
    setEditing(template);
    setIsFormOpen(true);
  };

  return (
    <div className="mx-auto grid grid-cols-[minmax(0,1fr)] max-w-6xl gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">
            <Trans>Schedule Management</Trans>
          </h1>
          <p className="text-sm text-muted-foreground">
            <Trans>
              Shift templates: hours, unpaid lunch, paid break allowance and working days.
            </Trans>
          </p>
        </div>
        <Button onClick={() => open(null)}>
          <Plus aria-hidden /> <Trans>New template</Trans>
        </Button>
      </div>
      <QueryState
        query={templates}
        isEmpty={(data) => data.templates.length === 0}
        empty={
          <Card>
            <CardContent className="py-10 text-center text-muted-foreground">
              <Trans>No templates yet. Create the first one to start assigning shifts.</Trans>
            </CardContent>
          </Card>
        }
      >
        {(data) => (
          <div className="grid gap-4 lg:grid-cols-2">
            {data.templates.map((template) => (
              <TemplateCard key={template.id} template={template} onEdit={() => open(template)} />
            ))}
          </div>
        )}
      </QueryState>
      <TemplateFormDialog
        isOpen={isFormOpen}
        template={editing}
        onClose={() => setIsFormOpen(false)}
      />
    </div>
  );
}
