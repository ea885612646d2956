import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy…/waitFor wait for a state, not a time: on a busy shared machine a first IndexedDB read can take
// longer than the library's one second, so a wait may last up to 20 s (the test itself may run 60 s).
configure({ asyncUtilTimeout: 20_000 });

afterEach(() => {
  cleanup();
});
