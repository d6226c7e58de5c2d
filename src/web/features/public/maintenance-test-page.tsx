import { Link } from 'react-router';
import { ShieldAlert, Wrench } from 'lucide-react';
import { homePathFor } from '@shared/access';
import { messages } from '@shared/messages';
import { isAdminRole } from '@shared/roles';
import { useAuth } from '@/lib/auth';
import { Button } from '@/components/ui/button';

/**
 * /debug/maintenance-test (spec §2, §6 Maintenance): restricted to edufam_admin. The panel itself
 * arrives with the maintenance module.
 */
const copy = messages.maintenanceTest;

export function MaintenanceTestPage() {
  const { state } = useAuth();
  const user = state.status === 'ready' ? state.user : null;
  const isEdufamAdmin = isAdminRole(user?.role);
  return (
    <div className="flex min-h-dvh items-center justify-center bg-background px-5 py-12">
      <main className="w-full max-w-md rounded-2xl border bg-card p-8 text-center text-card-foreground shadow-sm">
        <span
          className={
            'mx-auto mb-5 inline-flex size-12 items-center justify-center rounded-full ' +
            (isEdufamAdmin ? 'bg-primary/10 text-primary' : 'bg-destructive/10 text-destructive')
          }
        >
          {isEdufamAdmin ? <Wrench className="size-6" aria-hidden="true" /> : <ShieldAlert className="size-6" aria-hidden="true" />}
        </span>
        {isEdufamAdmin ? (
          <>
            <h1 className="text-xl font-semibold tracking-tight">{copy.title}</h1>
            <p className="mt-2 text-sm text-muted-foreground">{copy.pending}</p>
          </>
        ) : (
          <>
            <h1 className="text-xl font-semibold tracking-tight">{messages.unauthorized.title}</h1>
            <p className="mt-2 text-sm text-muted-foreground">{messages.unauthorized.maintenanceTestOnly}</p>
          </>
        )}
        <Button asChild variant="outline" className="mt-6 w-full">
          <Link to={homePathFor(user?.role)}>{messages.unauthorized.goToDashboard}</Link>
        </Button>
      </main>
    </div>
  );
}
