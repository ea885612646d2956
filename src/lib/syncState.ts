// Where a record stands on its way to the server, as each screen shows it: saved on the device
// (`local`), sent and waiting for the answer (`sent`), applied (`synced`), or needing the user.

export type SyncState = 'synced' | 'local' | 'sent' | 'attention';
