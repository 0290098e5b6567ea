import { OTP_LENGTH } from '@shop/contract';
import { useEffect, useImperativeHandle, useRef, useState } from 'react';

export interface OtpInputHandle {
  /** Empties every box and puts the caret in the first (without calling onChange: the caller chose to). */
  clear(): void;
  focus(): void;
}

export interface OtpInputProps {
  length?: number;
  /** Every box is a field of this name: a form without scripts joins their digits. */
  name?: string;
  /** Called on every change with the digits typed so far (empty boxes are left out). */
  onChange?: (code: string) => void;
  /** Called whenever a change leaves every box filled, with the whole code. */
  onComplete?: (code: string) => void;
  disabled?: boolean;
  invalid?: boolean;
  /** Id of the element that names the group (a label or heading). */
  labelledBy?: string;
  /** Id of a hint or error message for every box. */
  describedBy?: string;
  autoFocus?: boolean;
  ref?: React.Ref<OtpInputHandle>;
}

const empty = (length: number) => Array.from({ length }, () => '');
const digitsOf = (text: string) => text.replace(/\D/g, '');

/**
 * A one-time code in separate boxes (docs/product.md#otp: 6 digits). Typing a digit moves
 * on, Backspace on an empty box goes back, the arrow keys move, and a pasted
 * (or autofilled) code fills every box.
 */
export function OtpInput({
  length = OTP_LENGTH,
  name,
  onChange,
  onComplete,
  disabled,
  invalid,
  labelledBy,
  describedBy,
  autoFocus,
  ref,
}: OtpInputProps) {
  const [digits, setDigits] = useState<string[]>(() => empty(length));
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  // Digits typed before the page's scripts ran are kept.
  useEffect(() => {
    const typed = boxes.current.map((box) => digitsOf(box?.value ?? '').slice(0, 1));
    if (typed.some(Boolean)) setDigits(typed);
  }, []);

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  const commit = (next: string[]) => {
    setDigits(next);
    const code = next.join('');
    onChange?.(code);
    if (next.every((d) => d !== '')) onComplete?.(code);
  };

  useImperativeHandle(ref, () => ({
    clear() {
      setDigits(empty(length));
      focusBox(0);
    },
    focus() {
      focusBox(digits.findIndex((d) => d === '') === -1 ? length - 1 : digits.findIndex((d) => d === ''));
    },
  }));

  /** Writes digits from `start` onwards; returns the index after the last one written. */
  const fillFrom = (start: number, text: string) => {
    const incoming = digitsOf(text).slice(0, length - start);
    if (!incoming) return start;
    const next = [...digits];
    for (let i = 0; i < incoming.length; i++) next[start + i] = incoming[i]!;
    commit(next);
    return start + incoming.length;
  };

  const handleChange = (index: number, event: React.ChangeEvent<HTMLInputElement>) => {
    const raw = digitsOf(event.target.value);
    if (raw.length === 0) {
      if (event.target.value === '') {
        const next = [...digits];
        next[index] = '';
        commit(next);
      }
      return; // a letter or symbol: ignored
    }
    if (raw.length > 2 || (raw.length === 2 && digits[index] === '')) {
      // A whole code at once: the phone's one-time-code autofill, or a paste the browser did itself.
      const end = fillFrom(raw.length >= length ? 0 : index, raw);
      focusBox(end >= length ? length - 1 : end);
      return;
    }
    // One new digit; when the box already held one, keep the one just typed.
    const typed = raw.length === 2 ? (raw[0] === digits[index] ? raw[1]! : raw[0]!) : raw;
    const next = [...digits];
    next[index] = typed;
    commit(next);
    if (index < length - 1) focusBox(index + 1);
  };

  const handleKeyDown = (index: number, event: React.KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'Backspace': {
        event.preventDefault();
        const next = [...digits];
        if (digits[index]) {
          next[index] = '';
          commit(next);
        } else if (index > 0) {
          next[index - 1] = '';
          commit(next);
          focusBox(index - 1);
        }
        break;
      }
      case 'Delete': {
        event.preventDefault();
        if (digits[index]) {
          const next = [...digits];
          next[index] = '';
          commit(next);
        }
        break;
      }
      case 'ArrowLeft':
      case 'ArrowUp':
        event.preventDefault();
        focusBox(index - 1);
        break;
      case 'ArrowRight':
      case 'ArrowDown':
        event.preventDefault();
        focusBox(index + 1);
        break;
      case 'Home':
        event.preventDefault();
        focusBox(0);
        break;
      case 'End':
        event.preventDefault();
        focusBox(length - 1);
        break;
      default:
        // Retyping the digit a box already holds changes nothing in the input, so move on here.
        if (/^\d$/.test(event.key) && event.key === digits[index] && !event.ctrlKey && !event.metaKey) {
          event.preventDefault();
          focusBox(index + 1);
          if (digits.every((d) => d !== '')) onComplete?.(digits.join(''));
        }
    }
  };

  const handlePaste = (index: number, event: React.ClipboardEvent<HTMLInputElement>) => {
    const text = digitsOf(event.clipboardData.getData('text'));
    event.preventDefault();
    if (!text) return;
    // A full code fills every box whichever box has the caret; a part fills onwards from here.
    const end = fillFrom(text.length >= length ? 0 : index, text);
    focusBox(end >= length ? length - 1 : end);
  };

  return (
    <div role="group" aria-labelledby={labelledBy} className="flex justify-center gap-2 sm:gap-3">
      {digits.map((digit, i) => (
        <input
          key={i}
          ref={(el) => {
            boxes.current[i] = el;
          }}
          type="text"
          name={name}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          aria-label={`Digit ${i + 1} of ${length}`}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          value={digit}
          disabled={disabled}
          autoFocus={autoFocus && i === 0}
          onChange={(e) => handleChange(i, e)}
          onKeyDown={(e) => handleKeyDown(i, e)}
          onPaste={(e) => handlePaste(i, e)}
          onFocus={(e) => e.target.select()}
          className={
            'size-12 rounded-xl border bg-white text-center font-display text-2xl font-semibold text-ink tabular-nums shadow-xs ' +
            'caret-brand transition-colors focus:border-brand focus:ring-3 focus:ring-brand/25 focus:outline-none sm:size-14 ' +
            'disabled:bg-sand disabled:text-muted ' +
            (invalid ? 'border-brand-dark bg-brand-soft/40' : digit ? 'border-brand/50' : 'border-linen')
          }
        />
      ))}
    </div>
  );
}
