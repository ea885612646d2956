// The harness page: each row's browser side loads on demand, so one row's modules never slow another.
import type { BenchApi } from './api';

const bench: BenchApi = {
  localWrite: async (o) => (await import('./localWrite')).localWrite(o),
  listQuery: async (o) => (await import('./listQuery')).listQuery(o),
  replaySetup: async (o) => (await import('./replay')).replaySetup(o),
  replayEnqueue: async (o) => (await import('./replay')).replayEnqueue(o),
  replayRun: async () => (await import('./replay')).replayRun(),
  queueFill: async (r) => (await import('./queue')).queueFill(r),
  queueReplay: async () => (await import('./queue')).queueReplay(),
  photo: async (o) => (await import('./photo')).photo(o),
};

Object.assign(window, { bench });
const status = document.getElementById('status');
if (status) status.textContent = 'ready';
document.body.dataset.ready = 'true';
