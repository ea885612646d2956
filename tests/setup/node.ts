// Data-layer unit tests run against an in-memory IndexedDB.
import 'fake-indexeddb/auto';
