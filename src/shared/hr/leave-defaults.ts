/**
 * Default leave types for a school (issue 14 §2), from the Employment Act 2007 (Kenya) where it sets
 * a floor, and common school policy where it does not. Every school may edit them.
 *   - Annual: s.28(1)(a), not less than 21 working days with full pay per 12 months; unused days may be
 *     carried into the next year (the Act lets them be taken within 18 months), here up to 10.
 *   - Sick: s.30, after two months' service 7 days with full pay then 7 days with half pay a year;
 *     we count 14 days and ask for a medical certificate.
 *   - Maternity: s.29(1), three months with full pay (90 calendar days).
 *   - Paternity: s.29(8), two weeks with full pay (14 calendar days).
 *   - Compassionate and study: not in the Act; school policy (5 and 10 working days).
 */
export interface LeaveTypeDefault {
  code: string;
  name: string;
  daysPerYear: number;
  unit: 'working_days' | 'calendar_days';
  carryOverMax: number | null;
  paid: boolean;
  gender: 'male' | 'female' | null;
  requiresDocument: boolean;
}

export const LEAVE_TYPE_DEFAULTS: readonly LeaveTypeDefault[] = [
  { code: 'annual', name: 'Annual leave', daysPerYear: 21, unit: 'working_days', carryOverMax: 10, paid: true, gender: null, requiresDocument: false },
  { code: 'sick', name: 'Sick leave', daysPerYear: 14, unit: 'working_days', carryOverMax: null, paid: true, gender: null, requiresDocument: true },
  { code: 'maternity', name: 'Maternity leave', daysPerYear: 90, unit: 'calendar_days', carryOverMax: null, paid: true, gender: 'female', requiresDocument: false },
  { code: 'paternity', name: 'Paternity leave', daysPerYear: 14, unit: 'calendar_days', carryOverMax: null, paid: true, gender: 'male', requiresDocument: false },
  { code: 'compassionate', name: 'Compassionate leave', daysPerYear: 5, unit: 'working_days', carryOverMax: null, paid: true, gender: null, requiresDocument: false },
  { code: 'study', name: 'Study leave', daysPerYear: 10, unit: 'working_days', carryOverMax: null, paid: true, gender: null, requiresDocument: true },
];
