// The translation dictionary rows (GET /api/binyan/translations, the service-call translator).
import type { Db } from '../db/database.ts';

export const translations = {
  all: (db: Db) => db.all(db.q.selectFrom('translations').select(['LID', 'TranslateKey', 'TranslateData']).orderBy('id')),
};
