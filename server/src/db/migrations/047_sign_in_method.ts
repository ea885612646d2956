// How a session was signed in (issue 31 item 7, "Your phone number must be verified"): by a code sent to a
// phone (SMS or call), a code sent by e-mail, or a password alone, and the phone the code proved. A gate
// that dials from the caller's own phone opens only for a session whose code went to that phone. A renewal
// secret carries its sign-in on to the sessions it gives. Rows from before this migration have none (null):
// not a proved phone, until the person signs in again with a code.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sessions', 'renewal_secrets']) {
    await db.schema.alterTable(table).addColumn('signInMethod', 'text').execute();
    await db.schema.alterTable(table).addColumn('signInPhone', 'text').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sessions', 'renewal_secrets']) {
    await db.schema.alterTable(table).dropColumn('signInPhone').execute();
    await db.schema.alterTable(table).dropColumn('signInMethod').execute();
  }
}
