/** A complete production environment: every setting production mode requires, pointing at the bank's own systems. */
export const PRODUCTION_ENV = {
  NODE_ENV: "production",
  DATABASE_URL: "postgres://app:not-a-published-password@db.bank.internal:5432/bank",
  APP_ORIGIN: "https://support.bank.example",
  LIMITS_URL: "https://limits.bank.internal/limits",
  HISTORY_URL: "https://history.bank.internal/history",
  ANTIFRAUD_URL: "https://antifraud.bank.internal/antifraud",
  LEDGER_URL: "https://ledger.bank.internal/ledger",
  CARDS_URL: "https://cards.bank.internal/cards",
  TRUSTED_PROXY_HOPS: "1",
  /** The encryption key: 32 bytes, fixed so every test that runs production mode reads what another wrote. */
  ENCRYPTION_KEYS: `prod-1:${Buffer.alloc(32, 7).toString("base64")}`,
};
