import type { Gender } from '@shared/contracts/learners';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { initials } from './format';

const tint: Record<Gender, string> = {
  female: 'bg-[color-mix(in_oklab,var(--color-chart-5)_16%,transparent)] text-[var(--color-chart-5)]',
  male: 'bg-[color-mix(in_oklab,var(--color-chart-1)_16%,transparent)] text-[var(--color-chart-1)]',
};

/**
 * A learner's round picture: the photo when there is one (GET /api/students/:id/photo), else their
 * initials tinted by gender. Used in the register's rows and cards; the profile header uses
 * ProfilePhoto (profile-photo.tsx).
 */
export function LearnerAvatar({
  name,
  gender,
  photoUrl,
  className,
  textClassName,
}: {
  name: string;
  gender: Gender;
  photoUrl?: string | null;
  className?: string;
  textClassName?: string;
}) {
  return (
    <Avatar className={cn('size-9', className)}>
      {photoUrl && <AvatarImage src={photoUrl} alt={messages.learners.photo.alt(name)} />}
      <AvatarFallback className={cn('text-xs font-semibold', tint[gender], textClassName)} aria-hidden>
        {initials(name)}
      </AvatarFallback>
    </Avatar>
  );
}
