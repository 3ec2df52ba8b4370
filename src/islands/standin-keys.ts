/** The strings of the local Google stand-in chooser, kept apart so the login page names them without loading the chooser. */
export const STANDIN_KEYS = ['login.standIn.title', 'login.standIn.note', 'login.standIn.name', 'login.standIn.continue', 'login.standIn.cancel'] as const;
export type StandInKey = (typeof STANDIN_KEYS)[number];
