// The email feature's public module (#18 point 5, decision 0034).
export { createMailer, type Mailer } from './mailer.ts';
export { passwordLinkEmail, ssoInvitationEmail } from './messages.ts';
export { emailJobs } from './jobs.ts';
export { enqueueNotificationEmails } from './outbox.ts';
export { wantsEmail } from './preferences.ts';
export { registerEmailRoutes } from './routes.ts';
