import * as React from 'react';
import { useAuth } from '@/lib/auth';
import { NotAvailableYet } from '@/components/not-available-yet';
import { sectionLabel } from '@shared/sections';

/**
 * The "analytics" section (issue 12 §4): the teacher's "Class Analytics" and the principal's and
 * director's school analytics of exam results. EduFam staff get the platform's "System Analytics" (issue 18 §3).
 */
const ExamAnalytics = React.lazy(() => import('../../features/assessment/analytics/exam-analytics').then((m) => ({ default: m.ExamAnalyticsPage })));
const PlatformAnalytics = React.lazy(() => import('@/features/platform-analytics/platform-analytics-section').then((m) => ({ default: m.PlatformAnalyticsSection })));

export function AnalyticsSection() {
  const { state } = useAuth();
  const role = state.user?.role ?? null;
  if (!role) return null;
  if (role === 'teacher' || role === 'principal' || role === 'school_director') return <ExamAnalytics />;
  if (role === 'edufam_admin' || role === 'elimisha_admin') return <PlatformAnalytics />;
  return <NotAvailableYet sectionId="analytics" title={sectionLabel(role, 'analytics')} />;
}
