import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useServerRefresh } from '../../session/useServerRefresh';
import { BottomActions } from '../../ui/BottomActions';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Spinner } from '../../ui/Spinner';
import { useSession } from '../../session/sessionContext';
import { chosenTotal } from './checkPaymentMachine';
import { DebtsChooser } from './DebtsChooser';
import { FlowMessages } from './FlowMessages';
import { IncompletePayments } from './IncompletePayments';
import { PayerPicker } from './PayerPicker';
import { awaitingDeposit, pullAwaitingDeposit } from './depositRepo';
import { checksPaths, useCheckPayment, useFlowNavigation } from './useCheckPayment';
import styles from './Checks.module.css';

/** /checksindex: pick the payer, continue an incomplete payment or choose the debts of a new one. */
export function ChecksIndexScreen() {
  const { t } = useTranslation('checks');
  const { session } = useSession();
  const { actor, send, is, context } = useCheckPayment();
  useFlowNavigation(actor);
  useEffect(() => send({ type: 'route.index' }), [send]);
  useServerRefresh(context.showChecksDeposit ? 'awaitingDeposit' : null, pullAwaitingDeposit);
  const awaiting = useLiveQuery(async () => (await awaitingDeposit()).length, []) ?? 0;

  return (
    <div className={styles.screen}>
      {awaiting > 0 && context.showChecksDeposit ? (
        <p className={styles.alert}>
          <Link className={styles.link} to={checksPaths.deposits}>
            {t('deposits.link', { count: awaiting })}
          </Link>
        </p>
      ) : null}
      <PayerPicker
        payer={context.payer}
        defaultBuildingId={session.bID}
        onPayer={(payer) => send(payer ? { type: 'payer.select', payer } : { type: 'payer.clear' })}
      />
      <FlowMessages errorKey={context.errorKey} noticeKey={context.noticeKey} onNoticeClosed={() => send({ type: 'notice.dismiss' })} />
      {is({ index: 'noPayer' }) ? <p className={styles.muted}>{t('index.pickPayer')}</p> : null}
      {is({ index: 'loadingPayer' }) || is('startingPayment') ? <Spinner label={t('index.loading')} /> : null}
      {is({ index: 'incomplete' }) || is({ index: 'confirmingCancel' }) || is({ index: 'cancelling' }) ? (
        <IncompletePayments
          groups={context.groups}
          onContinue={() => send({ type: 'payment.continue' })}
          onNew={() => send({ type: 'payment.new' })}
          onCancelAll={() => send({ type: 'payments.cancelAll' })}
        />
      ) : null}
      {is({ index: 'choosing' }) ? (
        <>
          {context.groups.length > 0 ? (
            <IncompletePayments
              groups={context.groups}
              onContinue={() => send({ type: 'payment.continue' })}
              onCancelAll={() => send({ type: 'payments.cancelAll' })}
            />
          ) : null}
          <DebtsChooser
            debts={context.debts}
            chosen={context.chosenDebtIds}
            total={chosenTotal(context)}
            onToggle={(debtId) => send({ type: 'debts.toggle', debtId })}
          />
          {context.debts.length > 0 ? (
            <BottomActions>
              <Button block onClick={() => send({ type: 'debts.confirm' })}>
                {t('index.payByChecks')}
              </Button>
            </BottomActions>
          ) : null}
        </>
      ) : null}
      <ConfirmDialog
        open={is('index') && (is({ index: 'confirmingCancel' }) || is({ index: 'cancelling' }))}
        title={t('index.cancelAllTitle')}
        message={t('index.cancelAllMessage')}
        confirmLabel={t('index.cancelAllConfirm')}
        cancelLabel={t('index.cancelAllKeep')}
        danger
        onConfirm={() => send({ type: 'cancelAll.confirm' })}
        onCancel={() => send({ type: 'cancelAll.dismiss' })}
      />
    </div>
  );
}
