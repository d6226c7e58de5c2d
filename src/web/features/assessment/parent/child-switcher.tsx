import { messages } from '@shared/messages';
import type { MyChildrenGrades } from '@shared/contracts/assessment';
import { initials } from '@/lib/format';
import { cn } from '@/lib/utils';
import { ChoiceButtons } from '@/components/choice-buttons';

const m = messages.reportsScreens;
/** What the switcher shows of a child (the grades screens pass their full child; attendance a lighter one). */
type Child = Pick<MyChildrenGrades['children'][number], 'studentId' | 'name' | 'className' | 'admissionNumber'>;

/** The parent's children as tabs (initials, name, class); shown when more than one child is linked. */
export function ChildSwitcher({ items, value, onChange, controls }: { items: Child[]; value: string; onChange: (studentId: string) => void; controls: string }) {
  return (
    <ChoiceButtons
      options={items.map((c) => ({ value: c.studentId, child: c }))}
      value={value}
      onChange={onChange}
      label={m.chooseChild}
      className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap"
      testId="child-switcher"
      tabs={{ controls }}
      buttonClassName={(_, active) =>
        cn(
          'flex min-w-0 cursor-pointer items-center gap-2.5 rounded-xl border bg-card py-2 pr-3 pl-2 sm:pr-4 text-left shadow-xs transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
          active ? 'border-primary/60 bg-primary/5 ring-1 ring-primary/30' : 'hover:bg-muted/50',
        )
      }
      buttonTestId={() => 'child-tab'}
    >
      {({ child: c }, active) => (
        <>
          <span
            className={cn(
              'flex size-9 shrink-0 items-center justify-center rounded-full text-xs font-semibold ring-1 ring-inset',
              active ? 'bg-primary text-primary-foreground ring-primary' : 'bg-primary/10 text-primary ring-primary/20',
            )}
            aria-hidden
          >
            {initials(c.name)}
          </span>
          <span className="min-w-0 leading-tight">
            <span className="block truncate text-sm font-medium sm:max-w-52">
              <span className="sm:hidden">{c.name.split(/\s+/)[0]}</span>
              <span className="hidden sm:inline">{c.name}</span>
            </span>
            <span className="block truncate text-xs sm:max-w-52 text-muted-foreground">{c.className ?? c.admissionNumber}</span>
          </span>
        </>
      )}
    </ChoiceButtons>
  );
}
