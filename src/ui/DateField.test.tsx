import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../i18n/i18n';
import { DateField } from './DateField';
import { DateTimeField } from './DateTimeField';
import { FormDialog } from './FormDialog';
import { TimeField } from './TimeField';

beforeAll(async () => {
  await initI18n({ lng: 'en' });
});

afterEach(async () => {
  await changeLanguage('en');
  document.documentElement.dir = 'ltr';
});

function DateHarness({ initial = '', max, onValue, onSubmit }: { initial?: string; max?: string; onValue?(v: string): void; onSubmit?(): void }) {
  const [value, setValue] = useState(initial);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit?.();
      }}
    >
      <DateField
        label="Due date"
        value={value}
        max={max}
        onValueChange={(v) => {
          setValue(v);
          onValue?.(v);
        }}
      />
      <output data-testid="value">{value}</output>
      <button type="submit">Save</button>
    </form>
  );
}

/** The text of what an element's aria-describedby points at. */
function description(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

const input = () => screen.getByRole('textbox', { name: 'Due date' }) as HTMLInputElement;

describe('DateField', () => {
  it('shows the ISO value as dd/mm/yyyy and hands typed dd/mm/yyyy back as ISO', () => {
    const onValue = vi.fn();
    render(<DateHarness initial="2026-12-31" onValue={onValue} />);
    expect(input().value).toBe('31/12/2026');
    fireEvent.change(input(), { target: { value: '5/1/2027' } });
    expect(onValue).toHaveBeenLastCalledWith('2027-01-05');
    fireEvent.blur(input());
    expect(input().value).toBe('05/01/2027');
    fireEvent.change(input(), { target: { value: '' } });
    expect(onValue).toHaveBeenLastCalledWith('');
  });

  it('keeps an impossible date as typed, says why, and does not let the form submit', () => {
    const onSubmit = vi.fn();
    const onValue = vi.fn();
    render(<DateHarness initial="2026-02-01" onValue={onValue} onSubmit={onSubmit} />);
    fireEvent.change(input(), { target: { value: '31/02/2026' } });
    fireEvent.blur(input());
    expect(input().value).toBe('31/02/2026');
    expect(onValue).not.toHaveBeenCalled();
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(description(input())).toBe('31/02/2026 is not a date on the calendar: check the day and the month');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(input(), { target: { value: '28/02/2026' } });
    expect(input().getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('refuses text that is not a date and a date after max, in the user language', async () => {
    await changeLanguage('fr');
    const onSubmit = vi.fn();
    render(<DateHarness max="2026-11-24" onSubmit={onSubmit} />);
    fireEvent.change(input(), { target: { value: '2026-11-20' } });
    fireEvent.blur(input());
    expect(description(input())).toBe('Saisissez la date au format jj/mm/aaaa, par exemple 23/11/2026');
    fireEvent.change(input(), { target: { value: '25/11/2026' } });
    expect(description(input())).toBe('Choisissez une date jusqu’au 24/11/2026');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('opens a calendar page from Sunday, moves with the arrows and Page keys, picks a day, then returns focus', () => {
    const onValue = vi.fn();
    render(<DateHarness initial="2026-11-18" onValue={onValue} />);
    const opener = screen.getByRole('button', { name: 'Choose on the calendar' });
    expect(description(opener)).toBe('Due date');
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Due date November 2026' });
    const headers = within(dialog)
      .getAllByRole('columnheader')
      .map((th) => th.getAttribute('abbr'));
    expect(headers).toEqual(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
    const chosen = within(dialog).getByRole('button', { name: 'Wednesday 18/11/2026' });
    expect(chosen.getAttribute('aria-pressed')).toBe('true');
    expect(document.activeElement).toBe(chosen);
    fireEvent.keyDown(chosen, { key: 'ArrowRight' });
    fireEvent.keyDown(within(dialog).getByRole('button', { name: 'Thursday 19/11/2026' }), { key: 'ArrowDown' });
    const next = within(dialog).getByRole('button', { name: 'Thursday 26/11/2026' });
    expect(document.activeElement).toBe(next);
    fireEvent.keyDown(next, { key: 'PageDown' });
    expect(screen.getByRole('dialog', { name: 'Due date December 2026' })).toBeTruthy();
    const december = screen.getByRole('button', { name: 'Saturday 26/12/2026' });
    expect(document.activeElement).toBe(december);
    fireEvent.click(december);
    expect(onValue).toHaveBeenLastCalledWith('2026-12-26');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(input().value).toBe('26/12/2026');
    expect(document.activeElement).toBe(input());
  });

  it('closes on Escape without changing the date, and does not offer days after max', () => {
    const onValue = vi.fn();
    render(<DateHarness initial="2026-11-10" max="2026-11-12" onValue={onValue} />);
    fireEvent.click(screen.getByRole('button', { name: 'Choose on the calendar' }));
    const late = screen.getByRole('button', { name: 'Friday 13/11/2026' });
    expect(late.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(late);
    expect(onValue).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Tuesday 10/11/2026' }), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Thursday 12/11/2026' }));
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onValue).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(input());
  });

  it('inside a form dialog, Escape closes only the calendar', () => {
    const onClose = vi.fn();
    render(
      <FormDialog open title="New expense" onClose={onClose} formId="f" submitLabel="Save" onSubmit={() => undefined}>
        <DateField label="Due date" value="2026-11-10" onValueChange={() => undefined} />
      </FormDialog>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Choose on the calendar' }));
    fireEvent(screen.getByRole('dialog', { name: /November 2026/ }), new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog', { name: /November 2026/ })).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'New expense' })).toBeTruthy();
  });

  it('names the days in Hebrew and moves the other way with the arrows right to left', async () => {
    await changeLanguage('he');
    document.documentElement.dir = 'rtl';
    render(<DateHarness initial="2026-11-18" />);
    fireEvent.click(screen.getByRole('button', { name: 'בחירה מלוח השנה' }));
    expect(screen.getAllByRole('columnheader').at(0)?.getAttribute('abbr')).toBe('יום ראשון');
    fireEvent.keyDown(screen.getByRole('button', { name: 'יום רביעי 18/11/2026' }), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'יום חמישי 19/11/2026' }));
  });
});

describe('TimeField and DateTimeField', () => {
  it('reads 24-hour times and refuses 25:00', () => {
    const onValue = vi.fn();
    render(<TimeField label="Start" value="" onValueChange={onValue} />);
    const time = screen.getByRole('textbox', { name: 'Start' });
    fireEvent.change(time, { target: { value: '1730' } });
    expect(onValue).toHaveBeenLastCalledWith('17:30');
    fireEvent.blur(time);
    expect((time as HTMLInputElement).value).toBe('17:30');
    fireEvent.change(time, { target: { value: '25:00' } });
    fireEvent.blur(time);
    expect((time as HTMLInputElement).value).toBe('25:00');
    expect(description(time)).toBe('Enter the time as hh:mm on the 24-hour clock, for example 14:30');
  });

  it('keeps a date and a time as one yyyy-mm-ddTHH:mm value', () => {
    function Harness({ onValue }: { onValue(v: string): void }) {
      const [value, setValue] = useState('2026-11-23T09:05');
      return <DateTimeField label="Handed over" value={value} onValueChange={(v) => (setValue(v), onValue(v))} />;
    }
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    const group = screen.getByRole('group', { name: 'Handed over' });
    expect((within(group).getByRole('textbox', { name: 'Date' }) as HTMLInputElement).value).toBe('23/11/2026');
    expect((within(group).getByRole('textbox', { name: 'Time' }) as HTMLInputElement).value).toBe('09:05');
    fireEvent.change(within(group).getByRole('textbox', { name: 'Time' }), { target: { value: '18:45' } });
    expect(onValue).toHaveBeenLastCalledWith('2026-11-23T18:45');
    fireEvent.change(within(group).getByRole('textbox', { name: 'Date' }), { target: { value: '24/11/2026' } });
    expect(onValue).toHaveBeenLastCalledWith('2026-11-24T18:45');
  });
});
