/**
 * Secrets this repository publishes: the demo deployment's (docker-compose.yml: its encryption
 * key, the application role's and the owner's database passwords) and the embedded Postgres's
 * owner password (db/embedded.ts). Anyone who has read the repository knows them, so production
 * refuses each of them in every setting that holds a secret. `deploy/published-secrets.test.ts`
 * reads those files and fails when they publish a secret this list lacks.
 */
export const PUBLISHED_SECRETS: readonly string[] = [
  // docker-compose.yml: ENCRYPTION_KEYS "demo:…"
  "2U3muoHj+jEpS33S58NGWEFLH7fQ/gBo7X033PI6nyQ=",
  // docker-compose.yml: bank_app's password in DATABASE_URL
  "bank_app",
  // docker-compose.yml: the owner's (POSTGRES_PASSWORD, DATABASE_OWNER_URL)
  "bank",
  // db/embedded.ts: the embedded Postgres's owner
  "postgres",
];

export function isPublishedSecret(value: string): boolean {
  return PUBLISHED_SECRETS.includes(value);
}
