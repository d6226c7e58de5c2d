/**
 * The users screen's request building and retry rule (spec §9 users fetch: up to 2 retries, never on
 * authentication or access denied), and the Created column's date.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { formatCreated, isSystemAdminRow } from '../components/format';
import { shouldRetryUsers, usersPath } from './users';

describe('usersPath', () => {
  it('sends only the filters that are set, trimmed, with the page', () => {
    expect(usersPath({ search: '  ', role: '', status: '', schoolId: '', page: 1, pageSize: 25 })).toBe('/api/users?page=1&pageSize=25');
    expect(
      usersPath({ search: ' Grace A ', role: 'teacher', status: 'suspended', schoolId: '0b6f1c1e-0000-4000-8000-000000000001', page: 3, pageSize: 25 }),
    ).toBe('/api/users?search=Grace+A&role=teacher&status=suspended&schoolId=0b6f1c1e-0000-4000-8000-000000000001&page=3&pageSize=25');
  });
});

describe('shouldRetryUsers', () => {
  it('retries server and network failures at most twice', () => {
    const err = new ApiError(500, 'INTERNAL', 'Boom');
    expect(shouldRetryUsers(0, err)).toBe(true);
    expect(shouldRetryUsers(1, err)).toBe(true);
    expect(shouldRetryUsers(2, err)).toBe(false);
    expect(shouldRetryUsers(0, new ApiError(0, 'NETWORK', 'Network connection issue.'))).toBe(true);
  });

  it('never retries authentication, access denied or bad input', () => {
    for (const status of [400, 401, 403, 404]) expect(shouldRetryUsers(0, new ApiError(status, 'X', 'x'))).toBe(false);
    expect(shouldRetryUsers(0, new Error('Access denied. Only EduFam/Elimisha administrators can access user data.'))).toBe(false);
    expect(shouldRetryUsers(0, new Error('User authentication required'))).toBe(false);
  });
});

describe('format', () => {
  it('shows the Created date in Nairobi', () => {
    // 22:30 UTC on 2 March is already 3 March in Nairobi (UTC+3).
    expect(formatCreated('2026-03-02T22:30:00.000Z')).toBe('03/03/2026');
    expect(formatCreated('not a date')).toBe('—');
  });

  it('treats only platform admin rows as System Admin (no toggle)', () => {
    expect(isSystemAdminRow({ role: 'edufam_admin' })).toBe(true);
    expect(isSystemAdminRow({ role: 'elimisha_admin' })).toBe(true);
    expect(isSystemAdminRow({ role: 'school_director' })).toBe(false);
  });
});
