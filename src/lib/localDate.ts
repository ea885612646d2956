// The local calendar date on its own: the sign-in page's API calls send one, and the rest of the date
// rules (dates.ts, which re-exports it) load with the signed-in app instead of the sign-in page.

/** The local calendar date, yyyy-mm-dd (never UTC: a deposit at 01:00 in Israel is still today). */
export function toLocalDateString(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
