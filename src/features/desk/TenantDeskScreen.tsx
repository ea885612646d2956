import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { newId } from '../../db/mutate';
import { wallClockDate } from '../../lib/dates';
import { israelToday } from '../../lib/domain/deskPasses';
import type { RuleFailure } from '../../lib/validation/rules';
import { ruleFailureOf } from '../../lib/validation/rules';
import { errorKeyOf } from '../../session/errorKey';
import { useOnlineList } from '../../session/useOnlineList';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DateField } from '../../ui/DateField';
import { EmptyState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { useFormats } from '../../ui/useFormats';
import { useOnline } from '../../ui/useOnline';
import styles from '../../ui/fieldScreens.module.css';
import type { PassRecord, TenantDesk } from './deskRepo';
import { approveVisitor, cancelVisitor, changeVisitor, tenantDesk } from './deskRepo';
import { Alert } from '../../ui/Alert';

type Draft = { name: string; visitDate: string; note: string };
const emptyDraft = (): Draft => ({ name: '', visitDate: israelToday(new Date()), note: '' });

/** /desk: what waits for the tenant's apartment at the front desk, and the visitors they pre-approve. Online. */
export function TenantDeskScreen() {
  const { t } = useTranslation(['desk', 'errors']);
  const f = useFormats();
  const online = useOnline();
  const { rows, error, reload } = useOnlineList<TenantDesk>('desk', online, async () => [await tenantDesk()]);
  const desk = rows?.[0] ?? null;
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [editing, setEditing] = useState<PassRecord | null>(null);
  // One key per pre-approval being written: a retry after a lost answer is the same one.
  const [attempt, setAttempt] = useState(() => ({ id: newId(), key: newId() }));
  const [failure, setFailure] = useState<RuleFailure | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [cancelling, setCancelling] = useState<PassRecord | null>(null);
  const errorOf = (field: string) => (failure?.field === field ? t(`errors:${failure.messageKey}`, failure.params) : null);

  const reset = () => {
    setDraft(emptyDraft());
    setEditing(null);
    setAttempt({ id: newId(), key: newId() });
    setFailure(null);
  };

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setActionError(null);
    try {
      await work();
      return true;
    } catch (e) {
      const refused = ruleFailureOf(e);
      if (refused && ['name', 'visitDate', 'note'].includes(refused.field)) setFailure(refused);
      else setActionError(errorKeyOf(e, 'errors:errorSaving'));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const input = { name: draft.name, visitDate: draft.visitDate, note: draft.note };
    const done = await run(() => (editing ? changeVisitor(editing, input, attempt.key) : approveVisitor(attempt.id, input, attempt.key)));
    if (done) {
      reset();
      reload();
    }
  };

  const startEdit = (pass: PassRecord) => {
    setEditing(pass);
    setDraft({ name: pass.name, visitDate: pass.visitDate, note: pass.note });
    setAttempt({ id: pass.id, key: newId() });
    setFailure(null);
  };

  const confirmCancel = async () => {
    const pass = cancelling;
    setCancelling(null);
    if (!pass) return;
    if (await run(() => cancelVisitor(pass, newId()))) {
      if (editing?.id === pass.id) reset();
      reload();
    }
  };

  const itemLabel = (kind: string, number: string) => [t(`kind.${kind}`, { defaultValue: t('kind.parcel') }), number].filter(Boolean).join(' · ');

  return (
    <div className={styles.screen}>
      <h2 className={styles.heading}>{t('title')}</h2>
      {actionError ? <Alert className={styles.error}>{t(actionError)}</Alert> : null}
      <section className={styles.card} aria-labelledby="desk-items">
        <h3 id="desk-items" className={styles.cardTitle}>
          {t('items.title')}
        </h3>
        {!online && desk === null ? (
          <EmptyState message={t('needsConnection')} />
        ) : error ? (
          <EmptyState message={t(error)} action={<Button onClick={reload}>{t('retry')}</Button>} />
        ) : desk === null ? (
          <Spinner />
        ) : desk.items.length === 0 ? (
          <EmptyState message={t('items.none')} />
        ) : (
          <ul className={styles.list} aria-label={t('items.title')}>
            {desk.items.map((i) => (
              <li key={i.id} className={styles.card} aria-label={itemLabel(i.kind, i.number)}>
                <strong>{itemLabel(i.kind, i.number)}</strong>
                <p className={styles.muted}>{[i.description, t('items.since', { at: f.dateTime(i.registeredAt) })].filter(Boolean).join(' · ')}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={styles.card} aria-labelledby="desk-visitors">
        <h3 id="desk-visitors" className={styles.cardTitle}>
          {t('visitors.title')}
        </h3>
        <p className={styles.muted}>{t('visitors.intro')}</p>
        <form
          className={styles.form}
          onSubmit={(e) => void submit(e)}
          noValidate
          aria-label={editing ? t('visitors.editForm', { name: editing.name }) : t('visitors.newForm')}
        >
          <TextField
            label={t('visitors.name')}
            value={draft.name}
            onValueChange={(name) => setDraft((d) => ({ ...d, name }))}
            error={errorOf('name')}
            autoComplete="off"
            required
          />
          <DateField
            label={t('visitors.date')}
            value={draft.visitDate}
            onValueChange={(visitDate) => setDraft((d) => ({ ...d, visitDate }))}
            error={errorOf('visitDate')}
            required
          />
          <TextField
            label={t('visitors.note')}
            value={draft.note}
            onValueChange={(note) => setDraft((d) => ({ ...d, note }))}
            error={errorOf('note')}
            autoComplete="off"
          />
          <div className={styles.actions}>
            <Button type="submit" disabled={busy || !online} aria-busy={busy}>
              {editing ? t('visitors.save') : t('visitors.approve')}
            </Button>
            {editing ? (
              <Button variant="secondary" onClick={reset}>
                {t('visitors.discard')}
              </Button>
            ) : null}
          </div>
          {!online ? <p className={styles.muted}>{t('needsConnection')}</p> : null}
        </form>
        {desk && desk.passes.length === 0 ? <EmptyState message={t('visitors.none')} /> : null}
        {desk && desk.passes.length > 0 ? (
          <ul className={styles.list} aria-label={t('visitors.list')}>
            {desk.passes.map((p) => (
              <li key={p.id} className={styles.card} aria-label={p.name}>
                <div className={styles.cardHeader}>
                  <strong>{p.name}</strong>
                  <span className={p.arrivedAt ? `${styles.badge} ${styles.badgeDone}` : styles.badge}>
                    {p.arrivedAt
                      ? t('visitors.arrived', { at: f.time(p.arrivedAt) })
                      : p.visitDate === desk.today
                        ? t('visitors.today')
                        : wallClockDate(p.visitDate)}
                  </span>
                </div>
                {p.note ? <p className={styles.muted}>{p.note}</p> : null}
                {p.arrivedAt ? null : (
                  <div className={styles.actions}>
                    <Button variant="secondary" disabled={busy || !online} onClick={() => startEdit(p)} aria-label={t('visitors.editOf', { name: p.name })}>
                      {t('visitors.edit')}
                    </Button>
                    <Button
                      variant="secondary"
                      disabled={busy || !online}
                      onClick={() => setCancelling(p)}
                      aria-label={t('visitors.cancelOf', { name: p.name })}
                    >
                      {t('visitors.cancel')}
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <ConfirmDialog
        open={cancelling !== null}
        title={t('visitors.cancelTitle')}
        message={t('visitors.cancelMessage', { name: cancelling?.name ?? '', date: cancelling ? wallClockDate(cancelling.visitDate) : '' })}
        confirmLabel={t('visitors.cancel')}
        cancelLabel={t('visitors.keep')}
        danger
        onConfirm={() => void confirmCancel()}
        onCancel={() => setCancelling(null)}
      />
    </div>
  );
}
