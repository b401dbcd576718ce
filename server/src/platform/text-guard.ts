/**
 * Text PostgreSQL cannot store, checked once on every request's input before any schema, in any
 * string or object key, known to the schema or not (docs/api-conventions.md):
 * - a NUL character (U+0000): text cannot hold one, and the query fails as a server error;
 * - a lone UTF-16 surrogate (`"\ud800"` in JSON): a JSON column rejects it, and a text column would
 *   silently store U+FFFD in its place.
 */
export type TextRule = 'rule.noNul' | 'rule.noLoneSurrogate';

/** With the `u` flag a well-formed pair is one code point, so only an unpaired half matches. */
const LONE_SURROGATE = /\p{Surrogate}/u;

export function textRuleBroken(text: string): TextRule | null {
  if (text.includes('\u0000')) return 'rule.noNul';
  if (LONE_SURROGATE.test(text)) return 'rule.noLoneSurrogate';
  return null;
}

/** The field of the first string or key that breaks a rule above, and the rule; null when none does. */
export function badTextOf(input: unknown): { field: string; rule: TextRule } | null {
  // Iterative, so a deeply nested body cannot overflow the stack.
  const stack: Array<[unknown, string]> = [[input, '']];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      const rule = textRuleBroken(value);
      if (rule) return { field: path || 'request', rule };
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], path ? `${path}.${i}` : String(i)]);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value).reverse()) {
        const childPath = path ? `${path}.${key}` : key;
        const rule = textRuleBroken(key);
        if (rule) return { field: printable(childPath), rule };
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

/** A field name fit for a message and the log: the characters refused above written as escapes. */
function printable(text: string): string {
  const escaped = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  return text.replaceAll('\u0000', escaped).replace(/\p{Surrogate}/gu, escaped);
}

/**
 * The text with what PostgreSQL cannot store replaced by U+FFFD: for what the server writes itself
 * (the operation log), which must never fail a request because of a user's text.
 */
export function storableText(text: string): string {
  return text.replaceAll('\u0000', '\ufffd').replace(/\p{Surrogate}/gu, '\ufffd');
}
