import { describe, expect, it } from 'vitest';
import { phoneFieldErrors } from './phoneLoginMachine';

describe('the phone sign-in’s first step', () => {
  it('requires an Israeli phone number', () => {
    expect(phoneFieldErrors({ userName: '' })).toEqual({ userName: 'errors:requiredField' });
    expect(phoneFieldErrors({ userName: '12345' })).toEqual({ userName: 'errors:invalidPhone' });
    expect(phoneFieldErrors({ userName: '0521234567' })).toEqual({});
  });
});
