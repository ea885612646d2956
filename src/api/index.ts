export { createApiClient, DEFAULT_BASE_URL, DEFAULT_PRODUCT, DEFAULT_TIMEOUT_MS } from './client';
export type { ApiClient, ApiClientOptions, HttpMethod, RequestOptions, Style2Answer, Style2Param } from './client';
export { ApiError, isApiError, isSessionExpired, SESSION_EXPIRED_CODE } from './errors';
export { p, paramTypes } from './style2';
