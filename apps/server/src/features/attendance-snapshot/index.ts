// The attendance-snapshot feature's public module: other features and app.ts import only from here.
export { loadAttendanceSnapshot } from './repository.ts';
export type { PersonAttendance } from './repository.ts';
