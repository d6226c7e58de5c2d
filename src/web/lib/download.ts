import * as React from 'react';
import { toast } from 'sonner';
import { messages } from '@shared/messages';
import { ApiError } from '@/lib/api';
import { saveBlob } from '@/lib/save-blob';
import { currentLocale } from '@shared/i18n/locale';

/** The file name of a Content-Disposition header ("…pdf.pdf" from the server becomes "….pdf"). */
function fileNameOf(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  const plain = /filename="?([^";]+)"?/i.exec(header);
  const raw = star ? decodeURIComponent(star[1]!) : plain?.[1];
  return raw ? raw.replace(/(\.pdf)+$/i, '.pdf') : null;
}

/**
 * Fetches a file with the session cookie and saves it: GET, or POST with `json` as the body (a batch of
 * certificates); throws ApiError with the server's message (e.g. no released results).
 */
export async function downloadFile(url: string, fallbackName: string, json?: unknown): Promise<void> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: json === undefined ? 'GET' : 'POST',
      credentials: 'same-origin',
      headers: { 'x-edufam-locale': currentLocale(), ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', messages.friendly.network);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    throw new ApiError(res.status, body?.error?.code ?? `HTTP_${res.status}`, body?.error?.message ?? messages.api.serverError);
  }
  saveBlob(await res.blob(), fileNameOf(res.headers.get('content-disposition')) ?? fallbackName);
}

/**
 * Downloads with a busy state per key: `run(key, work)` marks `key` busy while `work` runs; a failure
 * shows a toast titled `failedTitle` with the server's reason.
 */
export function useBusyDownloads(failedTitle: string) {
  const [busy, setBusy] = React.useState<ReadonlySet<string>>(new Set());
  const run = React.useCallback(
    async (key: string, work: () => Promise<void>) => {
      setBusy((s) => new Set(s).add(key));
      try {
        await work();
      } catch (err) {
        toast.error(failedTitle, { description: err instanceof Error ? err.message : undefined });
      } finally {
        setBusy((s) => {
          const next = new Set(s);
          next.delete(key);
          return next;
        });
      }
    },
    [failedTitle],
  );
  return { run, isBusy: (key: string) => busy.has(key) };
}

/**
 * Report-card downloads with a busy state per file: `start(key, url, name)`; a failure (404 "This
 * learner has no released results for the term.", network) shows a toast with the server's reason.
 */
export function useFileDownload(failedTitle: string) {
  const { run, isBusy } = useBusyDownloads(failedTitle);
  const start = React.useCallback((key: string, url: string, fallbackName: string) => run(key, () => downloadFile(url, fallbackName)), [run]);
  return { start, isBusy };
}
