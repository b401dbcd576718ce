/**
 * A tip split among a job's team by in-home minutes (issue 11): each member gets total × their minutes ÷
 * the team's minutes, rounded down to the cent, and the cents left over go one each to the largest
 * remainders (ties: the member listed first), so the shares add up to the tip exactly. With no minutes
 * punched the tip is split equally.
 */
export function splitByMinutes<K>(
  totalCents: number,
  members: ReadonlyArray<{ key: K; minutes: number }>,
): Array<{ key: K; cents: number }> {
  if (members.length === 0) return [];
  const weights = members.some((m) => m.minutes > 0) ? members.map((m) => Math.max(0, m.minutes)) : members.map(() => 1);
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const shares = members.map((m, index) => {
    const exact = totalCents * weights[index]!;
    return { key: m.key, cents: Math.floor(exact / totalWeight), remainder: exact % totalWeight, index };
  });
  let left = totalCents - shares.reduce((sum, s) => sum + s.cents, 0);
  for (const share of [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (left <= 0) break;
    share.cents++;
    left--;
  }
  return shares.map(({ key, cents }) => ({ key, cents }));
}
