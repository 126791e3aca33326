import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy } from 'lucide-react';
import { useState } from 'react';
import type { CreateApiTokenResponse } from '@punchclock/shared/contracts/api-tokens';
import { SCIM_BASE_PATH, type ScimGroupMapping } from '@punchclock/shared/contracts/scim';
import { shiftDate } from '@punchclock/shared/domain/business-time';
import { ROLE_LABELS, ROLES, type Role } from '@punchclock/shared/domain/roles';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { QueryState } from '@/components/ui/query-state';
import { Select } from '@/components/ui/select';
import { ShownOnce } from '@/components/ui/shown-once';
import { useBusinessToday, useSession } from '@/lib/session';
import { formatBusinessDateTime } from '@punchclock/shared/domain/business-time';
import { toast } from '@/lib/toast';
import {
  createScimToken,
  revokeScimToken,
  saveScimGroupMapping,
  scimGroupsQueryKey,
  scimGroupsQueryOptions,
  scimTeamsQueryOptions,
  scimTokensQueryOptions,
  serviceTokensQueryKey,
} from './scim-api';

/** A SCIM token lasts the longest a token may: a year, so provisioning does not stop soon. */
const SCIM_TOKEN_DAYS = 365;

function BaseUrl() {
  const { t } = useLingui();
  const url = `${window.location.origin}${SCIM_BASE_PATH}`;
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t`Copied`);
    } catch {
      toast.error(t`Copy it from the box instead`);
    }
  }
  return (
    <div className="grid gap-2">
      <Label htmlFor="scim-base-url">
        <Trans>SCIM base URL (Tenant URL in Entra ID, SCIM connector base URL in Okta)</Trans>
      </Label>
      <div className="flex gap-2">
        <Input id="scim-base-url" readOnly value={url} className="font-mono text-xs" />
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden /> <Trans>Copy</Trans>
        </Button>
      </div>
    </div>
  );
}

function ScimTokens() {
  const { t } = useLingui();
  const { timeZone } = useSession();
  const today = useBusinessToday();
  const queryClient = useQueryClient();
  const tokens = useQuery(scimTokensQueryOptions);
  const [created, setCreated] = useState<CreateApiTokenResponse | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: serviceTokensQueryKey });
  const create = useMutation({
    mutationFn: () =>
      createScimToken(t`Directory provisioning (SCIM)`, shiftDate(today, SCIM_TOKEN_DAYS)),
    onSuccess: (answer) => {
      setCreated(answer);
      void refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: revokeScimToken,
    onSuccess: () => {
      toast.success(t`SCIM token revoked`);
      void refresh();
    },
  });
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-medium">
          <Trans>SCIM tokens</Trans>
        </h3>
        <Button type="button" disabled={create.isPending} onClick={() => create.mutate()}>
          <Trans>Create a SCIM token</Trans>
        </Button>
      </div>
      {created && (
        <ShownOnce
          id="scim-token-secret"
          label={t`SCIM token (Secret Token in Entra ID, API token in Okta)`}
          value={created.secret}
        >
          <Trans>
            Shown this once: paste it into your directory’s provisioning settings now. It reaches
            only the SCIM endpoints.
          </Trans>
        </ShownOnce>
      )}
      <QueryState query={tokens}>
        {(list) => {
          const live = list.filter((token) => token.revokedAt === null);
          return live.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              <Trans>No SCIM token yet.</Trans>
            </p>
          ) : (
            <ul className="grid gap-2" aria-label={t`SCIM tokens`}>
              {live.map((token) => {
                const name = token.name;
                const lastUsed = token.lastUsedAt
                  ? formatBusinessDateTime(token.lastUsedAt, timeZone)
                  : null;
                return (
                  <li
                    key={token.id}
                    className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm"
                  >
                    <span className="grid gap-1">
                      <span className="font-medium">{token.name}</span>
                      <span className="font-mono text-xs text-muted-foreground">{token.hint}</span>
                      <span className="text-muted-foreground">
                        {lastUsed === null ? t`Never used` : t`Last used ${lastUsed}`}
                      </span>
                    </span>
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={revoke.isPending}
                      onClick={() => revoke.mutate(token.id)}
                    >
                      <Trans>
                        Revoke<span className="sr-only"> {name}</span>
                      </Trans>
                    </Button>
                  </li>
                );
              })}
            </ul>
          );
        }}
      </QueryState>
    </div>
  );
}

function GroupRow({
  group,
  teams,
}: {
  group: ScimGroupMapping;
  teams: { id: string; name: string }[];
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (mapping: { teamId: string | null; role: Role | null }) =>
      saveScimGroupMapping(group.id, mapping),
    onSuccess: () => {
      const name = group.displayName;
      toast.success(t`${name}: mapping saved and applied to its members`);
      void queryClient.invalidateQueries({ queryKey: scimGroupsQueryKey });
    },
  });
  const name = group.displayName;
  const members = group.memberCount;
  return (
    <tr className="border-t" data-testid="scim-group">
      <th scope="row" className="py-2 pr-3 text-left font-medium">
        {group.displayName}
        <span className="block text-xs font-normal text-muted-foreground">
          <Trans>Members: {members}</Trans>
        </span>
      </th>
      <td className="py-2 pr-3">
        <Select
          aria-label={t`Team for ${name}`}
          value={group.teamId ?? ''}
          disabled={save.isPending}
          onChange={(event) =>
            save.mutate({ teamId: event.target.value || null, role: group.role })
          }
        >
          <option value="">{t`No team`}</option>
          {teams.map((team) => (
            <option key={team.id} value={team.id}>
              {team.name}
            </option>
          ))}
        </Select>
      </td>
      <td className="py-2">
        <Select
          aria-label={t`Role for ${name}`}
          value={group.role ?? ''}
          disabled={save.isPending}
          onChange={(event) =>
            save.mutate({ teamId: group.teamId, role: (event.target.value || null) as Role | null })
          }
        >
          <option value="">{t`No role`}</option>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </Select>
      </td>
    </tr>
  );
}

function PushedGroups() {
  const { t } = useLingui();
  const groups = useQuery(scimGroupsQueryOptions);
  const teams = useQuery(scimTeamsQueryOptions);
  return (
    <div className="grid gap-2">
      <h3 className="font-medium">
        <Trans>Pushed groups</Trans>
      </h3>
      <p className="text-sm text-muted-foreground">
        <Trans>
          Members of a group get its team and role. In several groups, a person gets the strongest
          role and the team of the first group by name. Leaving a group takes back what it gave; the
          first admin keeps their role.
        </Trans>
      </p>
      <QueryState query={groups}>
        {(data) =>
          data.groups.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              <Trans>No groups pushed yet. Assign groups to the app in your directory.</Trans>
            </p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-sm" aria-label={t`Pushed groups`}>
                <thead>
                  <tr className="text-left text-muted-foreground">
                    <th scope="col" className="pb-2 pr-3 font-medium">
                      <Trans>Group</Trans>
                    </th>
                    <th scope="col" className="pb-2 pr-3 font-medium">
                      <Trans>Team</Trans>
                    </th>
                    <th scope="col" className="pb-2 font-medium">
                      <Trans>Role</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.groups.map((group) => (
                    <GroupRow key={group.id} group={group} teams={teams.data?.teams ?? []} />
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>
    </div>
  );
}

/** Admin → Single sign-on: people and groups pushed from a directory (SCIM 2.0, #33). */
export function ScimProvisioningCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Directory provisioning (SCIM)</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Let Microsoft Entra ID, Okta or another directory create people, keep them up to date
            and suspend them when they leave. Deactivated in the directory, a person is suspended
            here at once.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <BaseUrl />
        <ScimTokens />
        <PushedGroups />
      </CardContent>
    </Card>
  );
}
