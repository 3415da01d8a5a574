import { z } from "zod";
import { keyRingFrom, parseKeyList } from "./agent/encryption/keys";
import { isPublishedSecret } from "./deploy/published-secrets";
import { LOG_LEVELS } from "./observability/levels";

/** Every environment variable the product reads, validated once. */
export const envSchema = z
  .object({
    /*
     * Where the app runs and who may reach it.
     */
    /** `production` is production mode unless DEMO_DATA=1: no demo data, no simulator, and the start refuses what a bank must set (see the operating guide). */
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    /** The port the app serves on. */
    PORT: z.coerce.number().int().positive().default(3000),
    /**
     * `1`: demo mode (demo users and transactions are seeded, the login page lists them, the
     * simulator may stand in for the bank systems). Unset means demo mode unless NODE_ENV is
     * production; `npm start` passes the mode it chose to the app explicitly.
     */
    DEMO_DATA: z.enum(["0", "1"]).optional(),
    /** The app's public origin (`https://support.bank.example`); required in production. Unset: the request's own host. */
    APP_ORIGIN: z.string().url().optional(),
    /**
     * The commit the app was built from, recorded in the agent's revision id (see the incident
     * viewer and `/api/langgraph/assistants/{id}/versions`). Unset: the checkout's HEAD, read
     * from `.git` when there is one, else the package version alone.
     */
    APP_COMMIT: z
      .string()
      .regex(/^[0-9a-f]{7,40}$/, "a git commit id (7 to 40 hex digits)")
      .optional(),
    /** Comma-separated origins allowed to frame `/widget` and post to the chat routes from it. */
    WIDGET_ORIGINS: z.string().default(""),
    /**
     * Proxies in front of the app that append the client's address to X-Forwarded-For; the
     * address is taken that many entries from the right. 0: no proxy, the address `next start`
     * reports (which a client can replace by sending the header itself). Required in production.
     */
    TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    /*
     * The database. Each instance has a pool of its own; the checkpointer shares it.
     */
    /** A Postgres server (15 to 18), as the application role `bank_app`; required in production. Unset: the embedded Postgres that `npm start` runs. */
    DATABASE_URL: z.string().url().optional(),
    /**
     * The database's owner, for migrations and the demo seed (`npm start`, `npm run db:migrate`, admin
     * commands); the app itself connects with DATABASE_URL as the application role `bank_app`, which
     * row-level security holds to one tenant at a time. Unset: DATABASE_URL migrates too.
     */
    DATABASE_OWNER_URL: z.string().url().optional(),
    /** Connections in each instance's Postgres pool (drizzle and the checkpointer share it). */
    DB_POOL_MAX: z.coerce.number().int().positive().default(20),
    /** How long a request waits for a pool connection (or a new one to open) before it is answered 503. */
    DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
    /** An idle pool connection is closed after this long. */
    DB_IDLE_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
    /** Postgres cancels any statement on a pool connection that runs longer than this. */
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
    /**
     * Where the agent keeps its checkpoints: `postgres` (durable, shared by every instance) or
     * `memory` (this process only, lost on exit: no crash recovery, no second instance). `memory`
     * is for the capacity benchmark's comparison and is refused in production.
     */
    CHECKPOINTER: z.enum(["postgres", "memory"]).default("postgres"),
    /** Where the embedded Postgres keeps its data (git-ignored). */
    EMBEDDED_PG_DIR: z.string().default(".data/pg"),
    /** `1` wipes the embedded Postgres data before start (browser tests). */
    EMBEDDED_PG_FRESH: z.enum(["0", "1"]).default("0"),
    /*
     * The bank's systems, each URL required in production. The defaults are the simulator's, for demo
     * mode only (`npm start` points them at the simulator it runs).
     */
    /** The card limits system. */
    LIMITS_URL: z.string().url().default("http://127.0.0.1:4010/limits"),
    /** The case and transaction history system. */
    HISTORY_URL: z.string().url().default("http://127.0.0.1:4010/history"),
    /** The antifraud system. */
    ANTIFRAUD_URL: z.string().url().default("http://127.0.0.1:4010/antifraud"),
    /** The ledger, the one system that moves money (refunds with an Idempotency-Key, entries read by case). */
    LEDGER_URL: z.string().url().default("http://127.0.0.1:4010/ledger"),
    /** The cards system (freeze, unfreeze, replacement). */
    CARDS_URL: z.string().url().default("http://127.0.0.1:4010/cards"),
    /** Milliseconds a bank-system check may take per attempt. */
    CHECK_TIMEOUT_MS: z.coerce.number().int().positive().default(2000),
    /** Attempts per bank-system check, the first included. */
    CHECK_MAX_ATTEMPTS: z.coerce.number().int().positive().default(3),
    /**
     * How long a turn may take before the customer has an answer, retries and timeouts
     * together: a bank-system check whose next attempt cannot finish in the time left degrades
     * at once (the refund then waits for an operator), and language-model calls are cut to the
     * time left. The refund's ledger call is never cut by it.
     */
    TURN_DEADLINE_MS: z.coerce.number().int().min(1000).default(12_000),
    /** Milliseconds a ledger call may take before the refund is left for the retry job (which reads the ledger by case first). */
    LEDGER_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
    /** How long a refund the ledger never confirmed waits before the recovery job retries it (reading the ledger by case first). */
    REFUND_RETRY_MS: z.coerce.number().int().positive().default(15_000),
    /**
     * The bank ledger's idempotency key window: how long it remembers a key. A refund left
     * unconfirmed for longer can be settled only by the ledger's read by case; the ops page
     * counts such refunds.
     */
    LEDGER_KEY_WINDOW_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(24 * 60 * 60 * 1000),
    /** Where `npm start` runs the simulator; unset picks a free port. */
    SIMULATOR_PORT: z.coerce.number().int().positive().optional(),
    /*
     * The refund policy's defaults. Each bank's policy is its row in the `tenants` table, which the
     * agent reads and the bank's supervisors change (PUT /api/tenant/policy); the first three apply to
     * a bank without a row until its first change, and seed demo-bank's row in demo mode.
     */
    /** Largest refund an operator may approve alone, in minor units (a bank without a `tenants` row). */
    OPERATOR_LIMIT_MINOR: z.coerce.number().int().positive().default(50_000),
    /** Refunds from this amount need two approvers, one of them a supervisor (a bank without a `tenants` row). */
    FOUR_EYES_MINOR: z.coerce.number().int().positive().default(100_000),
    /** How long an approval may wait for a decision before it expires (a bank without a `tenants` row). */
    APPROVAL_TTL_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(48 * 60 * 60 * 1000),
    /**
     * The deployment's ceiling on every bank's auto-approval limit, in each bank's minor units:
     * no supervisor may set more, and a row above it is applied as this.
     */
    AUTO_APPROVE_CEILING_MINOR: z.coerce.number().int().positive().default(50_000),
    /** How long a supervisor's proposal to loosen the bank's policy waits for a second supervisor before it lapses. */
    POLICY_CHANGE_TTL_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(24 * 60 * 60 * 1000),
    /** How long an operator's claim on a case lasts unless renewed. */
    CLAIM_TTL_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(15 * 60 * 1000),
    /** How often the expiry job looks for overdue approvals. */
    EXPIRY_INTERVAL_MS: z.coerce.number().int().positive().default(1000),
    /*
     * Runs: a thread's turns across instances, crashes and releases.
     */
    /**
     * A message sent while a run is busy: `enqueue` answers it next, `reject` refuses it (409),
     * `interrupt` stops the run at its next superstep boundary and answers the new message,
     * `rollback` does the same and sets the thread's state back to where the stopped run began.
     */
    DOUBLE_TEXTING: z.enum(["enqueue", "reject", "interrupt", "rollback"]).default("enqueue"),
    /**
     * How long a thread's lease lasts. A run renews it every third of this while it works; a
     * crashed instance's threads are recovered once their lease has run out.
     */
    THREAD_LEASE_MS: z.coerce.number().int().min(1000).default(15_000),
    /** How long SIGTERM waits for running graphs to reach a superstep boundary. */
    DRAIN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    /** How often each instance looks for runs that crashed or drained instances left behind. */
    RECOVERY_INTERVAL_MS: z.coerce.number().int().positive().default(2_000),
    /*
     * A language model, optional: unset, the offline model reads every message and the code words
     * every answer.
     */
    /**
     * The language model's protocol: `openai` (any OpenAI-compatible chat completions server) or
     * `anthropic` (the Messages API). Unset: `openai` when LLM_BASE_URL is set, else the offline model.
     */
    LLM_PROVIDER: z.enum(["openai", "anthropic"]).optional(),
    /** The provider's base URL (`http://localhost:11434/v1` for Ollama); unset with LLM_PROVIDER means the provider's own API. */
    LLM_BASE_URL: z.string().url().optional(),
    /** The provider's API key; a local server needs none, the provider's own API refuses to start without it. */
    LLM_API_KEY: z.string().optional(),
    /** The model the provider serves. Unset: gpt-4o-mini (openai) or claude-haiku-4-5 (anthropic). */
    LLM_MODEL: z.string().min(1).optional(),
    /** Longest a language-model call may take, retries included; past it the offline model or the code's words answer. */
    LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    /** Retries of a failed language-model request (HTTP 429, 5xx, a dropped connection), within LLM_TIMEOUT_MS. */
    LLM_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(1),
    /**
     * The language model's price per million input (prompt) tokens, in LLM_PRICE_CURRENCY:
     * `0.15` for 0.15 a million. With LLM_PRICE_OUTPUT_PER_MTOK it prices every call's tokens
     * (node events, metrics, the ops page, incident reports); unset, tokens are counted and no
     * cost is given.
     */
    LLM_PRICE_INPUT_PER_MTOK: z.coerce.number().nonnegative().optional(),
    /** The price per million output (completion) tokens, in LLM_PRICE_CURRENCY. */
    LLM_PRICE_OUTPUT_PER_MTOK: z.coerce.number().nonnegative().optional(),
    /** The currency of the prices (the provider's bill's), an ISO 4217 code. */
    LLM_PRICE_CURRENCY: z
      .string()
      .regex(/^[A-Z]{3}$/, "an ISO 4217 code such as USD")
      .default("USD"),
    /*
     * A candidate language model, optional: the deployment then hosts a second revision of the
     * agent, the same as the first but for its language model, which a bank's supervisors may
     * give a share of their new conversations as a canary (two supervisors start it; it stops
     * itself when its figures cross the bank's thresholds, and is promoted when they hold).
     */
    /** The candidate's protocol, as LLM_PROVIDER, or `offline` for the offline model (a candidate that leaves a language model). Unset: no candidate, unless CANDIDATE_LLM_BASE_URL is set (then `openai`). */
    CANDIDATE_LLM_PROVIDER: z.enum(["openai", "anthropic", "offline"]).optional(),
    /** The candidate's base URL, as LLM_BASE_URL. */
    CANDIDATE_LLM_BASE_URL: z.string().url().optional(),
    /** The candidate's API key, as LLM_API_KEY. */
    CANDIDATE_LLM_API_KEY: z.string().optional(),
    /** The model the candidate's provider serves, as LLM_MODEL. */
    CANDIDATE_LLM_MODEL: z.string().min(1).optional(),
    /** How often a running canary's figures are compared with the current revision's (one instance does it each time). */
    CANARY_INTERVAL_MS: z.coerce.number().int().positive().default(60_000),
    /*
     * Sessions and sign-in.
     */
    /** A session ends this long after sign-in, however active. */
    SESSION_MAX_AGE_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(12 * 60 * 60 * 1000),
    /** A session ends after this long without a request. */
    SESSION_IDLE_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(30 * 60 * 1000),
    /** How often each instance deletes ended sessions and failed sign-ins that no longer count. */
    SESSION_SWEEP_INTERVAL_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(5 * 60 * 1000),
    /** Failed sign-ins count against an account and an address for this long. */
    LOGIN_FAILURE_WINDOW_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(15 * 60 * 1000),
    /**
     * Failed sign-ins to one account within the window before its guesses slow down: past them,
     * an address that has failed on the account waits 1 s after the account's latest failure,
     * then 2 s, 4 s... (429 meanwhile). An address that has not failed on it is not held back,
     * so the account's owner still signs in from their own.
     */
    LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
    /** The longest wait an account's guesses are held to. */
    LOGIN_MAX_DELAY_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(15 * 60 * 1000),
    /** Failed sign-ins from one client address (IPv6: its /64) within the window before its sign-ins are refused. */
    LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(30),
    /*
     * Budgets, counted in Postgres across every instance. Past one, the request is answered 429
     * `rate_limited:<surface>` with Retry-After and changes nothing: with a language model configured,
     * every turn is a bill, and no customer's chat needs more than these. The benchmarks, the chaos
     * campaign and the topology and browser tests raise them (`scripts/load-budgets.ts`): their load
     * comes from a few customers on one address.
     */
    /** Messages one customer may send per minute (chat and Platform API runs together). */
    CUSTOMER_TURNS_PER_MINUTE: z.coerce.number().int().positive().default(20),
    /** Messages one customer may send per day (UTC). */
    CUSTOMER_TURNS_PER_DAY: z.coerce.number().int().positive().default(500),
    /** New conversations one customer may start per day (UTC). */
    CUSTOMER_CONVERSATIONS_PER_DAY: z.coerce.number().int().positive().default(50),
    /** API requests without a session one client address (IPv6: its /64) may make per minute: sign-ins, health probes, the API contract. */
    ADDRESS_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().default(300),
    /*
     * Encryption at rest of checkpoints and recorded bank-system bodies.
     */
    /**
     * The keys checkpoints and recorded bank-system bodies are encrypted with at rest:
     * `id:base64key,...`, each key 32 random bytes (`openssl rand -base64 32`). All of them read;
     * unset in demo mode, a development key kept beside the embedded data directory is used.
     */
    ENCRYPTION_KEYS: z.string().optional(),
    /** The id of the key in ENCRYPTION_KEYS that encrypts new values; may be left out when there is one key. */
    ENCRYPTION_WRITE_KEY: z.string().optional(),
    /**
     * `off` writes new checkpoint values and bank-system bodies in clear (encrypted ones stay
     * readable): for the protection benchmark's comparison only, and refused in production.
     */
    ENCRYPTION_AT_REST: z.enum(["on", "off"]).default("on"),
    /*
     * Retention: what is pruned, and how often the sweep runs.
     */
    /**
     * How often the retention sweep runs: once per interval across all instances (a job of the
     * queue; whole seconds, at most 12 hours).
     */
    RETENTION_INTERVAL_MS: z.coerce
      .number()
      .int()
      .positive()
      .max(12 * 60 * 60 * 1000)
      .default(60 * 60 * 1000),
    /** Default policy for tenants without a `retention_policies` row: days without activity before a thread's checkpoints are pruned. */
    RETENTION_IDLE_DAYS: z.coerce.number().min(0).default(30),
    /** `keep_latest` keeps a pruned thread's latest checkpoint; `delete` drops it too when nothing else is kept. */
    RETENTION_MODE: z.enum(["keep_latest", "delete"]).default("keep_latest"),
    /** Answered messages older than this many days are deleted. */
    RETENTION_MESSAGE_DAYS: z.coerce.number().min(0).default(365),
    /** Node events (other than ledger and cards calls) older than this many days are deleted. */
    RETENTION_NODE_EVENT_DAYS: z.coerce.number().min(0).default(90),
    /** Sessions begun more than this many days ago are deleted, whatever their state. */
    RETENTION_SESSION_DAYS: z.coerce.number().min(0).default(30),
    /** Threads one sweep prunes at most, per tenant; the rest wait for the next interval. */
    RETENTION_BATCH: z.coerce.number().int().positive().default(500),
    /*
     * Logs, metrics and traces.
     */
    /** The least severe log events written (JSON lines on stdout); `silent` writes none. */
    LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
    /** A bearer token that may read `GET /api/metrics`; unset, only supervisor, auditor and ops sessions may. */
    METRICS_TOKEN: z.string().min(16, "at least 16 characters").optional(),
    /** An OTLP/HTTP collector (`http://jaeger:4318`): traces are exported there; unset, none are kept. */
    OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/, message: "an http or https URL" }).optional(),
    /** The `service.name` of the app's spans. */
    OTEL_SERVICE_NAME: z.string().min(1).default("bank-support-agent"),
    /** How often each instance writes what it measured in memory (checkpoint writes and sizes, retries, takeovers) for the ops page. */
    OPS_SAMPLE_INTERVAL_MS: z.coerce.number().int().min(1_000).default(60_000),
    /*
     * Tests only, refused in production.
     */
    /** `1` lets browser tests move the server clock forward (POST /api/test/clock). */
    ENABLE_TEST_CLOCK: z.enum(["0", "1"]).default("0"),
  })
  .superRefine((config, ctx) => {
    if ((config.LLM_PRICE_INPUT_PER_MTOK === undefined) !== (config.LLM_PRICE_OUTPUT_PER_MTOK === undefined)) {
      const missing = config.LLM_PRICE_INPUT_PER_MTOK === undefined ? "LLM_PRICE_INPUT_PER_MTOK" : "LLM_PRICE_OUTPUT_PER_MTOK";
      ctx.addIssue({ code: "custom", path: [missing], message: "a model is priced by both its input and its output tokens: set both prices, or neither" });
    }
    if (config.ENCRYPTION_KEYS === undefined) {
      if (config.ENCRYPTION_WRITE_KEY !== undefined)
        ctx.addIssue({ code: "custom", path: ["ENCRYPTION_WRITE_KEY"], message: "it names a key but ENCRYPTION_KEYS is not set" });
      return;
    }
    try {
      keyRingFrom(config.ENCRYPTION_KEYS, config.ENCRYPTION_WRITE_KEY);
    } catch (error) {
      ctx.addIssue({ code: "custom", path: ["ENCRYPTION_KEYS"], message: (error as Error).message });
    }
  });

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

export function env(): Env {
  cached ??= envSchema.parse(process.env);
  return cached;
}

/** Demo mode: demo data, the demo accounts on the login page, the simulator as the bank systems. */
export function isDemoMode(config: Env = env()): boolean {
  return config.DEMO_DATA === undefined ? config.NODE_ENV !== "production" : config.DEMO_DATA === "1";
}

/** Origins allowed to frame the widget and post to the chat routes from it. */
export function widgetOrigins(config: Env = env()): string[] {
  return config.WIDGET_ORIGINS.split(",")
    .map((o) => o.trim().replace(/\/+$/, ""))
    .filter(Boolean);
}

/** A setting that keeps the app from starting, and what to do about it. */
export type StartupProblem = { setting: string; message: string };

const BANK_SYSTEMS = ["LIMITS_URL", "HISTORY_URL", "ANTIFRAUD_URL", "LEDGER_URL", "CARDS_URL"] as const;

const listed = (names: readonly string[]) => (names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`);

/**
 * What keeps this environment from starting, each naming the setting and the fix; empty when it
 * may start. Outside demo mode nothing may stand in for the bank: a default bank-system URL would
 * silently send refunds to a simulator that is not running, the embedded Postgres would hold the
 * bank's data on the app's disk, and the test clock would let staff make approvals expire.
 * `npm start` and the app process both refuse on these, so the rule lives here once.
 */
export function startupProblems(source: Record<string, string | undefined> = process.env): StartupProblem[] {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) return invalidSettings(parsed.error);
  const config = parsed.data;
  const problems: StartupProblem[] = llmProblems(config);
  if (isDemoMode(config)) return [...problems, ...demoBankSystemProblems(config)];
  if (!config.DATABASE_URL) {
    problems.push({
      setting: "DATABASE_URL",
      message:
        "DATABASE_URL is required in production: set it to the bank's Postgres (postgres://user:password@host:5432/bank); the embedded Postgres is for demo mode only",
    });
  }
  if (!config.APP_ORIGIN) {
    problems.push({
      setting: "APP_ORIGIN",
      message: "APP_ORIGIN is required in production: set it to the app's public https origin (https://support.bank.example)",
    });
  } else if (new URL(config.APP_ORIGIN).protocol !== "https:") {
    problems.push({
      setting: "APP_ORIGIN",
      message: `APP_ORIGIN must be https in production (it is ${config.APP_ORIGIN}): serve the app over TLS and set its https origin`,
    });
  }
  const missing = BANK_SYSTEMS.filter((name) => !source[name]);
  if (missing.length > 0) {
    problems.push({
      setting: missing.join(","),
      message: `${listed(missing)} ${missing.length === 1 ? "is" : "are"} required in production: set ${missing.length === 1 ? "it" : "each"} to the bank's own system; the simulator stands in only in demo mode (DEMO_DATA=1)`,
    });
  }
  if (!config.ENCRYPTION_KEYS) {
    problems.push({
      setting: "ENCRYPTION_KEYS",
      message:
        "ENCRYPTION_KEYS is required in production: set it to id:base64key (32 random bytes, openssl rand -base64 32) from the bank's secret store; conversations are encrypted at rest with it, and the development key file is for demo mode only",
    });
  }
  if (config.ENCRYPTION_AT_REST === "off") {
    problems.push({
      setting: "ENCRYPTION_AT_REST",
      message: "ENCRYPTION_AT_REST=off is refused in production: unset it (conversations and bank-system bodies would be stored in clear)",
    });
  }
  if (config.CHECKPOINTER === "memory") {
    problems.push({
      setting: "CHECKPOINTER",
      message: "CHECKPOINTER=memory is refused in production: unset it (checkpoints in memory are lost with the process, so no run could be recovered)",
    });
  }
  if (config.ENABLE_TEST_CLOCK === "1") {
    problems.push({ setting: "ENABLE_TEST_CLOCK", message: "ENABLE_TEST_CLOCK=1 is refused in production: unset it (it lets staff move the server clock)" });
  }
  if (source.TRUSTED_PROXY_HOPS === undefined) {
    problems.push({
      setting: "TRUSTED_PROXY_HOPS",
      message:
        "TRUSTED_PROXY_HOPS is required in production: set it to the number of proxies in front of the app that append to X-Forwarded-For (0 when clients connect to it directly); behind an uncounted proxy every client shares the proxy's address, and one address's wrong passwords refuse everyone's sign-in",
    });
  }
  return [...problems, ...secretProblems(config)];
}

/** Hosts the bundled simulator answers on: this machine, or the compose file's `simulator` service. */
function isSimulatorHost(url: string): boolean {
  const host = new URL(url).hostname;
  return host === "localhost" || host === "simulator" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * Demo mode signs in with passwords everyone knows (`<username>-pass`) and seeds their
 * customers: pointed at the bank's own systems, anyone could move the bank's money through them.
 */
function demoBankSystemProblems(config: Env): StartupProblem[] {
  const real = BANK_SYSTEMS.filter((name) => !isSimulatorHost(config[name]));
  if (real.length === 0) return [];
  const mode = config.DEMO_DATA === "1" ? "DEMO_DATA=1" : `demo mode (NODE_ENV=${config.NODE_ENV} without DEMO_DATA=0)`;
  return [
    {
      setting: "DEMO_DATA",
      message: `${mode} with ${listed(real)} at the bank's own systems is refused: demo users sign in with published passwords; point ${real.length === 1 ? "it" : "them"} at the simulator (127.0.0.1 or the compose service simulator), or run production mode (NODE_ENV=production without DEMO_DATA)`,
    },
  ];
}

/** A database password production takes at least: the published ones and any a person would type are shorter. */
const MIN_DATABASE_PASSWORD = 16;
const OWN_SECRET = "give it one of the bank's own from its secret store";

/**
 * Secrets production may not use: any the repository publishes (a deployment copied from
 * docker-compose.yml keeps its demo key and passwords), and database passwords too short to be
 * anything but typed. The messages name the setting, never the value.
 */
function secretProblems(config: Env): StartupProblem[] {
  const problems: StartupProblem[] = [];
  for (const setting of ["DATABASE_URL", "DATABASE_OWNER_URL"] as const) {
    const password = decodeURIComponent(new URL(config[setting] ?? "postgres://-").password);
    if (!password) continue;
    if (isPublishedSecret(password))
      problems.push({
        setting,
        message: `${setting} signs in with a password the repository publishes (docker-compose.yml, the embedded Postgres): ${OWN_SECRET}`,
      });
    else if (password.length < MIN_DATABASE_PASSWORD) {
      problems.push({
        setting,
        message: `${setting}'s password is ${password.length} characters; production takes at least ${MIN_DATABASE_PASSWORD}: ${OWN_SECRET} (openssl rand -base64 24)`,
      });
    }
  }
  if (config.ENCRYPTION_KEYS) {
    const published = [...parseKeyList(config.ENCRYPTION_KEYS)].filter(([, key]) => isPublishedSecret(key.toString("base64"))).map(([id]) => `"${id}"`);
    if (published.length > 0) {
      problems.push({
        setting: "ENCRYPTION_KEYS",
        message: `ENCRYPTION_KEYS holds a key the repository publishes (${published.join(", ")}, docker-compose.yml's demo key): make the bank's own (openssl rand -base64 32) and keep it in its secret store`,
      });
    }
  }
  for (const setting of ["METRICS_TOKEN", "LLM_API_KEY", "CANDIDATE_LLM_API_KEY"] as const) {
    const value = config[setting];
    if (value && isPublishedSecret(value)) problems.push({ setting, message: `${setting} is a value the repository publishes: ${OWN_SECRET}` });
  }
  return problems;
}

/** A language model asked for by provider that could not be called: its own API takes a key. */
function llmProblems(config: Env): StartupProblem[] {
  if (!config.LLM_PROVIDER || config.LLM_BASE_URL || config.LLM_API_KEY) return [];
  return [
    {
      setting: "LLM_API_KEY",
      message: `LLM_PROVIDER=${config.LLM_PROVIDER} needs LLM_API_KEY for the provider's own API: set it, or set LLM_BASE_URL to a server that needs none, or unset LLM_PROVIDER for the offline model`,
    },
  ];
}

/** Settings whose values do not parse (a URL that is not one, a word where a number goes). */
export function settingProblems(source: Record<string, string | undefined> = process.env): StartupProblem[] {
  const parsed = envSchema.safeParse(source);
  return parsed.success ? [] : invalidSettings(parsed.error);
}

function invalidSettings(error: z.ZodError): StartupProblem[] {
  return error.issues.map((issue) => {
    const setting = String(issue.path[0] ?? "the environment");
    return { setting, message: `${setting} is invalid (${issue.message}): correct it or unset it` };
  });
}

/** The one line a refused start prints: every problem, so one attempt shows all there is to fix. */
export function startupRefusal(problems: StartupProblem[]): string {
  return `Refusing to start: ${problems.map((p) => p.message).join("; ")}.`;
}
