import { Award, BarChart3, Bus, CalendarDays, ClipboardCheck, GraduationCap, MessageSquare, ShieldCheck, Users, Wallet, type LucideIcon } from 'lucide-react';
import type { FeatureIcon } from '../content';

/** Lucide icons of the features (imported one by one, so only these reach the bundle). */
export const featureIcons: Record<FeatureIcon, LucideIcon> = {
  graduation: GraduationCap,
  clipboard: ClipboardCheck,
  calendar: CalendarDays,
  wallet: Wallet,
  users: Users,
  message: MessageSquare,
  chart: BarChart3,
  award: Award,
  bus: Bus,
  shield: ShieldCheck,
};

/** The EduFam mark (same drawing as the app's favicon). */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <rect width="32" height="32" rx="8" fill="#0f766e" />
      <path d="M8 11l8-4 8 4-8 4-8-4zm3 3.5v4.5c0 1.7 2.2 3 5 3s5-1.3 5-3v-4.5l-5 2.5-5-2.5z" fill="#fff" />
    </svg>
  );
}
