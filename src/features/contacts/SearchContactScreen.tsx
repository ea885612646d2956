import { useLiveQuery } from 'dexie-react-hooks';
import { useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/EmptyState';
import { BuildingNotTaken, useNotTaken } from '../../session/BuildingNotTaken';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { useSession } from '../../session/sessionContext';
import { getBuilding } from '../../directory/buildingsRepo';
import { useIndexedQuery } from '../../ui/useIndexedQuery';
import type { ContactQuery } from './searchText';
import { ContactResult } from './ContactResult';
import { onSearchedChanged, placesOf, prepareContactSearch, searchContacts, SEARCH_LIMIT } from './contactsQueries';
import styles from './SearchContactScreen.module.css';

type Scope = 'building' | 'all';

function queryKindKey(query: ContactQuery): string | null {
  if (query.kind === 'empty') return null;
  if (query.kind === 'text') return `kind.text.${query.script}`;
  return `kind.${query.kind}`;
}

/** `/search-contact`: by name, phone, e-mail or position, in the current building or all of them. */
export function SearchContactScreen() {
  const { t } = useTranslation('contacts');
  const { session } = useSession();
  const [text, setText] = useState('');
  const [chosenScope, setScope] = useState<Scope>('building');
  const building = useLiveQuery(() => getBuilding(session.bID), [session.bID]);
  const scope: Scope = session.bID === null || building === null ? 'all' : chosenScope;
  const query = useDeferredValue(text);
  const buildingId = scope === 'building' ? session.bID : null;
  // The contacts are read into memory while the user starts typing (idle time), not at the first search.
  useEffect(prepareContactSearch, []);
  const result = useIndexedQuery(onSearchedChanged, async () => {
    const found = await searchContacts(query, buildingId);
    return { ...found, places: await placesOf(found.contacts), asked: `${buildingId ?? ''}|${query}` };
  }, [query, buildingId]);
  // The results shown answer an earlier search while a newer one waits (for the contacts of all buildings to be read).
  const waiting = result !== undefined && result.asked !== `${buildingId ?? ''}|${text}`;
  const kindKey = result ? queryKindKey(result.query) : null;
  const notTaken = useNotTaken(buildingId);

  return (
    <div className={styles.screen}>
      <search className={styles.form}>
        <TextField
          type="search"
          label={t('search.label')}
          hint={t('search.hint')}
          value={text}
          onValueChange={setText}
          autoComplete="off"
          enterKeyHint="search"
        />
        <fieldset className={styles.scope}>
          <legend className={styles.legend}>{t('search.scope')}</legend>
          <label className={styles.option}>
            <input type="radio" name="scope" value="building" checked={scope === 'building'} disabled={!building} onChange={() => setScope('building')} />
            <span>{building ? t('search.thisBuilding', { name: building.name }) : t('search.noBuilding')}</span>
          </label>
          <label className={styles.option}>
            <input type="radio" name="scope" value="all" checked={scope === 'all'} onChange={() => setScope('all')} />
            <span>{t('search.allBuildings')}</span>
          </label>
        </fieldset>
      </search>
      <p className={styles.kind} role="status">
        {kindKey ? t(kindKey) : ''}
      </p>
      {notTaken && buildingId !== null ? <BuildingNotTaken buildingId={buildingId} /> : null}
      {waiting ? <Spinner delayed label={t('search.searching')} /> : null}
      {result === undefined ? (
        <Spinner label={t('search.searching')} />
      ) : result.query.kind === 'empty' ? (
        <EmptyState message={t('search.start')} />
      ) : result.contacts.length === 0 ? (
        <EmptyState title={t('search.noResultsTitle')} message={t('search.noResults', { query: text.trim() })} />
      ) : (
        <section aria-labelledby="contact-results">
          <h2 id="contact-results" className={styles.heading}>
            {t('search.results', { count: result.contacts.length })}
          </h2>
          {result.truncated ? <p className={styles.detail}>{t('search.truncated', { count: SEARCH_LIMIT })}</p> : null}
          <ul className={styles.results}>
            {result.contacts.map((c) => (
              <ContactResult key={c.id} contact={c} place={result.places.get(c.id)} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
