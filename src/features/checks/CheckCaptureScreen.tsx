import { useEffect, useMemo, useState } from 'react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { toLocalDateString } from '../../lib/dates';
import { Button } from '../../ui/Button';
import { actionIcons } from '../../ui/icons';
import { ImageViewer } from '../../ui/ImageViewer';
import { Spinner } from '../../ui/Spinner';
import { CheckDetailsFields } from './CheckDetailsFields';
import { detailsOf, draftOf } from './checkDetailsDraft';
import { useObjectUrl } from '../../ui/useObjectUrl';
import { groupOf, remainingAmount } from './checkPaymentModel';
import type { CaptureTarget } from './checkPaymentModel';
import { FlowMessages } from './FlowMessages';
import { useCheckPayment, useFlowNavigation } from './useCheckPayment';
import styles from './Checks.module.css';

function PhotoInputs({ onFile }: { onFile(file: File): void }) {
  const { t } = useTranslation('checks');
  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) onFile(file);
  };
  return (
    <div className={styles.section}>
      <label className={styles.fileButton}>
        {t('capture.camera')}
        <input className="visually-hidden" type="file" accept="image/*" capture="environment" onChange={pick} />
      </label>
      <label className={styles.fileButton} data-variant="secondary">
        {t('capture.gallery')}
        <input className="visually-hidden" type="file" accept="image/*" onChange={pick} />
      </label>
    </div>
  );
}

/** /check-capture (CheckCapture): photograph a check (camera, or the gallery), preview, retake, save. */
export function CheckCaptureScreen() {
  const { t } = useTranslation('checks');
  const [params] = useSearchParams();
  const target: CaptureTarget = useMemo(
    () => ({ groupGuid: params.get('checksGroupId') ?? '', checkGuid: params.get('checkGuid'), side: params.get('side') === 'back' ? 'back' : 'front' }),
    [params],
  );
  const { actor, send, is, context } = useCheckPayment();
  useFlowNavigation(actor);
  useEffect(() => send({ type: 'route.capture', target }), [send, target]);
  const group = groupOf(context, context.capture?.groupGuid ?? target.groupGuid);
  const previewUrl = useObjectUrl(context.photo?.blob);
  const [viewer, setViewer] = useState(false);
  const isNew = context.capture?.checkGuid === null;
  const side = context.capture?.side ?? target.side;
  const [draft, setDraft] = useState(() => draftOf({ DepositDate: toLocalDateString(new Date()) }));
  const suggested = remainingAmount(group);
  // A new check suggests what is left to cover; what the user typed is never replaced.
  useEffect(() => {
    if (suggested > 0) setDraft((d) => (d.amount === '' ? { ...d, amount: String(suggested) } : d));
  }, [suggested]);

  if (is('loadingCapture')) return <Spinner label={t('fill.loading')} />;
  const title = t(side === 'back' ? 'capture.backTitle' : isNew ? 'capture.newTitle' : 'capture.frontTitle');

  return (
    <div className={styles.screen}>
      <h2 className={styles.heading}>{title}</h2>
      <FlowMessages
        errorKey={context.errorKey}
        errorParams={context.errorParams}
        noticeKey={context.noticeKey}
        onNoticeClosed={() => send({ type: 'notice.dismiss' })}
      />
      {is('notFound') ? <p className={styles.muted}>{t('fill.notFoundTitle')}</p> : null}
      {is({ capturing: 'choosing' }) ? (
        <>
          <p className={styles.muted}>{t(side === 'back' ? 'capture.backHint' : 'capture.hint')}</p>
          <PhotoInputs onFile={(file) => send({ type: 'photo.chosen', file })} />
        </>
      ) : null}
      {is({ capturing: 'compressing' }) ? <Spinner label={t('capture.processing')} /> : null}
      {(is({ capturing: 'preview' }) || is({ capturing: 'savingNew' }) || is({ capturing: 'savingImage' })) && previewUrl ? (
        <>
          <button type="button" className={styles.previewButton} onClick={() => setViewer(true)} aria-label={t('capture.enlarge')}>
            <img className={styles.preview} src={previewUrl} alt={t('capture.previewAlt')} />
          </button>
          <ImageViewer
            images={[{ src: previewUrl, alt: t('capture.previewAlt') }]}
            index={0}
            open={viewer}
            onIndexChange={() => undefined}
            onClose={() => setViewer(false)}
          />
          {isNew ? <CheckDetailsFields value={draft} onChange={setDraft} /> : null}
          <div className={styles.bottomActions}>
            <Button variant="secondary" onClick={() => send({ type: 'photo.retake' })} disabled={!is({ capturing: 'preview' })}>
              {t('capture.retake')}
            </Button>
            <Button
              onClick={() => send({ type: 'photo.accept', details: detailsOf(draft) })}
              disabled={!is({ capturing: 'preview' })}
              aria-busy={!is({ capturing: 'preview' })}
            >
              {t(isNew ? 'capture.saveCheck' : 'capture.usePhoto')}
            </Button>
          </div>
        </>
      ) : null}
      {is({ capturing: 'askBack' }) ? (
        <section className={styles.card}>
          <p>{t('capture.askBack')}</p>
          <div className={styles.actions}>
            <Button onClick={() => send({ type: 'back.capture' })} icon={actionIcons.camera}>
              {t('capture.photographBack')}
            </Button>
            <Button variant="secondary" onClick={() => send({ type: 'back.skip' })}>
              {t('capture.skipBack')}
            </Button>
          </div>
        </section>
      ) : null}
      {is({ capturing: 'choosing' }) || is({ capturing: 'preview' }) ? (
        <Button variant="ghost" onClick={() => send({ type: 'capture.cancel' })}>
          {t('capture.cancel')}
        </Button>
      ) : null}
    </div>
  );
}
