import * as React from 'react';

/**
 * The learner profile's Fees tab (issue 11: the fee account, read-only, for those who may see it),
 * rendered by the fees feature: the app shell provides it, so learners does not import fees (fees
 * already uses the learners API). Null: no Fees tab.
 */
export const LearnerFeesTabContext = React.createContext<((studentId: string) => React.ReactNode) | null>(null);
