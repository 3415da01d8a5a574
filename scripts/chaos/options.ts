/** Command-line options of `npm run chaos`. */
export type Options = {
  conversations: number;
  kills: number;
  concurrency: number;
  seed: number;
  /** How long an approval waits for an operator before it expires (app setting). */
  approvalTtlMs: number;
  /** How long the campaign waits after the last conversation for threads to settle. */
  settleMs: number;
  /** The app's DOUBLE_TEXTING policy; unset keeps the app's default. */
  doubleTexting?: string;
  /**
   * Runs the retention sweep every second with an idle threshold of 0, so it prunes every
   * resting thread's checkpoints between (and, racing, during) its turns.
   */
  retentionAggressive: boolean;
  /**
   * The simulated ledger's idempotency key window: short, so every refund retried after a
   * kill or a lost answer is retried after its key was forgotten.
   */
  ledgerKeyWindowMs: number;
  /**
   * With a share (1 to 50), the app hosts a candidate revision (its language model an
   * OpenAI-compatible server that reads like the offline model), two supervisors start a canary
   * of it for that share of new conversations, and the report says how many each revision answered.
   */
  canaryPercent?: number;
};

const USAGE = `usage: npm run chaos -- --conversations N --kills K [--concurrency C] [--seed S] [--approval-ttl-ms MS] [--settle-ms MS] [--double-texting enqueue|reject|interrupt|rollback] [--retention-aggressive] [--ledger-key-window-ms MS] [--canary PERCENT]`;

function integer(name: string, raw: string | undefined, min: number): number {
  const value = Number(raw);
  if (raw === undefined || !Number.isSafeInteger(value) || value < min) {
    throw new Error(`--${name} needs an integer >= ${min}\n${USAGE}`);
  }
  return value;
}

export function parseOptions(argv: string[]): Options {
  const options: Options = {
    conversations: 30,
    kills: 3,
    concurrency: 10,
    seed: Date.now() % 1_000_000,
    approvalTtlMs: 30_000,
    settleMs: 60_000,
    retentionAggressive: false,
    ledgerKeyWindowMs: 2_000,
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    if (flag === "--help" || flag === "-h") {
      console.log(USAGE);
      process.exit(0);
    }
    if (flag === "--retention-aggressive") {
      options.retentionAggressive = true;
      continue;
    }
    const value = argv[++i];
    switch (flag) {
      case "--conversations":
        options.conversations = integer("conversations", value, 1);
        break;
      case "--kills":
        options.kills = integer("kills", value, 0);
        break;
      case "--concurrency":
        options.concurrency = integer("concurrency", value, 1);
        break;
      case "--seed":
        options.seed = integer("seed", value, 0);
        break;
      case "--approval-ttl-ms":
        options.approvalTtlMs = integer("approval-ttl-ms", value, 1000);
        break;
      case "--settle-ms":
        options.settleMs = integer("settle-ms", value, 1000);
        break;
      case "--ledger-key-window-ms":
        options.ledgerKeyWindowMs = integer("ledger-key-window-ms", value, 0);
        break;
      case "--canary":
        options.canaryPercent = integer("canary", value, 1);
        if (options.canaryPercent > 50) throw new Error(`--canary is a share of 1 to 50 percent\n${USAGE}`);
        break;
      case "--double-texting":
        if (!value || !/^[a-z]+$/.test(value)) throw new Error(`--double-texting needs a policy name\n${USAGE}`);
        options.doubleTexting = value;
        break;
      default:
        throw new Error(`unknown option ${flag}\n${USAGE}`);
    }
  }
  return options;
}
