import { t } from '@lingui/core/macro';
import type { LabourAgreement } from '@punchclock/shared/contracts/pay-rules';

export type AgreementStatus = 'Upcoming' | 'In force' | 'Ended';

/** Where an agreement stands on a business date: not started, applying, or over. */
export function agreementStatus(
  agreement: Pick<LabourAgreement, 'startDate' | 'endDate'>,
  today: string,
): AgreementStatus {
  if (agreement.startDate > today) return 'Upcoming';
  if (agreement.endDate !== null && agreement.endDate < today) return 'Ended';
  return 'In force';
}

/** The status as the reader's language says it. */
export function agreementStatusLabel(status: AgreementStatus): string {
  switch (status) {
    case 'Upcoming':
      return t`Upcoming`;
    case 'Ended':
      return t`Ended`;
    case 'In force':
      return t`In force`;
  }
}

/** The kind of agreement in plain words, in the reader's language. */
export function agreementKindLabel(kind: LabourAgreement['kind']): string {
  switch (kind) {
    case 'excess_weekly_hours':
      return t`More than 48 hours a week`;
    case 'averaging':
      return t`Averaging hours over 2 to 4 weeks`;
  }
}
