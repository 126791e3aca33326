import { Trans, useLingui } from '@lingui/react/macro';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  twoFactorSettingsSchema,
  type TwoFactorRequirement,
} from '@punchclock/shared/contracts/two-factor';
import { RadioChoices } from '@/components/ui/radio-choices';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { callEndpoint } from '@/lib/call-endpoint';
import { toast } from '@/lib/toast';

const twoFactorSettingsQueryKey = ['admin', 'two-factor-settings'] as const;

const twoFactorSettingsQueryOptions = queryOptions({
  queryKey: twoFactorSettingsQueryKey,
  queryFn: ({ signal }) =>
    callEndpoint('GET /api/admin/two-factor-settings', { schema: twoFactorSettingsSchema, signal }),
});

function saveTwoFactorRequirement(required: TwoFactorRequirement) {
  return callEndpoint('PUT /api/admin/two-factor-settings', {
    body: { required },
    schema: twoFactorSettingsSchema,
  });
}

/** Whether a password sign-in must have a second step: nobody's, admins', everyone's (#33). */
export function TwoFactorRequirementCard() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const settings = useQuery(twoFactorSettingsQueryOptions);
  const save = useMutation({
    mutationFn: saveTwoFactorRequirement,
    onSuccess: (saved) => {
      queryClient.setQueryData(twoFactorSettingsQueryKey, saved);
      toast.success(t`Two-step verification setting saved`);
    },
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Two-step verification</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            For password sign-in, including the first admin’s. Single sign-on is not affected: your
            identity provider asks for its own second step.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={settings}>
          {(data) => (
            <RadioChoices
              name="two-factor-required"
              legend={t`Who must use two-step verification`}
              choices={[
                ['off', t`Off: each person chooses`],
                ['admins', t`Required for admins`],
                ['everyone', t`Required for everyone`],
              ]}
              value={save.variables ?? data.required}
              onChange={(value) => save.mutate(value)}
              disabled={save.isPending}
              hint={
                <Trans>
                  Someone without a second step is asked to set one up at their next sign-in. A lost
                  phone: remove their two-step verification in User Management.
                </Trans>
              }
            />
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
