import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { DateField, readDateText } from './date-field';

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
});
