import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServiceCallRow } from '../../db/schema';
import type { ServiceCallStatus } from '../../lib/domain/entities';
import { toDate, toLocalDateString } from '../../lib/dates';
import { offersClosingMessage } from '../../lib/domain/serviceCallClosing';
import { isClosedStatus, nextStatuses } from '../../lib/domain/serviceCallStatus';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DateField } from '../../ui/DateField';
import { ClosingMessageDialog } from './ClosingMessageDialog';
import { SelectField } from '../../ui/SelectField';
import { CheckboxField } from './fields';
import { cancelServiceCall, changeStatus, closeWithMessage, deleteServiceCall, setLastVisit, updateServiceCall } from './serviceCallsRepo';
import type { RunAction } from './useActionFeedback';
import { useClosingMessageDays } from './useServiceCalls';
import styles from './CallDetail.module.css';
import shared from './ServiceCalls.module.css';
import { useCan } from '../../session/useCan';

type Confirm = 'close' | 'cancel' | 'delete' | null;

/** A picked calendar day as an instant: now when it is today, else midday (safe in any zone). */
function visitInstant(day: string): string {
  if (day === toLocalDateString(new Date())) return new Date().toISOString();
  const d = toDate(day);
  d.setHours(12);
  return d.toISOString();
}

/** `leaveAfterSuccess` names the page to go to once the success message closes (after a delete). */
export function CallActions({ call, run, leaveAfterSuccess }: { call: ServiceCallRow; run: RunAction; leaveAfterSuccess(path: string | null): void }) {
  const can = useCan();
  const { t } = useTranslation('serviceCalls');
  const closingDays = useClosingMessageDays();
  const options = nextStatuses(call.status).filter((s) => s !== 'cancelled');
  const [status, setStatus] = useState<ServiceCallStatus | ''>('');
  const [visit, setVisit] = useState(call.lastVisitAt ? toLocalDateString(new Date(call.lastVisitAt)) : '');
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [closing, setClosing] = useState(false);
  const chosen = options.find((s) => s === status) ?? '';

  const applyStatus = () => {
    if (chosen === '') return;
    if (chosen === 'closed') return setConfirm('close');
    void run(() => changeStatus(call.id, chosen), t('feedback.statusChanged', { status: t(`status.${chosen}`) }), 'errorUpdating').then(
      (ok) => ok && setStatus(''),
    );
  };
  const close = (message: string | null) => {
    setClosing(false);
    void run(() => closeWithMessage(call.id, message), t('feedback.closed'), 'errorClosingReferral').then((ok) => ok && setStatus(''));
  };
  const onConfirm = () => {
    const what = confirm;
    setConfirm(null);
    if (what === 'close') {
      if (offersClosingMessage(call, new Date(), closingDays)) setClosing(true);
      else close(null);
    } else if (what === 'cancel') void run(() => cancelServiceCall(call.id), t('feedback.cancelled'), 'errorUpdating');
    else if (what === 'delete') {
      leaveAfterSuccess(`/service-calls/${call.buildingId}`);
      void run(() => deleteServiceCall(call.id), t('feedback.deleted'), 'anErrorOccurred').then((ok) => ok || leaveAfterSuccess(null));
    }
  };

  return (
    <section className={styles.actions} aria-labelledby="call-actions-heading">
      <h3 id="call-actions-heading" className={shared.subheading}>
        {t('actions.title')}
      </h3>
      {options.length > 0 ? (
        <div className={styles.inlineForm}>
          <SelectField label={t('actions.newStatus')} value={chosen} onValueChange={(v) => setStatus(options.find((s) => s === v) ?? '')}>
            <option value="">{t('actions.chooseStatus')}</option>
            {options.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </SelectField>
          <Button onClick={applyStatus} disabled={chosen === ''}>
            {t('actions.changeStatus')}
          </Button>
        </div>
      ) : (
        <p className={shared.hint}>{t('actions.noStatusChange')}</p>
      )}
      <div className={styles.inlineForm}>
        <DateField label={t('field.lastVisitAt')} value={visit} onValueChange={setVisit} max={toLocalDateString(new Date())} />
        <Button
          variant="secondary"
          disabled={visit === ''}
          onClick={() => void run(() => setLastVisit(call.id, visitInstant(visit)), t('feedback.lastVisitSaved'), 'errorUpdating')}
        >
          {t('actions.saveLastVisit')}
        </Button>
      </div>
      <CheckboxField
        label={t('field.copyToMaintenanceManager')}
        checked={call.copyToMaintenanceManager}
        onChange={(checked) => void run(() => updateServiceCall(call.id, { copyToMaintenanceManager: checked }), t('feedback.saved'), 'errorUpdating')}
      />
      <div className={shared.buttonRow}>
        {isClosedStatus(call.status) ? null : (
          <>
            <Button onClick={() => setConfirm('close')}>{t('actions.close')}</Button>
            <Button variant="secondary" onClick={() => setConfirm('cancel')}>
              {t('actions.cancelCall')}
            </Button>
          </>
        )}
        {can('serviceCalls.delete') ? (
          <Button variant="danger" onClick={() => setConfirm('delete')}>
            {t('actions.delete')}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirm !== null}
        title={confirm ? t(`confirm.${confirm}.title`) : ''}
        message={confirm ? t(`confirm.${confirm}.message`) : ''}
        confirmLabel={confirm ? t(`confirm.${confirm}.confirm`) : undefined}
        cancelLabel={t('confirm.keep')}
        danger={confirm === 'delete' || confirm === 'cancel'}
        onConfirm={onConfirm}
        onCancel={() => setConfirm(null)}
      />
      <ClosingMessageDialog open={closing} days={closingDays} onClose={close} onCancel={() => setClosing(false)} />
    </section>
  );
}
