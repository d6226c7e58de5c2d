import { Link } from 'react-router';
import { LayoutDashboard, ShieldX } from 'lucide-react';
import { homePathFor } from '@shared/access';
import { messages } from '@shared/messages';
import { buttonVariants } from '@/components/ui/button';
import { StatusCard } from '@/components/status-screen';

/** A section the role may not open: the section's denial message, verbatim (spec §8 Shell and access). */
export function SectionDenied({ role, message }: { role: string | null; message: string }) {
  return (
    <div className="flex justify-center py-10 sm:py-16">
      <StatusCard
        icon={ShieldX}
        title={message}
        actions={
          <Link to={homePathFor(role)} className={buttonVariants({ variant: 'outline' })}>
            <LayoutDashboard /> {messages.unauthorized.goToDashboard}
          </Link>
        }
      />
    </div>
  );
}
