/** A team's location policy (decision 0028); its own module so the punch contract stays small. */
export const LOCATION_MODES = ['off', 'record', 'warn', 'require'] as const;
export type LocationMode = (typeof LOCATION_MODES)[number];
