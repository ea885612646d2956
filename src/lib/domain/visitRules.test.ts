import { describe, expect, it } from 'vitest';
import { validateVisit } from './visitRules.ts';

describe('visit rules', () => {
  it('lets checklist ticks through without a description', () => {
    expect(validateVisit({ madeToday: false, description: '' })).toBeNull();
  });

  it('requires a description of at least 10 characters to mark the visit made today', () => {
    expect(validateVisit({ madeToday: true, description: '  ' })).toEqual({ field: 'description', messageKey: 'requiredField' });
    expect(validateVisit({ madeToday: true, description: 'short' })).toEqual({ field: 'description', messageKey: 'descriptionTooShort' });
    expect(validateVisit({ madeToday: true, description: 'Lobby cleaned, lights fixed' })).toBeNull();
  });
});
