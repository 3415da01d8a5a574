import { hostname } from "node:os";
import pino, { type DestinationStream, type Logger } from "pino";
import { env } from "@/env";
import type { LogLevel } from "./levels";

/**
 * Fields that hold personal data or secrets wherever they appear (top level or one level
 * down). Log calls never pass them; this is the second line of defence if one ever does.
 */
export const REDACT_PATHS = [
  "text",
  "input",
  "answer",
  "message",
  "reason",
  "name",
  "displayName",
  "customerName",
  "cardNumber",
  "card",
  "last4",
  "pan",
  "iban",
  "email",
  "password",
  "token",
  "cookie",
  "authorization",
  "transcript",
  "messages",
  "request",
  "response",
].flatMap((field) => [field, `*.${field}`]);

/** A JSON logger with the product's redaction; `destination` defaults to stdout. */
export function createLogger(options: { level?: LogLevel; destination?: DestinationStream } = {}): Logger {
  return pino(
    {
      level: options.level ?? "info",
      base: { service: "bank-support-agent", hostname: hostname(), pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    },
    options.destination,
  );
}

const LOGGER = Symbol.for("bank.logger");
const TO_STDERR = Symbol.for("bank.logger.stderr");
const holder = globalThis as unknown as { [LOGGER]?: Logger; [TO_STDERR]?: boolean };

/** The process's logger, at LOG_LEVEL (one per process, however the app is bundled). */
export function log(): Logger {
  holder[LOGGER] ??= createLogger({ level: env().LOG_LEVEL, ...(holder[TO_STDERR] ? { destination: pino.destination(2) } : {}) });
  return holder[LOGGER];
}

/**
 * For a command whose standard output is its result (a report, JSON): its logs go to standard
 * error instead. The logger is made on first use, so the settings are still read then.
 */
export function logToStderr(): void {
  holder[TO_STDERR] = true;
}

/** Replaces the process's logger (tests capture lines this way); returns the one it replaced. */
export function setLogger(logger: Logger): Logger | undefined {
  const previous = holder[LOGGER];
  holder[LOGGER] = logger;
  return previous;
}

/** The class of an error (its name), the one thing about a failure that every event may carry. */
export function errorClass(error: unknown): string {
  if (error instanceof Error) return error.name || error.constructor.name || "Error";
  return typeof error;
}

const CARD_NUMBER = /\b(?:\d[ -]?){12,18}\d\b/g;
const IBAN = /\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){2,7}(?:\s?[A-Z0-9]{1,4})?\b/g;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const QUOTED = /(["'])(?:(?!\1).){1,200}\1/g;

/**
 * An error message with what could be personal data taken out: card numbers, IBANs, email
 * addresses and quoted values (where validation and database errors put the input).
 */
export function scrub(message: string): string {
  return message.replace(IBAN, "[iban]").replace(CARD_NUMBER, "[number]").replace(EMAIL, "[email]").replace(QUOTED, "[value]");
}

/**
 * What an unexpected failure logs: its class, its scrubbed message and the stack's frames
 * (code locations only, never the message line again).
 */
export function failureFields(error: unknown): { errorClass: string; errorMessage: string; stack?: string } {
  const message = error instanceof Error ? error.message : String(error);
  const frames =
    error instanceof Error
      ? error.stack
          ?.split("\n")
          .filter((line) => /^\s+at /.test(line))
          .join("\n")
      : undefined;
  return { errorClass: errorClass(error), errorMessage: scrub(message), ...(frames ? { stack: frames } : {}) };
}
