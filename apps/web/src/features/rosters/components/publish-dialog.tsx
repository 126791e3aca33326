import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Send } from 'lucide-react';
import { useState } from 'react';
import type { RosterResponse } from '@punchclock/shared/contracts/rosters';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '@/components/ui/dialog';
import { usePublishRoster } from '../api';
import { formatDay } from '../roster-labels';

/**
 * Publish the week's changes (of the team filtered, or every team planned). A refusal names
 * what blocks (the server's message: people, days and reasons) and stays on screen.
 */
export function PublishDialog({
  data,
  teamId,
  onClose,
}: {
  data: RosterResponse;
  teamId: string | undefined;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const publish = usePublishRoster();
  const [refusal, setRefusal] = useState<string | undefined>();
  const week = formatDay(data.weekStart);
  const count = data.unpublishedCount;
  const teamName = data.teams.find((team) => team.id === teamId)?.name;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogTitle>{t`Publish the week of ${week}`}</DialogTitle>
        <DialogDescription>
          <Plural
            value={count}
            one="# change goes to the people it names; each is told what changed (in the app, and by email and push where they have them on)."
            other="# changes go to the people they name; each is told what changed (in the app, and by email and push where they have them on)."
          />{' '}
          {teamName ? t`Only team ${teamName} is published.` : t`Every team you plan is published.`}
        </DialogDescription>
        {refusal && (
          <div
            role="alert"
            data-testid="publish-refusal"
            className="whitespace-pre-line rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm"
          >
            {refusal}
          </div>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button type="button" variant="outline">
              <Trans>Cancel</Trans>
            </Button>
          </DialogClose>
          <Button
            disabled={publish.isPending || count === 0}
            onClick={() =>
              publish.mutate(
                { weekStart: data.weekStart, ...(teamId ? { teamId } : {}) },
                { onSuccess: onClose, onError: (failure) => setRefusal(failure.message) },
              )
            }
          >
            <Send aria-hidden /> <Trans>Publish</Trans>
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
