import * as React from 'react';
import { Link } from 'react-router';
import { ChevronDown, ChevronRight, ChevronUp } from 'lucide-react';
import type { FinancialOverview } from '@shared/contracts/fees';
import { messages } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { PlainTable, Td, Th } from '@/components/plain-table';
import { formatDate, initials } from '@/lib/format';
import { Money } from '@/components/money';
import { kesWhole } from '@/lib/kes-format';
import { RateBar } from '@/components/figures';

const m = messages.financeOverview.overview;
const c = messages.financeOverview.common;

type Stream = FinancialOverview['byStream'][number];

/** Expected, paid, balance and rate per stream: a table from 640 px, a list below. */
const PHONE_PREVIEW = 8;

export function StreamTable({ rows }: { rows: Stream[] }) {
  const [expanded, setExpanded] = React.useState(false);
  const phoneRows = expanded ? rows : rows.slice(0, PHONE_PREVIEW);
  const total = rows.reduce((s, r) => ({ expected: s.expected + r.expected, paid: s.paid + r.paid, balance: s.balance + r.balance }), { expected: 0, paid: 0, balance: 0 });
  const totalRate = total.expected > 0 ? total.paid / total.expected : 0;
  return (
    <div data-testid="streams-table">
      <ul className="flex flex-col divide-y sm:hidden">
        {phoneRows.map((r) => (
          <li key={r.id} className="py-2.5" data-testid="stream-row-phone">
            <div className="flex items-baseline justify-between gap-3">
              <span className="truncate text-sm font-medium">{r.name}</span>
              <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
                {kesWhole(r.paid)} / {kesWhole(r.expected)}
              </span>
            </div>
            <RateBar rate={r.rate} showLabel className="mt-1.5" />
          </li>
        ))}
      </ul>
      <div className="hidden sm:block">
        <PlainTable minWidth={560}>
          <thead>
            <tr>
              <Th>{m.colStream}</Th>
              <Th className="text-right">{m.colExpected}</Th>
              <Th className="text-right">{m.colPaid}</Th>
              <Th className="text-right">{m.colBalance}</Th>
              <Th className="w-40">{m.colRate}</Th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} className="hover:bg-muted/40" data-testid="stream-row">
                <Td className="font-medium whitespace-nowrap">{r.name}</Td>
                <Td className="text-right">
                  <Money value={r.expected} prefix={false} />
                </Td>
                <Td className="text-right">
                  <Money value={r.paid} prefix={false} />
                </Td>
                <Td className="text-right">
                  <Money value={r.balance} prefix={false} />
                </Td>
                <Td>
                  <RateBar rate={r.rate} showLabel />
                </Td>
              </tr>
            ))}
            <tr>
              <Td className="font-semibold">{m.total}</Td>
              <Td className="text-right font-semibold">
                <Money value={total.expected} prefix={false} />
              </Td>
              <Td className="text-right font-semibold">
                <Money value={total.paid} prefix={false} />
              </Td>
              <Td className="text-right font-semibold">
                <Money value={total.balance} prefix={false} />
              </Td>
              <Td>
                <RateBar rate={totalRate} showLabel />
              </Td>
            </tr>
          </tbody>
        </PlainTable>
      </div>
      {rows.length > PHONE_PREVIEW && (
        <Button variant="outline" size="sm" className="mt-2 w-full sm:hidden" onClick={() => setExpanded((v) => !v)} aria-expanded={expanded}>
          {expanded ? <ChevronUp aria-hidden /> : <ChevronDown aria-hidden />}
          {expanded ? m.showFewerStreams : m.showAllStreams(rows.length)}
        </Button>
      )}
      <div className="mt-3 flex items-center justify-between gap-3 border-t pt-3 text-sm sm:hidden">
        <span className="font-semibold">{m.total}</span>
        <span className="text-xs text-muted-foreground tabular-nums">
          {kesWhole(total.paid)} / {kesWhole(total.expected)}
        </span>
      </div>
      <RateBar rate={totalRate} showLabel className="mt-1.5 sm:hidden" />
    </div>
  );
}

type Defaulter = FinancialOverview['topDefaulters'][number];

/** The learners owing most, each linking to their account in Student Accounts (when `accountHref` is given). */
export function DefaultersTable({ rows, accountHref }: { rows: Defaulter[]; accountHref: ((studentId: string) => string) | null }) {
  const name = (d: Defaulter, className?: string) =>
    accountHref ? (
      <Link to={accountHref(d.studentId)} className={className ?? 'font-medium hover:text-primary hover:underline'} aria-label={m.openAccount(d.name)} data-testid="defaulter-link">
        {d.name}
      </Link>
    ) : (
      <span className="font-medium">{d.name}</span>
    );
  return (
    <div data-testid="defaulters-table">
      <ul className="flex flex-col divide-y sm:hidden">
        {rows.map((d) => (
          <li key={d.studentId} className="relative flex items-center gap-3 py-2.5" data-testid="defaulter-row-phone">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-destructive/10 text-[11px] font-semibold text-destructive" aria-hidden>
              {initials(d.name)}
            </span>
            <div className="min-w-0 flex-1">
              <div className="flex items-baseline justify-between gap-2">
                <p className="min-w-0 truncate text-sm">{name(d, 'font-medium after:absolute after:inset-0')}</p>
                <Money value={d.balance} tone prefix={false} className="shrink-0 text-sm font-semibold" />
              </div>
              <p className="truncate text-xs text-muted-foreground">
                {d.admissionNumber} · {d.className ?? m.noClass}
              </p>
              <p className="truncate text-[11px] text-muted-foreground">{d.lastPaymentOn ? m.lastPaymentOn(formatDate(d.lastPaymentOn)) : c.never}</p>
            </div>
            {accountHref && <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden />}
          </li>
        ))}
      </ul>
      <div className="hidden sm:block">
        <PlainTable minWidth={600}>
          <thead>
            <tr>
              <Th>{m.colLearner}</Th>
              <Th>{m.colAdmission}</Th>
              <Th>{m.colClass}</Th>
              <Th className="text-right">{m.colBalance}</Th>
              <Th className="text-right">{m.colLastPayment}</Th>
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => (
              <tr key={d.studentId} className="hover:bg-muted/40" data-testid="defaulter-row">
                <Td>
                  <span className="flex min-w-0 items-center gap-2.5">
                    <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-destructive/10 text-[11px] font-semibold text-destructive" aria-hidden>
                      {initials(d.name)}
                    </span>
                    <span className="truncate">{name(d)}</span>
                  </span>
                </Td>
                <Td className="whitespace-nowrap text-muted-foreground tabular-nums">{d.admissionNumber}</Td>
                <Td className="whitespace-nowrap text-muted-foreground">{d.className ?? m.noClass}</Td>
                <Td className="text-right">
                  <Money value={d.balance} tone className="font-semibold" />
                </Td>
                <Td className="text-right whitespace-nowrap text-muted-foreground">{d.lastPaymentOn ? formatDate(d.lastPaymentOn) : c.never}</Td>
              </tr>
            ))}
          </tbody>
        </PlainTable>
      </div>
    </div>
  );
}
