// "Take the day offline": one call that downloads everything the worker's daily plan needs. It
// composes the pulls of several features, so the app provides it (src/app/takeDayOffline.ts) and the
// screens that offer it (dashboard, apartments, daily plan) reach it here.
import { createContext, useContext } from 'react';

export const takeDaySteps = [
  'visits',
  'buildings',
  'apartments',
  'contacts',
  'serviceCalls',
  'meters',
  'keys',
  'mailItems',
  'maintenanceTests',
  'debts',
  'checkGroups',
  'photos',
] as const;
export type TakeDayStep = (typeof takeDaySteps)[number];

/** The small photo copies of the day (the last step): bytes stored against the storage budget. */
export type TakeDayPhotos = { stored: number; bytes: number; budget: number; skipped: number };
export type TakeDayProgress = { done: number; total: number; step: TakeDayStep | null; photos?: TakeDayPhotos };
export type TakeDayResult = { buildingIds: number[]; failed: TakeDayStep[]; photos?: TakeDayPhotos };

/** Runs the whole download (renewing an expired session once); rejects only when it cannot start. */
export type TakeDayOffline = (options?: { onProgress?: (progress: TakeDayProgress) => void }) => Promise<TakeDayResult>;

const missing: TakeDayOffline = () => Promise.reject(new Error('no TakeDayOfflineContext provider'));

export const TakeDayOfflineContext = createContext<TakeDayOffline>(missing);

export function useTakeDayOffline(): TakeDayOffline {
  return useContext(TakeDayOfflineContext);
}
