/**
 * Quiet hours in the player's zone: windows across midnight and within a day, the edges
 * (start inclusive, end exclusive), start == end, and days when the clocks change.
 */
import { describe, expect, it } from 'vitest';
import type { QuietHours } from '../../functions/core/notification';
import { quietUntil } from '../../functions/core/quiet';

const at = (iso: string) => new Date(iso);
const until = (q: QuietHours | null, iso: string) => quietUntil(q, at(iso))?.toISOString() ?? null;

const lisbonNight: QuietHours = { start: '22:00', end: '08:00', timeZone: 'Europe/Lisbon' };
const nyNight: QuietHours = { start: '22:00', end: '08:00', timeZone: 'America/New_York' };
const nyLunch: QuietHours = { start: '13:00', end: '14:00', timeZone: 'America/New_York' };

describe('quietUntil', () => {
  it('is never quiet without quiet hours, or when start equals end', () => {
    expect(until(null, '2024-01-15T23:30:00Z')).toBeNull();
    const same: QuietHours = { start: '09:00', end: '09:00', timeZone: 'Europe/Lisbon' };
    for (const t of ['2024-01-15T08:59:00Z', '2024-01-15T09:00:00Z', '2024-01-15T21:00:00Z']) expect(until(same, t)).toBeNull();
  });

  it('crosses midnight in Lisbon, winter (UTC+0) and summer (UTC+1)', () => {
    // 23:30 local, evening part: ends tomorrow at 08:00.
    expect(until(lisbonNight, '2024-01-15T23:30:00Z')).toBe('2024-01-16T08:00:00.000Z');
    // 06:00 WEST, morning part: ends today at 08:00 WEST = 07:00Z.
    expect(until(lisbonNight, '2024-07-15T05:00:00Z')).toBe('2024-07-15T07:00:00.000Z');
    // At exactly 22:00 local the window has started; at exactly 08:00 it is over.
    expect(until(lisbonNight, '2024-07-15T21:00:00Z')).toBe('2024-07-16T07:00:00.000Z');
    expect(until(lisbonNight, '2024-07-15T07:00:00Z')).toBeNull();
    // Midday, and just before the start: not quiet.
    expect(until(lisbonNight, '2024-07-15T11:00:00Z')).toBeNull();
    expect(until(lisbonNight, '2024-07-15T20:59:59Z')).toBeNull();
  });

  it('reads the wall clock in the zone, not UTC (New York, across midnight and the year end)', () => {
    // 2024-12-31T03:30Z is 22:30 EST on Dec 30; 2025-01-01T04:00Z is 23:00 EST on Dec 31.
    expect(until(nyNight, '2024-12-31T03:30:00Z')).toBe('2024-12-31T13:00:00.000Z');
    expect(until(nyNight, '2025-01-01T04:00:00Z')).toBe('2025-01-01T13:00:00.000Z');
    // 02:00Z is 21:00 EST: UTC says "night" but the player is still awake.
    expect(until(nyNight, '2024-12-31T02:00:00Z')).toBeNull();
  });

  it('handles a window within one day', () => {
    expect(until(nyLunch, '2024-03-01T18:30:00Z')).toBe('2024-03-01T19:00:00.000Z'); // 13:30 EST
    expect(until(nyLunch, '2024-03-01T18:00:00Z')).toBe('2024-03-01T19:00:00.000Z'); // 13:00 sharp
    expect(until(nyLunch, '2024-03-01T17:59:00Z')).toBeNull(); // 12:59
    expect(until(nyLunch, '2024-03-01T19:00:00Z')).toBeNull(); // 14:00
    expect(until(nyLunch, '2024-03-02T03:00:00Z')).toBeNull(); // 22:00
    expect(until(nyLunch, '2024-07-01T17:30:00Z')).toBe('2024-07-01T18:00:00.000Z'); // 13:30 EDT
  });

  it('ends at local 08:00 on the night the clocks go forward or back', () => {
    // New York springs forward on 2024-03-10 (02:00 EST -> 03:00 EDT): 08:00 EDT is 12:00Z, not 13:00Z.
    expect(until(nyNight, '2024-03-10T04:00:00Z')).toBe('2024-03-10T12:00:00.000Z');
    // Lisbon falls back on 2024-10-27 (02:00 WEST -> 01:00 WET): 08:00 WET is 08:00Z, not 07:00Z.
    expect(until(lisbonNight, '2024-10-26T22:00:00Z')).toBe('2024-10-27T08:00:00.000Z');
    // New York falls back on 2024-11-03: 23:00 EDT the evening before -> 08:00 EST = 13:00Z.
    expect(until(nyNight, '2024-11-03T03:00:00Z')).toBe('2024-11-03T13:00:00.000Z');
  });

  it('ends when the clock jumps over an end time that does not exist that day', () => {
    // 02:30 never happens in New York on 2024-03-10; at 01:00 EST the window lasts until the jump (07:00Z).
    const q: QuietHours = { start: '22:00', end: '02:30', timeZone: 'America/New_York' };
    expect(until(q, '2024-03-10T06:00:00Z')).toBe('2024-03-10T07:00:00.000Z');
  });

  it('ends at the next occurrence of an end time that happens twice', () => {
    // On 2024-11-03, 01:30 happens at 05:30Z (EDT) and again at 06:30Z (EST).
    const q: QuietHours = { start: '23:00', end: '01:30', timeZone: 'America/New_York' };
    expect(until(q, '2024-11-03T04:00:00Z')).toBe('2024-11-03T05:30:00.000Z'); // 00:00 EDT: the first one
    expect(until(q, '2024-11-03T06:10:00Z')).toBe('2024-11-03T06:30:00.000Z'); // 01:10 EST: the second one
    expect(until(q, '2024-11-03T05:45:00Z')).toBeNull(); // 01:45 EDT, between the two: not quiet
  });
});
