// What a saved rule set may get wrong under the ESA for the people it applies to (issue #28,
// item 5; decision 0039): warnings beside the rule set, never refusals.
import {
  datesInForce,
  isAveragingCovered,
  overtimeRuleWarnings,
} from '@punchclock/shared/domain/pay/rule-set-warnings';
import type { Db } from '../../db/client.ts';
import { listUserSummaries } from '../people/index.ts';
import { listAllAgreementSpans } from './agreements-repository.ts';
import { listAllDatedAssignments, type RuleSetRow } from './repository.ts';

/**
 * Each rule set's warnings, by id. Only rule sets with averaging need to know who they apply to:
 * for those, every person not suspended, the rule sets in force for them (their own, their
 * team's, the organisation's assignments) and their averaging agreements, read once.
 */
export async function warningsForRuleSets(
  db: Db,
  rows: readonly RuleSetRow[],
): Promise<Map<string, string[]>> {
  const warnings = new Map<string, string[]>();
  const averaged = rows.filter((row) => row.averaging);
  for (const row of rows) {
    if (!row.averaging)
      warnings.set(row.id, overtimeRuleWarnings({ ...row, averaging: undefined }));
  }
  if (averaged.length === 0) return warnings;

  // One read after another: a save passes its transaction, one connection (node-postgres
  // deprecates a query sent on a client still busy with another; pg 9 refuses it).
  const people = await listUserSummaries(db);
  const assignments = await listAllDatedAssignments(db);
  const agreements = await listAllAgreementSpans(db, 'averaging');
  for (const row of averaged) {
    const averaging = row.averaging;
    if (!averaging) continue;
    let assignedPeople = 0;
    const peopleWithoutAgreement: string[] = [];
    for (const person of people) {
      if (person.isSuspended) continue;
      const concerning = assignments.filter(
        (assignment) =>
          assignment.level === 'organisation' ||
          assignment.userId === person.id ||
          (person.teamId !== null && assignment.teamId === person.teamId),
      );
      const inForce = datesInForce(concerning, row.id);
      if (inForce.length === 0) continue;
      assignedPeople += 1;
      const theirs = agreements.filter((agreement) => agreement.userId === person.id);
      if (!isAveragingCovered(averaging, inForce, theirs)) {
        peopleWithoutAgreement.push(person.name ?? person.email);
      }
    }
    peopleWithoutAgreement.sort((a, b) => a.localeCompare(b));
    warnings.set(
      row.id,
      overtimeRuleWarnings({ ...row, averaging }, { assignedPeople, peopleWithoutAgreement }),
    );
  }
  return warnings;
}
