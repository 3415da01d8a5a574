import type { IncomingHttpHeaders } from "node:http";
import type { Pool } from "pg";
import type { SimulatorControls } from "./controls";
import type { System } from "./faults";
import type { Reply } from "./http";

/** What a handler sees of one request. */
export type RequestContext = {
  pool: Pool;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, for POST routes. */
  body: unknown;
  /** Aborts when the client goes away or the server closes. */
  signal: AbortSignal;
  /** The simulator's clock and the ledger's key window. */
  controls: SimulatorControls;
  /** A read route answers as a lagging replica would (the `staleReads` fault). */
  staleRead?: boolean;
};

export type Route = {
  method: "GET" | "POST" | "DELETE";
  /** Path pattern; named groups become `params`. */
  path: RegExp;
  /** The bank system the route belongs to: counted, and subject to its faults. */
  system?: System;
  /**
   * A read of the system's records (the ledger's entries): subject to the system's faults
   * while they last, but not counted and not using up a fault's `times`, so counts and
   * `times` stay the system's own calls.
   */
  read?: true;
  /** The `surface` part of error codes for bad input. */
  surface: string;
  handle(ctx: RequestContext): Promise<Reply>;
};
