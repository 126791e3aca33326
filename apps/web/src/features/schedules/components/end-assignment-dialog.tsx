import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Assignment } from '@punchclock/shared/contracts/schedules';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { useChangeAssignment } from '../api';

/** Change when an assignment ends (end it early, or extend it). */
export function EndAssignmentDialog({
  assignment,
  onClose,
}: {
  assignment: Assignment | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const change = useChangeAssignment();
  const [endDate, setEndDate] = useState('');
  const current = endDate || assignment?.dateRangeEnd || '';
  let description = '';
  if (assignment) {
    const personName = assignment.userName ?? assignment.userEmail;
    const templateName = assignment.templateName;
    const startDate = assignment.dateRangeStart;
    description = t`${personName} · ${templateName} from ${startDate}`;
  }
  return (
    <Dialog
      open={assignment !== null}
      onOpenChange={(open) => {
        if (!open) {
          setEndDate('');
          onClose();
        }
      }}
    >
      <DialogContent>
        <DialogTitle>
          <Trans>Change end date</Trans>
        </DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!assignment) return;
            change.mutate(
              {
                id: assignment.id,
                input: {
                  templateId: assignment.templateId,
                  dateRangeStart: assignment.dateRangeStart,
                  dateRangeEnd: current,
                },
              },
              {
                onSuccess: () => {
                  setEndDate('');
                  onClose();
                },
              },
            );
          }}
        >
          <Field id="assignment-end" label={t`Last day`}>
            <Input
              type="date"
              required
              min={assignment?.dateRangeStart}
              value={current}
              onChange={(event) => setEndDate(event.target.value)}
            />
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={change.isPending}>
              <Trans>Save</Trans>
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
