import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { readTimeText, TimeField } from './time-field';

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
});
