/**
 * A punch time as people type it, normalised to the `HH:MM` the API takes: `07:30`, `7:30`, `0730`,
 * `730`, `7:30 pm`, `7:30PM`, `7pm`, `19:30`. Null when it is not a time of day (`25:00`, `7:60`,
 * `13:00 pm`, `0:30 am`): the form refuses it rather than guess.
 */
export function parsePunchTime(raw: string | null | undefined): string | null {
  const text = (raw ?? '').trim().toLowerCase().replace(/\./g, '');
  const match = /^(\d{1,2})(?::?(\d{2}))?\s*(am|pm|a|p)?$/.exec(text);
  if (!match) return null;
  const [, hourText = '', minuteText, suffix] = match;
  // '0730' and '730' are hours and minutes; a bare '7' or '19' is a time only with am/pm.
  if (minuteText === undefined && !suffix) return null;
  let hour = Number(hourText);
  const minute = Number(minuteText ?? '0');
  if (minute > 59) return null;
  if (suffix) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (suffix.startsWith('p') ? 12 : 0);
  } else if (hour > 23) return null;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}
