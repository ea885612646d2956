import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { allBuildings } from '../../directory/buildingsRepo';
import { isEmptyPeople } from '../../lib/domain/buildingPeople';
import type { CommitteeMember } from '../../lib/domain/buildingPeople';
import { telHref } from '../../lib/phone';
import { useSession } from '../../session/sessionContext';
import { useCan } from '../../session/useCan';
import { Button } from '../../ui/Button';
import type { ContactKind } from '../../ui/ContactIconGroup';
import { ContactIconGroup } from '../../ui/ContactIconGroup';
import { EmptyState } from '../../ui/EmptyState';
import { SelectField } from '../../ui/SelectField';
import { Spinner } from '../../ui/Spinner';
import { useFormats } from '../../ui/useFormats';
import { useOnline } from '../../ui/useOnline';
import type { PeopleRecord } from './buildingPeopleRepo';
import styles from './BuildingPeople.module.css';
import screenFrame from '../../ui/screenFrame.module.css';
import { useBuildingPeople } from './useBuildingPeople';

/** The ways a member agreed to be reached (the server sends no phone or e-mail a member did not share). */
function kindsOf(m: CommitteeMember): ContactKind[] {
  return [...(m.showCall ? (['call'] as const) : []), ...(m.showMessage ? (['whatsapp', 'sms'] as const) : []), ...(m.showEmail ? (['email'] as const) : [])];
}

/** The building id the screen shows: the address's, else the user's building, else the first they see. */
export function useChosenBuilding(): { buildingId: number | null; buildings: { id: number; name: string }[] | undefined } {
  const params = useParams();
  const { session } = useSession();
  const buildings = useLiveQuery(() => allBuildings(), []);
  const fromAddress = params.bid ? Number(params.bid) : null;
  return { buildingId: fromAddress ?? (session.bID || null) ?? buildings?.[0]?.id ?? null, buildings };
}

/** /building-people/:bid? — who runs my building: the committee, the management company, emergency numbers, the worker's hours. */
export function BuildingPeopleScreen() {
  const { t } = useTranslation(['buildingPeople', 'common']);
  const can = useCan();
  const online = useOnline();
  const navigate = useNavigate();
  const formats = useFormats();
  const { buildingId, buildings } = useChosenBuilding();
  const { kept, refresh } = useBuildingPeople(buildingId);

  const chooser =
    (buildings?.length ?? 0) > 1 ? (
      <SelectField
        label={t('building')}
        value={buildingId === null ? '' : String(buildingId)}
        onValueChange={(v) => v && void navigate(`/building-people/${v}`)}
        options={(buildings ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
      />
    ) : null;

  let body;
  if (buildings !== undefined && buildingId === null) body = <EmptyState message={t('noBuilding')} />;
  else if (kept === undefined || (kept === null && refresh.state === 'loading')) body = <Spinner label={t('common:loading')} />;
  else if (kept === null)
    body = (
      <EmptyState message={t(online ? 'loadFailed' : 'needsConnection')} action={online ? <Button onClick={refresh.retry}>{t('retry')}</Button> : undefined} />
    );
  else
    body = (
      <People
        record={kept.record}
        keptFrom={!online || refresh.state === 'failed' ? formats.date(kept.savedAt) : null}
        mayEdit={can('buildingPeople.edit') && kept.record.editable}
        online={online}
      />
    );

  return (
    <div className={screenFrame.screen}>
      <h2 className={screenFrame.heading}>{t('title')}</h2>
      {chooser}
      {body}
    </div>
  );
}

function People({ record, keptFrom, mayEdit, online }: { record: PeopleRecord; keptFrom: string | null; mayEdit: boolean; online: boolean }) {
  const { t } = useTranslation('buildingPeople');
  const formats = useFormats();
  const office = record.management;
  const officeName = office.name || record.companyName;
  return (
    <>
      {keptFrom ? (
        <p className={styles.notice} role="status">
          {t('keptFrom', { date: keptFrom })}
        </p>
      ) : null}
      {mayEdit && online ? (
        <div className={styles.actions}>
          <Link className={styles.editLink} to={`/building-people/${record.buildingId}/edit`}>
            {t('edit')}
          </Link>
        </div>
      ) : null}
      {isEmptyPeople(record) ? (
        <EmptyState message={t('empty')} />
      ) : (
        <>
          <section className={screenFrame.section} aria-labelledby="people-committee">
            <h3 id="people-committee" className={styles.sectionTitle}>
              {t('committee')}
            </h3>
            {record.members.length === 0 ? (
              <p className={screenFrame.muted}>{t('noMembers')}</p>
            ) : (
              <ul className={screenFrame.list} aria-labelledby="people-committee">
                {record.members.map((m) => (
                  <li key={m.id} className={`${screenFrame.card} ${styles.person}`}>
                    <div>
                      <p className={styles.name}>{m.name}</p>
                      <p className={styles.role}>{t(`roles.${m.committeeRole}`)}</p>
                    </div>
                    {kindsOf(m).length > 0 ? (
                      <ContactIconGroup name={m.name} phone={m.phone} email={m.email} kinds={kindsOf(m)} />
                    ) : (
                      <p className={screenFrame.muted}>{t('notShared')}</p>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className={screenFrame.section} aria-labelledby="people-office">
            <h3 id="people-office" className={styles.sectionTitle}>
              {t('management')}
            </h3>
            <div className={`${screenFrame.card} ${styles.person}`}>
              <div>
                <p className={styles.name}>{officeName}</p>
                {office.officeHours ? (
                  <p className={styles.hours}>
                    {t('officeHours')}: {office.officeHours}
                  </p>
                ) : null}
              </div>
              <ContactIconGroup name={officeName} phone={office.phone} email={office.email} kinds={['call', 'email']} />
            </div>
          </section>
          <section className={screenFrame.section} aria-labelledby="people-emergency">
            <h3 id="people-emergency" className={styles.sectionTitle}>
              {t('emergency')}
            </h3>
            {record.emergency.length === 0 ? (
              <p className={screenFrame.muted}>{t('noEmergency')}</p>
            ) : (
              <ul className={screenFrame.list} aria-labelledby="people-emergency">
                {record.emergency.map((e) => {
                  const name = e.kind === 'other' ? e.name : e.name ? `${t(`kinds.${e.kind}`)} · ${e.name}` : t(`kinds.${e.kind}`);
                  return (
                    <li key={e.id}>
                      <a className={styles.callLink} href={telHref(e.phone)}>
                        <span>{name}</span>
                        <span className={styles.number}>{e.phone}</span>
                      </a>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
          {record.workerHours ? (
            <section className={screenFrame.section} aria-labelledby="people-worker">
              <h3 id="people-worker" className={styles.sectionTitle}>
                {t('workerHours')}
              </h3>
              <p className={`${screenFrame.card} ${styles.hours}`}>{record.workerHours}</p>
            </section>
          ) : null}
        </>
      )}
      {record.updatedAt && record.updatedBy ? (
        <p className={screenFrame.muted}>{t('updated', { date: formats.date(record.updatedAt), name: record.updatedBy })}</p>
      ) : null}
    </>
  );
}
