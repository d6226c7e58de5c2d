/** Labels and texts of the assessment screens (issue 12). */
export const gradesScreensMessages = {} as const;
