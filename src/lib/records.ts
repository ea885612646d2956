// The one test for "a JSON object" (not null, not an array), for answers read at the API edge.

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
