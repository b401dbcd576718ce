import { formatDecimalField } from '@tidyhouse/contract';
import { Input, type InputProps } from 'antd';
import { type FocusEvent, useState } from 'react';

export interface DecimalInputProps extends Omit<InputProps, 'value' | 'defaultValue' | 'onChange'> {
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
}

/**
 * A numeric text field with the rule of spec §5 applied when it loses focus (contract's
 * formatDecimalField): empty stays empty, '007' becomes '7.00', '1,234.5' '1234.50', anything
 * non-numeric '0.00'. A negative keeps its sign ('-5.00'): pair the field with `numberRange()` (its
 * contract range) so it is refused with a message, never clamped or rounded.
 * Works inside a Form.Item (value/onChange) or on its own.
 */
export function DecimalInput({ value, defaultValue, onChange, onBlur, ...rest }: DecimalInputProps) {
  const [ownValue, setOwnValue] = useState(defaultValue ?? '');
  const current = value ?? ownValue;

  const change = (next: string) => {
    setOwnValue(next);
    onChange?.(next);
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    const formatted = formatDecimalField(event.target.value);
    if (formatted !== event.target.value) change(formatted);
    onBlur?.(event);
  };

  return (
    <Input inputMode="decimal" {...rest} value={current} onChange={(event) => change(event.target.value)} onBlur={handleBlur} />
  );
}
