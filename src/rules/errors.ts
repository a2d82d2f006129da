// Refusals: apply() returns one of these and leaves the state untouched.
import type { ApplyResult, RuleErrorCode } from './types';

export function refuse(code: RuleErrorCode, message: string): ApplyResult {
  return { ok: false, error: { code, message } };
}
