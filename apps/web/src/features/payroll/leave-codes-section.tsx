import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { timeOffTypeSchema, type TimeOffType } from '@punchclock/shared/contracts/time-off';
import { LEAVE_PAY_CODES } from '@punchclock/shared/domain/pay/pay-codes';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { QueryState } from '@/components/ui/query-state';
import { Select } from '@/components/ui/select';
import { apiRequest } from '@/lib/api-client';
import { payrollKey } from './api';

const typesKey = [...payrollKey, 'time-off-types'];

/** Which pay code each kind of time off is exported under (VAC, SICK, UNPAID, TOIL-TAKEN). */
export function LeaveCodesSection() {
  const { t } = useLingui();
  const defaultLabel = (code: string) => t`Default (${code})`;
  const types = useQuery({
    queryKey: typesKey,
    queryFn: ({ signal }) =>
      apiRequest('/api/time-off/types', {
        schema: z.object({ types: z.array(timeOffTypeSchema) }),
        signal,
      }),
  });
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: ({ type, payCode }: { type: TimeOffType; payCode: string }) =>
      apiRequest(`/api/time-off/types/${type.id}`, {
        method: 'PUT',
        body: {
          name: type.name,
          isPaid: type.isPaid,
          isUnlimited: type.isUnlimited,
          isArchived: type.isArchived,
          payCode: payCode === '' ? null : payCode,
        },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payrollKey }),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Leave pay codes</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            The pay code each kind of time off is exported under. Without one, paid time off counts
            as VAC and unpaid as UNPAID.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <QueryState query={types}>
          {(data) => (
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {data.types.map((type) => (
                <Field key={type.id} id={`leave-code-${type.id}`} label={type.name}>
                  <Select
                    value={type.payCode ?? ''}
                    disabled={save.isPending}
                    onChange={(event) => save.mutate({ type, payCode: event.target.value })}
                  >
                    <option value="">{defaultLabel(type.isPaid ? 'VAC' : 'UNPAID')}</option>
                    {LEAVE_PAY_CODES.map((code) => (
                      <option key={code} value={code}>
                        {code}
                      </option>
                    ))}
                  </Select>
                </Field>
              ))}
            </div>
          )}
        </QueryState>
        {save.error && (
          <p role="alert" className="text-sm text-destructive">
            {save.error.message}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
