import { describe, expect, it } from 'vitest';
import { tenantReportSubject } from './tenantCalls';

describe('a tenant report’s subject', () => {
  it('is the subject sent, trimmed, when there is one', () => {
    expect(tenantReportSubject('The lobby light is out', '  Lobby light ')).toBe('Lobby light');
  });

  it('is otherwise the first 60 characters of the trimmed description, the same on the device and the server', () => {
    const description = `  ${'נורה שרופה בלובי '.repeat(6)}`;
    expect(tenantReportSubject(description)).toBe(description.trim().slice(0, 60));
    expect(tenantReportSubject(description, '   ')).toHaveLength(60);
  });
});
