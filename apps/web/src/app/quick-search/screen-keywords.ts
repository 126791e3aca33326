import { t } from '@lingui/core/macro';
import type { ScreenPath } from '@punchclock/shared/domain/navigation';

/**
 * Other words people use for each screen, for the quick search (#33 part 6). The English words
 * always match (a French reader may still type "timesheet"); the translated list adds the
 * reader's own words ("feuille de temps"). Titles and section names match besides.
 */
const ENGLISH_KEYWORDS: Record<ScreenPath, readonly string[]> = {
  '/dashboard': ['home', 'clock in', 'punch', 'today'],
  '/sme': ['approvals overview', 'pending'],
  '/attendance-history': ['history', 'my days', 'punches', 'hours', 'corrections'],
  '/my-timesheet': ['timesheet', 'pay period', 'hours', 'overtime', 'my hours', 'sign-off'],
  '/schedules': ['my schedule', 'calendar', 'shifts', 'week'],
  '/time-off': ['leave', 'vacation', 'holiday', 'sick', 'absence', 'pto'],
  '/availability': ['when I can work', 'unavailable'],
  '/open-shifts': ['swap', 'trade', 'pick up', 'give away', 'shift market'],
  '/roster': ['rota', 'shift planning', 'publish shifts'],
  '/demand': ['forecast', 'staffing', 'requirements', 'auto-fill', 'coverage'],
  '/time-approvals': ['approve', 'corrections', 'requests', 'queue'],
  '/timesheets': ['timesheet', 'sign-off', 'approve hours', 'pay period', 'lock'],
  '/users': ['people', 'staff', 'employees', 'users', 'accounts', 'teams', 'team members'],
  '/schedule-management': ['templates', 'shift templates'],
  '/schedule-assignment': ['assign schedules', 'who works when'],
  '/reports': ['adherence', 'late', 'lateness'],
  '/worked-hours': ['hours report', 'hours', 'export'],
  '/analytics': ['charts', 'trends', 'statistics'],
  '/audit-logs': ['audit', 'history of changes', 'who changed what', 'log'],
  '/pay-rules': ['overtime rules', 'rule sets'],
  '/break-monitoring': ['breaks', 'lunch', 'who is working', 'live board'],
  '/payroll': ['pay', 'payroll export', 'wages'],
  '/admin': ['settings', 'administration', 'overview'],
  '/calculate-adherence': ['recalculate', 'adherence'],
  '/time-off-settings': ['leave types', 'allowances', 'accruals'],
  '/backups': ['backup', 'restore', 'snapshot'],
  '/kiosk-devices': ['kiosk', 'tablet', 'shared device', 'pin'],
  '/punch-locations': ['geofence', 'location', 'wifi', 'where to punch'],
  '/api-tokens': ['api', 'token', 'integration', 'key'],
  '/webhooks': ['webhook', 'integration', 'events'],
  '/single-sign-on': ['sso', 'oidc', 'identity provider', 'login', 'groups'],
};

/** The reader's own words for a screen (a comma-separated list in the message catalogue). */
function translatedKeywords(path: ScreenPath): string {
  switch (path) {
    case '/dashboard':
      return t`home, clock in, punch, today`;
    case '/attendance-history':
      return t`history, my days, punches, hours, corrections`;
    case '/my-timesheet':
      return t`timesheet, pay period, hours, overtime, my hours`;
    case '/schedules':
      return t`my schedule, calendar, shifts`;
    case '/time-off':
      return t`leave, vacation, holiday, sick, absence`;
    case '/open-shifts':
      return t`swap, trade, pick up, give away`;
    case '/timesheets':
      return t`timesheet, sign-off, approve hours, pay period`;
    case '/users':
      return t`people, staff, employees, accounts, teams`;
    case '/audit-logs':
      return t`audit, history of changes, who changed what`;
    case '/break-monitoring':
      return t`breaks, lunch, who is working`;
    case '/payroll':
      return t`pay, payroll export, wages`;
    case '/admin':
      return t`settings, administration`;
    case '/time-off-settings':
      return t`leave types, allowances`;
    case '/punch-locations':
      return t`location, where to punch`;
    default:
      return '';
  }
}

/** Every word that finds a screen besides its title. */
export function screenKeywords(path: ScreenPath, section: string): string[] {
  const translated = translatedKeywords(path)
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);
  return [...new Set([...ENGLISH_KEYWORDS[path], ...translated, section])];
}

/** Lower case, without accents: "Période" and "periode" are the same word to someone typing. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

function wordsOf(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * How well a screen answers what was typed (cmdk's `filter`: 0 hides it). Every typed word must
 * begin a word of the title or of another word for it — "time" finds Time Off and My Timesheet,
 * never Attendance by scattered letters as a fuzzy match would. The title counts most.
 */
export function scoreScreen(
  title: string,
  search: string,
  keywords: readonly string[] = [],
): number {
  const typed = wordsOf(search);
  if (typed.length === 0) return 1;
  const titleWords = wordsOf(title);
  const otherWords = keywords.flatMap(wordsOf);
  const begins = (words: string[]) =>
    typed.every((word) => words.some((candidate) => candidate.startsWith(word)));
  if (fold(title).startsWith(fold(search).trim())) return 1;
  if (begins(titleWords)) return 0.8;
  const allWords = [...titleWords, ...otherWords];
  // Whole words before beginnings: "staff" is User Management's before Demand's "staffing".
  if (typed.every((word) => allWords.includes(word))) return 0.6;
  if (begins(allWords)) return 0.5;
  return 0;
}
