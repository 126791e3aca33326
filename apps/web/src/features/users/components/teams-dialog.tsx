import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { teamInputSchema, type Team } from '@punchclock/shared/contracts/users';
import { firstIssueMessage } from '@punchclock/shared/contracts/auth';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { directoryQueryOptions, teamsQueryOptions, useDeleteTeam, useSaveTeam } from '../api';

/** Admins manage teams: a name and a lead; a person joins a team from their own form. */
export function TeamsDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const teams = useQuery({ ...teamsQueryOptions, enabled: isOpen });
  const directory = useQuery({ ...directoryQueryOptions, enabled: isOpen });
  const save = useSaveTeam();
  const remove = useDeleteTeam();
  const [editing, setEditing] = useState<Team | null>(null);
  const [name, setName] = useState('');
  const [leadUserId, setLeadUserId] = useState('');
  const [error, setError] = useState<string | undefined>();

  const editingName = editing?.name;
  const leads = (directory.data?.users ?? []).filter(
    (person) => (person.role === 'team_lead' || person.role === 'admin') && !person.isSuspended,
  );
  const startEdit = (team: Team | null) => {
    setEditing(team);
    setName(team?.name ?? '');
    setLeadUserId(team?.leadUserId ?? '');
    setError(undefined);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = teamInputSchema.safeParse({ name, leadUserId: leadUserId || null });
    if (!parsed.success) return setError(firstIssueMessage(parsed.error));
    save.mutate(
      { id: editing?.id, input: parsed.data },
      { onSuccess: () => startEdit(null), onError: (failure) => setError(failure.message) },
    );
  };

  return (
    <Dialog open={isOpen} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[85vh] max-w-lg overflow-y-auto">
        <DialogTitle>
          <Trans>Teams</Trans>
        </DialogTitle>
        <DialogDescription>
          <Trans>
            A team lead sees their team in User Management and gets its late and over-break alerts.
          </Trans>
        </DialogDescription>
        <ul className="grid gap-2">
          {teams.data?.teams.map((team) => {
            const teamName = team.name;
            const leadName = team.leadName;
            const memberCount = team.memberCount;
            return (
              <li
                key={team.id}
                className="flex items-center gap-2 rounded-md border px-3 py-2 text-sm"
              >
                <span className="min-w-0 flex-1">
                  <span className="block font-medium">{team.name}</span>
                  <span className="block text-xs text-muted-foreground">
                    {leadName ? t`Lead: ${leadName}` : t`No lead`} ·{' '}
                    <Plural value={memberCount} one="# member" other="# members" />
                  </span>
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => startEdit(team)}
                  aria-label={t`Edit team ${teamName}`}
                >
                  <Pencil aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-destructive"
                  aria-label={t`Delete team ${teamName}`}
                  disabled={remove.isPending}
                  onClick={() =>
                    window.confirm(t`Delete team ${teamName}?`) && remove.mutate(team.id)
                  }
                >
                  <Trash2 aria-hidden />
                </Button>
              </li>
            );
          })}
          {teams.data?.teams.length === 0 && (
            <li className="text-sm text-muted-foreground">
              <Trans>No teams yet.</Trans>
            </li>
          )}
        </ul>
        <form className="grid gap-3 border-t pt-4" onSubmit={onSubmit} noValidate>
          <p className="text-sm font-medium">{editing ? t`Edit ${editingName}` : t`New team`}</p>
          <Field id="team-name" label={t`Team name`}>
            <Input value={name} onChange={(event) => setName(event.target.value)} />
          </Field>
          <Field id="team-lead" label={t`Team lead`}>
            <Select value={leadUserId} onChange={(event) => setLeadUserId(event.target.value)}>
              <option value="">{t`No lead`}</option>
              {leads.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.name ?? person.email}
                </option>
              ))}
            </Select>
          </Field>
          <FieldError id="team-form-error" message={error} />
          <div className="flex justify-end gap-2">
            {editing && (
              <Button variant="outline" onClick={() => startEdit(null)}>
                <Trans>Cancel edit</Trans>
              </Button>
            )}
            <Button type="submit" disabled={save.isPending}>
              {editing ? t`Save team` : t`Add team`}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
