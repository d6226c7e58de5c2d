import * as React from 'react';
import { Download, FileSpreadsheet, FileText, X } from 'lucide-react';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { SearchField } from '@/components/search-field';
import { useDebouncedValue } from '@/lib/use-debounced-value';

const m = messages.dataTable;

/**
 * The row above a list: a search box (debounced into the URL), filter controls, a "Clear filters"
 * link when anything is filtered, and actions (export, add) on the right. Stacks on phones.
 */
export function ListToolbar({
  search,
  onSearch,
  searchPlaceholder,
  filters,
  filtered,
  onClear,
  actions,
  testId,
}: {
  search?: string;
  onSearch?: (value: string) => void;
  searchPlaceholder?: string;
  filters?: React.ReactNode;
  filtered?: boolean;
  onClear?: () => void;
  actions?: React.ReactNode;
  testId?: string;
}) {
  return (
    <div className="flex flex-col gap-3 xl:flex-row xl:items-center" data-testid={testId}>
      {onSearch && <DebouncedSearch value={search ?? ''} onChange={onSearch} placeholder={searchPlaceholder ?? ''} testId={testId ? `${testId}-search` : undefined} />}
      {filters && <div className="grid min-w-0 grid-cols-1 gap-2 sm:grid-cols-2 lg:flex lg:flex-wrap lg:items-center [&>*]:lg:w-44">{filters}</div>}
      <div className="flex flex-wrap items-center gap-2 xl:ml-auto">
        {filtered && onClear && (
          <Button variant="ghost" size="sm" onClick={onClear} data-testid={testId ? `${testId}-clear` : undefined}>
            <X aria-hidden />
            {m.clearFilters}
          </Button>
        )}
        {actions}
      </div>
    </div>
  );
}

/** The search box: types freely, tells the list 300 ms after the last key (one request per pause). */
function DebouncedSearch({ value, onChange, placeholder, testId }: { value: string; onChange: (v: string) => void; placeholder: string; testId?: string }) {
  const [text, setText] = React.useState(value);
  const debounced = useDebouncedValue(text, 300);
  const report = React.useEffectEvent((next: string) => {
    if (next !== value.trim()) onChange(next);
  });
  const adopt = React.useEffectEvent((next: string) => {
    if (next.trim() !== text.trim()) setText(next);
  });
  // Only the debounced text drives the URL; `value` changing from outside (Clear, Back) resets the box.
  React.useEffect(() => report(debounced.trim()), [debounced]);
  React.useEffect(() => adopt(value), [value]);
  return <SearchField value={text} onChange={setText} placeholder={placeholder} testId={testId} className="xl:w-80" maxLength={100} />;
}

/**
 * "Export" with CSV and Excel: downloads `href(format)` (the list's export URL with its current
 * filters). Plain links, so the browser downloads with the session cookie and shows its own progress.
 */
export function ExportMenu({ href, testId, className }: { href: (format: 'csv' | 'xlsx') => string; testId?: string; className?: string }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" className={cn(className)} data-testid={testId}>
          <Download aria-hidden />
          {m.export}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem asChild>
          <a href={href('csv')} download data-testid={testId ? `${testId}-csv` : undefined}>
            <FileText aria-hidden />
            {m.exportCsv}
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href={href('xlsx')} download data-testid={testId ? `${testId}-xlsx` : undefined}>
            <FileSpreadsheet aria-hidden />
            {m.exportXlsx}
          </a>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
