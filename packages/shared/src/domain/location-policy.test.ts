import { describe, expect, it } from 'vitest';
import {
  describePunchLocation,
  distanceMetres,
  formatDistance,
  judgeLocation,
  locationNeededMessage,
  type AllowedPlace,
} from './location-policy.ts';

/** Toronto City Hall and Union Station: about 1.05 km apart. */
const CITY_HALL = { latitude: 43.65344, longitude: -79.38409 };
const UNION = { latitude: 43.64529, longitude: -79.38064 };
const HEAD_OFFICE: AllowedPlace = {
  kind: 'area',
  name: 'Head office',
  ...CITY_HALL,
  radiusMetres: 100,
};
const OFFICE_NETWORK: AllowedPlace = { kind: 'network', name: 'Office Wi-Fi', cidr: '10.1.0.0/16' };
const nowhere = () => false;

describe('distanceMetres', () => {
  it('measures the great circle (City Hall to Union Station, Toronto ≈ 950 m)', () => {
    const metres = distanceMetres(CITY_HALL, UNION);
    expect(metres).toBeGreaterThan(900);
    expect(metres).toBeLessThan(1000);
    expect(distanceMetres(CITY_HALL, CITY_HALL)).toBe(0);
    // A degree of latitude is about 111 km everywhere.
    expect(
      distanceMetres({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 }),
    ).toBeCloseTo(111_195, -2);
  });
});

describe('formatDistance', () => {
  it.each([
    [4, '1 m'],
    [849, '850 m'],
    [1234, '1.2 km'],
    [37_400, '37 km'],
  ])('%d m reads "%s"', (metres, text) => expect(formatDistance(metres)).toBe(text));
});

describe('judgeLocation', () => {
  const at = (place: { latitude: number; longitude: number }, accuracyMetres = 10) => ({
    ...place,
    accuracyMetres,
  });

  it('refuses a punch outside every place under "require", naming the nearest and how far', () => {
    const verdict = judgeLocation({
      mode: 'require',
      places: [HEAD_OFFICE],
      position: at(UNION),
      isInNetwork: nowhere,
    });
    expect(verdict).toMatchObject({
      outcome: 'outside',
      decision: 'refuse',
      placeName: 'Head office',
    });
    expect(verdict.message).toMatch(
      /^You are 850 m from Head office\. Punch from an allowed place\.$/,
    );
  });

  it('records inside, counting the accuracy circle that touches the area', () => {
    const edge = { latitude: CITY_HALL.latitude + 0.0011, longitude: CITY_HALL.longitude }; // ~122 m
    expect(
      judgeLocation({
        mode: 'require',
        places: [HEAD_OFFICE],
        position: at(edge, 10),
        isInNetwork: nowhere,
      }),
    ).toMatchObject({ outcome: 'outside', decision: 'refuse' });
    expect(
      judgeLocation({
        mode: 'require',
        places: [HEAD_OFFICE],
        position: at(edge, 30),
        isInNetwork: nowhere,
      }),
    ).toMatchObject({ outcome: 'inside', decision: 'record', placeName: 'Head office' });
  });

  it('flags under "warn" and only records under "record"', () => {
    const input = { places: [HEAD_OFFICE], position: at(UNION), isInNetwork: nowhere };
    expect(judgeLocation({ ...input, mode: 'warn' })).toMatchObject({
      decision: 'flag',
      message: 'You are 850 m from Head office',
    });
    expect(judgeLocation({ ...input, mode: 'record' })).toMatchObject({
      outcome: 'outside',
      decision: 'record',
    });
  });

  it('lets an allowed network stand in for a position (a desktop with no GPS)', () => {
    const verdict = judgeLocation({
      mode: 'require',
      places: [HEAD_OFFICE, OFFICE_NETWORK],
      position: null,
      isInNetwork: (cidr) => cidr === '10.1.0.0/16',
    });
    expect(verdict).toMatchObject({
      outcome: 'inside',
      placeName: 'Office Wi-Fi',
      decision: 'record',
    });
  });

  it('refuses under "require" without a position or a network, asking for location access', () => {
    expect(
      judgeLocation({
        mode: 'require',
        places: [HEAD_OFFICE],
        position: null,
        isInNetwork: nowhere,
      }),
    ).toMatchObject({ outcome: 'unknown', decision: 'refuse', message: locationNeededMessage() });
    expect(
      judgeLocation({
        mode: 'record',
        places: [HEAD_OFFICE],
        position: null,
        isInNetwork: nowhere,
      }),
    ).toMatchObject({ outcome: 'unknown', decision: 'record', message: null });
  });

  it('checks nothing for a policy without places', () => {
    expect(
      judgeLocation({ mode: 'require', places: [], position: null, isInNetwork: nowhere }),
    ).toMatchObject({ decision: 'record', message: null });
  });
});

describe('describePunchLocation', () => {
  it('reads a stored location as the person sees it', () => {
    const stored = { placeName: 'Head office', distanceMetres: 0, isFlagged: false };
    expect(describePunchLocation({ ...stored, outcome: 'inside' })).toBe('at Head office');
    expect(
      describePunchLocation({
        ...stored,
        outcome: 'outside',
        distanceMetres: 1234,
        isFlagged: true,
      }),
    ).toBe('1.2 km from Head office, flagged');
    expect(
      describePunchLocation({
        outcome: 'unknown',
        placeName: null,
        distanceMetres: null,
        isFlagged: false,
      }),
    ).toBe('location unknown');
  });
});
