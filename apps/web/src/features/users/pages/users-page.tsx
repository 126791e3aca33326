import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { FileUp, IdCard, KeyRound, Pencil, Plus, UserCheck, UserX, Users } from 'lucide-react';
import { Suspense, useState } from 'react';
import type { SetPasswordLink, UserRow } from '@punchclock/shared/contracts/users';
import { ROLE_LABELS, ROLES } from '@punchclock/shared/domain/roles';
import { STATE_LABELS } from '@punchclock/shared/domain/time-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { QueryState } from '@/components/ui/query-state';
import { KioskBadgeDialog } from '@/features/kiosk';
import { teamsQueryOptions, usersPageQueryOptions, useUserAction } from '../api';
import { ResetTwoFactorButton } from '../components/reset-two-factor-button';
import { EndSessionsButton } from '../components/end-sessions-button';
import { SetPasswordLinkDialog } from '../components/set-password-link-dialog';
import { PeopleImportDialog } from '../components/people-import-dialog';
import { TeamsDialog } from '../components/teams-dialog';
import { UserFormDialog } from '../components/user-form-dialog';
import { describeUserPage, lastUserPage, useUserListFilters } from '../user-list-filters';
import { formatBusinessDateTime } from '@punchclock/shared/domain/business-time';
import { useSession } from '@/lib/session';

function UserActions({
  user,
  onEdit,
  onLink,
  onBadge,
}: {
  user: UserRow;
  onEdit: () => void;
  onLink: (link: SetPasswordLink) => void;
  onBadge: () => void;
}) {
  const { t } = useLingui();
  const action = useUserAction();
  const who = user.name ?? user.email;
  return (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="sm" onClick={onEdit} aria-label={t`Edit ${who}`}>
        <Pencil aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="sm"
        aria-label={t`Reset password of ${who}`}
        disabled={action.isPending}
        onClick={() => {
          if (
            !window.confirm(
              t`Reset the password of ${who}? They are signed out everywhere and need the new link.`,
            )
          )
            return;
          action.mutate(
            { id: user.id, action: 'reset-password' },
            { onSuccess: (link) => link && onLink(link) },
          );
        }}
      >
        <KeyRound aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={onBadge}
        aria-label={t`Kiosk badge and PIN of ${who}`}
      >
        <IdCard aria-hidden />
      </Button>
      <ResetTwoFactorButton userId={user.id} who={who} />
      {!user.isSuspended && <EndSessionsButton userId={user.id} who={who} />}
      {user.isSuspended ? (
        <Button
          variant="ghost"
          size="sm"
          aria-label={t`Unsuspend ${who}`}
          disabled={action.isPending}
          onClick={() => action.mutate({ id: user.id, action: 'unsuspend' })}
        >
          <UserCheck aria-hidden />
        </Button>
      ) : (
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive"
          aria-label={t`Suspend ${who}`}
          disabled={action.isPending}
          onClick={() =>
            window.confirm(t`Suspend ${who}? They are signed out everywhere at once.`) &&
            action.mutate({ id: user.id, action: 'suspend' })
          }
        >
          <UserX aria-hidden />
        </Button>
      )}
    </div>
  );
}

export default function UsersPage() {
  const { t } = useLingui();
  const { timeZone, user: me } = useSession();
  const { filters, query, setFilter, setPage, sortable } = useUserListFilters();
  const [editing, setEditing] = useState<UserRow | null>(null);
  const [isFormOpen, setIsFormOpen] = useState(false);
  const [isTeamsOpen, setIsTeamsOpen] = useState(false);
  const [isImportOpen, setIsImportOpen] = useState(false);
  const [link, setLink] = useState<{ link: SetPasswordLink; name: string } | null>(null);
  const [badgeUserId, setBadgeUserId] = useState<string | null>(null);

  const users = useQuery(usersPageQueryOptions(query));
  const teams = useQuery(teamsQueryOptions);
  const canEdit = users.data?.canEdit ?? me?.role === 'admin';
  const total = users.data?.total ?? 0;
  const { page } = filters;
  const lastPage = lastUserPage(total);

  const openForm = (user: UserRow | null) => {
    setEditing(user);
    setIsFormOpen(true);
  };

  const columns: DataColumn<UserRow>[] = [
    {
      id: 'name',
      header: t`Name`,
      isRowHeader: true,
      sort: sortable('name'),
      cell: (user) => user.name ?? '—',
    },
    { id: 'email', header: t`Email`, sort: sortable('email'), cell: (user) => user.email },
    {
      id: 'role',
      header: t`Role`,
      sort: sortable('role'),
      cell: (user) => ROLE_LABELS[user.role ?? 'employee'],
    },
    { id: 'team', header: t`Team`, sort: sortable('team'), cell: (user) => user.teamName ?? '—' },
    { id: 'manager', header: t`Reports to`, cell: (user) => user.managerName ?? '—' },
    {
      id: 'status',
      header: t`Status`,
      cell: (user) => (
        <span className="flex flex-wrap gap-1">
          <Badge variant={user.isSuspended ? 'destructive' : 'success'}>
            {user.isSuspended ? t`Suspended` : t`Active`}
          </Badge>
          {user.ssoOnly && (
            <Badge variant="outline">
              <Trans>SSO only</Trans>
            </Badge>
          )}
        </span>
      ),
    },
    {
      id: 'now',
      header: t`Now`,
      className: 'text-muted-foreground',
      cell: (user) => (user.timeState === 'none' ? '—' : STATE_LABELS[user.timeState]),
    },
    {
      id: 'lastSignIn',
      header: t`Last sign-in`,
      sort: sortable('lastSignIn'),
      className: 'whitespace-nowrap',
      cell: (user) =>
        user.lastSignInAt ? formatBusinessDateTime(user.lastSignInAt, timeZone) : t`Never`,
    },
  ];
  if (canEdit) {
    columns.push({
      id: 'actions',
      header: t`Actions`,
      isActions: true,
      cell: (user) => (
        <UserActions
          user={user}
          onEdit={() => openForm(user)}
          onLink={(created) => setLink({ link: created, name: user.name ?? user.email })}
          onBadge={() => setBadgeUserId(user.id)}
        />
      ),
    });
  }

  return (
    <div className="mx-auto grid grid-cols-[minmax(0,1fr)] max-w-7xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">
            <Trans>User Management</Trans>
          </h1>
          <p className="text-sm text-muted-foreground">
            {canEdit
              ? t`Everyone who can sign in, their roles and teams.`
              : t`The people of your team (read-only).`}
          </p>
        </div>
        {canEdit && (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setIsTeamsOpen(true)}>
              <Users aria-hidden /> <Trans>Teams</Trans>
            </Button>
            <Button variant="outline" onClick={() => setIsImportOpen(true)}>
              <FileUp aria-hidden /> <Trans>Import people</Trans>
            </Button>
            <Button onClick={() => openForm(null)}>
              <Plus aria-hidden /> <Trans>Add person</Trans>
            </Button>
          </div>
        )}
      </div>

      <Card>
        <CardContent className="grid gap-4 pt-6">
          <div className="flex flex-wrap gap-2">
            <Input
              aria-label={t`Search by name or email`}
              placeholder={t`Search by name or email`}
              className="min-w-56 flex-1"
              value={filters.search}
              onChange={(event) => setFilter('search', event.target.value)}
            />
            <Select
              aria-label={t`Filter by role`}
              className="w-36"
              value={filters.role}
              onChange={(event) => setFilter('role', event.target.value)}
            >
              <option value="">{t`All roles`}</option>
              {ROLES.map((option) => (
                <option key={option} value={option}>
                  {ROLE_LABELS[option]}
                </option>
              ))}
            </Select>
            <Select
              aria-label={t`Filter by status`}
              className="w-36"
              value={filters.status}
              onChange={(event) => setFilter('status', event.target.value)}
            >
              <option value="">{t`Any status`}</option>
              <option value="active">{t`Active`}</option>
              <option value="suspended">{t`Suspended`}</option>
            </Select>
            {canEdit && (
              <Select
                aria-label={t`Filter by team`}
                className="w-40"
                value={filters.teamId}
                onChange={(event) => setFilter('teamId', event.target.value)}
              >
                <option value="">{t`All teams`}</option>
                {teams.data?.teams.map((team) => (
                  <option key={team.id} value={team.id}>
                    {team.name}
                  </option>
                ))}
              </Select>
            )}
          </div>

          <QueryState query={users}>
            {(data) => (
              <DataTable
                label={t`People`}
                columns={columns}
                rows={data.users}
                rowKey={(user) => user.id}
                rowTestId="user-row"
                emptyMessage={t`Nobody matches these filters.`}
                tableClassName="min-w-[56rem]"
              />
            )}
          </QueryState>
          <nav className="flex items-center justify-between gap-2 text-sm" aria-label={t`Pages`}>
            <span className="text-muted-foreground">{describeUserPage(page, total)}</span>
            <span className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                <Trans>Previous</Trans>
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={page >= lastPage}
                onClick={() => setPage(page + 1)}
              >
                <Trans>Next</Trans>
              </Button>
            </span>
          </nav>
        </CardContent>
      </Card>

      <UserFormDialog
        isOpen={isFormOpen}
        user={editing}
        onClose={() => setIsFormOpen(false)}
        onLinkCreated={(created, name) => setLink({ link: created, name })}
      />
      <TeamsDialog isOpen={isTeamsOpen} onClose={() => setIsTeamsOpen(false)} />
      <PeopleImportDialog isOpen={isImportOpen} onClose={() => setIsImportOpen(false)} />
      <SetPasswordLinkDialog
        link={link?.link ?? null}
        personName={link?.name ?? ''}
        onClose={() => setLink(null)}
      />
      {badgeUserId && (
        <Suspense fallback={null}>
          <KioskBadgeDialog userId={badgeUserId} isOpen onClose={() => setBadgeUserId(null)} />
        </Suspense>
      )}
    </div>
  );
}
