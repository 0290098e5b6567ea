// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OtpInput, type OtpInputHandle } from './otp-input';

afterEach(cleanup);

const box = (n: number) => screen.getByRole('textbox', { name: `Digit ${n} of 6` });
const values = () => screen.getAllByRole('textbox').map((el) => (el as HTMLInputElement).value);

describe('OtpInput', () => {
  it('renders six labelled numeric boxes, the first one for one-time-code autofill', () => {
    render(<OtpInput />);
    const boxes = screen.getAllByRole('textbox');
    expect(boxes).toHaveLength(6);
    expect(box(1).getAttribute('autocomplete')).toBe('one-time-code');
    expect(box(2).getAttribute('autocomplete')).toBe('off');
    for (const el of boxes) expect(el.getAttribute('inputmode')).toBe('numeric');
  });

  it('moves to the next box as digits are typed and reports the whole code', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    const onChange = vi.fn();
    render(<OtpInput onComplete={onComplete} onChange={onChange} />);

    await user.click(box(1));
    await user.keyboard('1');
    expect(document.activeElement).toBe(box(2));
    await user.keyboard('2345');
    expect(document.activeElement).toBe(box(6));
    expect(onComplete).not.toHaveBeenCalled();

    await user.keyboard('6');
    expect(values()).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('123456');
    expect(onChange).toHaveBeenLastCalledWith('123456');
  });

  it('ignores letters and symbols', async () => {
    const user = userEvent.setup();
    render(<OtpInput />);
    await user.click(box(1));
    await user.keyboard('a-');
    expect(values()).toEqual(['', '', '', '', '', '']);
    expect(document.activeElement).toBe(box(1));
  });

  it('clears a filled box on Backspace, and goes back from an empty one', async () => {
    const user = userEvent.setup();
    render(<OtpInput />);
    await user.click(box(1));
    await user.keyboard('12');
    expect(document.activeElement).toBe(box(3));

    // Box 3 is empty: Backspace goes back to box 2 and removes its digit.
    await user.keyboard('{Backspace}');
    expect(document.activeElement).toBe(box(2));
    expect(values()).toEqual(['1', '', '', '', '', '']);

    // Box 2 is empty now: one more Backspace goes back to box 1.
    await user.keyboard('{Backspace}');
    expect(document.activeElement).toBe(box(1));
    expect(values()).toEqual(['', '', '', '', '', '']);
  });

  it('moves with the arrow keys and replaces a digit in place', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    render(<OtpInput onComplete={onComplete} />);
    await user.click(box(1));
    await user.keyboard('123456');
    expect(onComplete).toHaveBeenLastCalledWith('123456');

    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement).toBe(box(4));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(box(5));
    await user.keyboard('{ArrowLeft}9');
    expect(values()).toEqual(['1', '2', '3', '9', '5', '6']);
    expect(document.activeElement).toBe(box(5));
    expect(onComplete).toHaveBeenLastCalledWith('123956');
  });

  it('fills every box from a pasted code, whichever box has the caret', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    render(<OtpInput onComplete={onComplete} />);
    await user.click(box(3));
    await user.paste('654 321');
    expect(values()).toEqual(['6', '5', '4', '3', '2', '1']);
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('654321');
    expect(document.activeElement).toBe(box(6));
  });

  it('fills onwards from the caret when part of a code is pasted', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    render(<OtpInput onComplete={onComplete} />);
    await user.click(box(2));
    await user.paste('78');
    expect(values()).toEqual(['', '7', '8', '', '', '']);
    expect(document.activeElement).toBe(box(4));
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('takes a whole code typed into the first box at once (one-time-code autofill)', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    render(<OtpInput onComplete={onComplete} />);
    // Autofill sets the first input's value in one go, as a single input event.
    await user.click(box(1));
    fireEvent.change(box(1), { target: { value: '112233' } });
    expect(values()).toEqual(['1', '1', '2', '2', '3', '3']);
    expect(onComplete).toHaveBeenCalledWith('112233');
  });

  it('can be cleared through its handle', async () => {
    const user = userEvent.setup();
    const ref = createRef<OtpInputHandle>();
    render(<OtpInput ref={ref} />);
    await user.click(box(1));
    await user.keyboard('4321');
    act(() => ref.current!.clear());
    expect(values()).toEqual(['', '', '', '', '', '']);
    expect(document.activeElement).toBe(box(1));
  });
});
