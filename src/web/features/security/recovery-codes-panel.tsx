import * as React from 'react';
import { Check, Copy, Download, TriangleAlert } from 'lucide-react';
import { toast } from 'sonner';
import { formatDateTime, securityScreens as ss } from '@shared/messages/security-screens';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { saveBlob } from '@/lib/save-blob';

const e = ss.enable;

/** Copies text to the clipboard; false when the browser refuses (then the user selects it by hand). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** A "Copy" button that says "Copied" for two seconds. */
export function CopyButton({ text, label = ss.copy, testId, className }: { text: string; label?: string; testId?: string; className?: string }) {
  const [copied, setCopied] = React.useState(false);
  React.useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(t);
  }, [copied]);
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      className={className}
      data-testid={testId}
      onClick={async () => {
        if (await copyText(text)) setCopied(true);
        else toast.error(ss.copyFailed);
      }}
    >
      {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
      {copied ? ss.copied : label}
    </Button>
  );
}

/**
 * Recovery codes shown once (issue 18 §2 "recovery codes shown once and stored hashed"): the codes in a
 * monospace grid, Copy and Download (.txt), and "I have saved these codes", which `Done` waits for.
 */
export function RecoveryCodesPanel({ codes, email, onDone, doneLabel = e.finish }: { codes: string[]; email: string; onDone: () => void; doneLabel?: string }) {
  const [saved, setSaved] = React.useState(false);
  const id = React.useId();
  const text = codes.join('\n');

  function download() {
    const body = `${e.codesFileHeader(email, formatDateTime(new Date().toISOString()))}\n${text}\n`;
    saveBlob(new Blob([body], { type: 'text/plain;charset=utf-8' }), e.codesFileName);
  }

  return (
    <div className="grid gap-4" data-testid="recovery-codes">
      <div className="flex items-start gap-2.5 rounded-lg border border-amber-500/30 bg-amber-500/10 px-3.5 py-3 text-sm leading-relaxed text-amber-900 dark:text-amber-200">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <p>{e.codesText}</p>
      </div>
      <ol className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg border bg-muted/40 px-4 py-3.5 font-mono text-[15px] tracking-wide sm:gap-x-6" aria-label={e.codesTitle}>
        {codes.map((c, i) => (
          <li key={c} className="flex items-baseline gap-2 tabular-nums" data-testid="recovery-code">
            <span className="w-5 text-right text-xs text-muted-foreground select-none">{i + 1}.</span>
            <span className="select-all">{c}</span>
          </li>
        ))}
      </ol>
      <div className="grid grid-cols-2 gap-2">
        <CopyButton text={text} label={e.copyCodes} testId="recovery-codes-copy" />
        <Button type="button" variant="outline" size="sm" onClick={download} data-testid="recovery-codes-download">
          <Download aria-hidden />
          {e.downloadCodes}
        </Button>
      </div>
      <div className="flex items-center gap-2.5 rounded-lg border px-3.5 py-3">
        <Checkbox id={`${id}-saved`} checked={saved} onCheckedChange={(v) => setSaved(v === true)} data-testid="recovery-codes-saved" />
        <Label htmlFor={`${id}-saved`} className="cursor-pointer font-medium">
          {e.savedCheck}
        </Label>
      </div>
      <Button type="button" onClick={onDone} disabled={!saved} className="w-full sm:ml-auto sm:w-auto" data-testid="recovery-codes-done">
        {doneLabel}
      </Button>
    </div>
  );
}
