// The harness page: every row's browser side, loaded up front (the replay row goes offline, and a
// chunk fetched on demand would then fail to load).
import type { BenchApi } from './api';
import { listLoad, listQuery } from './listQuery';
import { listOpen } from './listOpen';
import { localWrite } from './localWrite';
import { longListsLoad, longListsQuery } from './longLists';
import { photo } from './photo';
import { queueFill, queueReady, queueReplay } from './queue';
import { replayEnqueue, replayRun, replaySetup } from './replay';
import { takeDayRun } from './takeDay';

const bench: BenchApi = {
  localWrite,
  listLoad,
  listQuery,
  longListsLoad,
  longListsQuery,
  listOpen,
  replaySetup,
  replayEnqueue,
  replayRun,
  queueReady,
  queueFill,
  queueReplay,
  photo,
  takeDayRun,
};

Object.assign(window, { bench });
const status = document.getElementById('status');
if (status) status.textContent = 'ready';
document.body.dataset.ready = 'true';
