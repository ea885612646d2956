// A read started before the screen that shows it renders (an offline start reads the dashboard's list
// while the app's code still loads). The screen's first mount takes the result; a write to one of the
// tables it read makes it old, and then it is dropped: the screen's live query reads anew.
import { openIfStored } from './db';
import { onTableChanged } from './tableChanges';

export type EarlyRead<T> = {
  /** Starts the read, once per page, on a device that has a database (never creates one). */
  start(): Promise<void>;
  /** The result if it has arrived and nothing it read has changed since, to the first who asks. */
  take(): T | undefined;
};

export function earlyRead<T>(read: () => Promise<T>, tables: readonly string[]): EarlyRead<T> {
  let reading: Promise<void> | undefined;
  let arrived: { value: T } | undefined;
  let stops: Array<() => void> = [];
  const stopWatching = () => {
    for (const stop of stops) stop();
    stops = [];
  };
  return {
    start() {
      reading ??= (async () => {
        let changed = false;
        stops = tables.map((table) =>
          onTableChanged(table, () => {
            changed = true;
            arrived = undefined;
            stopWatching();
          }),
        );
        try {
          if (!(await openIfStored())) return stopWatching();
          const value = await read();
          if (!changed) arrived = { value };
        } catch {
          stopWatching();
        }
      })();
      return reading;
    },
    take() {
      const taken = arrived;
      arrived = undefined;
      stopWatching();
      return taken?.value;
    },
  };
}
