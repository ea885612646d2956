import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toLocalDateTimeString } from '../../lib/dates';
import { validateHandover } from '../../lib/domain/itemRules';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DateTimeField } from '../../ui/DateTimeField';
import { Button } from '../../ui/Button';
import { FormDialog } from '../../ui/FormDialog';
import { SignaturePad } from '../../ui/SignaturePad';
import type { SignaturePadHandle } from '../../ui/SignaturePad';
import { TextField } from '../../ui/TextField';
import { useRuleForm } from '../../ui/useRuleForm';
import { handOverItem, numberOfItem } from './itemsRepo';
import type { ItemKind } from './itemsRepo';
import type { ItemView } from './itemsQueries';
import styles from '../../ui/fieldScreens.module.css';
import { Alert } from '../../ui/Alert';

type Props = { kind: ItemKind; view: ItemView; workerName: string; onClose(): void; onDone(): void; onFailed(): void };

/** Who received the item, who handed it over and when; then a confirmation. */
export function HandoverDialog({ kind, view, workerName, onClose, onDone, onFailed }: Props) {
  const { t } = useTranslation(['items', 'errors', 'common']);
  const [deliveredTo, setDeliveredTo] = useState(view.contact?.fullName ?? '');
  const [deliveredBy, setDeliveredBy] = useState(workerName);
  const [when, setWhen] = useState(toLocalDateTimeString(new Date()));
  const { setFailure, errorOf, errorBesides, save } = useRuleForm(onFailed);
  const [confirming, setConfirming] = useState(false);
  // The pad's drawing outlives the form dialog (hidden while confirming): kept here when reviewing.
  const padRef = useRef<SignaturePadHandle>(null);
  const [signature, setSignature] = useState<string | null>(null);
  const hintId = useId();
  const otherError = errorBesides(['deliveredTo', 'deliveredAt']);
  const input = () => {
    const at = new Date(when);
    return { deliveredTo, deliveredBy: deliveredBy || null, deliveredAt: when && !Number.isNaN(at.getTime()) ? at.toISOString() : null };
  };
  const number = numberOfItem(view.item);

  function review() {
    const refused = validateHandover(view.item, input());
    if (refused) {
      setFailure(refused);
      return;
    }
    const pad = padRef.current;
    setSignature(pad && !pad.isEmpty() ? (pad.canvas()?.toDataURL('image/png') ?? null) : null);
    setConfirming(true);
  }

  function handOver() {
    setConfirming(false);
    void save(async () => {
      await handOverItem(kind, view.item.id, input(), signature);
      onDone();
    });
  }

  return (
    <>
      <FormDialog
        open={!confirming}
        title={t(`items:${kind}.handoverTitle`, { number })}
        onClose={onClose}
        formId="handover-form"
        formClassName={styles.form}
        submitLabel={t('items:handover.submit')}
        onSubmit={review}
      >
        <TextField
          label={t('items:handover.deliveredTo')}
          value={deliveredTo}
          onValueChange={(v) => (setDeliveredTo(v), setFailure(null))}
          error={errorOf('deliveredTo')}
          autoComplete="off"
        />
        <TextField label={t('items:handover.deliveredBy')} value={deliveredBy} onValueChange={setDeliveredBy} autoComplete="off" />
        <DateTimeField label={t('items:handover.when')} value={when} onValueChange={(v) => (setWhen(v), setFailure(null))} error={errorOf('deliveredAt')} />
        <div>
          <p id={hintId} className={styles.muted}>
            {t('items:handover.signHere')}
          </p>
          <SignaturePad ref={padRef} label={t('items:handover.signature')} describedBy={hintId} onChange={() => setFailure(null)} />
          <Button variant="ghost" onClick={() => padRef.current?.clear()}>
            {t('items:handover.clearSignature')}
          </Button>
        </div>
        {otherError ? <Alert className={styles.error}>{otherError}</Alert> : null}
      </FormDialog>
      <ConfirmDialog
        open={confirming}
        title={t('items:handover.confirmTitle')}
        message={t(`items:${kind}.handoverConfirm`, { number, name: deliveredTo.trim() })}
        confirmLabel={t('items:handover.confirm')}
        onConfirm={handOver}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
