/** One signed-in user's HTTP session against the app, riding out app restarts. */
import { PLAIN_SESSION_COOKIE, SESSION_COOKIE } from "../../app/_lib/session-cookie";
import type { Journal } from "./journal";
import type { AppProcess } from "./processes";
import { sleep } from "./rng";

/** `status` 0 means no answer: the app stayed down, or the request timed out. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON answer of any shape: each caller checks the fields it reads
export type ApiResult = { status: number; body: any; attempts: number; error?: string };

export type CallOptions = {
  /** Send again after a connection error, once the app is back (the default). */
  retry?: boolean;
  timeoutMs?: number;
  /** Give up retrying after this long. */
  deadlineMs?: number;
  /** Runs as each attempt leaves. */
  onAttempt?: (attempt: number) => void;
};

/** Where requests go: an app process, or anything in front of instances (a proxy) that says whether it is up. */
export type ApiTarget = Pick<AppProcess, "url" | "up" | "whenUp">;

export class ApiSession {
  private cookie = "";

  constructor(
    private readonly app: ApiTarget,
    private readonly journal: Journal,
    readonly username: string,
  ) {}

  /** The session cookie as a `Cookie` header value, empty before a sign-in. */
  get cookieHeader(): string {
    return this.cookie;
  }

  async login(password: string): Promise<boolean> {
    const res = await this.call("POST", "/api/auth/login", { username: this.username, password });
    return res.status === 200;
  }

  async call(method: "GET" | "POST", path: string, body?: unknown, opts: CallOptions = {}): Promise<ApiResult> {
    const deadline = Date.now() + (opts.deadlineMs ?? 150_000);
    for (let attempt = 1; ; attempt++) {
      if (!this.app.up && !(await this.app.whenUp(Math.max(0, deadline - Date.now())))) {
        return { status: 0, body: null, attempts: attempt - 1, error: "app stayed down" };
      }
      opts.onAttempt?.(attempt);
      try {
        const res = await fetch(`${this.app.url}${path}`, {
          method,
          // Every POST is JSON, `{}` when there is no input: the app refuses any other media type.
          headers: {
            accept: "application/json",
            ...(method === "GET" ? {} : { "content-type": "application/json" }),
            ...(this.cookie ? { cookie: this.cookie } : {}),
          },
          body: method === "GET" ? undefined : JSON.stringify(body ?? {}),
          signal: AbortSignal.timeout(opts.timeoutMs ?? 60_000),
        });
        const text = await res.text();
        const session = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`) || c.startsWith(`${PLAIN_SESSION_COOKIE}=`));
        if (session) this.cookie = session.split(";")[0]!;
        return { status: res.status, body: parse(text), attempts: attempt };
      } catch (error) {
        if ((error as Error).name === "TimeoutError") {
          return { status: 0, body: null, attempts: attempt, error: "timeout" };
        }
        this.journal.bump("http.connection_error");
        if (opts.retry === false || Date.now() > deadline) {
          return { status: 0, body: null, attempts: attempt, error: "connection" };
        }
        await sleep(Math.min(2000, 100 * 2 ** Math.min(attempt, 5)));
      }
    }
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON answer of any shape: each caller checks the fields it reads
function parse(text: string): any {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}
