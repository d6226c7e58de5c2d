import { describe, expect, it } from 'vitest';
import { defaultViewSection, startPathFor } from './default-view.js';

const withView = (role: string | null, defaultView: string) => ({ role, dashboardPreferences: { compactMode: false, defaultView } });

describe('Default View (spec §2 Settings, §3 dashboard_preferences.defaultView)', () => {
  it('dashboard (the default) starts on the dashboard', () => {
    expect(startPathFor(withView('teacher', 'dashboard'))).toBe('/dashboard');
    expect(startPathFor(withView('edufam_admin', 'dashboard'))).toBe('/admin/dashboard');
    expect(startPathFor({ role: 'teacher', dashboardPreferences: null })).toBe('/dashboard');
  });

  it("analytics starts on the role's analytics", () => {
    expect(startPathFor(withView('teacher', 'analytics'))).toBe('/dashboard/analytics');
    expect(startPathFor(withView('edufam_admin', 'analytics'))).toBe('/admin/analytics');
    expect(defaultViewSection('finance_officer', 'analytics')).toBe('financial-analytics');
    expect(defaultViewSection('hr', 'analytics')).toBe('hr-analytics');
    // A parent has no analytics: the dashboard.
    expect(startPathFor(withView('parent', 'analytics'))).toBe('/dashboard');
  });

  it('overview starts on the financial overview where the role has it, else the dashboard', () => {
    expect(startPathFor(withView('school_director', 'overview'))).toBe('/dashboard/finance');
    expect(defaultViewSection('finance_officer', 'overview')).toBe('finance');
    expect(defaultViewSection('principal', 'overview')).toBe('finance');
    expect(defaultViewSection('parent', 'overview')).toBe('dashboard');
    expect(defaultViewSection('teacher', 'overview')).toBe('dashboard');
  });

  it('an unknown view or role starts on the dashboard', () => {
    expect(defaultViewSection('teacher', 'everything')).toBe('dashboard');
    expect(defaultViewSection('janitor', 'analytics')).toBe('dashboard');
    expect(startPathFor(withView(null, 'analytics'))).toBe('/dashboard');
  });
});
