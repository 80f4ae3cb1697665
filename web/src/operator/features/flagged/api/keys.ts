/** The query-key scope of the Flagged sales section (reads only: nothing here changes them). */
export const FLAGGED_SCOPE = 'console-flagged';
