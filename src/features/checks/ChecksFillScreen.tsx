import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { checksTotal } from '../../lib/domain/checkRules';
import { BottomActions } from '../../ui/BottomActions';
import { Button } from '../../ui/Button';
import { actionIcons } from '../../ui/icons';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { CheckCard } from './CheckCard';
import { CheckEditDialog } from './CheckEditDialog';
import { groupWithChecks, isToFill } from './checkGroupsRepo';
import { contactById } from './checksQueries';
import { DepositPanel } from './DepositPanel';
import { FlowMessages } from './FlowMessages';
import { ReviewDialog } from './ReviewDialog';
import { checksPaths, useCheckPayment, useFlowNavigation } from './useCheckPayment';
import { useGroupUploads } from './useGroupUploads';
import { useFormats } from '../../ui/useFormats';
import styles from './Checks.module.css';

/** /checks/checksfill/:checksGroupId (ChecksFill): the checks of one payment, review, send and deposit. */
export function ChecksFillScreen() {
  const { t } = useTranslation(['checks', 'errors']);
  const f = useFormats();
  const { checksGroupId = '' } = useParams();
  const { actor, send, is, depositStep, context } = useCheckPayment();
  useFlowNavigation(actor);
  useEffect(() => send({ type: 'route.fill', groupGuid: checksGroupId }), [send, checksGroupId]);
  const data = useLiveQuery(async () => {
    const group = await groupWithChecks(checksGroupId);
    return { group, contact: group ? await contactById(group.ContactGuid) : null };
  }, [checksGroupId]);
  const group = data?.group ?? null;
  const editable = group !== null && isToFill(group) && is('filling');
  const errorText = context.errorKey ? t(context.errorKey, context.errorParams ?? {}) : null;
  const editing = group?.checks.find((c) => c.CheckGuid === context.checkGuid);
  const uploads = useGroupUploads(depositStep === 'waitingForSync' ? context.sentGroupGuid : null);

  if (data === undefined || is('loadingFill')) return <Spinner label={t('fill.loading')} />;
  // A payment sent already (the page was reloaded after "Not now"): its deposit is confirmed from the list.
  if (group && group.Status === 'submitted' && is('notFound')) {
    return (
      <EmptyState
        title={t('review.sent')}
        message={t('review.sentMessage')}
        action={
          group.DepositConfirmedAt || !context.showChecksDeposit ? undefined : (
            <Link className={styles.link} to={checksPaths.deposit(group.ChecksHeaderGuid)}>
              {t('deposits.confirm', { name: data.contact?.fullName ?? group.PayerName ?? f.nis(group.Amount) })}
            </Link>
          )
        }
      />
    );
  }
  if (!group || is('notFound')) {
    return <EmptyState title={t('fill.notFoundTitle')} message={t('errors:couldNotLoadCheck')} />;
  }

  return (
    <div className={styles.screen}>
      <section className={styles.card} aria-labelledby="checks-fill-summary">
        <h2 id="checks-fill-summary" className={styles.heading}>
          {data.contact?.fullName ?? t('groups.unknownPayer')}
        </h2>
        <dl className={styles.facts}>
          <div>
            <dt>{t('fill.debtsTotal')}</dt>
            <dd>{f.nis(group.Amount)}</dd>
          </div>
          <div>
            <dt>{t('fill.checksTotal')}</dt>
            <dd>{f.nis(checksTotal(group.checks))}</dd>
          </div>
          <div>
            <dt>{t('fill.payments')}</dt>
            <dd>{group.NumbersOfPayments}</dd>
          </div>
          <div>
            <dt>{t('groups.status')}</dt>
            <dd>{t(`status.${group.Status}`)}</dd>
          </div>
        </dl>
      </section>
      {depositStep === null ? (
        <FlowMessages
          errorKey={context.errorKey}
          errorParams={context.errorParams}
          noticeKey={context.noticeKey}
          onNoticeClosed={() => send({ type: 'notice.dismiss' })}
        />
      ) : (
        <FlowMessages errorKey={null} noticeKey={context.noticeKey} onNoticeClosed={() => send({ type: 'notice.dismiss' })} />
      )}
      {group.checks.length === 0 ? <EmptyState message={t('fill.noChecks')} /> : null}
      <ul className={styles.list} aria-label={t('fill.checksLabel')}>
        {group.checks.map((c, i) => (
          <CheckCard
            key={c.CheckGuid}
            check={c}
            index={i}
            editable={editable}
            onEdit={() => send({ type: 'check.edit', checkGuid: c.CheckGuid })}
            onDelete={() => send({ type: 'check.delete', checkGuid: c.CheckGuid })}
            onCapture={(side) => send({ type: 'check.capture', checkGuid: c.CheckGuid, side })}
          />
        ))}
      </ul>
      {is('sending') ? <Spinner label={t('review.sending')} /> : null}
      <DepositPanel step={depositStep} errorText={errorText} uploads={uploads} send={send} />
      {is('sent') ? (
        <section className={styles.card}>
          <p>{t('review.sentMessage')}</p>
          {context.showChecksDeposit && group.Status === 'submitted' && !group.DepositConfirmedAt ? (
            <p>
              <Link className={styles.link} to={checksPaths.deposits}>
                {t('deposit.laterHint')}
              </Link>
            </p>
          ) : null}
          <Button onClick={() => send({ type: 'flow.finish' })}>{t('review.done')}</Button>
        </section>
      ) : null}
      {editable ? (
        <BottomActions>
          <div className={styles.bottomActions}>
            <Button variant="secondary" onClick={() => send({ type: 'check.capture', checkGuid: null, side: 'front' })}>
              {t('fill.addCheck')}
            </Button>
            <Button onClick={() => send({ type: 'fill.review' })} icon={actionIcons.send}>
              {t('fill.review')}
            </Button>
          </div>
        </BottomActions>
      ) : null}
      {editing && (is({ filling: 'editing' }) || is({ filling: 'savingEdit' })) ? (
        <CheckEditDialog
          check={editing}
          number={group.checks.indexOf(editing) + 1}
          busy={is({ filling: 'savingEdit' })}
          errorText={errorText}
          onSave={(details) => send({ type: 'edit.save', details })}
          onCancel={() => send({ type: 'edit.cancel' })}
        />
      ) : null}
      <ConfirmDialog
        open={is({ filling: 'confirmingDelete' }) || is({ filling: 'deleting' })}
        title={t('fill.deleteTitle')}
        message={t('fill.deleteMessage')}
        confirmLabel={t('fill.deleteConfirm')}
        cancelLabel={t('fill.deleteKeep')}
        danger
        onConfirm={() => send({ type: 'delete.confirm' })}
        onCancel={() => send({ type: 'delete.dismiss' })}
      />
      {is({ review: 'mismatch' }) || is({ review: 'ready' }) ? (
        <ReviewDialog
          errorText={errorText}
          mismatch={is({ review: 'mismatch' })}
          debtsTotal={group.Amount}
          checksTotal={checksTotal(group.checks)}
          count={group.checks.length}
          busy={false}
          onBack={() => send({ type: 'review.back' })}
          onSend={() => send({ type: is({ review: 'mismatch' }) ? 'review.sendAnyway' : 'review.send' })}
        />
      ) : null}
    </div>
  );
}
