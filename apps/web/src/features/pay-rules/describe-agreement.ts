import {
  LABOUR_AGREEMENT_KIND_LABELS,
  type LabourAgreement,
} from '@punchclock/shared/contracts/pay-rules';

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

export const agreementKindLabel = (kind: LabourAgreement['kind']) =>
  LABOUR_AGREEMENT_KIND_LABELS[kind];
