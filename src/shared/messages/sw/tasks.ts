/**
 * Kiswahili of ../tasks.ts: background tasks. `localized` in ../tasks.ts checks the table against the
 * English one (same keys, same parameters).
 */
const n = (v: number) => v.toLocaleString('sw-KE');

export const tasksMessages = {
  notFound: 'Kazi haikupatikana.',
  notFailed: 'Kazi iliyoshindwa pekee ndiyo inayoweza kujaribiwa tena.',
  statuses: { queued: 'Inasubiri kuanza', running: 'Inaendelea', succeeded: 'Imekamilika', failed: 'Imeshindwa' },
  retry: 'Jaribu tena',
  progress: (done: number, total: number) => `${n(done)} kati ya ${n(total)}`,
};
