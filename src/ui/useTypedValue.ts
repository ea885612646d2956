import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/** What a typed text means: the value the screen keeps, or the translated reason it is not one. */
export type TypedCheck = (text: string) => { ok: true; value: string } | { ok: false; error: string };

type Options = {
  /** The screen's value (ISO text, '' for none). */
  value: string;
  format(value: string): string;
  check: TypedCheck;
  onValueChange(value: string): void;
};

/**
 * A text field over a value the user types in another form (dd/mm/yyyy over yyyy-mm-dd): the text stays
 * as typed, the screen hears only valid values, the error shows after the field is left, and the field's
 * form is not submitted while the text is not a valid value (the screens validate in onSubmit, so their
 * forms are noValidate: the guard stops the submit event before React hands it to them).
 */
export function useTypedValue({ value, format, check, onValueChange }: Options) {
  const [draft, setDraft] = useState(() => format(value));
  const [seen, setSeen] = useState(value);
  const [shownError, setShownError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const checkRef = useRef(check);

  const meaning = (text: string) => (text.trim() === '' ? ({ ok: true, value: '' } as const) : check(text));

  if (value !== seen) {
    // The screen changed the value itself (a reset, a default, the picker): show it unless it is what the text says.
    setSeen(value);
    const current = meaning(draft);
    if (!current.ok || current.value !== value) {
      setDraft(format(value));
      setShownError(null);
    }
  }

  useLayoutEffect(() => {
    checkRef.current = check;
  });

  useEffect(() => {
    const input = inputRef.current;
    const form = input?.form;
    if (!input || !form) return;
    const guard = (event: Event) => {
      const text = input.value;
      const result = text.trim() === '' ? null : checkRef.current(text);
      if (!result || result.ok) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      setShownError(result.error);
      input.focus();
    };
    form.addEventListener('submit', guard);
    return () => form.removeEventListener('submit', guard);
  }, []);

  const change = (text: string) => {
    setDraft(text);
    const result = meaning(text);
    if (shownError !== null) setShownError(result.ok ? null : result.error);
    if (result.ok && result.value !== value) onValueChange(result.value);
  };

  const blur = () => {
    const result = meaning(draft);
    if (result.ok) {
      setShownError(null);
      setDraft(format(result.value));
    } else setShownError(result.error);
  };

  return { inputRef, draft, shownError, change, blur };
}
