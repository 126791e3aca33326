import { describe, expect, it } from 'vitest';
import { SCREENS, type ScreenPath } from '@punchclock/shared/domain/navigation';
import { scoreScreen, screenKeywords } from './screen-keywords';

function found(search: string): string[] {
  return SCREENS.map((screen) => ({
    title: screen.title,
    score: scoreScreen(screen.title, search, screenKeywords(screen.path as ScreenPath, 'x')),
  }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score)
    .map((entry) => entry.title);
}

describe('the quick search', () => {
  it('finds the timesheet by the words people use', () => {
    for (const word of ['timesheet', 'pay period', 'hours', 'my timesheet']) {
      expect(found(word)).toContain('My Timesheet');
    }
    expect(found('timesheet')).not.toContain('Attendance');
  });

  it('finds User Management by users, people, staff or employees, first', () => {
    for (const word of ['users', 'people', 'staff', 'employees', 'user man']) {
      expect(found(word)[0]).toBe('User Management');
    }
  });

  it('ranks a title beginning with what was typed first', () => {
    expect(found('time')[0]).toBe('Time Off');
  });

  it('ignores case and accents', () => {
    expect(scoreScreen('Période de paie', 'periode')).toBeGreaterThan(0);
    expect(scoreScreen('Payroll', 'PAY')).toBe(1);
    expect(scoreScreen('Payroll', 'xyz')).toBe(0);
  });
});
