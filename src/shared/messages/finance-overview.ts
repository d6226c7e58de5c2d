/** Screen labels of the fees module (issue 11); see fees-screens.ts for the ones shared across its screens. */
export const financeOverviewMessages = {} as const;
