/**
 * The promo video's simulated timeline (spec §2 Other screens: "21-second simulated timeline with six
 * narration captions … loops to 0 at the end; speech rate 0.9; tick every 0.1 s"). Pure, so it is unit
 * tested. Time is kept in whole tenths of a second so 210 ticks make exactly one loop (no float drift).
 */

export const DURATION_S = 21;
export const TICK_MS = 100;
export const TENTHS = DURATION_S * 10;
export const SPEECH_RATE = 0.9;

export type SceneKind = 'intro' | 'academics' | 'attendance' | 'fees' | 'parents' | 'trial';

export interface Caption {
  /** Start, in tenths of a second. */
  start: number;
  text: string;
  scene: SceneKind;
  title: string;
  items: string[];
}

/** The six narration captions, in order. */
export const CAPTIONS: Caption[] = [
  { start: 0, scene: 'intro', title: 'EduFam', text: 'Meet EduFam, the school management platform built for Kenyan schools.', items: ['CBC', 'IGCSE', 'One platform'] },
  { start: 35, scene: 'academics', title: 'Grades & reports', text: 'Record CBC rubric levels and IGCSE grades, and print report cards in minutes.', items: ['Mathematics · ME', 'English · EE', 'Kiswahili · ME'] },
  { start: 70, scene: 'attendance', title: 'Attendance', text: 'Teachers mark attendance from any phone, and parents are told at once.', items: ['Grade 7 East · 41 present', '2 absent · parents notified', 'Saved 07:42'] },
  { start: 105, scene: 'fees', title: 'Fees with M-Pesa', text: 'Parents pay fees by M-Pesa, and every payment is receipted automatically.', items: ['Paybill 522522', 'KES 18,500 received', 'Receipt sent'] },
  { start: 140, scene: 'parents', title: 'Parents connected', text: 'Timetables, announcements and results keep every family in the loop.', items: ['Term 3 timetable', 'Sports day on Friday', 'Results published'] },
  { start: 175, scene: 'trial', title: '30-day free trial', text: 'Start your 30-day free trial today. No credit card required.', items: ['No credit card', 'All modules', 'Set up in a day'] },
];

/** The caption showing at `tenths` (0 ≤ tenths < TENTHS). */
export function captionIndexAt(tenths: number): number {
  let index = 0;
  for (let i = 0; i < CAPTIONS.length; i++) if (CAPTIONS[i]!.start <= tenths) index = i;
  return index;
}

/** One tick later; at 21.0 s the timeline loops back to 0. */
export function advance(tenths: number): number {
  const next = tenths + 1;
  return next >= TENTHS ? 0 : next;
}

/** A seek position (seconds, from the slider) as tenths, clamped to the timeline. */
export function toTenths(seconds: number): number {
  if (!Number.isFinite(seconds)) return 0;
  return Math.min(TENTHS - 1, Math.max(0, Math.round(seconds * 10)));
}

/** "0:07" for 7.x seconds. */
export function formatTime(tenths: number): string {
  const s = Math.floor(tenths / 10);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
