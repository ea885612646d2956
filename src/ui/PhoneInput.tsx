import { digitsOnly } from '../lib/phone';
import { TextField } from './TextField';
import type { TextFieldProps } from './TextField';

type Props = Omit<TextFieldProps, 'inputMode' | 'type'>;

/** Phone input of spec section 5: whatever is typed or pasted, only digits remain. */
export function PhoneInput({ onValueChange, value, ...rest }: Props) {
  return (
    <TextField
      type="tel"
      inputMode="numeric"
      autoComplete="tel"
      dir="ltr"
      value={digitsOnly(value)}
      onValueChange={(typed) => onValueChange(digitsOnly(typed))}
      {...rest}
    />
  );
}
