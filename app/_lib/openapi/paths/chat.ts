import { z } from "zod";
import { signedInAnswer, signedOutAnswer } from "@/app/api/auth/schema";
import { loginBody } from "@/app/api/auth/login/schema";
import { messageBody, queuedAnswer, threadCreated, threadDetail, threadList, turnAnswer } from "@/app/api/threads/schema";
import { json, type Paths } from "../operation";
import { id, NO_THREAD, TOO_MANY_THREADS, TOO_MANY_TURNS } from "./params";

/** Signing in and out, and the customer's conversations. */
export const chatPaths = {
  "/api/auth/login": {
    post: {
      public: true,
      summary: "Sign in: starts a new session (the one presented ends) and sets the session cookie.",
      description:
        "Failed sign-ins count against the account (case-blind) together with the client address, and against the address, for LOGIN_FAILURE_WINDOW_MS (15 minutes). An address that failed LOGIN_MAX_FAILURES_PER_ACCOUNT (5) times on an account waits out the account's delay before each further try at it (1 s after the account's latest failure, doubling with each failure on it from any address, up to LOGIN_MAX_DELAY_MS); an address with tries left is not held back. An address past LOGIN_MAX_FAILURES_PER_ADDRESS (30) is refused for every account. Held back, the answer is 429 with Retry-After, whatever the password, and the refusal is audited as `login.throttled`. A right password forgives its own address's failures on the account. The address is the socket's, or with TRUSTED_PROXY_HOPS set, the one the outermost trusted proxy appended to X-Forwarded-For.",
      body: loginBody,
      responses: {
        200: json(signedInAnswer, "Signed in; `Set-Cookie: __Host-bank_session=…; Path=/; Max-Age=43200; HttpOnly; Secure; SameSite=Lax`."),
      },
      errors: {
        401: "`unauthorized:login`: wrong username or password (the same answer for users that do not exist).",
        429: "`too_many_requests:login`: too many failed sign-ins; the `Retry-After` header says when to try again, and the body repeats it as retryAfterSeconds. `rate_limited:address`: past ADDRESS_REQUESTS_PER_MINUTE requests without a session from this address.",
      },
    },
  },
  "/api/auth/logout": {
    post: {
      public: true,
      summary: "Sign out: ends the session and clears the cookie under both names.",
      responses: { 200: json(signedOutAnswer, "Signed out") },
    },
  },
  "/api/auth/me": {
    get: { summary: "The signed-in user.", responses: { 200: json(signedInAnswer, "The user") } },
  },
  "/api/threads": {
    post: {
      summary: "A new conversation for the signed-in customer.",
      responses: { 201: json(threadCreated, "Created") },
      errors: { 429: TOO_MANY_THREADS },
    },
    get: {
      summary:
        "The customer's own conversations; operators, supervisors and auditors see every conversation of their bank (the ops role is refused 403 `forbidden:role`).",
      responses: { 200: json(threadList, "The conversations") },
    },
  },
  "/api/threads/{id}": {
    get: {
      summary: "Status, transcript and refund cases of a conversation, for the customer it belongs to.",
      description:
        "Customers only (their own conversations, with their own card digits). Staff are refused 403 `forbidden:role`: operators read a case's conversation, masked, in /api/approvals/{id}; investigators read it, masked and audited, in /api/incidents/threads/{id}/timeline.",
      path: id,
      responses: { 200: json(threadDetail, "The conversation") },
      errors: { 404: NO_THREAD },
    },
  },
  "/api/threads/{id}/messages": {
    post: {
      summary: "One turn of the conversation.",
      description:
        "With `Accept: text/event-stream` the reply streams as `token` events (`{text}`); a `reset` event (`{}`) withdraws the tokens before it (a language model's wording gave way to the bank's own). It ends with `done` (`{reply, status, caseId}`: the stored answer, which replaces the streamed one), `queued` (the 202 body) or `error` (`{code, message, error}`, the error shape of every event stream here, `error` repeating the code); when the session ends first (signed out anywhere, expired, a password or role change) it ends within seconds with `signed_out` (the same shape, code `unauthorized:session_ended`). A client that disconnects does not stop the turn: the answer is stored and appears in the transcript. Otherwise one JSON answer.",
      path: id,
      body: messageBody,
      responses: {
        200: {
          description: "The agent's reply",
          content: {
            "application/json": { schema: turnAnswer },
            "text/event-stream": { schema: z.string() },
          },
        },
        202: json(
          queuedAnswer,
          "A resend of a clientMessageId the thread already has (`status: received, duplicate: true`; nothing stored again), or a message kept behind a running turn (`status: busy`; its answer appears in the transcript). DOUBLE_TEXTING=enqueue answers it when the running turn is done; interrupt and rollback also stop the turn answering an older message at its next superstep boundary (its message is answered as stopped, a refund it had not started is withdrawn; rollback also sets the thread's state back to where that turn began). Runs that carry out an operator's decision are never stopped.",
        ),
      },
      errors: {
        404: NO_THREAD,
        409: "`conflict:thread`: a turn is running and DOUBLE_TEXTING=reject.",
        429: TOO_MANY_TURNS,
        503: "`unavailable:draining`: this instance is shutting down; the message says whether it was saved.",
      },
    },
  },
} satisfies Paths;
