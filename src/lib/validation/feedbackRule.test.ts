import { describe, expect, it } from 'vitest';
import { validateFeedback } from './rules';

describe('validateFeedback', () => {
  it('accepts a rating of 1–5 with a message of at least 10 characters', () => {
    expect(validateFeedback({ rating: 1, message: 'עובד מצוין' })).toBeNull();
    expect(validateFeedback({ rating: 5, message: '  Works great offline  ' })).toBeNull();
  });

  it('requires a rating within 1–5', () => {
    expect(validateFeedback({ rating: null, message: 'Works great offline' })).toEqual({ field: 'rating', messageKey: 'requiredField' });
    expect(validateFeedback({ rating: 0, message: 'Works great offline' })).toEqual({ field: 'rating', messageKey: 'invalidNumber' });
    expect(validateFeedback({ rating: 6, message: 'Works great offline' })).toEqual({ field: 'rating', messageKey: 'invalidNumber' });
    expect(validateFeedback({ rating: 2.5, message: 'Works great offline' })).toEqual({ field: 'rating', messageKey: 'invalidNumber' });
  });

  it('requires a message of at least 10 characters, ignoring surrounding spaces', () => {
    expect(validateFeedback({ rating: 4, message: '   ' })).toEqual({ field: 'message', messageKey: 'requiredField' });
    expect(validateFeedback({ rating: 4, message: '  too short  ' })).toEqual({ field: 'message', messageKey: 'descriptionTooShort' });
  });
});
