import type * as React from 'react';
import { Bus, Clock, MapPin, Phone, UserRound, type LucideIcon } from 'lucide-react';
import type { ChildTransport } from '@shared/contracts/transport';
import { transportMessages as tm } from '@shared/messages/transport';
import { formatPhone } from './transport-bits';

const p = tm.parent;

/**
 * "School transport" on the parent dashboard (issue 15 §4): a child's route and stop, pick-up and
 * drop-off times, the vehicle's registration and the driver with a call link. Nothing when the child
 * is not on a route.
 */
export function ChildTransportCard({ transport }: { transport: ChildTransport['transport'] | undefined }) {
  if (!transport) return null;
  const t = transport;
  return (
    <div className="rounded-lg border px-3 py-2.5" data-testid="child-transport">
      <p className="flex items-center gap-2 text-xs font-medium text-muted-foreground">
        <Bus className="size-3.5 text-primary" aria-hidden />
        {p.title}
      </p>
      <p className="mt-1 font-semibold break-words" data-testid="child-transport-route">
        {t.routeName}
      </p>
      <dl className="mt-1.5 grid grid-cols-1 gap-x-4 gap-y-1 text-sm min-[420px]:grid-cols-2">
        <Fact icon={MapPin} label={p.stop} className="min-w-0 break-words" testId="child-transport-stop">
          {t.stopName}
        </Fact>
        <Fact
          icon={Clock}
          label={
            <>
              {p.pickup} / {p.dropoff}
            </>
          }
          className="tabular-nums"
        >
          {p.pickup} {t.pickupTime ?? '—'} · {p.dropoff} {t.dropoffTime ?? '—'}
        </Fact>
        <Fact icon={Bus} label={p.vehicle} className="font-mono" testId="child-transport-vehicle">
          {t.vehicleRegistration ?? '—'}
        </Fact>
        {/* The phone goes under the name when both do not fit on one line: never cut (issue 34). */}
        <Fact icon={UserRound} label={p.driver} className="flex min-w-0 flex-wrap items-center gap-x-1.5 break-words" testId="child-transport-driver">
          <span>{t.driverName ?? '—'}</span>
          {t.driverPhone && (
            <a href={`tel:+${t.driverPhone}`} className="inline-flex items-center gap-1 whitespace-nowrap text-primary hover:underline" aria-label={p.call(t.driverName ?? '')} data-testid="child-transport-phone">
              <Phone className="size-3" aria-hidden />
              <span className="tabular-nums">{formatPhone(t.driverPhone)}</span>
            </a>
          )}
        </Fact>
      </dl>
    </div>
  );
}

/** One fact of the card's list: its icon, the label for screen readers only, then the value (`className` its classes). */
function Fact({ icon: Icon, label, className, testId, children }: { icon: LucideIcon; label: React.ReactNode; className: string; testId?: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 items-start gap-1.5">
      <Icon className="mt-[3px] size-3.5 shrink-0 text-muted-foreground" aria-hidden />
      <dt className="sr-only">{label}</dt>
      <dd className={className} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
