import { t } from '@lingui/core/macro';
import { currentLocale, formatNumber } from '../i18n/format.ts';
/*
 * Where a punch may be made (#17 point 3, decision 0028). A team's policy is off, record, warn
 * or require; its allowed places are areas (a centre and a radius) and networks (CIDR ranges,
 * matched by the server against the client's address). Pure: the caller says which networks
 * the address is in.
 */

import type { LocationMode } from './location-modes.ts';

export { LOCATION_MODES, type LocationMode } from './location-modes.ts';

export interface Position {
  latitude: number;
  longitude: number;
  /** The browser's accuracy radius (metres): how far the true position may be. */
  accuracyMetres: number;
}

export type AllowedPlace =
  | { kind: 'area'; name: string; latitude: number; longitude: number; radiusMetres: number }
  | { kind: 'network'; name: string; cidr: string };

export interface LocationVerdict {
  /** inside an allowed place; outside all of them; unknown (no position, no network match). */
  outcome: 'inside' | 'outside' | 'unknown';
  /** The place the punch was in, or the nearest area when outside. */
  placeName: string | null;
  /** Metres to the nearest area's edge when outside; 0 inside; null when unknown. */
  distanceMetres: number | null;
  /**
   * The position's accuracy radius when it was too wide to show the person inside the nearest
   * area (placeName) though it reached it: presence not proven. Null otherwise.
   */
  imprecisionMetres: number | null;
  /** What happens to the punch: recorded, recorded and flagged for a manager, or refused. */
  decision: 'record' | 'flag' | 'refuse';
  /** For the person: why it was refused or flagged. */
  message: string | null;
}

const EARTH_RADIUS_METRES = 6_371_008.8;

/** Great-circle distance (haversine): plenty for geofences of tens of metres to kilometres. */
export function distanceMetres(
  from: { latitude: number; longitude: number },
  to: { latitude: number; longitude: number },
): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(to.latitude - from.latitude);
  const dLon = radians(to.longitude - from.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** "850 m", "1.2 km", "37 km": a distance as people say it. */
export function formatDistance(metres: number): string {
  if (metres < 1000) return `${Math.max(1, Math.round(metres / 10) * 10)} m`;
  if (metres < 10_000) {
    const km =
      currentLocale() === 'en'
        ? (metres / 1000).toFixed(1)
        : formatNumber(metres / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    return `${km} km`;
  }
  return `${Math.round(metres / 1000)} km`;
}

/** In the reader's language (decision 0036). */
export function locationNeededMessage(): string {
  return t`Allow location access to punch: your team punches only from its allowed places.`;
}

/**
 * The verdict on one punch. A position counts as inside an area only when its whole accuracy
 * circle is in it (distance to the centre + accuracy ≤ radius; decision 0042): wherever in the
 * circle the person really is, they are in the area. A circle that only reaches an area proves
 * nothing — a phone reporting ± 1.9 km 2 km away would otherwise count as at the door — so
 * "require" refuses it and "warn" flags it, saying the position is too imprecise. A circle
 * wholly outside every area is outside, measured from its centre to the nearest edge.
 */
export function judgeLocation(input: {
  mode: LocationMode;
  places: readonly AllowedPlace[];
  position: Position | null;
  isInNetwork: (cidr: string) => boolean;
}): LocationVerdict {
  const { mode, places, position } = input;
  // A policy without places checks nothing (the admin screen says so): nobody is locked out.
  if (places.length === 0) {
    return {
      outcome: 'unknown',
      placeName: null,
      distanceMetres: null,
      imprecisionMetres: null,
      decision: 'record',
      message: null,
    };
  }
  const network = places.find(
    (place): place is Extract<AllowedPlace, { kind: 'network' }> =>
      place.kind === 'network' && input.isInNetwork(place.cidr),
  );
  if (network) return inside(network.name);

  const areas = places.filter(
    (place): place is Extract<AllowedPlace, { kind: 'area' }> => place.kind === 'area',
  );
  if (position) {
    const accuracy = position.accuracyMetres;
    const measured = areas.map((area) => ({
      area,
      /** From the position to the area's edge (negative inside). */
      edge: distanceMetres(position, area) - area.radiusMetres,
    }));
    const container = measured.find(({ edge }) => edge + accuracy <= 0);
    if (container) return inside(container.area.name);
    const nearest = measured.sort((a, b) => a.edge - b.edge)[0];
    if (nearest) {
      const placeName = nearest.area.name;
      if (nearest.edge - accuracy <= 0) {
        const imprecision = formatDistance(accuracy);
        return {
          outcome: 'unknown',
          placeName,
          distanceMetres: null,
          imprecisionMetres: Math.round(accuracy),
          decision: decide(mode),
          message:
            mode === 'require'
              ? t`Your location is too imprecise (± ${imprecision}) to show you are at ${placeName}. Try again outdoors or with location services set to precise.`
              : t`Your location is too imprecise (± ${imprecision}) to show you are at ${placeName}`,
        };
      }
      const distance = formatDistance(nearest.edge);
      return {
        outcome: 'outside',
        placeName,
        distanceMetres: Math.round(nearest.edge),
        imprecisionMetres: null,
        decision: decide(mode),
        message:
          mode === 'require'
            ? t`You are ${distance} from ${placeName}. Punch from an allowed place.`
            : t`You are ${distance} from ${placeName}`,
      };
    }
  }
  // No position (refused, unavailable, or no areas to compare with) and no network matched.
  return {
    outcome: 'unknown',
    placeName: null,
    distanceMetres: null,
    imprecisionMetres: null,
    decision: decide(mode),
    message: mode === 'require' || mode === 'warn' ? locationNeededMessage() : null,
  };

  function inside(placeName: string | null): LocationVerdict {
    return {
      outcome: 'inside',
      placeName,
      distanceMetres: 0,
      imprecisionMetres: null,
      decision: 'record',
      message: null,
    };
  }
}

function decide(mode: LocationMode): LocationVerdict['decision'] {
  if (mode === 'require') return 'refuse';
  if (mode === 'warn') return 'flag';
  return 'record';
}

/** Where a stored punch was made, as the person and admins read it beside the punch. */
export function describePunchLocation(location: {
  outcome: 'inside' | 'outside' | 'unknown';
  placeName: string | null;
  distanceMetres: number | null;
  isFlagged: boolean;
}): string {
  if (location.outcome === 'inside') {
    const placeName = location.placeName;
    return placeName ? t`at ${placeName}` : t`location recorded`;
  }
  if (location.outcome === 'outside' && location.placeName && location.distanceMetres !== null) {
    const distance = formatDistance(location.distanceMetres);
    const placeName = location.placeName;
    return location.isFlagged
      ? t`${distance} from ${placeName}, flagged`
      : t`${distance} from ${placeName}`;
  }
  return location.isFlagged ? t`location unknown, flagged` : t`location unknown`;
}
