import * as React from 'react';
import { Bus, MapPin, Plus, Route as RouteIcon, UserRound, type LucideIcon } from 'lucide-react';
import type { TransportChargeMode, TransportRoute } from '@shared/contracts/transport';
import { TRANSPORT_CHARGE_LABELS, transportMessages as tm } from '@shared/messages/transport';
import { cn } from '@/lib/utils';
import { DataTable, useTableLayoutWide, type ColumnDef } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { Money } from '@/components/money';

const u = tm.ui;

/**
 * The button that opens a route's sheet, marked `transport-route-card` (with `data-route`) where `on`:
 * the table's route cell from 768 px, the card below it (DataTable renders both and hides one).
 */
function RouteOpener({ route, on, onOpen, className, children }: { route: TransportRoute; on: boolean; onOpen: (id: string) => void; className?: string; children: React.ReactNode }) {
  return (
    <button
      type="button"
      onClick={() => onOpen(route.id)}
      className={cn('min-w-0 rounded-md text-left focus-visible:outline-2 focus-visible:outline-ring', className)}
      data-testid={on ? 'transport-route-card' : undefined}
      data-route={on ? route.name : undefined}
    >
      {children}
    </button>
  );
}

/** The route's stops in ride order, on one line. */
function StopsPath({ route, className }: { route: TransportRoute; className?: string }) {
  return <span className={cn('block truncate text-xs text-muted-foreground', className)}>{route.stops.map((s) => s.name).join(' → ')}</span>;
}

const routeNameClass = 'line-clamp-2 font-semibold break-words';

/** Learners against seats ("12 / 30 seats", "3 seats left") over a bar that turns amber at 85 % and red when full. */
function RouteLoad({ route: r }: { route: TransportRoute }) {
  const fill = r.capacity ? Math.min(100, Math.round((r.learnerCount / r.capacity) * 100)) : 0;
  return (
    <span className="block min-w-0">
      <span className="flex items-center justify-between gap-3 text-xs">
        <span className="font-medium whitespace-nowrap" data-testid="route-card-count">
          {u.capacityOf(r.learnerCount, r.capacity)}
        </span>
        <span className={cn('whitespace-nowrap text-muted-foreground', r.seatsLeft === 0 && 'font-medium text-destructive')}>{u.seatsLeft(r.seatsLeft)}</span>
      </span>
      {r.capacity !== null && (
        <span className="mt-1.5 block h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden>
          <span className={cn('block h-full rounded-full', fill >= 100 ? 'bg-destructive' : fill >= 85 ? 'bg-amber-500' : 'bg-primary')} style={{ width: `${fill}%` }} />
        </span>
      )}
    </span>
  );
}

/** A card's small icon and text (stops, vehicle, driver). */
function IconText({ icon: Icon, children }: { icon: LucideIcon; children: React.ReactNode }) {
  return (
    <span className="inline-flex min-w-0 items-center gap-1">
      <Icon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
      <span className="truncate">{children}</span>
    </span>
  );
}

/**
 * The Routes tab on the DataTable kit: route (name and stops), stops, vehicle, driver, learners against
 * seats and the termly fee; a route opens its sheet (row click or the route button). Cards below 768 px.
 * Closed routes are dimmed. The list is short and unpaged (the API returns every route).
 */
export function RouteList({
  routes,
  chargeMode,
  onOpen,
  canManage,
  onCreate,
}: {
  routes: TransportRoute[];
  chargeMode: TransportChargeMode;
  onOpen: (id: string) => void;
  canManage: boolean;
  onCreate: () => void;
}) {
  const wide = useTableLayoutWide();
  const columns = React.useMemo<ColumnDef<TransportRoute, unknown>[]>(
    () => [
      {
        id: 'route',
        header: u.trips.route,
        cell: ({ row: { original: r } }) => (
          <RouteOpener route={r} on={wide} onOpen={onOpen} className="block w-full">
            <span className={routeNameClass}>{r.name}</span>
            <StopsPath route={r} className="mt-0.5" />
          </RouteOpener>
        ),
        meta: { alwaysVisible: true, className: 'min-w-56 max-w-80' },
      },
      { id: 'stops', header: u.stops, cell: ({ row }) => <span className="whitespace-nowrap">{u.stopsCount(row.original.stops.length)}</span> },
      {
        id: 'vehicle',
        header: u.vehicle,
        cell: ({ row: { original: r } }) => <span className={cn('whitespace-nowrap', !r.vehicle && 'text-muted-foreground')}>{r.vehicle?.registration ?? u.noVehicle}</span>,
      },
      { id: 'driver', header: u.trips.driver, cell: ({ row: { original: r } }) => <span className={cn(!r.driver && 'text-muted-foreground')}>{r.driver?.name ?? u.noDriver}</span> },
      { id: 'learners', header: u.learners, cell: ({ row }) => <RouteLoad route={row.original} />, meta: { className: 'w-52' } },
      { id: 'fee', header: u.termFee, cell: ({ row }) => <Money value={row.original.termFee} prefix={false} className="font-semibold" />, meta: { className: 'text-right' } },
    ],
    [wide, onOpen],
  );
  return (
    <DataTable
      id="transport-routes"
      columns={columns}
      data={routes}
      getRowId={(r) => r.id}
      onRowClick={(r) => onOpen(r.id)}
      rowAttributes={(r) => ({ 'data-active': String(r.active) })}
      className="[&_[data-active=false]]:opacity-60"
      minWidth={820}
      toolbar={
        routes.length > 0 ? (
          <p className="text-xs text-muted-foreground" data-testid="transport-charge-mode">
            {u.chargeMode(TRANSPORT_CHARGE_LABELS[chargeMode] ?? chargeMode)}
          </p>
        ) : undefined
      }
      empty={{
        icon: RouteIcon,
        title: u.noRoutes,
        hint: u.noRoutesHint,
        action: canManage ? (
          <Button onClick={onCreate}>
            <Plus aria-hidden />
            {u.newRoute}
          </Button>
        ) : undefined,
      }}
      renderCard={(r) => (
        <RouteOpener route={r} on={!wide} onOpen={onOpen} className="flex w-full flex-col gap-3">
          <span className="block w-full">
            <span className="flex items-start justify-between gap-3">
              <span className={cn('min-w-0', routeNameClass)}>{r.name}</span>
              <span className="shrink-0 text-right">
                <Money value={r.termFee} className="font-semibold" />
                <span className="block text-[11px] text-muted-foreground">{u.perTerm}</span>
              </span>
            </span>
            <StopsPath route={r} className="mt-1" />
          </span>
          <span className="flex w-full flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
            <IconText icon={MapPin}>{u.stopsCount(r.stops.length)}</IconText>
            <IconText icon={Bus}>{r.vehicle?.registration ?? u.noVehicle}</IconText>
            <IconText icon={UserRound}>{r.driver?.name ?? u.noDriver}</IconText>
          </span>
          <span className="block w-full">
            <RouteLoad route={r} />
          </span>
        </RouteOpener>
      )}
    />
  );
}
