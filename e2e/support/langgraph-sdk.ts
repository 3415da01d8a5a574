import { expect } from "@playwright/test";
import { Pool } from "pg";
import { runningEmbeddedUrl } from "../../db/embedded";

/** The slices of the Platform API's answers the LangGraph specs assert on. */
export type HumanInterrupt = { action_request: { action: string; args: Record<string, unknown> }; config: Record<string, boolean>; description: string };
export type Interrupt = { id: string; value: HumanInterrupt[] };
export type Values = {
  messages: { type: string; id: string; content: string }[];
  case: { caseId: string; status: string; amountMinor: number } | null;
  __interrupt__?: Interrupt[];
};

/** Payments only the LangGraph specs report (a transaction is reported once per database). */
const PAYMENTS = [
  { id: "tx-lg-airline", merchant: "Skyline Air", amountMinor: 31_200 },
  { id: "tx-lg-hotel", merchant: "Harbour Hotel", amountMinor: 78_000 },
  { id: "tx-lg-spa", merchant: "Lakeside Spa", amountMinor: 9_500 },
  { id: "tx-lg-cinema", merchant: "Riverside Cinema", amountMinor: 6_400 },
  { id: "tx-lg-jewels", merchant: "Grand Jewels", amountMinor: 145_000 },
  // A merchant that carries another customer's surname: staff see it masked.
  { id: "tx-lg-garden", merchant: "Kowalski Garden", amountMinor: 8_800 },
];

export async function seedPayments() {
  const url = runningEmbeddedUrl(".data/pg-e2e");
  expect(url, "the app's embedded database is running").not.toBeNull();
  const pool = new Pool({ connectionString: url! });
  try {
    for (const p of PAYMENTS) {
      await pool.query(
        `insert into transactions (id, tenant_id, customer_id, card_id, merchant, amount_minor, currency, country, posted_at)
         select $1, tenant_id, 'cust-alice', 'card-alice', $2, $3, 'EUR', 'DE', now() - interval '3 days' from customers where id = 'cust-alice'
         on conflict do nothing`,
        [p.id, p.merchant, p.amountMinor],
      );
    }
  } finally {
    await pool.end();
  }
}

/** The session cookie a sign-in sets, as a Cookie header the SDK passes through defaultHeaders. */
export async function sessionCookie(baseURL: string, username: string, fetch: typeof globalThis.fetch): Promise<string> {
  const res = await fetch(`${baseURL}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: `${username}-pass` }),
  });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie()[0]!.split(";")[0]!;
}

/** The SDK's HTTPError: its status and the app's `{code}`. */
export async function refusal(work: Promise<unknown>): Promise<{ status: number; code: string }> {
  const error = (await work.then(
    () => null,
    (e: unknown) => e,
  )) as { status?: number; text?: string } | null;
  expect(error, "the request is refused").not.toBeNull();
  return { status: error!.status!, code: (JSON.parse(error!.text!) as { code: string }).code };
}

export const lastAi = (values: Values) => values.messages.filter((m) => m.type === "ai").at(-1)?.content ?? "";

/** Agent Inbox's answer: the action request with every argument as a string. */
export const inboxAnswer = (type: "accept" | "edit", request: HumanInterrupt["action_request"], edits: Record<string, string> = {}) => [
  { type, args: { action: request.action, args: { ...Object.fromEntries(Object.entries(request.args).map(([k, v]) => [k, String(v)])), ...edits } } },
];
