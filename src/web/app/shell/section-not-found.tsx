import { Link } from 'react-router';
import { LayoutDashboard, SearchX } from 'lucide-react';
import { homePathFor } from '@shared/access';
import { messages } from '@shared/messages';
import { buttonVariants } from '@/components/ui/button';
import { StatusCard } from '@/components/status-screen';

/** An unknown section (spec §2): "Section Not Found". */
export function SectionNotFound({ role }: { role: string | null }) {
  return (
    <div className="flex justify-center py-10 sm:py-16">
      <StatusCard
        icon={SearchX}
        tone="neutral"
        title={messages.shell.sectionNotFoundTitle}
        text={messages.shell.sectionNotFoundText}
        actions={
          <Link to={homePathFor(role)} className={buttonVariants({ variant: 'outline' })}>
            <LayoutDashboard /> {messages.unauthorized.goToDashboard}
          </Link>
        }
      />
    </div>
  );
}
