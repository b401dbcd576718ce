/**
 * Whether an error is a unique-constraint violation (SQLSTATE 23505), optionally of one index.
 * Both drivers put code and constraint on the error; Drizzle wraps it in `cause`.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return constraint === undefined || e.constraint === constraint;
  }
  return false;
}
