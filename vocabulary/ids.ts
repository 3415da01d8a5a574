/** The characters of every id in a URL: threads, cases, approvals, handovers, checkpoints. */
export const ID_CHARACTERS = /^[A-Za-z0-9_-]+$/;

/** How an id is described to whoever sent a malformed one. */
export const ID_RULE = "letters, digits, - or _.";

/** The longest id the bank accepts. */
export const ID_MAX_LENGTH = 100;

const ID = new RegExp(`^[A-Za-z0-9_-]{1,${ID_MAX_LENGTH}}$`);

/** Whether text can be an id: what a page checks before it asks the database. */
export const isId = (text: string) => ID.test(text);
