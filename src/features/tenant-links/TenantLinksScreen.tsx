import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newId } from '../../db/mutate';
import { buildingPickerOptions, useAddressBuilding, useOnBuildingChange } from '../../directory/buildingPicker';
import { db } from '../../db/db';
import { isApiError } from '../../api/errors';
import type { TenantLinkRole } from '../../lib/domain/tenantLinkRules';
import { tenantLinkRoles } from '../../lib/domain/tenantLinkRules';
import { ruleFailureOf } from '../../lib/validation/rules';
import { errorKeyOf } from '../../session/errorKey';
import { useOnlineList } from '../../session/useOnlineList';
import { useSession } from '../../session/sessionContext';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DateField } from '../../ui/DateField';
import { EmptyState } from '../../ui/EmptyState';
import { SelectField } from '../../ui/SelectField';
import { Spinner } from '../../ui/Spinner';
import { useFormats } from '../../ui/useFormats';
import { useOnline } from '../../ui/useOnline';
import styles from '../../ui/fieldScreens.module.css';
import { LinkShare } from './LinkShare';
import type { TenantLink } from './tenantLinksRepo';
import { buildingLinks, createLink, revokeLink, pullBuildingApartments } from './tenantLinksRepo';
import { Alert } from '../../ui/Alert';

const ANY = '';

/** /tenant-links/:bid? — management staff make, share and revoke the links tenants register with. */
export function TenantLinksScreen() {
  const { t } = useTranslation(['tenantLinks', 'errors']);
  const f = useFormats();
  const online = useOnline();
  const { session } = useSession();
  const { buildingId, kept: buildings, choose } = useAddressBuilding('/tenant-links', session.bID);
  const apartments = useLiveQuery(
    async () =>
      buildingId === null
        ? []
        : (await db.apartments.where('buildingId').equals(buildingId).toArray()).sort((a, b) => a.number.localeCompare(b.number, undefined, { numeric: true })),
    [buildingId],
  );
  const { rows, error: loadError, reload } = useOnlineList<TenantLink>(buildingId, online, () => buildingLinks(buildingId ?? 0));
  const [apartmentId, setApartmentId] = useState('');
  const [role, setRole] = useState<TenantLinkRole | typeof ANY>(ANY);
  const [expiresOn, setExpiresOn] = useState('');
  const [error, setError] = useState<{ field: string; key: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per intended link: a retry after a lost answer makes the same link.
  const [createKey, setCreateKey] = useState(newId);
  const [made, setMade] = useState<TenantLink | null>(null);
  const [revoking, setRevoking] = useState<TenantLink | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useOnBuildingChange(buildingId, () => {
    setApartmentId('');
    setMade(null);
  });

  useEffect(() => {
    if (online && buildingId !== null) void pullBuildingApartments(buildingId).catch(() => undefined);
  }, [online, buildingId]);

  async function create() {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const link = await createLink({ apartmentId, role: role === ANY ? null : role, expiresOn: expiresOn || null }, createKey);
      setMade(link);
      setCreateKey(newId());
      reload();
    } catch (e) {
      const field = ruleFailureOf(e)?.field ?? (isApiError(e) ? e.field : undefined) ?? 'form';
      setError({ field, key: errorKeyOf(e, 'errors:errorSaving') });
    } finally {
      setBusy(false);
    }
  }

  async function revoke(link: TenantLink) {
    setRevoking(null);
    try {
      await revokeLink(link.code, newId());
      if (made?.code === link.code) setMade(null);
      setNotice(t('tenantLinks:revoked', { number: link.apartmentNumber ?? '' }));
      reload();
    } catch (e) {
      setNotice(t(errorKeyOf(e, 'errors:errorSaving')));
    }
  }

  const roleLabel = (r: string | null) => t(`tenantLinks:roles.${r ?? 'any'}`);
  const fieldError = (field: string) => (error?.field === field ? t(error.key) : null);
  return (
    <div className={styles.screen}>
      <h2 className={styles.heading}>{t('tenantLinks:title')}</h2>
      <SelectField
        label={t('tenantLinks:building')}
        value={buildingId === null ? '' : String(buildingId)}
        onValueChange={choose}
        options={buildingPickerOptions(buildings ?? [], buildingId, null, t('tenantLinks:chooseBuilding'))}
      />
      {!online ? (
        <EmptyState message={t('tenantLinks:needsConnection')} />
      ) : buildingId === null ? null : (
        <>
          <form
            className={styles.form}
            noValidate
            aria-label={t('tenantLinks:create')}
            onSubmit={(e) => {
              e.preventDefault();
              void create();
            }}
          >
            <SelectField
              label={t('tenantLinks:apartment')}
              value={apartmentId}
              onValueChange={setApartmentId}
              error={fieldError('apartmentId')}
              options={[
                { value: '', label: t('tenantLinks:chooseApartment') },
                ...(apartments ?? []).map((a) => ({ value: a.id, label: t('tenantLinks:apartmentOption', { number: a.number }) })),
              ]}
            />
            <SelectField
              label={t('tenantLinks:role')}
              value={role}
              onValueChange={(v) => setRole(v === ANY ? ANY : (tenantLinkRoles.find((r) => r === v) ?? ANY))}
              error={fieldError('role')}
              options={[{ value: ANY, label: roleLabel(null) }, ...tenantLinkRoles.map((r) => ({ value: r, label: roleLabel(r) }))]}
            />
            <DateField
              label={t('tenantLinks:expiresOn')}
              hint={t('tenantLinks:expiresOnHint')}
              value={expiresOn}
              onValueChange={setExpiresOn}
              error={fieldError('expiresOn')}
            />
            {error && !['apartmentId', 'role', 'expiresOn'].includes(error.field) ? <Alert className={styles.error}>{t(error.key)}</Alert> : null}
            <Button type="submit" block disabled={busy} aria-busy={busy}>
              {t('tenantLinks:create')}
            </Button>
          </form>
          {made ? (
            <section className={styles.card} aria-label={t('tenantLinks:madeTitle')}>
              <p role="status">{t('tenantLinks:made', { number: made.apartmentNumber ?? '' })}</p>
              <LinkShare link={made} />
            </section>
          ) : null}
          {notice ? (
            <p className={styles.muted} role="status">
              {notice}
            </p>
          ) : null}
          <h3 className={styles.heading}>{t('tenantLinks:listTitle')}</h3>
          {loadError ? (
            <EmptyState message={t(loadError)} />
          ) : rows === null ? (
            <Spinner />
          ) : rows.length === 0 ? (
            <EmptyState message={t('tenantLinks:none')} />
          ) : (
            <ul className={styles.list} aria-label={t('tenantLinks:listTitle')}>
              {rows.map((l) => (
                <li key={l.code} className={styles.card}>
                  <span>
                    {t('tenantLinks:apartmentOption', { number: l.apartmentNumber ?? '' })} · {roleLabel(l.role)}
                  </span>
                  <span className={styles.muted}>{t('tenantLinks:created', { date: f.date(l.createdAt) })}</span>
                  <span className={l.state === 'expired' ? styles.error : styles.muted}>
                    {t(`tenantLinks:states.${l.state}`)}
                    {l.expiresOn ? ` · ${t('tenantLinks:expires', { date: f.date(l.expiresOn) })}` : ''}
                  </span>
                  <LinkShare link={l} />
                  <div className={styles.actions}>
                    <Button variant="danger" onClick={() => setRevoking(l)}>
                      {t('tenantLinks:revoke')}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={t('tenantLinks:revokeTitle')}
        message={t('tenantLinks:revokeMessage', { number: revoking?.apartmentNumber ?? '' })}
        confirmLabel={t('tenantLinks:revoke')}
        danger
        onConfirm={() => revoking && void revoke(revoking)}
        onCancel={() => setRevoking(null)}
      />
    </div>
  );
}
