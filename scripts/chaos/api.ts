/** One signed-in user's HTTP session against the app, riding out app restarts. */
import { PLAIN_SESSION_COOKIE, SESSION_COOKIE } from "../../app/_lib/session-cookie";
import { inSeconds } from "./deadline";
import type { Journal } from "./journal";
import type { AppProcess } from "./processes";
import { sleep } from "./rng";

/**
 * `status` 0 means no answer: the app stayed down, or the request timed out; `error` is the
 * kind (counted by it), `waited` names the request and the deadline that passed.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON answer of any shape: each caller checks the fields it reads
export type ApiResult = { status: number; body: any; attempts: number; error?: string; waited?: string };

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
    return (await this.signIn(password)).status === 200;
  }

  /**
   * The sign-in's answer, which names the wait that ran out when there was none. A 429 is
   * waited out as a person would, up to three times: sign-ins in flight count against the
   * account until their password is checked, so a customer signing in to several
   * conversations at once, or one whose earlier sign-ins a kill cut off, is held back a second.
   */
  async signIn(password: string): Promise<ApiResult> {
    for (let held = 0; ; held++) {
      const answer = await this.call("POST", "/api/auth/login", { username: this.username, password });
      if (answer.status !== 429 || held === 3) return answer;
      this.journal.bump("login.held_back");
      await sleep(1000 * Math.min(10, Number(answer.body?.retryAfterSeconds) || 1));
    }
  }

  async call(method: "GET" | "POST", path: string, body?: unknown, opts: CallOptions = {}): Promise<ApiResult> {
    const deadlineMs = opts.deadlineMs ?? 150_000;
    const timeoutMs = opts.timeoutMs ?? 60_000;
    const deadline = Date.now() + deadlineMs;
    const request = `${method} ${path} as ${this.username}`;
    for (let attempt = 1; ; attempt++) {
      if (!this.app.up && !(await this.app.whenUp(Math.max(0, deadline - Date.now())))) {
        const waited = `chaos: ${this.app.url} was not up within ${inSeconds(deadlineMs)} of ${request} (attempt ${attempt})`;
        return { status: 0, body: null, attempts: attempt - 1, error: "app stayed down", waited };
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
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await res.text();
        const session = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`) || c.startsWith(`${PLAIN_SESSION_COOKIE}=`));
        if (session) this.cookie = session.split(";")[0]!;
        return { status: res.status, body: parse(text), attempts: attempt };
      } catch (error) {
        if ((error as Error).name === "TimeoutError") {
          const waited = `chaos: ${request} got no complete answer from ${this.app.url} within ${inSeconds(timeoutMs)} (attempt ${attempt})`;
          return { status: 0, body: null, attempts: attempt, error: "timeout", waited };
        }
        this.journal.bump("http.connection_error");
        if (opts.retry === false || Date.now() > deadline) {
          const waited = `chaos: ${request} found no connection to ${this.app.url} (attempt ${attempt}): ${(error as Error).message}`;
          return { status: 0, body: null, attempts: attempt, error: "connection", waited };
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
