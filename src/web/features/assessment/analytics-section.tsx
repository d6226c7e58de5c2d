import * as React from 'react';
import { useAuth } from '@/lib/auth';
import { NotAvailableYet } from '@/app/shell/not-available-yet';
import { sectionLabel } from '@shared/sections';

/**
 * The "analytics" section (issue 12 §4): the teacher's "Class Analytics" and the principal's and
 * director's school analytics of exam results. Platform analytics come with issue 18.
 */
const ExamAnalytics = React.lazy(() => import('./analytics/exam-analytics').then((m) => ({ default: m.ExamAnalyticsPage })));

export function AnalyticsSection() {
  const { state } = useAuth();
  const role = state.user?.role ?? null;
  if (!role) return null;
  if (role === 'teacher' || role === 'principal' || role === 'school_director') return <ExamAnalytics />;
  return <NotAvailableYet sectionId="analytics" title={sectionLabel(role, 'analytics')} />;
}
