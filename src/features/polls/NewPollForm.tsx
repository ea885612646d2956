import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { newId } from '../../db/mutate';
import { instantOfIsraelWallClock } from '../../lib/dates';
import { MAX_POLL_OPTIONS, pollResultsShown, pollVoters, pollWeightings } from '../../lib/domain/pollRules';
import type { PollResultsShown, PollVoters, PollWeighting } from '../../lib/domain/pollRules';
import type { RuleFailure } from '../../lib/validation/rules';
import { RuleError } from '../../lib/validation/rules';
import { errorKeyOf } from '../../session/errorKey';
import { Button } from '../../ui/Button';
import { DateTimeField } from '../../ui/DateTimeField';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { useFormats } from '../../ui/useFormats';
import styles from '../../ui/fieldScreens.module.css';
import own from './Polls.module.css';
import type { PollRecord, QuoteChoice } from './pollsRepo';
import { openPoll, openQuotes, optionsOf } from './pollsRepo';
import { Alert } from '../../ui/Alert';

type Line = { label: string; bidId: string | null };

/** The committee opens a poll: a question, options (each may stand for a quote), closing time, who votes, how counted. */
export function NewPollForm({
  buildingId,
  mayLinkQuotes,
  onOpened,
  onCancel,
}: {
  buildingId: number;
  mayLinkQuotes: boolean;
  onOpened(poll: PollRecord): void;
  onCancel(): void;
}) {
  const { t } = useTranslation(['polls', 'errors']);
  const f = useFormats();
  const [question, setQuestion] = useState('');
  const [lines, setLines] = useState<Line[]>([
    { label: '', bidId: null },
    { label: '', bidId: null },
  ]);
  const [closesAt, setClosesAt] = useState('');
  const [voters, setVoters] = useState<PollVoters>('owners');
  const [weighting, setWeighting] = useState<PollWeighting>('equal');
  const [resultsShown, setResultsShown] = useState<PollResultsShown>('afterClose');
  const [failure, setFailure] = useState<RuleFailure | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [quotes, setQuotes] = useState<QuoteChoice[]>([]);
  // One key per poll being opened: a retry after a lost answer opens it once.
  const [ids] = useState(() => ({ poll: newId(), key: newId() }));

  useEffect(() => {
    if (!mayLinkQuotes) return;
    let live = true;
    openQuotes(buildingId)
      .then((q) => live && setQuotes(q))
      .catch(() => live && setQuotes([]));
    return () => {
      live = false;
    };
  }, [buildingId, mayLinkQuotes]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const closes = closesAt ? instantOfIsraelWallClock(closesAt).toISOString() : '';
      const poll = await openPoll(
        { id: ids.poll, buildingId, question, options: optionsOf(lines), closesAt: closes, voters, weighting, resultsShown },
        ids.key,
      );
      setFailure(null);
      onOpened(poll);
    } catch (e) {
      if (e instanceof RuleError) setFailure(e.failure);
      else setError(errorKeyOf(e, 'errors:errorSaving'));
    } finally {
      setBusy(false);
    }
  };
  const errorOf = (field: string) => (failure?.field === field ? t(`errors:${failure.messageKey}`) : null);
  const setLine = (i: number, change: Partial<Line>) => setLines((all) => all.map((l, j) => (j === i ? { ...l, ...change } : l)));

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-labelledby="new-poll-title">
      <h3 id="new-poll-title" className={styles.subheading}>
        {t('newPoll')}
      </h3>
      <TextField label={t('question')} value={question} onValueChange={setQuestion} error={errorOf('question')} maxLength={1000} />
      <fieldset className={styles.fieldset} aria-describedby={errorOf('options') ? 'poll-options-error' : undefined}>
        <legend>{t('options')}</legend>
        {lines.map((line, i) => (
          <div key={i} className={styles.form}>
            <TextField label={t('optionN', { n: i + 1 })} value={line.label} onValueChange={(label) => setLine(i, { label })} maxLength={300} />
            {mayLinkQuotes && quotes.length > 0 ? (
              <SelectField
                label={t('optionQuote', { n: i + 1 })}
                value={line.bidId ?? ''}
                onValueChange={(v) => setLine(i, { bidId: v || null })}
                options={[{ value: '', label: t('noQuote') }, ...quotes.map((q) => ({ value: q.id, label: `${q.description} · ${f.agorot(q.amountAgorot)}` }))]}
              />
            ) : null}
          </div>
        ))}
        {errorOf('options') ? (
          <span id="poll-options-error" className={own.refusal}>
            {errorOf('options')}
          </span>
        ) : null}
        {lines.length < MAX_POLL_OPTIONS ? (
          <Button variant="ghost" onClick={() => setLines((all) => [...all, { label: '', bidId: null }])}>
            {t('addOption')}
          </Button>
        ) : null}
      </fieldset>
      <DateTimeField label={t('closesAt')} value={closesAt} onValueChange={setClosesAt} error={errorOf('closesAt')} />
      <SelectField
        label={t('whoVotes')}
        value={voters}
        onValueChange={(v) => setVoters(pollVoters.find((x) => x === v) ?? 'owners')}
        options={pollVoters.map((v) => ({ value: v, label: t(`voters.${v}`) }))}
      />
      <SelectField
        label={t('counting')}
        value={weighting}
        onValueChange={(v) => setWeighting(pollWeightings.find((x) => x === v) ?? 'equal')}
        options={pollWeightings.map((v) => ({ value: v, label: t(`weighting.${v}`) }))}
        error={errorOf('weighting')}
      />
      <SelectField
        label={t('showResults')}
        value={resultsShown}
        onValueChange={(v) => setResultsShown(pollResultsShown.find((x) => x === v) ?? 'afterClose')}
        options={pollResultsShown.map((v) => ({ value: v, label: t(`resultsShown.${v}`) }))}
      />
      {error ? <Alert className={own.refusal}>{t(error)}</Alert> : null}
      <div className={styles.actions}>
        <Button type="submit" disabled={busy}>
          {t('open')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
