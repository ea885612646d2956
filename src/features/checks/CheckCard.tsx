import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckRow } from '../../db/schema';
import { Button } from '../../ui/Button';
import { ImageViewer } from '../../ui/ImageViewer';
import { RecordSyncBadge } from '../../ui/RecordSyncBadge';
import { ImageStatusText } from './CheckImage';
import { useCheckImage } from './useCheckImage';
import type { CheckSide } from './checksRepo';
import { useFormats } from '../../ui/useFormats';
import styles from './Checks.module.css';

/** CheckStatus 2 is "pending approval" (check/listsData). */
export const CHECK_STATUS_PENDING_APPROVAL = 2;

type Props = {
  check: CheckRow;
  index: number;
  editable: boolean;
  onEdit(): void;
  onDelete(): void;
  onCapture(side: CheckSide): void;
};

function Thumb({ check, side, label, onOpen }: { check: CheckRow; side: CheckSide; label: string; onOpen(url: string): void }) {
  const image = useCheckImage(check, side);
  return (
    <button type="button" className={styles.thumb} onClick={() => image.url && onOpen(image.url)} disabled={!image.url} aria-label={label}>
      {image.url ? <img src={image.url} alt="" /> : <ImageStatusText status={image.status} />}
    </button>
  );
}

/** One check of the payment: amount, deposit date, bank details, images, status, edit and cancel. */
export function CheckCard({ check, index, editable, onEdit, onDelete, onCapture }: Props) {
  const { t } = useTranslation('checks');
  const f = useFormats();
  const [viewing, setViewing] = useState<string | null>(null);
  const number = index + 1;
  const facts: Array<[string, string | null]> = [
    [t('check.depositDate'), f.date(check.DepositDate)],
    [t('check.bank'), check.BankNumber],
    [t('check.branch'), check.BranchNumber],
    [t('check.account'), check.AccountNumber],
    [t('check.number'), check.CheckNumber],
  ];
  return (
    <li className={styles.card} aria-label={t('check.title', { number })}>
      <div className={styles.cardHeader}>
        <strong>{t('check.title', { number })}</strong>
        <span className={styles.amount}>{f.nis(check.Amount)}</span>
      </div>
      <div className={styles.actions}>
        {check.CheckStatus === CHECK_STATUS_PENDING_APPROVAL ? (
          <span className={styles.badge} data-tone="warning">
            {t('check.pendingApproval')}
          </span>
        ) : null}
        {check.SentToDeposit ? (
          <span className={styles.badge} data-tone="success">
            {t('check.deposited')}
          </span>
        ) : null}
        <RecordSyncBadge state={check.syncState} />
      </div>
      <dl className={styles.facts}>
        {facts
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      <div className={styles.images}>
        <Thumb check={check} side="front" label={t('check.viewFront', { number })} onOpen={setViewing} />
        {check.BackImageId ? (
          <Thumb check={check} side="back" label={t('check.viewBack', { number })} onOpen={setViewing} />
        ) : editable ? (
          <Button variant="secondary" onClick={() => onCapture('back')}>
            {t('check.addBack', { number })}
          </Button>
        ) : null}
      </div>
      {editable ? (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onEdit}>
            {t('check.edit', { number })}
          </Button>
          <Button variant="secondary" onClick={() => onCapture('front')}>
            {t('check.retakeFront', { number })}
          </Button>
          <Button variant="danger" onClick={onDelete}>
            {t('check.cancel', { number })}
          </Button>
        </div>
      ) : null}
      <ImageViewer
        images={viewing ? [{ src: viewing, alt: t('check.imageAlt', { number }) }] : []}
        index={0}
        open={viewing !== null}
        onIndexChange={() => undefined}
        onClose={() => setViewing(null)}
      />
    </li>
  );
}
