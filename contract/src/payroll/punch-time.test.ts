import { describe, expect, it } from 'vitest';
import { parsePunchTime } from './punch-time';

describe('parsePunchTime', () => {
  it.each([
    ['07:30', '07:30'],
    ['7:30', '07:30'],
    ['0730', '07:30'],
    ['730', '07:30'],
    ['7:30 pm', '19:30'],
    ['7:30PM', '19:30'],
    ['7:30 p.m.', '19:30'],
    ['7pm', '19:00'],
    ['19:30', '19:30'],
    ['1930', '19:30'],
    ['12:15 am', '00:15'],
    ['12:15 pm', '12:15'],
    ['00:00', '00:00'],
    ['23:59', '23:59'],
    [' 8:05 AM ', '08:05'],
  ])('reads %j as %s', (typed, expected) => {
    expect(parsePunchTime(typed)).toBe(expected);
  });

  it.each(['25:00', '24:00', '7:60', '13:00 pm', '0:30 am', '7', '19', '', 'abc', '7:3', '07:30:00', '-7:30', '7:30 xm'])(
    'refuses %j',
    (typed) => {
      expect(parsePunchTime(typed)).toBeNull();
    },
  );
});
