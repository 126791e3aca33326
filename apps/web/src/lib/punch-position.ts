import type { PunchPosition } from '@punchclock/shared/contracts/locations';

/**
 * The device's position at the moment of a punch (#17, decision 0028): asked for only then,
 * never watched. Null when the person refuses, the device cannot tell, or it takes too long —
 * the server decides what that means for their team.
 */
export function readPunchPosition(timeoutMs = 10_000): Promise<PunchPosition | null> {
  if (!('geolocation' in navigator)) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        resolve({
          latitude: coords.latitude,
          longitude: coords.longitude,
          accuracyMetres: Math.min(100_000, Math.max(0, coords.accuracy)),
        }),
      () => resolve(null),
      // A fresh fix: someone walking in from the parking lot must not be judged where they were.
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 0 },
    );
  });
}
