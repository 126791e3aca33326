import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { translate } from '@punchclock/shared/i18n/runtime';

/*
 * The kinds of record an audit row is about, as people name them. The stored key (`time_event`)
 * stays what a filter sends and an export holds; the filter shows the label. A key without a
 * label (a kind added later) is shown as it is stored.
 */
const ENTITY_TYPES: Record<string, MessageDescriptor> = {
  api_token: msg({ message: 'API token', context: 'audit entity' }),
  availability_exception: msg({ message: 'Availability exception', context: 'audit entity' }),
  backup: msg({ message: 'Backup', context: 'audit entity' }),
  kiosk_device: msg({ message: 'Kiosk', context: 'audit entity' }),
  labour_agreement: msg({ message: 'Labour agreement', context: 'audit entity' }),
  late_punch_review: msg({ message: 'Late punch', context: 'audit entity' }),
  notification: msg({ message: 'Notification', context: 'audit entity' }),
  pay_rate: msg({ message: 'Pay rate', context: 'audit entity' }),
  pay_rule_assignment: msg({ message: 'Pay rule assignment', context: 'audit entity' }),
  pay_rule_set: msg({ message: 'Pay rule set', context: 'audit entity' }),
  payroll_export: msg({ message: 'Payroll export', context: 'audit entity' }),
  payroll_preset: msg({ message: 'Payroll export preset', context: 'audit entity' }),
  period_lock: msg({ message: 'Pay period lock', context: 'audit entity' }),
  public_holiday: msg({ message: 'Public holiday', context: 'audit entity' }),
  recompute_run: msg({ message: 'Recalculation', context: 'audit entity' }),
  roster_week: msg({ message: 'Roster week', context: 'audit entity' }),
  schedule_assignment: msg({ message: 'Schedule assignment', context: 'audit entity' }),
  schedule_template: msg({ message: 'Schedule template', context: 'audit entity' }),
  session: msg({ message: 'Session', context: 'audit entity' }),
  setting: msg({ message: 'Settings', context: 'audit entity' }),
  settings: msg({ message: 'Settings', context: 'audit entity' }),
  shift: msg({ message: 'Shift', context: 'audit entity' }),
  sso_provider: msg({ message: 'Single sign-on provider', context: 'audit entity' }),
  team: msg({ message: 'Team', context: 'audit entity' }),
  time_correction: msg({ message: 'Punch correction', context: 'audit entity' }),
  time_event: msg({ message: 'Punch', context: 'audit entity' }),
  time_off_allowance: msg({ message: 'Time off allowance', context: 'audit entity' }),
  time_off_request: msg({ message: 'Time off request', context: 'audit entity' }),
  time_off_type: msg({ message: 'Leave type', context: 'audit entity' }),
  timesheet_signoff: msg({ message: 'Timesheet sign-off', context: 'audit entity' }),
  user: msg({ message: 'User', context: 'audit entity' }),
  webhook_delivery: msg({ message: 'Webhook delivery', context: 'audit entity' }),
  webhook_endpoint: msg({ message: 'Webhook', context: 'audit entity' }),
};

/** An audit entity key as the reader names it ("Punch" for `time_event`), else the key. */
export function entityTypeLabel(key: string): string {
  const label = Object.hasOwn(ENTITY_TYPES, key) ? ENTITY_TYPES[key] : undefined;
  return label ? translate(label) : key;
}

/** Whether the key has a label (an unlabelled key is an identifier, not words). */
export function hasEntityTypeLabel(key: string): boolean {
  return Object.hasOwn(ENTITY_TYPES, key);
}

/** The filter's choices: each key with its label, in the reader's alphabetical order. */
export function entityTypeOptions(keys: readonly string[]): { value: string; label: string }[] {
  return keys
    .map((value) => ({ value, label: entityTypeLabel(value) }))
    .sort((a, b) => a.label.localeCompare(b.label) || a.value.localeCompare(b.value));
}
