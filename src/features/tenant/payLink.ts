// A debt reminder's link opens the payment with its charges chosen: `/pay/<apartment>?charges=a,b`
// (server/src/jobs/debtReminders.ts writes it). Only charges the tenant can still pay are chosen; a charge
// paid since, or one covered by a check waiting for deposit, is left out rather than refused.
export function linkedCharges(param: string | null, payable: readonly string[]): string[] {
  if (!param) return [];
  const named = new Set(param.split(',').map((id) => id.trim()));
  return payable.filter((id) => named.has(id));
}
