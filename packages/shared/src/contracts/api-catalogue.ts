import { z } from 'zod';
import type { Access } from '../domain/roles.ts';
import { adminOverviewResponseSchema } from './admin.ts';
import {
  computeRequirementsRequestSchema,
  computeRequirementsResponseSchema,
  coverageQuerySchema,
  coverageResponseSchema,
  demandImportRequestSchema,
  demandImportResponseSchema,
  demandSettingsInputSchema,
  demandSettingsSchema,
  forecastQuerySchema,
  forecastResponseSchema,
  postGapRequestSchema,
  postGapResponseSchema,
  requirementsInputSchema,
  requirementsQuerySchema,
  requirementsResponseSchema,
  solverRunRequestSchema,
  solverRunResponseSchema,
  solverRunsQuerySchema,
  solverRunsResponseSchema,
} from './demand.ts';
import { emailPreferencesSchema, updateEmailPreferencesSchema } from './email.ts';
import {
  peopleImportCommitSchema,
  peopleImportFileSchema,
  peopleImportResultSchema,
  peopleImportTemplateQuerySchema,
} from './people-import.ts';
import { languageResponseSchema, updateLanguageRequestSchema } from './language.ts';
import {
  apiTokensResponseSchema,
  createApiTokenRequestSchema,
  createApiTokenResponseSchema,
  type ApiScope,
} from './api-tokens.ts';
import {
  calendarFeedsResponseSchema,
  createCalendarFeedRequestSchema,
  createCalendarFeedResponseSchema,
} from './calendar-feeds.ts';
import {
  approvalSettingsSchema,
  approvalsQuerySchema,
  approvalsResponseSchema,
  correctionRequestSchema,
  correctionResponseSchema,
  correctionsResponseSchema,
  decisionResultSchema,
  decisionSchema,
  lockPeriodRequestSchema,
  lockPeriodResponseSchema,
  periodLocksResponseSchema,
  smeOverviewSchema,
} from './approvals.ts';
import {
  auditFacetsResponseSchema,
  auditFilterSchema,
  listAuditQuerySchema,
  listAuditResponseSchema,
} from './audit.ts';
import { sessionResponseSchema, signInRequestSchema, signInResponseSchema } from './auth.ts';
import {
  scimDocumentSchema,
  scimGroupMappingInputSchema,
  scimGroupMappingSchema,
  scimGroupMappingsResponseSchema,
  scimGroupSchema,
  scimListQuerySchema,
  scimListResponseSchema,
  scimPatchInputSchema,
  scimResourceInputSchema,
  scimUserSchema,
} from './scim.ts';
import {
  completeSetupRequestSchema,
  setupDoneResponseSchema,
  setupLinkRequestSchema,
  setupStatusResponseSchema,
} from './setup.ts';
import {
  signInSettingsInputSchema,
  signInSettingsSchema,
  ssoButtonsResponseSchema,
  ssoProviderInputSchema,
  ssoProviderResponseSchema,
  ssoProvidersResponseSchema,
  ssoStartQuerySchema,
} from './sso.ts';
import {
  addPasskeyRequestSchema,
  confirmTotpRequestSchema,
  myTwoFactorSchema,
  passkeySchema,
  passkeySignInRequestSchema,
  reauthenticationRequestSchema,
  recoveryCodesResponseSchema,
  removeTotpRequestSchema,
  renamePasskeyRequestSchema,
  secondFactorRequestSchema,
  totpSetupResponseSchema,
  twoFactorSettingsSchema,
  webAuthnOptionsSchema,
} from './two-factor.ts';
import {
  allotmentDayInputSchema,
  availabilityExceptionInputSchema,
  availabilityExceptionResponseSchema,
  availabilityResponseSchema,
  copyWeekRequestSchema,
  fillFromTemplateRequestSchema,
  publishRosterRequestSchema,
  publishRosterResponseSchema,
  rosterBulkResponseSchema,
  rosterProjectionResponseSchema,
  rosterQuerySchema,
  rosterResponseSchema,
  rosterSettingsResponseSchema,
  shiftInputSchema,
  shiftMarketResponseSchema,
  shiftResponseSchema,
  shiftTradeRequestSchema,
  shiftTradeResponseSchema,
  teamRosterSettingsInputSchema,
  weeklyAvailabilityInputSchema,
} from './rosters.ts';
import { backupListSchema, createBackupResponseSchema } from './backups.ts';
import { breakBoardResponseSchema } from './break-monitoring.ts';
import { healthResponseSchema, readyResponseSchema } from './health.ts';
import {
  createEnrolmentCodeRequestSchema,
  enrolDeviceRequestSchema,
  enrolmentCodeResponseSchema,
  identifyAtKioskRequestSchema,
  identifyAtKioskResponseSchema,
  kioskCardResponseSchema,
  kioskDeviceResponseSchema,
  kioskDevicesResponseSchema,
  kioskPinResponseSchema,
  myKioskPinResponseSchema,
  kioskPunchRequestSchema,
  offlineKioskPunchRequestSchema,
  setMyKioskPinRequestSchema,
  thisKioskResponseSchema,
} from './kiosk.ts';
import {
  addPlaceRequestSchema,
  locationPoliciesResponseSchema,
  placeResponseSchema,
  setLocationModeRequestSchema,
  setRetentionRequestSchema,
} from './locations.ts';
import {
  listNotificationsQuerySchema,
  listNotificationsResponseSchema,
  readAllNotificationsResponseSchema,
} from './notifications.ts';
import {
  assignmentInputSchema,
  assignmentResponseSchema as ruleAssignmentResponseSchema,
  endLabourAgreementInputSchema,
  labourAgreementInputSchema,
  labourAgreementResponseSchema,
  listAssignmentsQuerySchema,
  listAssignmentsResponseSchema as listRuleAssignmentsResponseSchema,
  listLabourAgreementsQuerySchema,
  listLabourAgreementsResponseSchema,
  listRuleSetsResponseSchema,
  ruleSetInputSchema,
  ruleSetResponseSchema,
  toilBalanceQuerySchema,
  toilBalanceSchema,
} from './pay-rules.ts';
import {
  addPublicHolidaySchema,
  employeeNumberInputSchema,
  employeeNumberResponseSchema,
  holidayYearQuerySchema,
  payRateInputSchema,
  payRateResponseSchema,
  payRatesQuerySchema,
  payRatesResponseSchema,
  payrollExportQuerySchema,
  payrollPeopleResponseSchema,
  payrollPreviewSchema,
  payrollQuerySchema,
  presetInputSchema,
  presetResponseSchema,
  presetsResponseSchema,
  publicHolidayListSchema,
  publicHolidayResponseSchema,
} from './payroll.ts';
import {
  webhookDeliveriesQuerySchema,
  webhookDeliveriesResponseSchema,
  webhookEndpointInputSchema,
  webhookEndpointSchema,
  webhookEndpointsResponseSchema,
  webhookSecretResponseSchema,
} from './webhooks.ts';
import {
  pushKeyResponseSchema,
  removePushSubscriptionRequestSchema,
  savePushSubscriptionRequestSchema,
  testPushResponseSchema,
} from './push.ts';
import {
  adherenceReportSchema,
  analyticsReportSchema,
  dayDetailQuerySchema,
  dayDetailSchema,
  exportFormatQuerySchema,
  personDaysQuerySchema,
  personDaysResponseSchema,
  recomputeRequestSchema,
  recomputeRunResponseSchema,
  recomputeRunsResponseSchema,
  reportRangeQuerySchema,
  workedHoursQuerySchema,
  workedHoursReportSchema,
} from './reports.ts';
import {
  assignmentFilterSchema,
  assignmentResponseSchema as scheduleAssignmentResponseSchema,
  createAssignmentsRequestSchema,
  listAssignmentsResponseSchema as listScheduleAssignmentsResponseSchema,
  listTemplatesResponseSchema,
  myScheduleQuerySchema,
  myScheduleResponseSchema,
  scheduleTemplateInputSchema,
  templateResponseSchema,
  updateAssignmentRequestSchema,
} from './schedules.ts';
import {
  allowanceInputSchema,
  allowancesOverviewSchema,
  allowancesQuerySchema,
  createTimeOffRequestSchema,
  createTimeOffResponseSchema,
  myTimeOffQuerySchema,
  myTimeOffResponseSchema,
  timeOffTypeInputSchema,
  timeOffTypeResponseSchema,
  timeOffRequestsQuerySchema,
  timeOffRequestsResponseSchema,
  timeOffTypesResponseSchema,
} from './time-off.ts';
import {
  historyQuerySchema,
  punchChangesQuerySchema,
  punchChangesResponseSchema,
  historyResponseSchema,
  recordTimeEventRequestSchema,
  recordTimeEventResponseSchema,
  todayResponseSchema,
} from './time-tracking.ts';
import {
  approvePeriodResultSchema,
  approvePeriodSchema,
  decideTimesheetSchema,
  submitTimesheetSchema,
  timesheetPeriodQuerySchema,
  timesheetPeriodSchema,
  timesheetQuerySchema,
  timesheetWithSignOffSchema,
  withdrawTimesheetSchema,
} from './timesheets.ts';
import {
  changeMyPasswordRequestSchema,
  createUserRequestSchema,
  createUserResponseSchema,
  directoryResponseSchema,
  listTeamsResponseSchema,
  listUsersQuerySchema,
  listUsersResponseSchema,
  passwordLinkRequestSchema,
  passwordTokenInfoSchema,
  resetPasswordResponseSchema,
  setPasswordRequestSchema,
  setPasswordResponseSchema,
  teamInputSchema,
  teamResponseSchema,
  updateMyProfileRequestSchema,
  updateUserRequestSchema,
  userResponseSchema,
} from './users.ts';
import {
  sessionsEndedResponseSchema,
  signedInSessionsResponseSchema,
} from './signed-in-sessions.ts';

/**
 * One HTTP endpoint of the server: the zod contracts of what it reads and what it answers. The
 * catalogue below lists every one; the OpenAPI document, the input fuzz test and the check of
 * every JSON answer in the API tests are made from it.
 */
export interface EndpointContract {
  /** One line: what the endpoint does, for the API reference. */
  summary: string;
  /** The group it is listed under in the reference (e.g. 'Time tracking', 'Kiosk', 'Reports'). */
  tag: string;
  /** Who may call it; the server registers the route with this rule (platform/endpoints.ts). */
  access: Access;
  /** The JSON body it parses. */
  body?: z.ZodType;
  /** The query string it parses. */
  query?: z.ZodType;
  /** The JSON body of its success answer. Absent when it answers 204 or with something that is not JSON. */
  response?: z.ZodType;
  /** The success status when it is not 200 (201 for creations, 204 for no content). */
  status?: number;
  /** The media type when the answer is not JSON: 'text/csv', 'text/event-stream', 'application/octet-stream', etc. */
  produces?: string;
  /**
   * The API-token scope that reaches it (decision 0032). Without one, only a browser session
   * may call it: tokens never manage tokens, people, settings or approvals.
   */
  scope?: ApiScope;
  /** It acts on the caller's own records ("my punches"), which a service token, being nobody, has not. */
  actsOnCaller?: boolean;
  /**
   * A session that must first set up two-step verification may call it (decision
   * 0056); every other route refuses such a session with 403 two_factor_setup_required.
   */
  duringTwoFactorSetup?: true;
}

/** Every /api route, and the /scim/v2 routes a directory calls; keyed `METHOD path` as Fastify registers it. */
export const API_ENDPOINTS = {
  // ---- Health ---------------------------------------------------------------------------------
  'GET /api/health': {
    summary: 'Liveness: the process is up and answering',
    tag: 'Health',
    access: 'public',
    response: healthResponseSchema,
  },
  'GET /api/ready': {
    summary: 'Readiness: whether this instance should get traffic (503, same body, if not)',
    tag: 'Health',
    access: 'public',
    response: readyResponseSchema,
  },

  // ---- Authentication -------------------------------------------------------------------------
  'POST /api/auth/sign-in': {
    summary: 'Sign in with email and password (sets the session cookie)',
    tag: 'Authentication',
    access: 'public',
    body: signInRequestSchema,
    response: signInResponseSchema,
  },
  'POST /api/auth/sign-out': {
    summary: 'Sign out: end the session and clear its cookie',
    tag: 'Authentication',
    access: 'public',
    status: 204,
    duringTwoFactorSetup: true,
  },
  'GET /api/auth/session': {
    summary: 'The signed-in person (or null), the idle timeout and the business time zone',
    tag: 'Authentication',
    access: 'public',
    response: sessionResponseSchema,
    duringTwoFactorSetup: true,
  },
  'POST /api/auth/second-factor': {
    summary:
      'Finish a password sign-in with an authenticator code, a recovery code or a passkey (sets the session cookie)',
    tag: 'Two-step verification',
    access: 'public',
    body: secondFactorRequestSchema,
    response: signInResponseSchema,
  },
  'POST /api/auth/second-factor/passkey-options': {
    summary: 'The challenge for finishing a password sign-in with a passkey',
    tag: 'Two-step verification',
    access: 'public',
    response: webAuthnOptionsSchema,
  },
  'POST /api/auth/passkey-options': {
    summary: 'The challenge for signing in with a passkey alone (no email, no password)',
    tag: 'Two-step verification',
    access: 'public',
    response: webAuthnOptionsSchema,
  },
  'POST /api/auth/passkey': {
    summary: 'Sign in with a passkey (sets the session cookie)',
    tag: 'Two-step verification',
    access: 'public',
    body: passkeySignInRequestSchema,
    response: signInResponseSchema,
  },
  'GET /api/me/two-factor': {
    summary: "The caller's two-step verification: authenticator app, recovery codes left, passkeys",
    tag: 'Two-step verification',
    access: 'signed-in',
    response: myTwoFactorSchema,
    duringTwoFactorSetup: true,
  },
  'POST /api/me/two-factor/totp': {
    summary:
      'Start setting up an authenticator app (with the password or a current code): a new secret and its QR code',
    tag: 'Two-step verification',
    access: 'signed-in',
    body: reauthenticationRequestSchema,
    response: totpSetupResponseSchema,
    duringTwoFactorSetup: true,
  },
  'POST /api/me/two-factor/totp/confirm': {
    summary: 'Turn the authenticator app on with a code from it; answers the recovery codes, once',
    tag: 'Two-step verification',
    access: 'signed-in',
    body: confirmTotpRequestSchema,
    response: recoveryCodesResponseSchema,
    duringTwoFactorSetup: true,
  },
  'POST /api/me/two-factor/totp/remove': {
    summary: 'Remove the authenticator app (with the password or a current code)',
    tag: 'Two-step verification',
    access: 'signed-in',
    body: removeTotpRequestSchema,
    status: 204,
  },
  'POST /api/me/two-factor/recovery-codes': {
    summary:
      'New recovery codes (with the password or a current code; the old ones stop working); answers them, once',
    tag: 'Two-step verification',
    access: 'signed-in',
    body: reauthenticationRequestSchema,
    response: recoveryCodesResponseSchema,
  },
  'POST /api/me/passkeys/options': {
    summary: 'The challenge for adding a passkey (with the password or a current code)',
    tag: 'Two-step verification',
    access: 'signed-in',
    body: reauthenticationRequestSchema,
    response: webAuthnOptionsSchema,
    duringTwoFactorSetup: true,
  },
  'POST /api/me/passkeys': {
    summary: 'Add a passkey',
    tag: 'Two-step verification',
    access: 'signed-in',
    body: addPasskeyRequestSchema,
    response: passkeySchema,
    status: 201,
    duringTwoFactorSetup: true,
  },
  'PUT /api/me/passkeys/:id': {
    summary: 'Rename a passkey',
    tag: 'Two-step verification',
    access: 'signed-in',
    body: renamePasskeyRequestSchema,
    response: passkeySchema,
  },
  'DELETE /api/me/passkeys/:id': {
    summary: 'Remove a passkey',
    tag: 'Two-step verification',
    access: 'signed-in',
    status: 204,
  },
  'GET /api/admin/two-factor-settings': {
    summary: 'Who must use two-step verification with a password: nobody, admins, or everyone',
    tag: 'Two-step verification',
    access: 'admin',
    response: twoFactorSettingsSchema,
  },
  'PUT /api/admin/two-factor-settings': {
    summary: 'Require two-step verification of admins, of everyone, or of nobody',
    tag: 'Two-step verification',
    access: 'admin',
    body: twoFactorSettingsSchema,
    response: twoFactorSettingsSchema,
  },
  'DELETE /api/users/:id/two-factor': {
    summary: "Remove a person's authenticator app, recovery codes and passkeys (a lost phone)",
    tag: 'Two-step verification',
    access: 'admin',
    status: 204,
  },
  'GET /api/auth/sso-providers': {
    summary: 'The sign-in page’s “Sign in with …” buttons: enabled single sign-on providers',
    tag: 'Authentication',
    access: 'public',
    response: ssoButtonsResponseSchema,
  },
  'GET /api/auth/sso/:slug/start': {
    summary: 'Go to the provider to sign in (Authorization Code flow with PKCE, state and nonce)',
    tag: 'Authentication',
    access: 'public',
    query: ssoStartQuerySchema,
    status: 302,
  },
  'GET /api/auth/sso/:slug/callback': {
    summary:
      'Where the provider sends the person back: signs them in, or back to /auth with why not',
    tag: 'Authentication',
    access: 'public',
    status: 302,
  },
  'POST /api/auth/password-link': {
    summary: 'Whose one-time set-password link a token is, and what it is for',
    tag: 'Authentication',
    access: 'public',
    body: passwordLinkRequestSchema,
    response: passwordTokenInfoSchema,
  },
  'POST /api/auth/set-password': {
    summary: 'Set a password with a one-time link',
    tag: 'Authentication',
    access: 'public',
    body: setPasswordRequestSchema,
    response: setPasswordResponseSchema,
  },

  // ---- Setup (the first run, decision 0053) -----------------------------
  'GET /api/setup/status': {
    summary: 'Whether the instance still waits for its first admin, and the organisation’s name',
    tag: 'Setup',
    access: 'public',
    response: setupStatusResponseSchema,
  },
  'POST /api/setup/link': {
    summary: 'Whether a one-time setup link is usable (204; 404 when not)',
    tag: 'Setup',
    access: 'public',
    body: setupLinkRequestSchema,
    status: 204,
  },
  'POST /api/setup': {
    summary:
      'Set up an empty instance with its one-time link: organisation, pay period, province, first admin (signs them in)',
    tag: 'Setup',
    access: 'public',
    body: completeSetupRequestSchema,
    response: setupDoneResponseSchema,
    status: 201,
  },

  // ---- Admin ----------------------------------------------------------------------------------
  'GET /api/admin/overview': {
    summary: 'Today at a glance: who is working, late, on break; pending approvals',
    tag: 'Admin',
    access: 'admin',
    scope: 'reports:read',
    response: adminOverviewResponseSchema,
  },

  // ---- Locations ------------------------------------------------------------------------------
  'GET /api/locations': {
    summary: "Every team's location policy and how long punch locations are kept",
    tag: 'Locations',
    access: 'admin',
    response: locationPoliciesResponseSchema,
  },
  'PUT /api/locations/teams/:id/mode': {
    summary: "Set a team's location mode (off, record, warn, require)",
    tag: 'Locations',
    access: 'admin',
    body: setLocationModeRequestSchema,
    status: 204,
  },
  'POST /api/locations/teams/:id/places': {
    summary: 'Add an allowed place (an area or a network) to a team',
    tag: 'Locations',
    access: 'admin',
    body: addPlaceRequestSchema,
    response: placeResponseSchema,
    status: 201,
  },
  'DELETE /api/locations/places/:id': {
    summary: 'Remove an allowed place',
    tag: 'Locations',
    access: 'admin',
    status: 204,
  },
  'PUT /api/locations/retention': {
    summary: 'Set how many days punch locations are kept',
    tag: 'Locations',
    access: 'admin',
    body: setRetentionRequestSchema,
    status: 204,
  },

  // ---- Push reminders -------------------------------------------------------------------------
  'GET /api/push/key': {
    summary: 'The public key to subscribe to push reminders with',
    tag: 'Push reminders',
    access: 'signed-in',
    response: pushKeyResponseSchema,
  },
  'PUT /api/push/subscription': {
    summary: "Save this device's push subscription",
    tag: 'Push reminders',
    access: 'signed-in',
    body: savePushSubscriptionRequestSchema,
    status: 204,
  },
  'DELETE /api/push/subscription': {
    summary: "Remove this device's push subscription",
    tag: 'Push reminders',
    access: 'signed-in',
    body: removePushSubscriptionRequestSchema,
    status: 204,
  },
  'POST /api/push/test': {
    summary: "Send a test reminder to the caller's devices",
    tag: 'Push reminders',
    access: 'signed-in',
    response: testPushResponseSchema,
  },

  // ---- Approvals ------------------------------------------------------------------------------
  'GET /api/approvals': {
    summary: 'The approvals queue: time off, corrections and late punches',
    tag: 'Approvals',
    access: ['sme', 'team_lead'],
    query: approvalsQuerySchema,
    response: approvalsResponseSchema,
  },
  'POST /api/approvals/decide': {
    summary: 'Approve or reject requests in bulk',
    tag: 'Approvals',
    access: ['sme', 'team_lead'],
    body: decisionSchema,
    response: decisionResultSchema,
  },
  'GET /api/approvals/sme-overview': {
    summary: "The SME dashboard: what waits, and today's exceptions",
    tag: 'Approvals',
    access: 'sme',
    response: smeOverviewSchema,
  },
  'GET /api/approvals/locks': {
    summary: 'Locked pay periods, reopened ones included',
    tag: 'Approvals',
    access: 'admin',
    response: periodLocksResponseSchema,
  },
  'POST /api/approvals/locks': {
    summary: 'Lock a range of days against changes',
    tag: 'Approvals',
    access: 'admin',
    body: lockPeriodRequestSchema,
    response: lockPeriodResponseSchema,
    status: 201,
  },
  'POST /api/approvals/locks/:id/reopen': {
    summary: 'Reopen a locked period',
    tag: 'Approvals',
    access: 'admin',
    status: 204,
  },
  'GET /api/approvals/settings': {
    summary: 'Whether team leads approve their own team',
    tag: 'Approvals',
    access: ['sme', 'team_lead'],
    response: approvalSettingsSchema,
  },
  'PUT /api/approvals/settings': {
    summary: 'Let team leads approve their own team, or not',
    tag: 'Approvals',
    access: 'admin',
    body: approvalSettingsSchema,
    response: approvalSettingsSchema,
  },

  // ---- Corrections ----------------------------------------------------------------------------
  'GET /api/corrections': {
    summary: "The caller's own correction requests",
    tag: 'Corrections',
    access: 'signed-in',
    scope: 'punches:read',
    actsOnCaller: true,
    response: correctionsResponseSchema,
  },
  'POST /api/corrections': {
    summary: 'Ask to add, move or remove a punch',
    tag: 'Corrections',
    access: 'signed-in',
    body: correctionRequestSchema,
    response: correctionResponseSchema,
    status: 201,
  },
  'POST /api/corrections/:id/cancel': {
    summary: 'Cancel one of your own pending correction requests',
    tag: 'Corrections',
    access: 'signed-in',
    status: 204,
  },

  // ---- Audit log ------------------------------------------------------------------------------
  'GET /api/audit-logs': {
    summary: 'Audit log entries, newest first, a page at a time',
    tag: 'Audit log',
    access: 'admin',
    query: listAuditQuerySchema,
    response: listAuditResponseSchema,
  },
  'GET /api/audit-logs/facets': {
    summary: 'The actions, entity types and people to filter the audit log by',
    tag: 'Audit log',
    access: 'admin',
    response: auditFacetsResponseSchema,
  },
  'GET /api/audit-logs/export': {
    summary: 'Download the matching audit log entries as CSV',
    tag: 'Audit log',
    access: 'admin',
    query: auditFilterSchema,
    produces: 'text/csv',
  },

  // ---- Backups --------------------------------------------------------------------------------
  'GET /api/backups': {
    summary: 'Stored database snapshots and the backup schedule (embedded database only)',
    tag: 'Backups',
    access: 'admin',
    response: backupListSchema,
  },
  'POST /api/backups': {
    summary: 'Take a snapshot into the backup folder now',
    tag: 'Backups',
    access: 'admin',
    response: createBackupResponseSchema,
    status: 201,
  },
  'GET /api/backups/fresh': {
    summary: 'Download a snapshot taken now, without keeping it',
    tag: 'Backups',
    access: 'admin',
    produces: 'application/gzip',
  },
  'GET /api/backups/:name': {
    summary: 'Download a stored snapshot',
    tag: 'Backups',
    access: 'admin',
    produces: 'application/gzip',
  },

  // ---- Break monitoring -----------------------------------------------------------------------
  'GET /api/break-monitoring': {
    summary: 'The live board: where everyone is, and who is over their break',
    tag: 'Break monitoring',
    access: 'admin',
    scope: 'reports:read',
    response: breakBoardResponseSchema,
  },

  // ---- Kiosk ----------------------------------------------------------------------------------
  'POST /api/kiosk/enrolment-codes': {
    summary: 'Make a one-time code to enrol a device as a kiosk',
    tag: 'Kiosk',
    access: 'admin',
    body: createEnrolmentCodeRequestSchema,
    response: enrolmentCodeResponseSchema,
    status: 201,
  },
  'GET /api/kiosk/devices': {
    summary: 'Enrolled kiosk devices, revoked ones included',
    tag: 'Kiosk',
    access: 'admin',
    response: kioskDevicesResponseSchema,
  },
  'POST /api/kiosk/devices/:id/revoke': {
    summary: 'Revoke a kiosk device',
    tag: 'Kiosk',
    access: 'admin',
    response: kioskDeviceResponseSchema,
  },
  'POST /api/kiosk/enrol': {
    summary: 'Enrol this device as a kiosk with a one-time code (sets the device cookie)',
    tag: 'Kiosk',
    access: 'public',
    body: enrolDeviceRequestSchema,
    response: kioskDeviceResponseSchema,
    status: 201,
  },
  'GET /api/kiosk/device': {
    summary: 'The kiosk device asking, its time zone and its PIN sealing key',
    tag: 'Kiosk',
    access: 'public',
    response: thisKioskResponseSchema,
  },
  'POST /api/kiosk/identify': {
    summary: 'Identify a person at the kiosk by employee number and PIN',
    tag: 'Kiosk',
    access: 'public',
    body: identifyAtKioskRequestSchema,
    response: identifyAtKioskResponseSchema,
  },
  'POST /api/kiosk/punch': {
    summary: 'Record a punch at the kiosk for the person identified there (200 for a replay)',
    tag: 'Kiosk',
    access: 'public',
    body: kioskPunchRequestSchema,
    response: recordTimeEventResponseSchema,
    status: 201,
  },
  'POST /api/kiosk/offline-punch': {
    summary: 'Record a punch the kiosk captured while offline (200 for a replay)',
    tag: 'Kiosk',
    access: 'public',
    body: offlineKioskPunchRequestSchema,
    response: recordTimeEventResponseSchema,
    status: 201,
  },
  'GET /api/me/kiosk-pin': {
    summary: "Whether the caller's kiosk PIN is set, and their employee number",
    tag: 'Kiosk',
    access: 'signed-in',
    response: myKioskPinResponseSchema,
  },
  'PUT /api/me/kiosk-pin': {
    summary: 'Set your own kiosk PIN (asks for your password)',
    tag: 'Kiosk',
    access: 'signed-in',
    body: setMyKioskPinRequestSchema,
    response: kioskPinResponseSchema,
  },
  'GET /api/users/:id/kiosk': {
    summary: "A person's kiosk badge details and PIN status",
    tag: 'Kiosk',
    access: 'admin',
    response: kioskCardResponseSchema,
  },
  'POST /api/users/:id/kiosk-pin/reset': {
    summary: "Remove a person's kiosk PIN",
    tag: 'Kiosk',
    access: 'admin',
    response: kioskPinResponseSchema,
  },

  // ---- Notifications --------------------------------------------------------------------------
  'GET /api/notifications': {
    summary: "The caller's notifications, newest first, with the unread count",
    tag: 'Notifications',
    access: 'signed-in',
    query: listNotificationsQuerySchema,
    response: listNotificationsResponseSchema,
  },
  'POST /api/notifications/:id/read': {
    summary: 'Mark one notification read',
    tag: 'Notifications',
    access: 'signed-in',
    status: 204,
  },
  'POST /api/notifications/read-all': {
    summary: 'Mark all your notifications read',
    tag: 'Notifications',
    access: 'signed-in',
    response: readAllNotificationsResponseSchema,
  },

  // ---- Reports --------------------------------------------------------------------------------
  'GET /api/reports/adherence': {
    summary: 'Schedule adherence over a range, by person, by team and in total',
    tag: 'Reports',
    access: ['admin', 'team_lead'],
    scope: 'reports:read',
    query: reportRangeQuerySchema,
    response: adherenceReportSchema,
  },
  'GET /api/reports/person-days': {
    summary: "One person's days over a range, with their adherence figures",
    tag: 'Reports',
    access: ['admin', 'team_lead'],
    scope: 'reports:read',
    query: personDaysQuerySchema,
    response: personDaysResponseSchema,
  },
  'GET /api/reports/day': {
    summary: "One person's day in detail: plan, punches and metrics",
    tag: 'Reports',
    access: ['admin', 'team_lead'],
    scope: 'reports:read',
    query: dayDetailQuerySchema,
    response: dayDetailSchema,
  },
  'GET /api/reports/worked-hours': {
    summary: 'Worked hours, overtime, breaks and leave by day, week or period',
    tag: 'Reports',
    access: ['admin', 'team_lead'],
    scope: 'reports:read',
    query: workedHoursQuerySchema,
    response: workedHoursReportSchema,
  },
  'GET /api/reports/analytics': {
    summary: 'Trends, the lateness heatmap, top exceptions and teams over a range',
    tag: 'Reports',
    access: ['admin', 'team_lead'],
    scope: 'reports:read',
    query: reportRangeQuerySchema,
    response: analyticsReportSchema,
  },
  'GET /api/reports/worked-hours/export': {
    summary: 'Download the worked-hours report as CSV, or as XLSX with format=xlsx',
    tag: 'Reports',
    access: ['admin', 'team_lead'],
    scope: 'reports:read',
    query: workedHoursQuerySchema.and(exportFormatQuerySchema),
    // format=xlsx: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet
    produces: 'text/csv',
  },
  'POST /api/reports/recompute': {
    summary: 'Queue a recomputation of day metrics over a range',
    tag: 'Reports',
    access: 'admin',
    body: recomputeRequestSchema,
    response: recomputeRunResponseSchema,
    status: 202,
  },
  'GET /api/reports/recompute': {
    summary: 'Recent recomputation runs',
    tag: 'Reports',
    access: 'admin',
    response: recomputeRunsResponseSchema,
  },
  'GET /api/reports/recompute/:id': {
    summary: 'One recomputation run and its progress',
    tag: 'Reports',
    access: 'admin',
    response: recomputeRunResponseSchema,
  },

  // ---- Timesheets -----------------------------------------------------------------------------
  'GET /api/timesheets': {
    summary: "A person's timesheet for a pay period, with its sign-off",
    tag: 'Timesheets',
    access: 'signed-in',
    scope: 'timesheets:read',
    query: timesheetQuerySchema,
    response: timesheetWithSignOffSchema,
  },
  'POST /api/timesheets/submit': {
    summary: 'Submit your own timesheet for a pay period',
    tag: 'Timesheets',
    access: 'signed-in',
    body: submitTimesheetSchema,
    response: timesheetWithSignOffSchema,
  },
  'POST /api/timesheets/withdraw': {
    summary: 'Withdraw your submitted timesheet before it is decided',
    tag: 'Timesheets',
    access: 'signed-in',
    body: withdrawTimesheetSchema,
    response: timesheetWithSignOffSchema,
  },
  'POST /api/timesheets/decide': {
    summary: "Approve or return a person's timesheet",
    tag: 'Timesheets',
    access: ['sme', 'team_lead'],
    body: decideTimesheetSchema,
    response: timesheetWithSignOffSchema,
  },
  'GET /api/timesheets/period': {
    summary: "A pay period's sign-off status for everyone the caller sees",
    tag: 'Timesheets',
    access: ['sme', 'team_lead'],
    scope: 'timesheets:read',
    query: timesheetPeriodQuerySchema,
    response: timesheetPeriodSchema,
  },
  'POST /api/timesheets/period/approve': {
    summary: 'Approve every submitted timesheet of a pay period and lock it',
    tag: 'Timesheets',
    access: 'admin',
    body: approvePeriodSchema,
    response: approvePeriodResultSchema,
  },

  // ---- Payroll --------------------------------------------------------------------------------
  'GET /api/payroll/holidays': {
    summary: "A year's public holidays, removed Ontario ones included",
    tag: 'Payroll',
    access: 'admin',
    scope: 'payroll:read',
    query: holidayYearQuerySchema,
    response: publicHolidayListSchema,
  },
  'POST /api/payroll/holidays': {
    summary: 'Add a public holiday',
    tag: 'Payroll',
    access: 'admin',
    body: addPublicHolidaySchema,
    response: publicHolidayResponseSchema,
    status: 201,
  },
  'DELETE /api/payroll/holidays/:date': {
    summary: 'Remove a public holiday (an Ontario one can be restored)',
    tag: 'Payroll',
    access: 'admin',
    status: 204,
  },
  'POST /api/payroll/holidays/:date/restore': {
    summary: 'Restore a removed Ontario public holiday',
    tag: 'Payroll',
    access: 'admin',
    status: 204,
  },
  'GET /api/payroll/people': {
    summary: 'Everyone with their employee number and pay rates',
    tag: 'Payroll',
    access: 'admin',
    scope: 'payroll:read',
    response: payrollPeopleResponseSchema,
  },
  'PUT /api/payroll/people/:id/employee-number': {
    summary: "Set or clear a person's employee number",
    tag: 'Payroll',
    access: 'admin',
    body: employeeNumberInputSchema,
    response: employeeNumberResponseSchema,
  },
  'GET /api/payroll/rates': {
    summary: "A person's pay rates",
    tag: 'Payroll',
    access: 'admin',
    scope: 'payroll:read',
    query: payRatesQuerySchema,
    response: payRatesResponseSchema,
  },
  'POST /api/payroll/rates': {
    summary: 'Add an hourly pay rate effective from a date',
    tag: 'Payroll',
    access: 'admin',
    body: payRateInputSchema,
    response: payRateResponseSchema,
    status: 201,
  },
  'DELETE /api/payroll/rates/:id': {
    summary: 'Remove a pay rate',
    tag: 'Payroll',
    access: 'admin',
    status: 204,
  },
  'GET /api/payroll/presets': {
    summary: 'Payroll export column presets',
    tag: 'Payroll',
    access: 'admin',
    response: presetsResponseSchema,
  },
  'POST /api/payroll/presets': {
    summary: 'Create a payroll export column preset',
    tag: 'Payroll',
    access: 'admin',
    body: presetInputSchema,
    response: presetResponseSchema,
    status: 201,
  },
  'PUT /api/payroll/presets/:id': {
    summary: 'Change a payroll export column preset',
    tag: 'Payroll',
    access: 'admin',
    body: presetInputSchema,
    response: presetResponseSchema,
  },
  'DELETE /api/payroll/presets/:id': {
    summary: 'Delete a payroll export column preset',
    tag: 'Payroll',
    access: 'admin',
    status: 204,
  },
  'GET /api/payroll/preview': {
    summary: "Preview a pay period's payroll rows as a preset maps them",
    tag: 'Payroll',
    access: 'admin',
    scope: 'payroll:read',
    query: payrollQuerySchema,
    response: payrollPreviewSchema,
  },
  'GET /api/payroll/export': {
    summary: "Download a pay period's payroll as CSV, or as XLSX with format=xlsx",
    tag: 'Payroll',
    access: 'admin',
    scope: 'payroll:read',
    query: payrollExportQuerySchema,
    // format=xlsx: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet
    produces: 'text/csv',
  },

  // ---- Schedules ------------------------------------------------------------------------------
  'GET /api/schedule-templates': {
    summary: 'Schedule templates, archived ones included (team leads read them to fill a roster)',
    tag: 'Schedules',
    access: ['admin', 'team_lead'],
    scope: 'schedules:read',
    response: listTemplatesResponseSchema,
  },
  'POST /api/schedule-templates': {
    summary: 'Create a schedule template',
    tag: 'Schedules',
    access: 'admin',
    body: scheduleTemplateInputSchema,
    response: templateResponseSchema,
    status: 201,
  },
  'PUT /api/schedule-templates/:id': {
    summary: 'Change a schedule template',
    tag: 'Schedules',
    access: 'admin',
    body: scheduleTemplateInputSchema,
    response: templateResponseSchema,
  },
  'POST /api/schedule-templates/:id/archive': {
    summary: 'Archive a schedule template',
    tag: 'Schedules',
    access: 'admin',
    response: templateResponseSchema,
  },
  'POST /api/schedule-templates/:id/restore': {
    summary: 'Restore an archived schedule template',
    tag: 'Schedules',
    access: 'admin',
    response: templateResponseSchema,
  },
  'DELETE /api/schedule-templates/:id': {
    summary: 'Delete a schedule template',
    tag: 'Schedules',
    access: 'admin',
    status: 204,
  },
  'GET /api/schedule-assignments': {
    summary: 'Schedule assignments, by person and dates',
    tag: 'Schedules',
    access: 'admin',
    scope: 'schedules:read',
    query: assignmentFilterSchema,
    response: listScheduleAssignmentsResponseSchema,
  },
  'POST /api/schedule-assignments': {
    summary: 'Assign a schedule template to people over a date range',
    tag: 'Schedules',
    access: 'admin',
    body: createAssignmentsRequestSchema,
    response: listScheduleAssignmentsResponseSchema,
    status: 201,
  },
  'PUT /api/schedule-assignments/:id': {
    summary: 'Change a schedule assignment',
    tag: 'Schedules',
    access: 'admin',
    body: updateAssignmentRequestSchema,
    response: scheduleAssignmentResponseSchema,
  },
  'DELETE /api/schedule-assignments/:id': {
    summary: 'Delete a schedule assignment',
    tag: 'Schedules',
    access: 'admin',
    status: 204,
  },
  'GET /api/my-schedule': {
    summary: "The caller's own shifts and time off over a range",
    tag: 'Schedules',
    access: 'signed-in',
    scope: 'schedules:read',
    actsOnCaller: true,
    query: myScheduleQuerySchema,
    response: myScheduleResponseSchema,
  },

  // ---- Rosters --------------------------------------------------------------------------------
  'GET /api/roster': {
    summary:
      'A week of the roster: people, shifts (drafts too) with their conflicts, availability and time off',
    tag: 'Rosters',
    access: ['admin', 'team_lead'],
    scope: 'shifts:read',
    query: rosterQuerySchema,
    response: rosterResponseSchema,
  },
  'GET /api/roster/projection': {
    summary: "A roster week's hours, projected overtime and labour cost, per person and day",
    tag: 'Rosters',
    access: ['admin', 'team_lead'],
    scope: 'shifts:read',
    query: rosterQuerySchema,
    response: rosterProjectionResponseSchema,
  },
  'POST /api/roster/shifts': {
    summary: 'Add a shift to the roster (a draft until published); no person: an open shift',
    tag: 'Rosters',
    access: ['admin', 'team_lead'],
    scope: 'shifts:write',
    body: shiftInputSchema,
    response: shiftResponseSchema,
    status: 201,
  },
  'PUT /api/roster/shifts/:id': {
    summary: 'Change or move a shift (people see the change when it is published)',
    tag: 'Rosters',
    access: ['admin', 'team_lead'],
    scope: 'shifts:write',
    body: shiftInputSchema,
    response: shiftResponseSchema,
  },
  'DELETE /api/roster/shifts/:id': {
    summary: 'Delete a shift (a published one goes away for people at the next publish)',
    tag: 'Rosters',
    access: ['admin', 'team_lead'],
    scope: 'shifts:write',
    status: 204,
  },
  'POST /api/roster/copy-week': {
    summary: "Copy a week's shifts into another week as drafts (days already planned are skipped)",
    tag: 'Rosters',
    access: ['admin', 'team_lead'],
    scope: 'shifts:write',
    body: copyWeekRequestSchema,
    response: rosterBulkResponseSchema,
    status: 201,
  },
  'POST /api/roster/fill-from-template': {
    summary: "Fill a week with a schedule template's shifts for people, as drafts",
    tag: 'Rosters',
    access: ['admin', 'team_lead'],
    scope: 'shifts:write',
    body: fillFromTemplateRequestSchema,
    response: rosterBulkResponseSchema,
    status: 201,
  },
  'POST /api/roster/publish': {
    summary: "Publish a week's changes and tell each person what changed",
    tag: 'Rosters',
    access: ['admin', 'team_lead'],
    scope: 'shifts:write',
    body: publishRosterRequestSchema,
    response: publishRosterResponseSchema,
  },
  'GET /api/roster/settings': {
    summary: "Teams' roster settings: claims approved without a manager, time-off allotments",
    tag: 'Rosters',
    access: ['admin', 'team_lead'],
    response: rosterSettingsResponseSchema,
  },
  'PUT /api/roster/settings/:teamId': {
    summary: "Change a team's roster settings",
    tag: 'Rosters',
    access: 'admin',
    body: teamRosterSettingsInputSchema,
    response: rosterSettingsResponseSchema,
  },
  'PUT /api/roster/allotment-days': {
    summary: "Set (or clear) a team's time-off allotment on one day",
    tag: 'Rosters',
    access: 'admin',
    body: allotmentDayInputSchema,
    response: rosterSettingsResponseSchema,
  },
  'GET /api/availability': {
    summary: "The caller's weekly availability and their one-off exceptions from today on",
    tag: 'Rosters',
    access: 'signed-in',
    scope: 'shifts:read',
    actsOnCaller: true,
    response: availabilityResponseSchema,
  },
  'PUT /api/availability/weekly': {
    summary: "Replace the caller's weekly availability",
    tag: 'Rosters',
    access: 'signed-in',
    body: weeklyAvailabilityInputSchema,
    response: availabilityResponseSchema,
  },
  'POST /api/availability/exceptions': {
    summary: 'Add a one-off availability exception for a date',
    tag: 'Rosters',
    access: 'signed-in',
    body: availabilityExceptionInputSchema,
    response: availabilityExceptionResponseSchema,
    status: 201,
  },
  'DELETE /api/availability/exceptions/:id': {
    summary: "Remove one of the caller's availability exceptions",
    tag: 'Rosters',
    access: 'signed-in',
    status: 204,
  },
  'GET /api/shift-market': {
    summary: 'Open shifts the caller may claim, shifts offered to them, and their own trades',
    tag: 'Rosters',
    access: 'signed-in',
    scope: 'shifts:read',
    actsOnCaller: true,
    response: shiftMarketResponseSchema,
  },
  'POST /api/shift-trades': {
    summary: 'Claim an open shift, offer a shift to a colleague (swap) or to the team (drop)',
    tag: 'Rosters',
    access: 'signed-in',
    body: shiftTradeRequestSchema,
    response: shiftTradeResponseSchema,
    status: 201,
  },
  'POST /api/shift-trades/:id/accept': {
    summary:
      'Take a shift offered to you (a swap) or to your team (a drop); a manager then decides',
    tag: 'Rosters',
    access: 'signed-in',
    response: shiftTradeResponseSchema,
  },
  'POST /api/shift-trades/:id/decline': {
    summary: 'Turn down a swap offered to you',
    tag: 'Rosters',
    access: 'signed-in',
    response: shiftTradeResponseSchema,
  },
  'POST /api/shift-trades/:id/cancel': {
    summary: 'Withdraw your claim or offer while it waits',
    tag: 'Rosters',
    access: 'signed-in',
    response: shiftTradeResponseSchema,
  },

  // ---- Demand planning (#31) -------------------------------------------------------------------
  'GET /api/demand/settings/:teamId': {
    summary: "A team's demand settings: intervals, service target, shrinkage, shifts, costs",
    tag: 'Demand planning',
    access: ['admin', 'team_lead'],
    scope: 'shifts:read',
    response: demandSettingsSchema,
  },
  'PUT /api/demand/settings/:teamId': {
    summary: "Change a team's demand settings",
    tag: 'Demand planning',
    access: ['admin', 'team_lead'],
    scope: 'shifts:write',
    body: demandSettingsInputSchema,
    response: demandSettingsSchema,
  },
  'GET /api/demand/requirements': {
    summary: 'People needed per interval over a week, with where each figure came from',
    tag: 'Demand planning',
    access: ['admin', 'team_lead'],
    scope: 'shifts:read',
    query: requirementsQuerySchema,
    response: requirementsResponseSchema,
  },
  'PUT /api/demand/requirements': {
    summary: 'Type people needed into intervals (null clears one)',
    tag: 'Demand planning',
    access: ['admin', 'team_lead'],
    scope: 'shifts:write',
    body: requirementsInputSchema,
    response: requirementsResponseSchema,
  },
  'POST /api/demand/requirements/compute': {
    summary:
      'Compute people needed from workload (forecast or actuals) with Erlang C, the service target and shrinkage',
    tag: 'Demand planning',
    access: ['admin', 'team_lead'],
    scope: 'shifts:write',
    body: computeRequirementsRequestSchema,
    response: computeRequirementsResponseSchema,
  },
  'POST /api/demand/imports': {
    summary: 'Import requirements or workload history from a CSV or XLSX file (all or nothing)',
    tag: 'Demand planning',
    access: ['admin', 'team_lead'],
    scope: 'shifts:write',
    body: demandImportRequestSchema,
    response: demandImportResponseSchema,
  },
  'GET /api/demand/forecast': {
    summary: "A week's workload forecast from recent weeks, beside actuals where imported",
    tag: 'Demand planning',
    access: ['admin', 'team_lead'],
    scope: 'shifts:read',
    query: forecastQuerySchema,
    response: forecastResponseSchema,
  },
  'POST /api/demand/solver-runs': {
    summary: "Auto-fill a roster week's open days as drafts (runs in the background)",
    tag: 'Demand planning',
    access: ['admin', 'team_lead'],
    scope: 'shifts:write',
    body: solverRunRequestSchema,
    response: solverRunResponseSchema,
    status: 202,
  },
  'GET /api/demand/solver-runs': {
    summary: "A team's recent auto-fills of a week",
    tag: 'Demand planning',
    access: ['admin', 'team_lead'],
    scope: 'shifts:read',
    query: solverRunsQuerySchema,
    response: solverRunsResponseSchema,
  },
  'GET /api/demand/solver-runs/:id': {
    summary: "An auto-fill's progress, and its coverage, cost and optimality gap when done",
    tag: 'Demand planning',
    access: ['admin', 'team_lead'],
    scope: 'shifts:read',
    response: solverRunResponseSchema,
  },
  'POST /api/demand/solver-runs/:id/cancel': {
    summary: 'Stop an auto-fill (nothing is written)',
    tag: 'Demand planning',
    access: ['admin', 'team_lead'],
    scope: 'shifts:write',
    response: solverRunResponseSchema,
  },
  'GET /api/demand/coverage': {
    summary: "A day's coverage per interval: required, scheduled, planned and on the clock",
    tag: 'Demand planning',
    access: ['admin', 'team_lead'],
    scope: 'shifts:read',
    query: coverageQuerySchema,
    response: coverageResponseSchema,
  },
  'POST /api/demand/coverage/open-shifts': {
    summary: 'Post a coverage gap as published open shifts people can claim',
    tag: 'Demand planning',
    access: ['admin', 'team_lead'],
    scope: 'shifts:write',
    body: postGapRequestSchema,
    response: postGapResponseSchema,
    status: 201,
  },

  // ---- Pay rules ------------------------------------------------------------------------------
  'GET /api/pay-rules/rule-sets': {
    summary: 'Overtime rule sets',
    tag: 'Pay rules',
    access: 'admin',
    response: listRuleSetsResponseSchema,
  },
  'POST /api/pay-rules/rule-sets': {
    summary: 'Create an overtime rule set',
    tag: 'Pay rules',
    access: 'admin',
    body: ruleSetInputSchema,
    response: ruleSetResponseSchema,
    status: 201,
  },
  'PUT /api/pay-rules/rule-sets/:id': {
    summary: 'Change an overtime rule set not yet in effect',
    tag: 'Pay rules',
    access: 'admin',
    body: ruleSetInputSchema,
    response: ruleSetResponseSchema,
  },
  'GET /api/pay-rules/assignments': {
    summary: 'Rule set assignments to the organisation, teams and people',
    tag: 'Pay rules',
    access: 'admin',
    query: listAssignmentsQuerySchema,
    response: listRuleAssignmentsResponseSchema,
  },
  'POST /api/pay-rules/assignments': {
    summary: 'Apply a rule set to the organisation, a team or a person from a date',
    tag: 'Pay rules',
    access: 'admin',
    body: assignmentInputSchema,
    response: ruleAssignmentResponseSchema,
    status: 201,
  },
  'GET /api/pay-rules/toil-balance': {
    summary: 'Banked time off in lieu on a date, yours or a person you may see',
    tag: 'Pay rules',
    access: 'signed-in',
    query: toilBalanceQuerySchema,
    response: toilBalanceSchema,
  },
  'GET /api/pay-rules/agreements': {
    summary: 'Labour agreements on file',
    tag: 'Pay rules',
    access: 'admin',
    query: listLabourAgreementsQuerySchema,
    response: listLabourAgreementsResponseSchema,
  },
  'POST /api/pay-rules/agreements': {
    summary: 'File a labour agreement for a person',
    tag: 'Pay rules',
    access: 'admin',
    body: labourAgreementInputSchema,
    response: labourAgreementResponseSchema,
    status: 201,
  },
  'POST /api/pay-rules/agreements/:id/end': {
    summary: 'End a labour agreement on a date',
    tag: 'Pay rules',
    access: 'admin',
    body: endLabourAgreementInputSchema,
    response: labourAgreementResponseSchema,
  },

  // ---- Teams ----------------------------------------------------------------------------------
  'GET /api/teams': {
    summary: 'Teams: all for admins, the ones they lead for team leads',
    tag: 'Teams',
    access: ['admin', 'team_lead'],
    scope: 'people:read',
    response: listTeamsResponseSchema,
  },
  'POST /api/teams': {
    summary: 'Create a team',
    tag: 'Teams',
    access: 'admin',
    body: teamInputSchema,
    response: teamResponseSchema,
    status: 201,
  },
  'PUT /api/teams/:id': {
    summary: 'Rename a team or change its lead',
    tag: 'Teams',
    access: 'admin',
    body: teamInputSchema,
    response: teamResponseSchema,
  },
  'DELETE /api/teams/:id': {
    summary: 'Delete a team',
    tag: 'Teams',
    access: 'admin',
    status: 204,
  },

  // ---- Time off -------------------------------------------------------------------------------
  'GET /api/time-off': {
    summary: "The caller's own time off requests, balances and types for a year",
    tag: 'Time off',
    access: 'signed-in',
    scope: 'timeoff:read',
    actsOnCaller: true,
    query: myTimeOffQuerySchema,
    response: myTimeOffResponseSchema,
  },
  'POST /api/time-off': {
    summary: 'Request time off',
    tag: 'Time off',
    access: 'signed-in',
    body: createTimeOffRequestSchema,
    response: createTimeOffResponseSchema,
    status: 201,
  },
  'POST /api/time-off/:id/cancel': {
    summary: 'Cancel one of your own time off requests',
    tag: 'Time off',
    access: 'signed-in',
    status: 204,
  },
  'GET /api/time-off/requests': {
    summary: "Everyone's time off requests overlapping a period (a team lead: their teams')",
    tag: 'Time off',
    access: ['admin', 'team_lead'],
    scope: 'timeoff:read',
    query: timeOffRequestsQuerySchema,
    response: timeOffRequestsResponseSchema,
  },
  'GET /api/time-off/types': {
    summary: 'Time off types, archived ones included',
    tag: 'Time off',
    access: 'admin',
    scope: 'timeoff:read',
    response: timeOffTypesResponseSchema,
  },
  'POST /api/time-off/types': {
    summary: 'Create a time off type',
    tag: 'Time off',
    access: 'admin',
    body: timeOffTypeInputSchema,
    response: timeOffTypeResponseSchema,
    status: 201,
  },
  'PUT /api/time-off/types/:id': {
    summary: 'Change a time off type',
    tag: 'Time off',
    access: 'admin',
    body: timeOffTypeInputSchema,
    response: timeOffTypeResponseSchema,
  },
  'GET /api/time-off/allowances': {
    summary: "A year's allowances: team defaults and every person's figures",
    tag: 'Time off',
    access: 'admin',
    scope: 'timeoff:read',
    query: allowancesQuerySchema,
    response: allowancesOverviewSchema,
  },
  'PUT /api/time-off/allowances': {
    summary: "Set a person's or a team's yearly allowance of a type",
    tag: 'Time off',
    access: 'admin',
    body: allowanceInputSchema,
    status: 204,
  },

  // ---- Time tracking --------------------------------------------------------------------------
  'GET /api/time-events/today': {
    summary: "The caller's day: state, punches, limits and today's shift",
    tag: 'Time tracking',
    access: 'signed-in',
    scope: 'punches:read',
    actsOnCaller: true,
    response: todayResponseSchema,
  },
  'POST /api/time-events': {
    summary: 'Record a punch (clock in, break, lunch, clock out); 200 for a replay',
    tag: 'Time tracking',
    access: 'signed-in',
    scope: 'punches:write',
    actsOnCaller: true,
    body: recordTimeEventRequestSchema,
    response: recordTimeEventResponseSchema,
    status: 201,
  },
  'POST /api/users/:id/time-events': {
    summary: 'Record a punch on behalf of a person (another clock, a badge system)',
    tag: 'Time tracking',
    access: 'admin',
    scope: 'punches:write',
    body: recordTimeEventRequestSchema,
    response: recordTimeEventResponseSchema,
    status: 201,
  },
  'GET /api/punches': {
    summary: "Everyone's punches and approved corrections changed since a moment, oldest first",
    tag: 'Time tracking',
    access: 'admin',
    scope: 'punches:read',
    query: punchChangesQuerySchema,
    response: punchChangesResponseSchema,
  },
  'GET /api/time-events/history': {
    summary: "The caller's past days, a page at a time",
    tag: 'Time tracking',
    access: 'signed-in',
    scope: 'punches:read',
    actsOnCaller: true,
    query: historyQuerySchema,
    response: historyResponseSchema,
  },

  // ---- Users ----------------------------------------------------------------------------------
  'GET /api/users': {
    summary: 'People, searched, filtered, sorted and a page at a time',
    tag: 'Users',
    access: ['admin', 'team_lead'],
    scope: 'people:read',
    query: listUsersQuerySchema,
    response: listUsersResponseSchema,
  },
  'GET /api/users/directory': {
    summary: 'Everyone, compactly, for pickers',
    tag: 'Users',
    access: 'admin',
    scope: 'people:read',
    response: directoryResponseSchema,
  },
  'POST /api/users': {
    summary: 'Add a person (with a one-time set-password link when no password is given)',
    tag: 'Users',
    access: 'admin',
    body: createUserRequestSchema,
    response: createUserResponseSchema,
    status: 201,
  },
  'PUT /api/users/:id': {
    summary: "Change a person's name, email, role, team or hire date",
    tag: 'Users',
    access: 'admin',
    body: updateUserRequestSchema,
    response: userResponseSchema,
  },
  'POST /api/users/:id/suspend': {
    summary: 'Suspend a person (ends their sessions)',
    tag: 'Users',
    access: 'admin',
    response: userResponseSchema,
  },
  'POST /api/users/:id/unsuspend': {
    summary: 'Lift a suspension',
    tag: 'Users',
    access: 'admin',
    response: userResponseSchema,
  },
  'POST /api/users/:id/sessions/end': {
    summary: "End all of a person's sessions (their API tokens stay: suspend to stop those)",
    tag: 'Users',
    access: 'admin',
    response: sessionsEndedResponseSchema,
  },
  'POST /api/users/:id/reset-password': {
    summary: "Reset a person's password and make a one-time set-password link",
    tag: 'Users',
    access: 'admin',
    response: resetPasswordResponseSchema,
  },
  'GET /api/users/import/template': {
    summary: 'The people import template (CSV or XLSX): the columns and one example row',
    tag: 'Users',
    access: 'admin',
    query: peopleImportTemplateQuerySchema,
    produces: 'text/csv',
  },
  'POST /api/users/import/preview': {
    summary: 'Check a people file (CSV or XLSX): what each row would do; writes nothing',
    tag: 'Users',
    access: 'admin',
    body: peopleImportFileSchema,
    response: peopleImportResultSchema,
  },
  'POST /api/users/import': {
    summary:
      'Import people from a file, all or nothing, matched by email (optionally inviting new people)',
    tag: 'Users',
    access: 'admin',
    body: peopleImportCommitSchema,
    response: peopleImportResultSchema,
  },
  'GET /api/account/sessions': {
    summary: 'Where you are signed in: your live sessions, this one marked',
    tag: 'Users',
    access: 'signed-in',
    response: signedInSessionsResponseSchema,
  },
  'DELETE /api/account/sessions/:id': {
    summary: 'Sign out one of your sessions (this one: a normal sign-out)',
    tag: 'Users',
    access: 'signed-in',
    status: 204,
  },
  'POST /api/account/sessions/sign-out-others': {
    summary: 'Sign out all your other sessions; this one stays',
    tag: 'Users',
    access: 'signed-in',
    response: sessionsEndedResponseSchema,
  },
  'GET /api/me/email-preferences': {
    summary: 'Which kinds of email the caller takes, and whether this server sends email',
    tag: 'Users',
    access: 'signed-in',
    response: emailPreferencesSchema,
  },
  'PUT /api/me/email-preferences': {
    summary: 'Turn kinds of email off (or back on) for the caller',
    tag: 'Users',
    access: 'signed-in',
    body: updateEmailPreferencesSchema,
    response: emailPreferencesSchema,
  },
  'GET /api/me/language': {
    summary: 'The language the caller reads Punchclock in (null: their browser’s)',
    tag: 'Users',
    access: 'signed-in',
    response: languageResponseSchema,
  },
  'PUT /api/me/language': {
    summary: 'Choose the language the caller reads Punchclock in (null: follow the browser)',
    tag: 'Users',
    access: 'signed-in',
    body: updateLanguageRequestSchema,
    response: languageResponseSchema,
  },
  'PUT /api/me/profile': {
    summary: 'Change your own name',
    tag: 'Users',
    access: 'signed-in',
    body: updateMyProfileRequestSchema,
    response: userResponseSchema,
  },
  'POST /api/me/password': {
    summary: 'Change your own password (ends your other sessions)',
    tag: 'Users',
    access: 'signed-in',
    body: changeMyPasswordRequestSchema,
    status: 204,
  },

  // ---- Live updates ---------------------------------------------------------------------------
  'GET /api/live': {
    summary: 'Server-sent events naming what changed, to re-fetch',
    tag: 'Live updates',
    access: 'signed-in',
    produces: 'text/event-stream',
  },

  // ---- Calendar feeds -------------------------------------------------------------------------
  'GET /api/calendar-feeds': {
    summary: 'My secret calendar addresses, and the teams whose calendar I may publish',
    tag: 'Calendar feeds',
    access: 'signed-in',
    response: calendarFeedsResponseSchema,
  },
  'POST /api/calendar-feeds': {
    summary: 'Make a secret calendar address (mine, or a team I lead); the old one stops working',
    tag: 'Calendar feeds',
    access: 'signed-in',
    body: createCalendarFeedRequestSchema,
    response: createCalendarFeedResponseSchema,
    status: 201,
  },
  'DELETE /api/calendar-feeds/:id': {
    summary: 'Stop a calendar address',
    tag: 'Calendar feeds',
    access: 'signed-in',
    status: 204,
  },
  'GET /api/calendar-feeds/:token.ics': {
    summary: 'The calendar itself (iCalendar): shifts and approved time off; the token is the key',
    tag: 'Calendar feeds',
    access: 'public',
    produces: 'text/calendar',
  },

  // ---- API reference --------------------------------------------------------------------------
  // ---- API tokens -----------------------------------------------------------------------------
  'GET /api/api-tokens': {
    summary: "The caller's personal API tokens (never their secrets)",
    tag: 'API tokens',
    access: 'signed-in',
    response: apiTokensResponseSchema,
  },
  'POST /api/api-tokens': {
    summary:
      'Make a personal API token: it acts as the caller, within its scopes (secret shown once)',
    tag: 'API tokens',
    access: 'signed-in',
    body: createApiTokenRequestSchema,
    response: createApiTokenResponseSchema,
    status: 201,
  },
  'DELETE /api/api-tokens/:id': {
    summary: 'Revoke an API token: one of the caller’s own, or any token for an admin',
    tag: 'API tokens',
    access: 'signed-in',
    status: 204,
  },
  'GET /api/admin/api-tokens': {
    summary: 'Every API token: service tokens and everyone’s personal tokens',
    tag: 'API tokens',
    access: 'admin',
    response: apiTokensResponseSchema,
  },
  'POST /api/admin/api-tokens': {
    summary:
      'Make a service token: it acts with the admin role, within its scopes (secret shown once)',
    tag: 'API tokens',
    access: 'admin',
    body: createApiTokenRequestSchema,
    response: createApiTokenResponseSchema,
    status: 201,
  },

  // ---- Webhooks -------------------------------------------------------------------------------
  'GET /api/webhooks': {
    summary: 'Webhook endpoints, with their waiting and failed deliveries',
    tag: 'Webhooks',
    access: 'admin',
    response: webhookEndpointsResponseSchema,
  },
  'POST /api/webhooks': {
    summary: 'Register an endpoint for event types (its signing secret is shown once)',
    tag: 'Webhooks',
    access: 'admin',
    body: webhookEndpointInputSchema,
    response: webhookSecretResponseSchema,
    status: 201,
  },
  'PUT /api/webhooks/:id': {
    summary: "Change an endpoint's address, events, private-network permission or pause it",
    tag: 'Webhooks',
    access: 'admin',
    body: webhookEndpointInputSchema,
    response: z.object({ endpoint: webhookEndpointSchema }),
  },
  'DELETE /api/webhooks/:id': {
    summary: 'Remove an endpoint and its delivery log',
    tag: 'Webhooks',
    access: 'admin',
    status: 204,
  },
  'POST /api/webhooks/:id/rotate-secret': {
    summary: 'A new signing secret (the old one keeps signing for a day)',
    tag: 'Webhooks',
    access: 'admin',
    response: webhookSecretResponseSchema,
  },
  'GET /api/webhooks/:id/deliveries': {
    summary: "An endpoint's newest 100 deliveries: status, attempts, the receiver's answer",
    tag: 'Webhooks',
    access: 'admin',
    query: webhookDeliveriesQuerySchema,
    response: webhookDeliveriesResponseSchema,
  },
  'POST /api/webhooks/deliveries/:id/resend': {
    summary: 'Send a delivery again now, with the same webhook-id',
    tag: 'Webhooks',
    access: 'admin',
    status: 204,
  },

  // ---- Single sign-on -------------------------------------------------------------------------
  'GET /api/admin/sso-providers': {
    summary: 'Single sign-on providers (OpenID Connect), never their client secrets',
    tag: 'Single sign-on',
    access: 'admin',
    response: ssoProvidersResponseSchema,
  },
  'POST /api/admin/sso-providers': {
    summary: 'Add a single sign-on provider',
    tag: 'Single sign-on',
    access: 'admin',
    body: ssoProviderInputSchema,
    response: ssoProviderResponseSchema,
    status: 201,
  },
  'PUT /api/admin/sso-providers/:id': {
    summary: 'Change a provider (an empty client secret keeps the stored one)',
    tag: 'Single sign-on',
    access: 'admin',
    body: ssoProviderInputSchema,
    response: ssoProviderResponseSchema,
  },
  'DELETE /api/admin/sso-providers/:id': {
    summary: 'Remove a provider',
    tag: 'Single sign-on',
    access: 'admin',
    status: 204,
  },
  'GET /api/admin/sign-in-settings': {
    summary: 'Who may sign in with a password: everyone, or only the first admin',
    tag: 'Single sign-on',
    access: 'admin',
    response: signInSettingsSchema,
  },
  'PUT /api/admin/sign-in-settings': {
    summary: 'Turn password sign-in off for everyone but the first admin, or back on',
    tag: 'Single sign-on',
    access: 'admin',
    body: signInSettingsInputSchema,
    response: signInSettingsSchema,
  },

  // ---- Directory provisioning (SCIM 2.0) ------------------------------------------------------
  // Outside /api: a directory is given the base URL /scim/v2. Only a service token with the
  // `scim` scope reaches these (features/scim); answers and errors are SCIM's (RFC 7644).
  'GET /scim/v2/ServiceProviderConfig': {
    summary: 'SCIM: what this server supports (PATCH, filter, ETags; no bulk, sort or password)',
    tag: 'SCIM',
    access: 'admin',
    scope: 'scim',
    response: scimDocumentSchema,
  },
  'GET /scim/v2/ResourceTypes': {
    summary: 'SCIM: the resource types, User (with the enterprise extension) and Group',
    tag: 'SCIM',
    access: 'admin',
    scope: 'scim',
    response: scimListResponseSchema,
  },
  'GET /scim/v2/ResourceTypes/:name': {
    summary: 'SCIM: one resource type',
    tag: 'SCIM',
    access: 'admin',
    scope: 'scim',
    response: scimDocumentSchema,
  },
  'GET /scim/v2/Schemas': {
    summary: 'SCIM: the attributes of User, the enterprise extension and Group this server keeps',
    tag: 'SCIM',
    access: 'admin',
    scope: 'scim',
    response: scimListResponseSchema,
  },
  'GET /scim/v2/Schemas/:urn': {
    summary: 'SCIM: one schema',
    tag: 'SCIM',
    access: 'admin',
    scope: 'scim',
    response: scimDocumentSchema,
  },
  'GET /scim/v2/Users': {
    summary: 'SCIM: people, filtered (userName eq …, externalId eq …, active eq …) and paged',
    tag: 'SCIM',
    access: 'admin',
    scope: 'scim',
    query: scimListQuerySchema,
    response: scimListResponseSchema,
  },
  'POST /scim/v2/Users': {
    summary: 'SCIM: add a person (no password: they sign in with single sign-on or a link)',
    tag: 'SCIM',
    access: 'admin',
    scope: 'scim',
    body: scimResourceInputSchema,
    response: scimUserSchema,
    status: 201,
  },
  'GET /scim/v2/Users/:id': {
    summary: 'SCIM: one person',
    tag: 'SCIM',
    access: 'admin',
    scope: 'scim',
    query: scimListQuerySchema,
    response: scimUserSchema,
  },
  'PUT /scim/v2/Users/:id': {
    summary: 'SCIM: replace a person’s attributes (active false suspends them)',
    tag: 'SCIM',
    access: 'admin',
    scope: 'scim',
    body: scimResourceInputSchema,
    response: scimUserSchema,
  },
  'PATCH /scim/v2/Users/:id': {
    summary: 'SCIM: change some of a person’s attributes (active false suspends them)',
    tag: 'SCIM',
    access: 'admin',
    scope: 'scim',
    body: scimPatchInputSchema,
    response: scimUserSchema,
  },
  'DELETE /scim/v2/Users/:id': {
    summary: 'SCIM: remove a person from the directory: suspended here, their records kept',
    tag: 'SCIM',
    access: 'admin',
    scope: 'scim',
    status: 204,
  },
  'GET /scim/v2/Groups': {
    summary: 'SCIM: pushed groups, filtered (displayName eq …) and paged',
    tag: 'SCIM',
    access: 'admin',
    scope: 'scim',
    query: scimListQuerySchema,
    response: scimListResponseSchema,
  },
  'POST /scim/v2/Groups': {
    summary: 'SCIM: add a group (an admin maps it to a team and/or a role)',
    tag: 'SCIM',
    access: 'admin',
    scope: 'scim',
    body: scimResourceInputSchema,
    response: scimGroupSchema,
    status: 201,
  },
  'GET /scim/v2/Groups/:id': {
    summary: 'SCIM: one group with its members',
    tag: 'SCIM',
    access: 'admin',
    scope: 'scim',
    query: scimListQuerySchema,
    response: scimGroupSchema,
  },
  'PUT /scim/v2/Groups/:id': {
    summary: 'SCIM: replace a group’s name and members',
    tag: 'SCIM',
    access: 'admin',
    scope: 'scim',
    body: scimResourceInputSchema,
    response: scimGroupSchema,
  },
  'PATCH /scim/v2/Groups/:id': {
    summary: 'SCIM: add or remove members, rename a group',
    tag: 'SCIM',
    access: 'admin',
    scope: 'scim',
    body: scimPatchInputSchema,
    status: 204,
  },
  'DELETE /scim/v2/Groups/:id': {
    summary: 'SCIM: remove a group; its members lose the team and role it gave',
    tag: 'SCIM',
    access: 'admin',
    scope: 'scim',
    status: 204,
  },
  'GET /api/admin/scim/groups': {
    summary: 'Groups a directory pushed, with the team and role each gives its members',
    tag: 'SCIM',
    access: 'admin',
    response: scimGroupMappingsResponseSchema,
  },
  'PUT /api/admin/scim/groups/:id': {
    summary: 'Map a pushed group to a team and/or a role (applied to its members at once)',
    tag: 'SCIM',
    access: 'admin',
    body: scimGroupMappingInputSchema,
    response: scimGroupMappingSchema,
  },

  'GET /api/openapi.json': {
    summary: 'This document: every endpoint, as OpenAPI 3.1',
    tag: 'API reference',
    access: 'public',
    response: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }),
  },
} satisfies Record<string, EndpointContract>;

/** The contract of `METHOD path` (as Fastify registers the path), if the catalogue lists it. */
export function endpointContract(key: string): EndpointContract | undefined {
  return Object.hasOwn(API_ENDPOINTS, key)
    ? (API_ENDPOINTS as Record<string, EndpointContract>)[key]
    : undefined;
}
