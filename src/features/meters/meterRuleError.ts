// A refused local change of a counter or reading (same rules as the server), shown under `field`.
import type { RuleFailure } from '../../lib/validation/rules';

export class MeterRuleError extends Error {
  override readonly name = 'MeterRuleError';
  constructor(readonly failure: RuleFailure) {
    super(failure.messageKey);
  }
}

/** The rule a repository refused with (any feature's rule error carries `failure`), else null. */
export function ruleFailureOf(error: unknown): RuleFailure | null {
  if (typeof error !== 'object' || error === null || !('failure' in error)) return null;
  const failure = (error as { failure: unknown }).failure;
  return typeof failure === 'object' && failure !== null && 'messageKey' in failure ? (failure as RuleFailure) : null;
}
