import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { LEAVE_PAY_CODES, type LeavePayCode } from '@punchclock/shared/domain/pay/pay-codes';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { QueryState } from '@/components/ui/query-state';
import { Select } from '@/components/ui/select';
import { leaveTypesQueryOptions, payrollChanges, usePayrollChange } from './api';

/** Which pay code each kind of time off is exported under (VAC, SICK, UNPAID, TOIL-TAKEN). */
export function LeaveCodesSection() {
  const { t } = useLingui();
  const defaultLabel = (code: string) => t`Default (${code})`;
  const types = useQuery(leaveTypesQueryOptions);
  const save = usePayrollChange();

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
                    onChange={(event) =>
                      save.mutate(() =>
                        payrollChanges.setLeavePayCode(
                          type,
                          // The choices are the leave pay codes and '' (the default).
                          event.target.value as LeavePayCode | '',
                        ),
                      )
                    }
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
