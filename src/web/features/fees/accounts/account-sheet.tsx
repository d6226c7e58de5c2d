import { messages } from '@shared/messages';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import type { FeesScope } from '../fee-management/fees-scope';
import { StudentAccountView } from './account-view';

const t = messages.feeManagement.account;

/** A learner's account in a wide sheet from the right (full screen on phones). */
export function AccountSheet({ studentId, scope, onClose }: { studentId: string | null; scope: FeesScope; onClose: () => void }) {
  return (
    <Sheet open={!!studentId} onOpenChange={(o) => !o && onClose()}>
      <SheetContent side="right" className="w-full overflow-y-auto bg-background text-foreground sm:max-w-3xl xl:max-w-4xl" data-testid="account-sheet">
        <SheetDescription className="sr-only">{t.title}</SheetDescription>
        <div className="px-4 pt-5 pb-8 sm:px-6 [&_[data-testid=account-header]]:pr-10">
          {studentId && (
            <StudentAccountView
              key={studentId}
              studentId={studentId}
              scope={scope}
              title={(name) => (
                <SheetTitle className="truncate pr-8 text-lg sm:text-xl" data-testid="account-name">
                  {name}
                </SheetTitle>
              )}
            />
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
