import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BATCH_ROUTES, batchRouteOf, batchTargetOf } from './batchTargets';
import { SYNC_BATCH_PATH } from './syncBatch';

const hex = (c: string) => c.charCodeAt(0).toString(16).padStart(2, '0');

/** Each character raw, escaped (either case), or escaped twice. */
const spellings = (path: string) =>
  fc.tuple(...[...path].map((c) => fc.constantFrom(c, `%${hex(c).toUpperCase()}`, `%${hex(c)}`, `%25${hex(c).toUpperCase()}`))).map((parts) => parts.join(''));

describe('batchTargetOf', () => {
  it("takes the outbox's paths, with a base version in the query", () => {
    expect(batchTargetOf('POST', 'binyan/service-calls')).toEqual({ ok: true, route: 'POST binyan/service-calls', path: 'binyan/service-calls' });
    expect(batchTargetOf('DELETE', 'binyan/meter-readings/r-1?baseVersion=3')).toEqual({
      ok: true,
      route: 'DELETE binyan/meter-readings/:id',
      path: 'binyan/meter-readings/r-1?baseVersion=3',
    });
    expect(batchTargetOf('PUT', 'binyan/check/finishScan')).toMatchObject({ ok: true, route: 'PUT binyan/check/finishScan' });
  });

  it('decodes once, then routes the canonical spelling', () => {
    expect(batchTargetOf('POST', 'binyan/service-%63alls')).toEqual({ ok: true, route: 'POST binyan/service-calls', path: 'binyan/service-calls' });
    expect(batchTargetOf('PATCH', 'binyan/service-calls/a%2Db')).toMatchObject({ ok: true, path: 'binyan/service-calls/a-b' });
  });

  it("refuses the issue's bypasses and their cousins", () => {
    const refused: [string, string, string][] = [
      ['POST', 'a%75th/phone/start', 'route'],
      ['POST', 'binyan/sync/%62atch', 'route'],
      ['POST', 'binyan/sync/batch?x=', 'shape'],
      ['POST', 'binyan//service-calls', 'shape'],
      ['POST', 'binyan/service-calls/', 'shape'],
      ['POST', '/binyan/service-calls', 'shape'],
      ['POST', 'binyan/../binyan/service-calls', 'shape'],
      ['POST', 'binyan/%2e%2e/binyan/service-calls', 'shape'],
      ['POST', 'binyan/..%2fauth/logout', 'encoding'],
      ['POST', 'binyan%252Fservice-calls', 'encoding'],
      ['POST', 'binyan\\service-calls', 'encoding'],
      ['POST', 'binyan/service-calls;x=1', 'encoding'],
      ['POST', 'binyan/service-calls#x', 'shape'],
      ['POST', 'BINYAN/service-calls', 'route'],
      ['POST', 'binyan/ｓervice-calls', 'encoding'],
      ['POST', 'binyan/%C0%AE%C0%AE/x', 'encoding'],
      ['POST', 'binyan/service-calls%', 'encoding'],
      ['PUT', 'binyan/service-calls', 'route'],
      ['POST', 'binyan/service-calls?constructor=1', 'shape'],
      ['DELETE', 'binyan/meters/m1?baseVersion=1&baseVersion=2', 'shape'],
      ['DELETE', 'binyan/meters/m1?baseVersion=-1', 'shape'],
    ];
    for (const [method, path, reason] of refused) expect(batchTargetOf(method, path), `${method} ${path}`).toEqual({ ok: false, reason });
  });

  it('never reaches sign-in, the batch itself or any route off its list, however the path is spelled', () => {
    const forbidden = fc.constantFrom(
      'auth/phone/start',
      'auth/register/start',
      'auth/logout',
      SYNC_BATCH_PATH,
      'files/upload/B64',
      'dbActions/callProc',
      'binyan/my/payments',
      'binyan/../auth/logout',
      'binyan/service-calls/../../auth/logout',
    );
    fc.assert(
      fc.property(forbidden.chain(spellings), fc.constantFrom('POST', 'PUT', 'PATCH', 'DELETE'), (path, method) => {
        const target = batchTargetOf(method, path);
        if (target.ok) expect.unreachable(`${method} ${path} → ${target.path}`);
      }),
      { numRuns: 2000 },
    );
  });

  it('answers a canonical path that is its own answer, on its list, without escapes or dot segments', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('POST', 'PUT', 'PATCH', 'DELETE'),
        fc.string({
          unit: fc.constantFrom(
            'a',
            'b',
            '-',
            '.',
            '/',
            '%',
            '2',
            'e',
            'f',
            'F',
            '?',
            '=',
            'binyan/',
            'service-calls',
            'check',
            'baseVersion=1',
            '&',
            '\\',
            ';',
          ),
        }),
        (method, path) => {
          const target = batchTargetOf(method, path);
          if (!target.ok) return;
          expect(batchTargetOf(method, target.path)).toEqual(target);
          expect(target.path).not.toMatch(/%|\/\/|(^|\/)\.\.?(\/|$|\?)/);
          expect(BATCH_ROUTES).toContain(target.route);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('reads a server route as its list entry, whatever its parameters are called', () => {
    expect(batchRouteOf('POST', '/api/binyan/buildings/:bid/maintenance-plan/send')).toBe('POST binyan/buildings/:bid/maintenance-plan/send');
    expect(batchRouteOf('PATCH', '/api/binyan/service-calls/:callId')).toBe('PATCH binyan/service-calls/:id');
    expect(batchRouteOf('POST', '/api/auth/phone/start')).toBeNull();
    expect(batchRouteOf('GET', '/api/binyan/service-calls')).toBeNull();
  });
});
