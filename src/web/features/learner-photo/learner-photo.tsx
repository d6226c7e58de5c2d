import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { Avatar, AvatarFallback, AvatarImage, initialsOf } from '@/components/ui/avatar';

const SIZES = {
  sm: { box: 'size-8', text: 'text-[11px]' },
  md: { box: 'size-10', text: 'text-sm' },
  lg: { box: 'size-16', text: 'text-lg' },
  xl: { box: 'size-20 sm:size-24', text: 'text-xl sm:text-2xl' },
} as const;

const TINT = {
  female: 'bg-[color-mix(in_oklab,var(--color-chart-5)_16%,transparent)] text-[var(--color-chart-5)]',
  male: 'bg-[color-mix(in_oklab,var(--color-chart-1)_16%,transparent)] text-[var(--color-chart-1)]',
} as const;

/** The URL of a learner's photo (GET /api/students/:id/photo), versioned when the version is known. */
export function learnerPhotoUrl(studentId: string, version?: string | null): string {
  return `/api/students/${studentId}/photo${version ? `?v=${encodeURIComponent(version)}` : ''}`;
}

export interface LearnerPhotoProps {
  studentId: string;
  /** The learner's full name (alt text and initials). */
  name: string;
  /**
   * The photo's URL as the API gives it (StudentDetail.photoUrl, versioned so browsers cache it); null
   * or undefined shows initials. Alternatively pass `hasPhoto` (list items) to use the plain URL.
   */
  photoUrl?: string | null;
  hasPhoto?: boolean;
  /** Tints the initials like the register does. */
  gender?: 'female' | 'male' | null;
  size?: keyof typeof SIZES;
  /** 'circle' (lists) or 'rounded' (profile header, passport-like). */
  shape?: 'circle' | 'rounded';
  className?: string;
}

/**
 * A learner's avatar: their photo (GET /api/students/:id/photo, shown to anyone who may see the
 * learner) or, when there is none or it fails to load, their initials.
 */
export function LearnerPhoto({ studentId, name, photoUrl, hasPhoto, gender, size = 'md', shape = 'circle', className }: LearnerPhotoProps) {
  const src = photoUrl ?? (hasPhoto ? learnerPhotoUrl(studentId) : null);
  const s = SIZES[size];
  const radius = shape === 'circle' ? 'rounded-full' : 'rounded-xl';
  return (
    <Avatar className={cn(s.box, radius, className)} data-testid="learner-photo" data-has-photo={src ? true : undefined}>
      {src && <AvatarImage key={src} src={src} alt={messages.people.photo.alt(name)} className={cn(radius, 'object-cover')} />}
      <AvatarFallback className={cn(radius, 'font-semibold', s.text, gender ? TINT[gender] : undefined)} aria-label={src ? undefined : name}>
        {initialsOf(name)}
      </AvatarFallback>
    </Avatar>
  );
}
