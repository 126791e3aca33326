// The people feature's public module: other features and app.ts import only from here.
export {
  assertCanSeePerson,
  canSeePerson,
  canSeeTeam,
  isTeamInScope,
  teamScopeOf,
} from './caller.ts';
export type { Actor, Caller, TeamScope } from './caller.ts';
export {
  clearTeamsLedBy,
  deleteTeamRecord,
  findTeam,
  inTeams,
  insertTeam,
  listTeamIdsLedBy,
  listTeams,
  updateTeamRecord,
} from './teams-repository.ts';
export {
  countUsers,
  expirePasswordTokens,
  findCredentialsByEmail,
  findPasswordHash,
  findUsablePasswordToken,
  findUserSummaryByEmail,
  findUserSummaryById,
  insertPasswordToken,
  insertUser,
  listAdminIds,
  listDirectory,
  listUserSummaries,
  listUserSummariesByIds,
  listUsersPage,
  lockActiveAdminIds,
  personNameOf,
  setNameIfMissing,
  updateLastSignIn,
  updatePasswordHash,
  updateSuspended,
  wouldCloseReportingCircle,
  updateUserRecord,
  upsertRole,
} from './users-repository.ts';
