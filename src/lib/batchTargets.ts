// What a sync batch may carry (docs/api.md "Batches"), and the one spelling of a change's path the server
// routes. A batch item names its route by a path the device wrote; the server checks and routes exactly
// the path made here, never the raw one, so a check of one spelling cannot be passed by another
// (`a%75th/phone/start`, `binyan/sync/%62atch`, `binyan/x/../../auth/...`).
//
// - Each segment is percent-decoded once. What is still encoded after that (`%252F`) is refused, never
//   decoded again, as are a malformed escape and bytes that are not UTF-8.
// - The decoded path must already be canonical: no empty segment (`//`, a leading or trailing `/`), no
//   `.` or `..`, no `\`, `;` parameter, `#`, space, control or non-ASCII character: a device never writes
//   them, so they are refused rather than guessed at.
// - The query carries only `baseVersion` (digits), once.
// - The method and path must be one of BATCH_ROUTES, spelled exactly: the server's router is
//   case-sensitive, so `BINYAN/...` names no route and is refused.
// The device asks the same question (src/sync/replay/batch.ts): a change the batch does not carry goes alone.
import type { BatchMethod } from './syncBatch.ts';

/**
 * The changes the device queues in its outbox (the repositories' writes through src/sync/write/writePath.ts),
 * under `/api`. Never sign-in or session calls, the batch itself, uploads, payments, card or provider
 * calls, mail or dialer sends: those are made online, alone.
 */
export const BATCH_ROUTES = [
  'POST binyan/service-calls',
  'PATCH binyan/service-calls/:id',
  'DELETE binyan/service-calls/:id',
  'POST binyan/service-calls/:id/updates',
  'POST binyan/tenant/service-calls',
  'POST binyan/tenant/service-calls/:id/comments',
  'POST binyan/tenant/service-calls/:id/join',
  'POST binyan/threads',
  'POST binyan/threads/:id/messages',
  'PATCH binyan/buildings/:id',
  'POST binyan/buildings/:bid/maintenance-plan/send',
  'PATCH binyan/maintenance-tests/:id',
  'POST binyan/contacts',
  'POST binyan/meters',
  'DELETE binyan/meters/:id',
  'POST binyan/meter-readings',
  'PATCH binyan/meter-readings/:id',
  'DELETE binyan/meter-readings/:id',
  'POST binyan/visits',
  'PATCH binyan/visits/:id',
  'POST binyan/keys',
  'POST binyan/keys/:id/handover',
  'POST binyan/mail-items',
  'POST binyan/mail-items/:id/handover',
  'POST binyan/visitors',
  'POST binyan/visitors/:id/leave',
  'POST binyan/check',
  'DELETE binyan/check',
  'PUT binyan/check/finishScan',
  'PUT binyan/check/submitChecksHeader',
  'PUT binyan/check/cancelChecksHeader',
  'POST binyan/charges',
  'POST binyan/suppliers',
  'PATCH binyan/suppliers/:id',
  'POST binyan/bids',
  'POST binyan/bids/:id/approve',
  'POST binyan/expenses',
  'PATCH binyan/expenses/:id',
  'DELETE binyan/expenses/:id',
  'POST binyan/ledger-entries',
  'DELETE binyan/ledger-entries/:id',
  'POST binyan/budget-lines',
  'PATCH binyan/budget-lines/:id',
  'POST binyan/signed-forms',
  'POST binyan/feedback',
  'POST binyan/profile/requests',
  'POST binyan/profile/notifications',
  'POST binyan/profile/language',
  'POST binyan/terms/approval',
  'POST binyan/polls/:id/votes',
] as const satisfies readonly `${BatchMethod} ${string}`[];

export type BatchRoute = (typeof BATCH_ROUTES)[number];

export type BatchTarget =
  | { ok: true; route: BatchRoute; /** The canonical path under `/api`, with its query: what is routed. */ path: string }
  | { ok: false; reason: 'encoding' | 'shape' | 'route' };

/** The most characters of a change's path. */
export const MAX_BATCH_PATH_LENGTH = 2000;

// A decoded segment: unreserved characters, `:` and `@` (record ids are UUIDs, numbers or `seed-…`).
const SEGMENT = /^[A-Za-z0-9\-._~:@]+$/;
const ESCAPES = /^(?:[^%]|%[0-9A-Fa-f]{2})*$/;
const QUERY_VALUES: ReadonlyMap<string, RegExp> = new Map([['baseVersion', /^\d{1,15}$/]]);

/** `:id`, `:bid` …: a route's parameters by position, whatever their names (Fastify's spelling or ours). */
function shapeOf(pattern: string): string {
  return pattern
    .split('/')
    .map((s) => (s.startsWith(':') ? ':' : s))
    .join('/');
}

const routesByShape = new Map<string, BatchRoute>(BATCH_ROUTES.map((r) => [shapeOf(r), r]));

/** The allowed route a server route (`POST`, `/api/binyan/service-calls/:id`) is, or null. */
export function batchRouteOf(method: string, url: string): BatchRoute | null {
  return routesByShape.get(shapeOf(`${method} ${url.replace(/^\/api\//, '')}`)) ?? null;
}

function decodedSegment(raw: string): string | null {
  if (!ESCAPES.test(raw)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  // Still encoded after one decoding (`%252F`), or any character a device never writes: refused.
  return SEGMENT.test(decoded) ? decoded : null;
}

function canonicalQuery(query: string | undefined): string | null {
  if (query === undefined) return '';
  const seen = new Set<string>();
  const pairs: string[] = [];
  for (const pair of query.split('&')) {
    const [name = '', value, ...more] = pair.split('=');
    const valid = QUERY_VALUES.get(name);
    if (!valid || value === undefined || more.length > 0 || !valid.test(value) || seen.has(name)) return null;
    seen.add(name);
    pairs.push(`${name}=${value}`);
  }
  return `?${pairs.join('&')}`;
}

// Each route split once: its method, its segments (null for a parameter), and how many are fixed.
const parsedRoutes = BATCH_ROUTES.map((route) => {
  const [method = '', pattern = ''] = route.split(' ');
  const parts = pattern.split('/').map((p) => (p.startsWith(':') ? null : p));
  return { route, method, parts, fixed: parts.filter((p) => p !== null).length };
}).sort((a, b) => b.fixed - a.fixed);

function routeOf(method: string, segments: readonly string[]): BatchRoute | undefined {
  // Most fixed segments first: a fixed segment wins over a parameter in the same place, as in the router.
  return parsedRoutes.find((r) => r.method === method && r.parts.length === segments.length && r.parts.every((p, i) => p === null || p === segments[i]))?.route;
}

/**
 * The route a batch change names and the canonical path to route, or why it is refused:
 * `encoding` (an escape that is malformed, doubled or not UTF-8, or a character a device never writes),
 * `shape` (an empty or dot segment, a query other than `baseVersion`), `route` (not one of BATCH_ROUTES).
 */
export function batchTargetOf(method: string, rawPath: string): BatchTarget {
  if (rawPath.length === 0 || rawPath.length > MAX_BATCH_PATH_LENGTH || rawPath.includes('#')) return { ok: false, reason: 'shape' };
  const queryAt = rawPath.indexOf('?');
  const rawRoute = queryAt === -1 ? rawPath : rawPath.slice(0, queryAt);
  const segments: string[] = [];
  for (const raw of rawRoute.split('/')) {
    if (raw === '') return { ok: false, reason: 'shape' };
    const segment = decodedSegment(raw);
    if (segment === null) return { ok: false, reason: 'encoding' };
    if (segment === '.' || segment === '..') return { ok: false, reason: 'shape' };
    segments.push(segment);
  }
  const query = canonicalQuery(queryAt === -1 ? undefined : rawPath.slice(queryAt + 1));
  if (query === null) return { ok: false, reason: 'shape' };
  const route = routeOf(method, segments);
  if (route === undefined) return { ok: false, reason: 'route' };
  return { ok: true, route, path: `${segments.join('/')}${query}` };
}
