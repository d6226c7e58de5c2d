import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { resolveCurrentSchool, schoolFetchError, schoolScopeKey } from '@/lib/school-context';

const a = { id: 'a' };
const b = { id: 'b' };

describe('resolveCurrentSchool (spec §4 School context)', () => {
  it('exactly one school in the data becomes current, for any role', () => {
    expect(resolveCurrentSchool([a], false, null)).toBe(a);
    expect(resolveCurrentSchool([a], true, null)).toBe(a);
    expect(resolveCurrentSchool([a], true, 'b')).toBe(a);
  });

  it("an admin's pick applies while it is in the list; otherwise All schools", () => {
    expect(resolveCurrentSchool([a, b], true, 'b')).toBe(b);
    expect(resolveCurrentSchool([a, b], true, 'gone')).toBeNull();
    expect(resolveCurrentSchool([a, b], true, null)).toBeNull();
  });

  it('no schools: no current school', () => {
    expect(resolveCurrentSchool([], true, 'a')).toBeNull();
    expect(resolveCurrentSchool([], false, null)).toBeNull();
  });
});

describe('schoolScopeKey (spec §9 cache per role scope)', () => {
  it('admins share the all-schools scope; school roles one per school; no school or role: none', () => {
    expect(schoolScopeKey({ role: 'edufam_admin', schoolId: null })).toBe('all');
    expect(schoolScopeKey({ role: 'elimisha_admin', schoolId: null })).toBe('all');
    expect(schoolScopeKey({ role: 'teacher', schoolId: 's1' })).toBe('school:s1');
    expect(schoolScopeKey({ role: 'teacher', schoolId: null })).toBeNull();
    expect(schoolScopeKey({ role: null, schoolId: 's1' })).toBeNull();
    expect(schoolScopeKey(null)).toBeNull();
  });
});

describe('schoolFetchError (spec §8 Schools)', () => {
  const timeout = new ApiError(0, 'TIMEOUT', 'Request timed out. Please try again.');
  it('a timeout is "School fetch timed out" for everyone', () => {
    expect(schoolFetchError(timeout, true)).toBe('School fetch timed out');
    expect(schoolFetchError(timeout, false)).toBe('School fetch timed out');
  });

  it('admins get the generic list message', () => {
    expect(schoolFetchError(new ApiError(500, 'INTERNAL', 'boom'), true)).toBe('Failed to fetch schools');
  });

  it('school roles: not found, network, or the reason', () => {
    expect(schoolFetchError(new ApiError(404, 'NOT_FOUND', 'Not found'), false)).toBe(
      'Your assigned school was not found. Please contact your administrator.',
    );
    expect(schoolFetchError(new ApiError(0, 'NETWORK', 'offline'), false)).toBe('Failed to fetch school data. Please try again.');
    expect(schoolFetchError(new ApiError(500, 'INTERNAL', 'Database down'), false)).toBe('Failed to fetch school: Database down');
  });
});
