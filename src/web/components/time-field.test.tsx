// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@/lib/zod-resolver';
import { z } from 'zod';
import { timeFieldMessages } from '@shared/messages/dates';
import { FormTimeField, isTimeText, readTimeText, TimeField } from './time-field';

afterEach(cleanup);

const INVALID = timeFieldMessages.invalid;

/** A form of one time, "Late after" (required) or "Pick-up" (optional), as the attendance settings form binds it. */
function TimeForm({ optional = false, initial = '', onSave }: { optional?: boolean; initial?: string; onSave: (v: { at: string }) => void }) {
  const schema = z.object({ at: z.string().refine((v) => isTimeText(v, optional), INVALID) });
  const { control, handleSubmit, formState } = useForm<{ at: string }>({ resolver: zodResolver(schema), defaultValues: { at: initial } });
  return (
    <form onSubmit={handleSubmit(onSave)} noValidate>
      <FormTimeField control={control} name="at" aria-label="Time" data-testid="at" />
      {formState.errors.at && <p role="alert">{formState.errors.at.message}</p>}
      <button type="submit">Save</button>
    </form>
  );
}

describe('TimeField (issue 34: times as 24-hour HH:MM)', () => {
  it('reads typed text into the 24-hour HH:MM the API expects', () => {
    expect(readTimeText('14:05')).toEqual({ time: '14:05', invalid: false });
    expect(readTimeText('7:30')).toEqual({ time: '07:30', invalid: false });
    expect(readTimeText(' 07.30 ')).toEqual({ time: '07:30', invalid: false });
    expect(readTimeText('1430')).toEqual({ time: '14:30', invalid: false });
    expect(readTimeText('00:00')).toEqual({ time: '00:00', invalid: false });
    expect(readTimeText('23:59')).toEqual({ time: '23:59', invalid: false });
    // An API's HH:MM:SS loses its seconds.
    expect(readTimeText('08:20:00')).toEqual({ time: '08:20', invalid: false });
    expect(readTimeText('')).toEqual({ time: '', invalid: false });
  });

  it('refuses what is not a time of day, 12-hour text included', () => {
    for (const text of ['24:00', '7:60', '7:3', '2pm', '02:30 PM', '143', '14', 'noon', '12:345']) {
      expect(readTimeText(text), text).toEqual({ time: '', invalid: true });
    }
  });

  it('shows the form’s time as HH:MM in a text box that asks for HH:MM, keeping its id and test id', () => {
    const html = renderToStaticMarkup(<TimeField id="late" value="07:45:00" onValueChange={() => {}} aria-label="Late after" data-testid="late" />);
    expect(html).toMatch(/<input[^>]*type="text"/);
    expect(html).not.toContain('type="time"');
    expect(html).toContain('value="07:45"');
    expect(html).toContain('placeholder="HH:MM"');
    expect(html).toContain('id="late"');
    expect(html).toContain('data-testid="late"');
    expect(html).toContain('aria-label="Late after"');
  });

  it('shows nothing for no time', () => {
    const html = renderToStaticMarkup(<TimeField id="t" value={null} onValueChange={() => {}} />);
    expect(html).toMatch(/id="t"[^>]*value=""|value=""[^>]*id="t"/);
  });

  it('keeps the 12-hour or impossible text a user typed from reaching the form as "no time"', () => {
    const plain = vi.fn();
    const keeping = vi.fn();
    render(
      <>
        <TimeField aria-label="Plain" value="" onValueChange={plain} />
        <TimeField aria-label="Keeping" value="" onValueChange={keeping} keepInvalidText />
      </>,
    );
    fireEvent.change(screen.getByLabelText('Plain'), { target: { value: '25:00' } });
    fireEvent.change(screen.getByLabelText('Keeping'), { target: { value: ' 2:30 PM ' } });
    expect(plain).not.toHaveBeenCalled(); // still '' for a field without it
    expect(keeping).toHaveBeenLastCalledWith('2:30 PM');
    fireEvent.change(screen.getByLabelText('Keeping'), { target: { value: '14.05' } });
    expect(keeping).toHaveBeenLastCalledWith('14:05');
  });

  it('a form with a FormTimeField refuses to save while the time is not a time, with one message under the box', async () => {
    const onSave = vi.fn();
    render(<TimeForm initial="07:45" onSave={onSave} />);
    const box = screen.getByLabelText('Time');
    fireEvent.change(box, { target: { value: '25:00' } });
    fireEvent.blur(box);
    expect(screen.getByText(INVALID)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByRole('alert').map((e) => e.textContent)).toEqual([INVALID]));
    expect(onSave).not.toHaveBeenCalled();
    expect(box.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(box, { target: { value: '7:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toEqual({ at: '07:30' });
    expect(screen.queryByText(INVALID)).toBeNull();
  });

  it('an optional time saves empty, but not when its box holds text that is not a time', async () => {
    const onSave = vi.fn();
    render(<TimeForm optional onSave={onSave} />);
    const box = screen.getByLabelText('Time');
    fireEvent.change(box, { target: { value: '2pm' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(INVALID));
    expect(onSave).not.toHaveBeenCalled();

    fireEvent.change(box, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toEqual({ at: '' });
  });

  it('isTimeText: a form value is a 24-hour HH:MM, or empty when optional', () => {
    expect(isTimeText('07:30')).toBe(true);
    expect(isTimeText('23:59')).toBe(true);
    expect(isTimeText('')).toBe(false);
    expect(isTimeText('', true)).toBe(true);
    for (const v of ['7:30', '24:00', '2:30 PM', '07:30:00']) expect(isTimeText(v, true), v).toBe(false);
  });
});
