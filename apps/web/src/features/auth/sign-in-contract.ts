// Loaded when the sign-in form is first touched, not with the page: it brings zod.
export {
  firstIssueMessage,
  signInRequestSchema,
  signInResponseSchema,
} from '@punchclock/shared/contracts/auth';
