import { localized } from '../i18n/localized.js';
import * as sw from './sw/fleet-health.js';

/**
 * The "Instances" card of System Health (issue 37 §3): every server of the fleet from its heartbeat,
 * with its figures and whether it is live.
 */
export const fleetHealthMessages = localized('fleet-health/fleetHealthMessages', {
  title: 'Instances',
  description: 'Every server on this database, from the heartbeat each writes every 10 seconds.',
  /** Totals line over the live instances. */
  totals: (live: number, all: number, ratePerMinute: string, errors: string) =>
    `${live} of ${all} live · ${ratePerMinute} requests/min · ${errors} errors`,
  instance: 'Instance',
  host: 'Host',
  version: 'Version',
  started: 'Started',
  lastSeen: 'Last seen',
  requestsPerMinute: 'Requests/min',
  p95: 'p95',
  memory: 'Memory',
  status: 'Status',
  live: 'Live',
  stale: 'Stale',
  /** Marks the instance that answered this screen. */
  thisInstance: 'this one',
  /** "Last seen 4 s ago". */
  secondsAgo: (seconds: number) => `${seconds} s ago`,
  notMeasured: '–',
  unavailable: 'The instances could not be read from the database.',
  staleNote: 'Stale: not seen for 30 seconds or more (stopped, hung or cut off from the database). Gone after 10 minutes.',
}, { sw: sw.fleetHealthMessages });
