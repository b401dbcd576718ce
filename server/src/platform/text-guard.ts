/**
 * PostgreSQL text cannot hold a NUL character (U+0000): a string carrying one fails in the query as a
 * server error. Every request's input is checked once, before any schema, for a NUL in any string or
 * object key, known to the schema or not (docs/api-conventions.md).
 */
export function nulFieldOf(input: unknown): string | null {
  // Iterative, so a deeply nested body cannot overflow the stack.
  const stack: Array<[unknown, string]> = [[input, '']];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path || 'request';
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], path ? `${path}.${i}` : String(i)]);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value).reverse()) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return childPath.replaceAll('\u0000', '\\u0000');
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}
