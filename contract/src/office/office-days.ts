/** The office day (issue 12): open until verified and closed; a closed day locks its jobs, payments and punches. */
export const OFFICE_DAY_STATUSES = ['open', 'closed'] as const;
export type OfficeDayStatus = (typeof OFFICE_DAY_STATUSES)[number];
