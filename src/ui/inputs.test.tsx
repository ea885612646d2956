import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { PhoneInput } from './PhoneInput';
import { TextField } from './TextField';
import { YearDropdown } from './YearDropdown';

beforeAll(async () => {
  await initI18n({ lng: 'en' });
});

function PhoneHarness({ onValue }: { onValue(v: string): void }) {
  const [value, setValue] = useState('');
  return (
    <PhoneInput
      label="Phone"
      value={value}
      onValueChange={(v) => {
        setValue(v);
        onValue(v);
      }}
    />
  );
}

describe('PhoneInput', () => {
  it('keeps digits only, typed or pasted', () => {
    const onValue = vi.fn();
    render(<PhoneHarness onValue={onValue} />);
    const input = screen.getByLabelText('Phone') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '+972 (50) 123-4567' } });
    expect(onValue).toHaveBeenLastCalledWith('972501234567');
    expect(input.value).toBe('972501234567');
    expect(input.inputMode).toBe('numeric');
  });
});

describe('TextField', () => {
  it('shows its error and marks the input invalid', () => {
    render(<TextField label="Name" value="" onValueChange={vi.fn()} error="Required field" />);
    const input = screen.getByLabelText('Name');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Required field')).toBeTruthy();
  });
});

describe('YearDropdown', () => {
  it('offers the current year and the three previous ones', () => {
    const onChange = vi.fn();
    render(<YearDropdown value={2024} onChange={onChange} now={new Date(2024, 5, 1)} />);
    const select = screen.getByLabelText('Year') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['2024', '2023', '2022', '2021']);
    fireEvent.change(select, { target: { value: '2022' } });
    expect(onChange).toHaveBeenCalledWith(2022);
  });
});
