// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { stubResizeObserver } from '@/test-support/jsdom';
import { dateFieldMessages, timeFieldMessages } from '@shared/messages/dates';
import { CommunicationFormDialog, expiresAtSchema, expiryParts, expiryValue } from './communication-form-dialog';

/** The bodies of the POSTs the form sent (the API answers from a stubbed fetch). */
const posts: { expiresAt: string | null }[] = [];

beforeEach(() => {
  stubResizeObserver();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { expiresAt: string | null };
        posts.push(body);
        return new Response(JSON.stringify({ communication: { id: 'c1', ...body } }), { status: 201, headers: { 'content-type': 'application/json' } });
      }
      return new Response(JSON.stringify(path.startsWith('/api/schools') ? { schools: [] } : {}), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  posts.length = 0;
});

const messagesOf = (v: string) => {
  const r = expiresAtSchema().safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('communication expiry: a mistyped date is refused, not saved as no expiry', () => {
  it('keeps the date box text as typed (even with a "T" in it) beside the time box text', () => {
    for (const [day, time] of [
      ['31/02/2027', '14:05'],
      ['Tue 3', '2pm'],
      ['abc', ''],
      ['2099-12-31', '14:05'],
      ['2099-12-31', 'T9'],
    ] as const) {
      expect(expiryParts(expiryValue(day, time))).toEqual({ day, time });
    }
    expect(expiryValue('', '14:05')).toBe('');
    expect(expiryValue('2099-12-31', '14:05')).toBe('2099-12-31T14:05');
  });

  it('a date that is not a real day is refused with the date fields’ words (before its time)', () => {
    expect(messagesOf(expiryValue('31/02/2027', '23:59'))).toEqual([dateFieldMessages.invalid]);
    expect(messagesOf(expiryValue('abc', ''))).toEqual([dateFieldMessages.invalid]);
    expect(messagesOf(expiryValue('Tuesday', '25:00'))).toEqual([dateFieldMessages.invalid]);
    expect(messagesOf(expiryValue('2099-12-31', '25:00'))).toEqual([timeFieldMessages.invalid]);
    expect(messagesOf(expiryValue('2099-12-31', ''))).toEqual([]);
  });

  it('the form refuses "31/02/2027" and "abc" with one message, the date box focused; a real day saves', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <CommunicationFormDialog open editing={null} onOpenChange={() => {}} />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Exams week' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Timetables are out.' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Parent' }));
    const day = screen.getByTestId('communication-expires');
    const time = screen.getByTestId('communication-expires-time');

    for (const typed of ['31/02/2027', 'abc']) {
      fireEvent.change(day, { target: { value: typed } });
      fireEvent.blur(day);
      fireEvent.submit(screen.getByTestId('communication-form'));
      await waitFor(() => expect(document.activeElement).toBe(day));
      expect(screen.getAllByText(dateFieldMessages.invalid)).toHaveLength(1);
      expect((day as HTMLInputElement).value).toBe(typed);
      expect(day.getAttribute('aria-invalid')).toBe('true');
      expect(time.getAttribute('aria-invalid')).toBeNull();
    }
    expect(posts).toEqual([]);

    fireEvent.change(day, { target: { value: '31/12/2099' } });
    await waitFor(() => expect(screen.queryByText(dateFieldMessages.invalid)).toBeNull());
    expect((time as HTMLInputElement).value).toBe('23:59');
    fireEvent.submit(screen.getByTestId('communication-form'));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.expiresAt).toBe(new Date('2099-12-31T23:59:00+03:00').toISOString());
  });
});
