import { useSearchParams } from 'react-router';
import { AlertTriangle, Boxes, Coins, PackageMinus, ShoppingBag } from 'lucide-react';
import { inventoryMessages } from '@shared/messages/inventory';
import { useAuth } from '@/lib/auth';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { StatGrid } from '@/components/page-layout';
import { StatCard } from '@/components/stat-card';
import { Money } from '@/components/money';
import { useInventorySummary, useLowStock } from './inventory-api';
import { ItemsTab } from './items-tab';
import { MovementsTab } from './movements-tab';
import { ImportTab, StockTakeTab, SuppliersTab, ValuationTab } from './store-tabs';
import { perLocale } from '@shared/i18n/localized';

const m = inventoryMessages.ui;
const TABS = ['items', 'movements', 'stock-take', 'valuation', 'suppliers', 'import'] as const;
type Tab = (typeof TABS)[number];
const LABEL = perLocale((): Record<Tab, string> => ({ items: m.tabItems, movements: m.tabMovements, 'stock-take': m.tabStockTake, valuation: m.tabValuation, suppliers: m.tabSuppliers, import: m.tabImport }));
const WRITE_ONLY: Tab[] = ['stock-take', 'import'];

/**
 * The "inventory" section (issue 15 §5): KPIs (items, stock value, low stock, sales this term), a
 * low-stock banner, and tabs Items, Movements, Stock take, Valuation, Suppliers, Import. The finance
 * officer records stock; the principal and director read (no actions, no stock take or import).
 */
export function InventorySection() {
  const { state } = useAuth();
  const canManage = state.user?.role === 'finance_officer';
  const [params, setParams] = useSearchParams();
  const tabs = TABS.filter((t) => canManage || !WRITE_ONLY.includes(t));
  const tab = (tabs as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'items';
  const setTab = (t: string, extra: Record<string, string> = {}) => setParams(new URLSearchParams({ ...(t === 'items' ? {} : { tab: t }), ...extra }), { replace: false });
  const summary = useInventorySummary();
  const low = useLowStock();
  const s = summary.data;
  const lowItems = low.data?.items ?? [];
  const lowList = lowItems.map((i) => m.lowStockItem(i.name, i.quantity, i.unit)).join(', ');

  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="inventory">
      <PageHeader sectionId="inventory" title={m.title} subtitle={canManage ? m.subtitle : m.readOnly} />
      <StatGrid>
        <StatCard label={m.kpiItems} value={s ? s.items.toLocaleString('en-KE') : '—'} icon={Boxes} accent={1} testId="kpi-items" />
        <StatCard label={m.kpiValue} value={s ? <Money value={s.stockValue} prefix={false} /> : '—'} hint={`KES · ${m.kpiValueHint}`} icon={Coins} accent={3} testId="kpi-value" />
        <StatCard label={m.kpiLowStock} value={s ? s.lowStock : '—'} icon={PackageMinus} accent={5} testId="kpi-low" />
        <StatCard label={m.kpiSales} value={s ? <Money value={s.salesThisTerm} prefix={false} /> : '—'} hint={s?.term ? `KES · ${s.term}` : 'KES'} icon={ShoppingBag} accent={2} testId="kpi-sales" />
      </StatGrid>
      {lowItems.length > 0 && (
        <Alert variant="destructive" className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between" data-testid="low-stock-banner">
          <div className="flex min-w-0 items-start gap-2">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
            <div className="min-w-0">
              <p className="font-medium">{m.lowStockBanner(lowItems.length)}</p>
              <p className="line-clamp-3 text-sm break-words opacity-90" title={lowList} data-testid="low-stock-items">
                {lowList}
              </p>
            </div>
          </div>
          <Button variant="outline" size="sm" className="shrink-0 bg-background" onClick={() => setTab('items', { lowStock: 'true' })}>
            {m.lowStockView}
          </Button>
        </Alert>
      )}
      <Tabs value={tab} onValueChange={(t) => setTab(t)}>
        <div className="-mx-1 overflow-x-auto px-1 pb-1">
          <TabsList>
            {tabs.map((t) => (
              <TabsTrigger key={t} value={t} data-testid={`tab-${t}`}>
                {LABEL[t]}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <TabsContent value="items" className="mt-4">
          <ItemsTab canManage={canManage} />
        </TabsContent>
        <TabsContent value="movements" className="mt-4">
          <MovementsTab />
        </TabsContent>
        {canManage && (
          <TabsContent value="stock-take" className="mt-4">
            <StockTakeTab />
          </TabsContent>
        )}
        <TabsContent value="valuation" className="mt-4">
          <ValuationTab />
        </TabsContent>
        <TabsContent value="suppliers" className="mt-4">
          <SuppliersTab canManage={canManage} />
        </TabsContent>
        {canManage && (
          <TabsContent value="import" className="mt-4">
            <ImportTab />
          </TabsContent>
        )}
      </Tabs>
    </section>
  );
}
