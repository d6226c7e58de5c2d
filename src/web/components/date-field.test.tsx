// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@/lib/zod-resolver';
import { z } from 'zod';
import { dateFieldMessages } from '@shared/messages/dates';
import { DateField, FormDateField, readDateText } from './date-field';

afterEach(cleanup);

const INVALID = dateFieldMessages.invalid;

/** A form with an optional date ("Contract end"), checked as the API's schemas check a calendar date. */
function OptionalDateForm({ onSave }: { onSave: (v: { end?: string }) => void }) {
  const schema = z.object({ end: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, INVALID).optional() });
  const { control, handleSubmit, formState } = useForm<{ end?: string }>({ resolver: zodResolver(schema), defaultValues: { end: undefined } });
  return (
    <form onSubmit={handleSubmit(onSave)} noValidate>
      <FormDateField control={control} name="end" emptyAsUndefined id="end" aria-label="Contract end" />
      {formState.errors.end && <p role="alert">{formState.errors.end.message}</p>}
      <button type="submit">Save</button>
    </form>
  );
}

describe('DateField (issue 34: dates as dd/mm/yyyy)', () => {
  it('reads typed text into the YYYY-MM-DD day the API expects, refusing days that do not exist', () => {
    expect(readDateText('29/02/2028')).toEqual({ iso: '2028-02-29', invalid: false });
    expect(readDateText('29/02/2027')).toEqual({ iso: '', invalid: true });
    expect(readDateText('31/04/2026')).toEqual({ iso: '', invalid: true });
    expect(readDateText('28/11/2026')).toEqual({ iso: '2026-11-28', invalid: false });
    expect(readDateText('2026-11-28')).toEqual({ iso: '2026-11-28', invalid: false });
    expect(readDateText('  ')).toEqual({ iso: '', invalid: false });
    expect(readDateText('28/11')).toEqual({ iso: '', invalid: true });
  });

  it('shows the form’s day as dd/mm/yyyy in a text box that asks for dd/mm/yyyy, with a calendar button', () => {
    const html = renderToStaticMarkup(<DateField id="dob" value="2014-03-12" onValueChange={() => {}} data-testid="dob" />);
    expect(html).toMatch(/<input[^>]*type="text"[^>]*id="dob"|<input[^>]*id="dob"[^>]*type="text"/);
    expect(html).toContain('value="12/03/2014"');
    expect(html).toContain('placeholder="dd/mm/yyyy"');
    expect(html).toContain('aria-label="Choose a date on a calendar"');
    expect(html).toContain('data-testid="dob-calendar"');
    expect(html).not.toContain('2014-03-12"  ');
  });

  it('shows nothing for no day', () => {
    const html = renderToStaticMarkup(<DateField id="d" value="" onValueChange={() => {}} />);
    expect(html).toMatch(/id="d"[^>]*value=""|value=""[^>]*id="d"/);
  });

  it('an optional date is not saved as "no date" while its box holds a day that does not exist', async () => {
    const onSave = vi.fn();
    render(<OptionalDateForm onSave={onSave} />);
    const box = screen.getByLabelText('Contract end');
    fireEvent.change(box, { target: { value: '31/04/2026' } });
    fireEvent.blur(box);
    expect(screen.getByText(INVALID)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // One message under the box (the form's), the save refused.
    await waitFor(() => expect(screen.getAllByRole('alert').map((e) => e.textContent)).toEqual([INVALID]));
    expect(onSave).not.toHaveBeenCalled();
    expect(box.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(box, { target: { value: '30/04/2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toEqual({ end: '2026-04-30' });

    fireEvent.change(box, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(2));
    expect(onSave.mock.calls[1]![0].end).toBeUndefined();
  });
});
