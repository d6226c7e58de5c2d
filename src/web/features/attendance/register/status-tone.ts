import type { AttendanceStatus } from '@shared/contracts/attendance';

/**
 * Colours of the four marks, shared by the segmented control, the counts and the row stripe, so a
 * glance at the register reads the same everywhere: present green, absent red, late amber, excused blue.
 */
export const STATUS_TONE: Record<AttendanceStatus | 'unmarked', { selected: string; chip: string; dot: string; stripe: string }> = {
  present: {
    selected: 'peer-checked:border-emerald-600 peer-checked:bg-emerald-600 peer-checked:text-white',
    chip: 'bg-emerald-500/10 text-emerald-700 ring-emerald-500/20 dark:text-emerald-300',
    dot: 'bg-emerald-500',
    stripe: 'before:bg-emerald-500/70',
  },
  absent: {
    selected: 'peer-checked:border-red-600 peer-checked:bg-red-600 peer-checked:text-white',
    chip: 'bg-red-500/10 text-red-700 ring-red-500/20 dark:text-red-300',
    dot: 'bg-red-500',
    stripe: 'before:bg-red-500',
  },
  late: {
    selected: 'peer-checked:border-amber-500 peer-checked:bg-amber-500 peer-checked:text-amber-950',
    chip: 'bg-amber-500/12 text-amber-800 ring-amber-500/25 dark:text-amber-300',
    dot: 'bg-amber-500',
    stripe: 'before:bg-amber-500',
  },
  excused: {
    selected: 'peer-checked:border-sky-600 peer-checked:bg-sky-600 peer-checked:text-white',
    chip: 'bg-sky-500/10 text-sky-700 ring-sky-500/20 dark:text-sky-300',
    dot: 'bg-sky-500',
    stripe: 'before:bg-sky-500',
  },
  unmarked: {
    selected: '',
    chip: 'bg-muted text-muted-foreground ring-border',
    dot: 'bg-muted-foreground/40',
    stripe: 'before:bg-transparent',
  },
};
