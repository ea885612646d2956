// What every row gets: the mode, the served site, the running server with its data set, a token, and
// the harness page (opened once, on first use).
import type { AppServer } from '../../tests/e2e/fixtures/appServer';
import type { Harness } from './harness';
import type { ServerDataSet } from './dataset';

export type BenchContext = {
  quick: boolean;
  /** --profile: CPU profiles of what the rows run (.tmp/bench-profiles/). */
  profile: boolean;
  siteDir: string;
  server: AppServer;
  token: string;
  dataSet: ServerDataSet;
  harness(): Promise<Harness>;
};
