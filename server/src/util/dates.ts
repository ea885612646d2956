const israelDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Local calendar date in Israel, yyyy-mm-dd (the `...Date` fields of the entities). */
export function israelLocalDate(d: Date): string {
  return israelDate.format(d);
}

export function addMs(d: Date, ms: number): Date {
  return new Date(d.getTime() + ms);
}
