export * from './availability.ts';
export * from './conflicts.ts';
export * from './shift.ts';
export * from './totals.ts';
export * from './trades.ts';
