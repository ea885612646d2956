// The PostgreSQL channel on which migration 008's triggers announce ended sessions and changed users;
// every server process listens (db/postgres.ts) and drops its cached sessions.
export const CHANGE_CHANNEL = 'binyan_auth_changed';
