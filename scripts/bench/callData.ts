// Deterministic service calls for the benchmark data sets (the server seed and the 20 000-call browser
// set). Pure (no Node, no DOM): imported by scripts/bench and by the browser harness alike.
import { createRng } from '../../server/src/seed/prng.ts';
import type { ServiceCall, ServiceCallStatus } from '../../src/lib/domain/entities.ts';
import { serviceCallDomains, serviceCallPriorities, serviceCallTypes } from '../../src/lib/domain/entities.ts';

export const BENCH_SEED = 20_260_101;

// Words a worker really types: what broke, where, and how urgent.
const problems = [
  'נזילת מים',
  'נורה שרופה',
  'מעלית תקועה',
  'אינטרקום לא עובד',
  'דלת כניסה לא נסגרת',
  'ריח גז',
  'סתימה בביוב',
  'רטיבות בקיר',
  'שער חניה תקוע',
  'מטף כיבוי פג תוקף',
  'לכלוך בלובי',
  'גינה לא מטופלת',
  'תאורת חירום תקולה',
  'הצפה במחסן',
  'קצר חשמלי',
  'צנרת סדוקה',
];
const places = ['בחדר המדרגות', 'בלובי', 'בחניון', 'בקומה 3', 'בקומה 7', 'בגג', 'במקלט', 'בחדר האשפה', 'ליד המעלית', 'בכניסה האחורית', 'במחסן', 'בחצר'];
const details = [
  'דחוף',
  'חוזר על עצמו',
  'דווח על ידי דייר',
  'לבדוק עם הספק',
  'מהבוקר',
  'בלילה בלבד',
  'אחרי הגשם',
  'יש תמונות',
  'תיאום עם ועד הבית',
  'ממתין לחלק',
];
const reporters = ['משה לוי', 'רחל כהן', 'יוסי מזרחי', 'שרה אברהם', 'דוד פרץ', 'מיכל ביטון', 'אורי דהן', 'נועה פרידמן'];

// Mostly open work, some planned, a long closed tail: like a real company after a year.
const statusWeights: ReadonlyArray<[ServiceCallStatus, number]> = [
  ['open', 30],
  ['inTreatment', 10],
  ['inExecution', 6],
  ['treated', 4],
  ['finishedTesting', 2],
  ['planned', 8],
  ['closed', 35],
  ['cancelled', 5],
];
const openStatuses: readonly ServiceCallStatus[] = ['open', 'inTreatment', 'inExecution', 'treated', 'finishedTesting'];

export type CallSetOptions = { count: number; buildingIds: readonly number[]; seed?: number; now?: Date; firstCallNumber?: number; onlyOpen?: boolean };

function weighted<T>(next: () => number, items: ReadonlyArray<[T, number]>): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let at = next() * total;
  for (const [item, w] of items) {
    at -= w;
    if (at < 0) return item;
  }
  return (items.at(-1) as [T, number])[0];
}

/** `count` calls spread over `buildingIds`, opened over the last year; the same options give the same calls. */
export function generateCalls(options: CallSetOptions): ServiceCall[] {
  const rng = createRng(options.seed ?? BENCH_SEED);
  const now = (options.now ?? new Date('2026-01-01T08:00:00.000Z')).getTime();
  const calls: ServiceCall[] = [];
  for (let i = 0; i < options.count; i++) {
    const openedAt = new Date(now - rng.int(0, 365 * 24 * 60) * 60_000).toISOString();
    const status = options.onlyOpen ? rng.pick(openStatuses) : weighted(rng.next, statusWeights);
    const problem = rng.pick(problems);
    const place = rng.pick(places);
    const closed = status === 'closed' || status === 'cancelled';
    calls.push({
      id: rng.uuid(),
      buildingId: options.buildingIds[i % options.buildingIds.length] ?? 101,
      callNumber: (options.firstCallNumber ?? 5000) + i,
      callType: rng.pick(serviceCallTypes),
      domain: rng.pick(serviceCallDomains),
      reporterContactId: null,
      reporterName: rng.pick(reporters),
      status,
      priority: rng.pick(serviceCallPriorities),
      subject: `${problem} ${place}`,
      description: `${problem} ${place}. ${rng.pick(details)}, ${rng.pick(details)}.`,
      openedAt,
      lastVisitAt: null,
      lastUpdateAt: openedAt,
      closedAt: closed ? openedAt : null,
      copyToMaintenanceManager: false,
      createdBy: 'bench',
      version: 1,
      updatedAt: openedAt,
    });
  }
  return calls;
}

/** What a worker types into the search box, one keystroke at a time (every prefix of each phrase). */
export function typedQueries(phrases = ['נזילת מים', 'מעלית', 'חדר המדרגות דחוף', 'אינטרקום']): string[] {
  return phrases.flatMap((phrase) => Array.from({ length: phrase.length }, (_, i) => phrase.slice(0, i + 1)).filter((q) => q.trim() !== ''));
}
