import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import type { GroupUploads } from './depositRepo';
import type { CheckPaymentEvent } from './checkPaymentModel';
import type { DepositStep } from './useCheckPayment';
import styles from './Checks.module.css';
import { Alert } from '../../ui/Alert';

type Props = {
  /** The deposit's step; nothing is shown while there is none. */
  step: DepositStep | null;
  errorText: string | null;
  /** How far the payment's check photos got (shown while the deposit waits for them). */
  uploads: GroupUploads | null;
  /** The check payment's machine: the panel sends its deposit events. */
  send(event: CheckPaymentEvent): void;
};

/** Deposit confirmation (spec 4): after a prompt the user is called and types the last 6 digits of the calling number. */
export function DepositPanel({ step, errorText, uploads, send }: Props) {
  if (step === null) return null;
  return <DepositStepPanel step={step} errorText={errorText} uploads={uploads} send={send} />;
}

function DepositStepPanel({ step, errorText, uploads, send }: Props & { step: DepositStep }) {
  const onStart = () => send({ type: 'deposit.start' });
  const onResend = () => send({ type: 'deposit.resend' });
  const onSkip = () => send({ type: 'deposit.skip' });
  const { t } = useTranslation('checks');
  const [code, setCode] = useState('');
  const busy = step === 'waitingForSync' || step === 'starting' || step === 'confirming';
  return (
    <section className={styles.card} aria-labelledby="checks-deposit">
      <h2 id="checks-deposit" className={styles.heading}>
        {t('deposit.title')}
      </h2>
      {errorText ? <Alert className={styles.error}>{errorText}</Alert> : null}
      {step === 'prompt' || step === 'offline' || step === 'failed' ? (
        <>
          <p>{t('deposit.prompt')}</p>
          <div className={styles.actions}>
            <Button onClick={onStart}>{t('deposit.callMe')}</Button>
            <Button variant="secondary" onClick={onSkip}>
              {t('deposit.later')}
            </Button>
          </div>
        </>
      ) : null}
      {step === 'waitingForSync' ? <Spinner label={t('deposit.waitingForSync')} /> : null}
      {step === 'waitingForSync' ? <p className={styles.muted}>{t('deposit.waitingForSync')}</p> : null}
      {step === 'waitingForSync' && uploads && uploads.photosTotal > 0 ? (
        <>
          <progress className={styles.progress} max={uploads.photosTotal} value={uploads.photosSent} aria-label={t('deposit.uploadProgressLabel')} />
          <p role="status">{t('deposit.uploadProgress', { sent: uploads.photosSent, total: uploads.photosTotal })}</p>
        </>
      ) : null}
      {step === 'starting' ? <Spinner label={t('deposit.calling')} /> : null}
      {step === 'awaitingCode' || step === 'confirming' ? (
        <form
          className={styles.form}
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'deposit.submit', code });
          }}
        >
          <p>{t('deposit.enterCode')}</p>
          <TextField
            label={t('deposit.codeLabel')}
            value={code}
            onValueChange={(v) => setCode(v.replace(/\D+/g, '').slice(0, 6))}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
          />
          <div className={styles.actions}>
            <Button type="submit" disabled={busy} aria-busy={busy}>
              {t('deposit.confirm')}
            </Button>
            <Button variant="secondary" onClick={onResend} disabled={busy}>
              {t('deposit.callAgain')}
            </Button>
            <Button variant="secondary" onClick={onSkip} disabled={busy}>
              {t('deposit.later')}
            </Button>
          </div>
        </form>
      ) : null}
      {step === 'locked' ? (
        <div className={styles.actions}>
          <Button onClick={onResend}>{t('deposit.callAgain')}</Button>
          <Button variant="secondary" onClick={onSkip}>
            {t('deposit.later')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
