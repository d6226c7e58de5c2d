import type { AuditEntry } from '@shared/contracts/audit';
import { messages } from '@shared/messages';
import { roleDisplayName } from '@shared/roles';
import { formatDayTime } from '@shared/dates';
import { formatInstant } from '@/lib/format';

const m = messages.audit;

/** An instant in Nairobi time: "12/03/2026 14:05". */
export const formatAuditTime = (iso: string) => formatInstant(iso);

/** An instant in Nairobi time to the second, zone named: "12/03/2026 14:05:09 EAT". */
export const formatAuditTimeFull = (iso: string) => `${formatDayTime(iso, { seconds: true })} EAT`;

/** Who did it: the actor's name, else the e-mail (a sign-in attempt's), else unknown / not signed in. */
export function actorLabel(e: AuditEntry): string {
  if (e.actorName) return e.actorName;
  if (e.actorEmail) return e.actorEmail;
  return e.actorId ? m.unknownActor : m.anonymous;
}

/** The actor's role for display ("Principal"), or null. */
export function actorRoleLabel(e: AuditEntry): string | null {
  return e.actorRole ? roleDisplayName(e.actorRole) : null;
}

/** What it touched: the target entity, else the resource. */
export const entityLabel = (e: AuditEntry) => e.targetEntity ?? e.resource ?? null;

/** A JSON value pretty-printed, or null when nothing was recorded. */
export function prettyJson(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
}

/** Top-level keys whose values differ between two recorded objects (for the "changed" chips). */
export function changedKeys(oldValue: unknown, newValue: unknown): string[] {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(oldValue) || !isObject(newValue)) return [];
  const keys = new Set([...Object.keys(oldValue), ...Object.keys(newValue)]);
  return [...keys].filter((k) => JSON.stringify(oldValue[k]) !== JSON.stringify(newValue[k]));
}
