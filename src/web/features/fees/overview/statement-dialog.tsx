import * as React from 'react';
import { Download, Loader2 } from 'lucide-react';
import { schoolToday } from '@shared/dates';
import { messages } from '@shared/messages';
import { FieldError } from '@/components/form-feedback';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { formatDate } from '@/lib/format';
import { statementPdfUrl, useStatement } from '../api/fees';
import { formatMoney, Money } from '@/components/money';
import { NewTabButton } from '@/components/new-tab-link';
import { DateField } from '@/components/date-field';

const m = messages.financeOverview.statement;

/**
 * A learner's fee statement for a date range (issue 11 §2): the entries with the running balance on
 * screen, and the same statement as a PDF to download. Defaults to the school year so far.
 */
export function StatementDialog({ open, onOpenChange, learner }: { open: boolean; onOpenChange: (open: boolean) => void; learner: { id: string; name: string } }) {
  const today = schoolToday();
  const [from, setFrom] = React.useState(`${today.slice(0, 4)}-01-01`);
  const [to, setTo] = React.useState(today);
  const valid = !!from && !!to && from <= to;
  const range = { from, to };
  const statement = useStatement(open && valid ? learner.id : null, range);
  const s = statement.data;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[92svh] flex-col gap-4 sm:max-w-2xl" data-testid="statement-dialog">
        <DialogHeader>
          <DialogTitle>{m.title}</DialogTitle>
          <DialogDescription>{m.description(learner.name)}</DialogDescription>
        </DialogHeader>

        <div className="grid grid-cols-2 gap-3">
          <div className="grid min-w-0 gap-1.5">
            <Label htmlFor="statement-from">{m.from}</Label>
            <DateField id="statement-from" value={from} max={to || undefined} onValueChange={(value) => setFrom(value)} data-testid="statement-from" />
          </div>
          <div className="grid min-w-0 gap-1.5">
            <Label htmlFor="statement-to">{m.to}</Label>
            <DateField id="statement-to" value={to} min={from || undefined} onValueChange={(value) => setTo(value)} data-testid="statement-to" />
          </div>
          {!valid && (
            <div className="col-span-2">
              <FieldError id="statement-range" message={m.rangeInvalid} />
            </div>
          )}
        </div>

        <div className="min-h-0 flex-1 overflow-y-auto rounded-lg border" data-testid="statement-preview">
          {!valid ? null : statement.isPending ? (
            <div className="flex items-center justify-center py-12 text-muted-foreground">
              <Loader2 className="size-5 animate-spin" aria-hidden />
            </div>
          ) : statement.isError ? (
            <p className="px-4 py-10 text-center text-sm text-destructive">{m.loadFailed}</p>
          ) : s ? (
            <>
              <div className="flex items-center justify-between gap-3 border-b bg-muted/40 px-3 py-2 text-sm">
                <span className="text-muted-foreground">{m.opening}</span>
                <Money value={s.openingBalance} tone className="font-medium" />
              </div>
              {s.entries.length === 0 ? (
                <p className="px-4 py-8 text-center text-sm text-muted-foreground">{m.empty}</p>
              ) : (
                <ul className="divide-y">
                  {s.entries.map((e, i) => (
                    <li key={i} className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 px-3 py-2 text-sm" data-testid="statement-entry">
                      <span className="min-w-0 truncate font-medium">{e.description}</span>
                      <span className={e.debit > 0 ? 'text-right tabular-nums' : 'text-right text-emerald-700 tabular-nums dark:text-emerald-400'}>
                        {e.debit > 0 ? `+${formatMoney(e.debit)}` : `−${formatMoney(e.credit)}`}
                      </span>
                      <span className="min-w-0 truncate text-xs text-muted-foreground">
                        {formatDate(e.date)}
                        {e.reference ? ` · ${e.reference}` : ''}
                      </span>
                      <span className="text-right text-xs text-muted-foreground tabular-nums">
                        {m.colBalance} {formatMoney(e.balance)}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
              <div className="flex items-center justify-between gap-3 border-t bg-muted/40 px-3 py-2 text-sm">
                <span className="font-medium">{m.closing}</span>
                <Money value={s.closingBalance} tone className="font-semibold" />
              </div>
            </>
          ) : null}
        </div>

        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {m.close}
          </Button>
          {valid ? (
            <NewTabButton href={statementPdfUrl(learner.id, range)} icon={<Download aria-hidden />} testId="statement-download">
              {m.download}
            </NewTabButton>
          ) : (
            <Button disabled>
              <Download aria-hidden />
              {m.download}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
