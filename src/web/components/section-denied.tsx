import { Link } from 'react-router';
import { LayoutDashboard, ShieldX } from 'lucide-react';
import { homePathFor } from '@shared/access';
import { messages } from '@shared/messages';
import { buttonVariants } from '@/components/ui/button';
import { StatusCard } from '@/components/status-screen';

/**
 * A section the role may not open: the section's denial message, verbatim (spec §8 Shell and access).
 * With a `title` the message goes under it, and `detail` under both (spec §6 User management).
 */
export function SectionDenied({ role, message, title, detail }: { role: string | null; message: string; title?: string; detail?: string }) {
  return (
    <div className="flex justify-center py-10 sm:py-16" data-testid="section-denied">
      <StatusCard
        icon={ShieldX}
        title={title ?? message}
        text={title ? message : undefined}
        actions={
          <Link to={homePathFor(role)} className={buttonVariants({ variant: 'outline' })}>
            <LayoutDashboard /> {messages.unauthorized.goToDashboard}
          </Link>
        }
      >
        {detail && <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{detail}</p>}
      </StatusCard>
    </div>
  );
}
