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

  describe('counts a position inside only when its whole accuracy circle is in the area', () => {
    const north = (metres: number) => ({
      latitude: CITY_HALL.latitude + metres / 111_195,
      longitude: CITY_HALL.longitude,
    });
    const judge = (mode: 'require' | 'warn', metres: number, accuracyMetres: number) =>
      judgeLocation({
        mode,
        places: [HEAD_OFFICE],
        position: at(north(metres), accuracyMetres),
        isInNetwork: nowhere,
      });

    it.each([
      [0, 10],
      [0, 99],
      [60, 39],
      [89, 10],
    ])('%d m from the centre, ± %d m: inside (distance + accuracy ≤ 100 m)', (metres, accuracy) => {
      expect(judge('require', metres, accuracy)).toMatchObject({
        outcome: 'inside',
        decision: 'record',
        placeName: 'Head office',
        distanceMetres: 0,
        message: null,
      });
    });

    it.each([
      [0, 101],
      [60, 45],
      [122, 30],
      [1990, 1900],
    ])('%d m from the centre, ± %d m: not proven, refused under "require"', (metres, accuracy) => {
      const verdict = judge('require', metres, accuracy);
      expect(verdict).toMatchObject({
        outcome: 'unknown',
        decision: 'refuse',
        placeName: 'Head office',
        distanceMetres: null,
      });
      expect(verdict.message).toMatch(
        /^Your location is too imprecise \(± [\d.]+ k?m\) to show you are at Head office\. Try again outdoors or with location services set to precise\.$/,
      );
    });

    it('says how imprecise: a position 2 km away (1,990 m) with ± 1.9 km', () => {
      expect(judge('require', 1990, 1900).message).toBe(
        'Your location is too imprecise (± 1.9 km) to show you are at Head office. Try again outdoors or with location services set to precise.',
      );
      expect(judge('warn', 1990, 1900)).toMatchObject({
        outcome: 'unknown',
        decision: 'flag',
        imprecisionMetres: 1900,
        message: 'Your location is too imprecise (± 1.9 km) to show you are at Head office',
      });
    });

    it('still says how far when the whole circle is outside the area', () => {
      expect(judge('require', 122, 10)).toMatchObject({
        outcome: 'outside',
        decision: 'refuse',
        distanceMetres: 22,
        imprecisionMetres: null,
      });
    });

    it('takes the area that contains the circle over a nearer one that only overlaps it', () => {
      const yard: AllowedPlace = { kind: 'area', name: 'Yard', ...north(150), radiusMetres: 40 };
      expect(
        judgeLocation({
          mode: 'require',
          places: [yard, { ...HEAD_OFFICE, radiusMetres: 400 }],
          position: at(north(150), 60),
          isInNetwork: nowhere,
        }),
      ).toMatchObject({ outcome: 'inside', placeName: 'Head office' });
    });
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
