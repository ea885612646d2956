import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cardEntryMessageOf } from '../../lib/cardEntry';
import type { CardEntryMessage } from '../../lib/cardEntry';
import type { CardEntryView } from '../../lib/paymentAnswers';
import { errorKeyOf } from '../../session/errorKey';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { openCardEntry } from './paymentsRepo';
import styles from './Tenant.module.css';
import screenFrame from '../../ui/screenFrame.module.css';
import { Alert } from '../../ui/Alert';

type Props = {
  /** The entry's id once the card was entered on the provider's page, or null again (a new entry). */
  onEntered(entryId: string | null): void;
  /** A message to show under the frame (e.g. the server refused to save what was entered). */
  error?: string | null;
};

const failureKey = (m: Extract<CardEntryMessage, { status: 'failed' }>) =>
  m.failure === 'authenticationFailed' ? 'errors:cardAuthenticationFailed' : 'errors:cardEntryNotFinished';

/**
 * The card is typed on the clearing company's own page (issue 29 item 8), framed here: a hosted page on
 * its origin, where a card that asks for it also meets its bank's 3-D Secure challenge. The page tells
 * us only the entry's id and its outcome; we believe a message from this frame, its origin, about its
 * entry only. Each entry takes one card: "enter again" opens a new one.
 */
export function CardEntryFrame({ onEntered, error }: Props) {
  const { t, i18n } = useTranslation(['tenant', 'errors']);
  const frame = useRef<HTMLIFrameElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [entry, setEntry] = useState<CardEntryView | null>(null);
  const [outcome, setOutcome] = useState<CardEntryMessage | null>(null);
  const [openError, setOpenError] = useState<string | null>(null);
  const lang = i18n.language;

  useEffect(() => {
    let live = true;
    setEntry(null);
    setOutcome(null);
    setOpenError(null);
    onEntered(null);
    openCardEntry(lang)
      .then((opened) => {
        if (live) setEntry(opened);
      })
      .catch((e: unknown) => {
        if (live) setOpenError(errorKeyOf(e, 'errors:paymentError'));
      });
    return () => {
      live = false;
    };
    // A new entry per attempt (and per language: the page is shown in the reader's).
  }, [attempt, lang, onEntered]);

  useEffect(() => {
    if (!entry) return;
    const listen = (event: MessageEvent) => {
      const message = cardEntryMessageOf(event, { origin: entry.origin, frame: frame.current?.contentWindow ?? null, entryId: entry.id });
      if (!message) return;
      setOutcome(message);
      onEntered(message.status === 'entered' ? message.entryId : null);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [entry, onEntered]);

  const again = () => setAttempt((n) => n + 1);
  const shownError = openError ? t(openError) : outcome?.status === 'failed' ? t(failureKey(outcome)) : (error ?? null);
  return (
    <div className={styles.cardEntry}>
      <p className={screenFrame.muted}>{t('pay.secureEntry')}</p>
      {entry ? (
        <iframe
          ref={frame}
          className={styles.cardFrame}
          title={t('pay.cardFrameTitle')}
          src={entry.url}
          sandbox="allow-forms allow-scripts allow-same-origin"
          referrerPolicy="no-referrer"
        />
      ) : openError ? null : (
        <Spinner />
      )}
      {outcome?.status === 'entered' && !error ? (
        <p className={styles.notice} role="status">
          {t('pay.cardEntered')}
        </p>
      ) : null}
      {shownError ? (
        <Alert id="card-entry-error" className={styles.error}>
          {shownError}
        </Alert>
      ) : null}
      {shownError || outcome ? (
        <Button variant="secondary" onClick={again}>
          {t('pay.enterAgain')}
        </Button>
      ) : null}
    </div>
  );
}
