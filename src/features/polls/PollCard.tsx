import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { israelWallClock, wallClockDate, wallClockTime } from '../../lib/dates';
import { percentOf } from '../../lib/domain/pollRules';
import { Button } from '../../ui/Button';
import { RecordSyncBadge } from '../../ui/RecordSyncBadge';
import { useFormats } from '../../ui/useFormats';
import styles from '../../ui/fieldScreens.module.css';
import own from './Polls.module.css';
import type { PollRecord, VoteOnDevice } from './pollsRepo';
import { Alert } from '../../ui/Alert';

/** An instant as the building's clock reads it (the time the committee typed), dd/mm/yyyy hh:mm. */
function buildingTime(iso: string): string {
  const wall = israelWallClock(new Date(iso));
  return `${wallClockDate(wall)} ${wallClockTime(wall)}`;
}

type Props = {
  poll: PollRecord;
  /** The last vote cast on this phone for the poll, if any. */
  onDevice: VoteOnDevice | undefined;
  mayManage: boolean;
  /** A tenant (who may vote in some polls), told why not in this one. */
  isTenant: boolean;
  busy: boolean;
  onVote(optionId: string): void;
  onClose(): void;
};

/** One poll: the question, the vote of the apartment (cast, changed, or refused with its reason) and the results. */
export function PollCard({ poll, onDevice, mayManage, isTenant, busy, onVote, onClose }: Props) {
  const { t } = useTranslation(['polls', 'errors']);
  const pending = onDevice && (onDevice.syncState === 'local' || onDevice.syncState === 'sent') ? onDevice : undefined;
  const current = pending?.value.optionId ?? poll.myVote;
  const [choice, setChoice] = useState<string | null>(null);
  const chosen = choice ?? current;
  const headingId = `poll-${poll.id}`;
  const open = poll.status === 'open';
  const refusal = onDevice?.syncState === 'attention' && onDevice.refusal ? onDevice.refusal.messageKey : null;
  const labelOf = (id: string | null) => poll.options.find((o) => o.id === id)?.label ?? '';

  return (
    <li className={styles.card}>
      <article aria-labelledby={headingId}>
        <div className={styles.cardHeader}>
          <h3 id={headingId} className={styles.cardTitle}>
            {poll.question}
          </h3>
          <span className={styles.badge}>{t(open ? 'status.open' : 'status.closed')}</span>
        </div>
        <dl className={styles.facts}>
          <div>
            <dt>{t(open ? 'closesAt' : 'closedAt')}</dt>
            <dd>{buildingTime(open ? poll.closesAt : (poll.closedAt ?? poll.closesAt))}</dd>
          </div>
          <div>
            <dt>{t('whoVotes')}</dt>
            <dd>{t(`voters.${poll.voters}`)}</dd>
          </div>
          <div>
            <dt>{t('counting')}</dt>
            <dd>{t(`weighting.${poll.weighting}`)}</dd>
          </div>
          <div>
            <dt>{t('turnout')}</dt>
            <dd>{t('apartmentsVoted', { count: poll.turnout })}</dd>
          </div>
        </dl>

        {poll.mayVote || pending ? (
          <form
            className={styles.form}
            onSubmit={(e) => {
              e.preventDefault();
              if (chosen) onVote(chosen);
              setChoice(null);
            }}
          >
            <fieldset className={styles.fieldset}>
              <legend>{t('yourVote')}</legend>
              {poll.options.map((o) => (
                <label key={o.id} className={styles.choice}>
                  <input
                    type="radio"
                    name={`vote-${poll.id}`}
                    value={o.id}
                    checked={chosen === o.id}
                    onChange={() => setChoice(o.id)}
                    disabled={!poll.mayVote}
                  />
                  {o.label}
                </label>
              ))}
            </fieldset>
            {poll.mayVote ? (
              <div className={styles.actions}>
                <Button type="submit" disabled={busy || !chosen || chosen === current}>
                  {current ? t('changeVote') : t('vote')}
                </Button>
              </div>
            ) : null}
          </form>
        ) : poll.myVote ? (
          <p>{t('votedFor', { option: labelOf(poll.myVote) })}</p>
        ) : open && isTenant ? (
          <p className={styles.muted}>{t(`notYourVote.${poll.voters}`)}</p>
        ) : null}

        {pending ? (
          <p className={styles.muted}>
            <RecordSyncBadge state={pending.syncState} compact /> {t('voteQueued', { option: labelOf(pending.value.optionId) })}
          </p>
        ) : current && poll.mayVote ? (
          <p className={styles.muted} role="status">
            {t('votedFor', { option: labelOf(current) })}
          </p>
        ) : null}
        {refusal ? <Alert className={own.refusal}>{t('voteRefused', { option: labelOf(onDevice?.value.optionId ?? null), reason: t(refusal) })}</Alert> : null}

        <Results poll={poll} />

        {mayManage && open ? (
          <div className={styles.actions}>
            <Button variant="secondary" disabled={busy} onClick={onClose}>
              {t('closeNow')}
            </Button>
          </div>
        ) : null}
      </article>
    </li>
  );
}

function Results({ poll }: { poll: PollRecord }) {
  const { t } = useTranslation('polls');
  const f = useFormats();
  const { tally } = poll;
  if (!tally) return <p className={styles.muted}>{t('resultsAfterClose')}</p>;
  const byWeight = poll.weighting === 'area';
  const winner = poll.options.find((o) => o.id === tally.winnerId);
  return (
    <section aria-label={t('results')}>
      <h4 className={styles.subheading}>{poll.status === 'open' ? t('resultsSoFar') : t('results')}</h4>
      <ul className={own.results}>
        {poll.options.map((o) => {
          const line = tally.options.find((l) => l.optionId === o.id);
          const part = byWeight ? (line?.weight ?? 0) : (line?.apartments ?? 0);
          const pct = percentOf(part, byWeight ? tally.weight : tally.apartments);
          return (
            <li key={o.id} className={own.resultLine}>
              <span className={`${own.resultText} ${o.id === tally.winnerId && poll.status === 'closed' ? own.winner : ''}`}>
                <span>{o.label}</span>
                <span>{t(byWeight ? 'lineWeighted' : 'line', { count: line?.apartments ?? 0, percent: f.number(pct), area: f.number(part / 100) })}</span>
              </span>
              <progress className={own.bar} max={100} value={pct} aria-label={t('barLabel', { option: o.label, percent: f.number(pct) })} />
            </li>
          );
        })}
      </ul>
      {poll.status === 'closed' ? (
        <p role="status">
          {winner ? t('decided', { option: winner.label }) : tally.tiedIds.length > 0 ? t('tie') : t('noVotes')}
          {poll.approvedBidId ? ` ${t('quoteApproved')}` : ''}
        </p>
      ) : null}
    </section>
  );
}
