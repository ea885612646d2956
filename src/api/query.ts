// GET payloads travel as the query string (spec section 7).

type QueryValue = string | number | boolean | null | undefined;

function isQueryValue(value: unknown): value is QueryValue {
  return value === null || value === undefined || ['string', 'number', 'boolean'].includes(typeof value);
}

export function toQueryString(payload: unknown): string {
  if (payload === undefined || payload === null) return '';
  if (payload instanceof URLSearchParams) return payload.toString();
  if (typeof payload !== 'object' || Array.isArray(payload)) {
    throw new TypeError('A GET payload must be an object of query parameters');
  }
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(payload)) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (!isQueryValue(item)) throw new TypeError(`Query parameter ${key} must be a primitive`);
      // null and undefined mean "not given": the server sees the parameter as absent.
      if (item !== null && item !== undefined) params.append(key, String(item));
    }
  }
  return params.toString();
}

export function appendQuery(url: string, query: string): string {
  if (query === '') return url;
  const separator = url.includes('?') ? (url.endsWith('?') || url.endsWith('&') ? '' : '&') : '?';
  return `${url}${separator}${query}`;
}
