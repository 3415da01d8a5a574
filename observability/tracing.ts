import { AsyncLocalStorage } from "node:async_hooks";
import { context, propagation, SpanStatusCode, trace, type Attributes, type Context, type Span, type SpanOptions } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { defaultResource, resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, NodeTracerProvider, type SpanProcessor } from "@opentelemetry/sdk-trace-node";
import { errorClass } from "./log";

/** The instrumentation scope every span of the product is made under. */
export const TRACER_NAME = "bank-support-agent";

export type TracingOptions = {
  /** The `service.name` of every span the process makes (OTEL_SERVICE_NAME, else the process's default). */
  serviceName: string;
  /** The OTLP/HTTP collector's base URL (OTEL_EXPORTER_OTLP_ENDPOINT); spans go to `<endpoint>/v1/traces`. */
  endpoint?: string;
  /** Where spans go instead of (or besides) the OTLP exporter; tests collect them in memory this way. */
  spanProcessors?: SpanProcessor[];
};

export type Tracing = { provider: NodeTracerProvider; shutdown(): Promise<void> };

const TRACING = Symbol.for("bank.tracing");
const holder = globalThis as unknown as { [TRACING]?: Tracing };

/** Where OTLP/HTTP takes traces, given the collector's base URL (the OTLP specification's rule). */
export const tracesUrl = (endpoint: string) => `${endpoint.replace(/\/+$/, "")}/v1/traces`;

/**
 * The OTLP/HTTP exporter (JSON) when an endpoint is set, batching spans; nothing otherwise.
 * The exporter also reads OTEL_EXPORTER_OTLP_HEADERS and OTEL_EXPORTER_OTLP_TIMEOUT.
 */
export function exportProcessors(endpoint: string | undefined): SpanProcessor[] {
  if (!endpoint) return [];
  return [new BatchSpanProcessor(new OTLPTraceExporter({ url: tracesUrl(endpoint) }))];
}

/**
 * Starts this process's tracer provider (one per process, however the app is bundled): spans
 * are exported over OTLP/HTTP when an endpoint is set. With neither an endpoint nor a processor
 * nothing is started, and every span below is the API's no-op: no trace context is kept or
 * sent, and a span costs a function call.
 */
export function startTracing(options: TracingOptions): Tracing | undefined {
  if (holder[TRACING]) return holder[TRACING];
  const spanProcessors = [...exportProcessors(options.endpoint), ...(options.spanProcessors ?? [])];
  if (spanProcessors.length === 0) return undefined;
  const provider = new NodeTracerProvider({
    resource: defaultResource().merge(resourceFromAttributes({ "service.name": options.serviceName })),
    spanProcessors,
  });
  // The async-hooks context manager (a span stays current across awaits) and the W3C
  // `traceparent` propagator.
  provider.register();
  const tracing: Tracing = {
    provider,
    async shutdown() {
      if (holder[TRACING] !== tracing) return;
      delete holder[TRACING];
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
  holder[TRACING] = tracing;
  return tracing;
}

/** The tracing this process started, if any. */
export const currentTracing = (): Tracing | undefined => holder[TRACING];

/** Sends what is still buffered (a process about to exit); never throws. */
export async function flushTracing(): Promise<void> {
  await holder[TRACING]?.provider.forceFlush().catch(() => undefined);
}

export const tracer = () => trace.getTracer(TRACER_NAME);

/**
 * Marks a span failed with the error's class only (`error.type`): error messages may carry
 * what a customer wrote, and never go into a span.
 */
export function recordFailure(span: Span, error: unknown): void {
  span.setAttribute("error.type", errorClass(error));
  span.setStatus({ code: SpanStatusCode.ERROR });
}

/** Awaits `work` inside `span` (without making it current), records a failure by class, and ends the span. */
export async function ending<T>(span: Span, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    recordFailure(span, error);
    throw error;
  } finally {
    span.end();
  }
}

/**
 * Runs `work` in a new span, current for everything `work` awaits (child spans, the
 * `traceparent` sent to the bank's systems), under `parent` or the current span. A failure
 * is recorded by class and rethrown; `onError` may record it otherwise (an interrupt is
 * not a failure).
 */
export async function inSpan<T>(
  name: string,
  options: SpanOptions & { parent?: Context; onError?: (span: Span, error: unknown) => void },
  work: (span: Span) => Promise<T>,
): Promise<T> {
  const { parent, onError, ...spanOptions } = options;
  const span = tracer().startSpan(name, spanOptions, parent ?? context.active());
  try {
    return await context.with(trace.setSpan(parent ?? context.active(), span), () => work(span));
  } catch (error) {
    (onError ?? recordFailure)(span, error);
    throw error;
  } finally {
    span.end();
  }
}

/** Attributes without the undefined ones (an intent not understood, a case not opened). */
export function defined(attributes: Record<string, string | number | boolean | undefined | null>): Attributes {
  return Object.fromEntries(Object.entries(attributes).filter(([, value]) => value !== undefined && value !== null)) as Attributes;
}

/** The graph run a caller is part of: its id, and its spans' bookkeeping when it is traced (graph-trace's RunTrace). */
type Run = { runId: string; trace?: object };

const runs = new AsyncLocalStorage<Run>();

/**
 * Runs `work` as the graph run `runId`: node events logged inside it name the run, and
 * its spans (steps, nodes, checkpoint writes) go under `trace` when tracing is on.
 */
export function inRun<T>(runId: string, work: () => Promise<T>, trace?: object): Promise<T> {
  return runs.run({ runId, trace }, work);
}

/** The graph run the caller is part of, if any. */
export const currentRunId = (): string | undefined => runs.getStore()?.runId;

/** What `inRun` was given as the run's trace, if the caller is part of a traced run. */
export const currentRunTraceOf = (): object | undefined => runs.getStore()?.trace;
