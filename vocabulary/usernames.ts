/** A user name: unique across banks, since people sign in with it alone. */
export const USERNAME = /^[a-z0-9][a-z0-9._@-]{1,63}$/;
export const USERNAME_RULE = "2-64 characters: lower-case letters, digits and . _ @ -";
