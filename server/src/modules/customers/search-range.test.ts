import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextString } from './search-terms';

/** PostgreSQL's `~<~` order: the strings' UTF-8 bytes compared one by one, then the shorter first. */
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

describe('a search word as a range of the terms index (startsWith)', () => {
  it('holds exactly the strings that start with the word, in any script', () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 6 });
    fc.assert(
      fc.property(
        text.filter((w) => w.length > 0),
        text,
        text,
        (word, before, after) => {
          const next = nextString(word)!;
          for (const s of [word + after, before + after, before, `${[...word].slice(0, -1).join('')}${after}`]) {
            const inRange = byteOrder(s, word) >= 0 && byteOrder(s, next) < 0;
            expect(inRange, JSON.stringify({ word, s, next })).toBe(s.startsWith(word));
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('raises the last character, past the surrogates and the last code point', () => {
    expect(nextString('chen')).toBe('cheo');
    expect(nextString('陈')).toBe('陉');
    expect(nextString('a\u{d7ff}')).toBe('a\u{e000}');
    expect(nextString('a\u{10ffff}')).toBe('b');
    expect(nextString('\u{10ffff}')).toBeNull();
  });
});
