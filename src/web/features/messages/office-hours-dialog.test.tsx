// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { stubResizeObserver } from '@/test-support/jsdom';
import { timeFieldMessages } from '@shared/messages/dates';
import { OfficeHoursDialog } from './dialogs';

const HOURS = { enabled: true, days: [0, 1, 2, 3, 4], start: '08:00', end: '17:00', autoReply: 'Back tomorrow.' };
const INVALID = timeFieldMessages.invalid;
/** The bodies of the PUTs the dialog sent (the API answers from a stubbed fetch). */
const puts: unknown[] = [];

beforeEach(() => {
  stubResizeObserver();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_path: string, init?: RequestInit) => {
      if (init?.method === 'PUT') puts.push(JSON.parse(String(init.body)));
      const body = init?.method === 'PUT' ? String(init.body) : JSON.stringify(HOURS);
      return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  puts.length = 0;
});

describe('office hours: a mistyped from/to time is refused, not saved as no time', () => {
  it('refuses to save, says so once under the pair, focuses the wrong box; saves once it is a time', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <OfficeHoursDialog open onOpenChange={() => {}} />
      </QueryClientProvider>,
    );
    const end = await screen.findByTestId('office-hours-end');
    await waitFor(() => expect((end as HTMLInputElement).value).toBe('17:00'));
    fireEvent.change(end, { target: { value: '5:30 PM' } });
    fireEvent.blur(end);
    expect(screen.getAllByText(INVALID)).toHaveLength(1); // once it is left: the line under the pair
    expect(screen.getByText(INVALID).id).toBe('office-hours-time-error');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.activeElement).toBe(end));
    expect(screen.getAllByText(INVALID)).toHaveLength(1);
    expect(screen.getByText(INVALID).id).toBe('office-hours-time-error');
    expect(end.getAttribute('aria-invalid')).toBe('true');
    expect(end.getAttribute('aria-describedby')).toContain('office-hours-time-error');
    expect(screen.getByTestId('office-hours-start').getAttribute('aria-invalid')).toBeNull();
    expect(puts).toEqual([]);

    fireEvent.change(end, { target: { value: '17.30' } });
    expect(screen.queryByText(INVALID)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ start: '08:00', end: '17:30' });
  });
});

describe('office hours: a refusal the server places on a box is said once, under it', () => {
  it('an end before the start: under the end box, not in the dialog’s error as well', async () => {
    const ORDER = 'The end of office hours must be after the start.';
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_path: string, init?: RequestInit) => {
        if (init?.method === 'PUT') {
          puts.push(JSON.parse(String(init.body)));
          const error = { code: 'VALIDATION', message: `end: ${ORDER}`, fields: { end: ORDER } };
          return new Response(JSON.stringify({ error }), { status: 400, headers: { 'content-type': 'application/json' } });
        }
        return new Response(JSON.stringify(HOURS), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <OfficeHoursDialog open onOpenChange={() => {}} />
      </QueryClientProvider>,
    );
    const end = await screen.findByTestId('office-hours-end');
    await waitFor(() => expect((end as HTMLInputElement).value).toBe('17:00'));
    fireEvent.change(end, { target: { value: '07:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText(ORDER)).toBeTruthy());
    expect(puts).toHaveLength(1);
    expect(screen.getAllByText(ORDER, { exact: false })).toHaveLength(1);
    expect(screen.getByText(ORDER).id).toBe('office-hours-end-error');
    expect(screen.queryByTestId('office-hours-error')).toBeNull();
    expect(end.getAttribute('aria-invalid')).toBe('true');
    expect(end.getAttribute('aria-describedby')).toBe('office-hours-end-error');
  });
});
