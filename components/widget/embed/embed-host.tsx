"use client";

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from "react";
import { envelope, readEnvelope, type ToHost } from "./protocol";

type EmbedHost = {
  /** The embedding page's origin, one of WIDGET_ORIGINS (checked by the server). */
  origin: string;
  post: (message: ToHost) => void;
};

const EmbedHostContext = createContext<EmbedHost | null>(null);

/** The page embedding this widget through `/embed.js`, or null when the widget is not embedded. */
export function useEmbedHost(): EmbedHost | null {
  return useContext(EmbedHostContext);
}

/**
 * The widget's side of the embed: says `ready` to its parent, only ever with the allowed origin
 * as the target (the browser drops the message when the parent is anything else), and listens
 * only to that origin in the parent window.
 */
export function EmbedHostProvider({ origin, children }: { origin: string; children: ReactNode }) {
  const post = useCallback(
    (message: ToHost) => {
      if (window.parent !== window) window.parent.postMessage(envelope(message), origin);
    },
    [origin],
  );

  useEffect(() => {
    if (window.parent === window) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== window.parent) return;
      const message = readEnvelope(event.data);
      if (message?.type === "open") document.querySelector<HTMLElement>("[data-embed-focus]")?.focus();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") post({ type: "close" });
    };
    window.addEventListener("message", onMessage);
    window.addEventListener("keydown", onKeyDown);
    post({ type: "ready" });
    return () => {
      window.removeEventListener("message", onMessage);
      window.removeEventListener("keydown", onKeyDown);
    };
  }, [origin, post]);

  const value = useMemo(() => ({ origin, post }), [origin, post]);
  return <EmbedHostContext.Provider value={value}>{children}</EmbedHostContext.Provider>;
}

/** Asks the page for a panel this tall (the chat: a fixed height it fills). */
export function EmbedHeight({ height }: { height: number }) {
  const host = useEmbedHost();
  useEffect(() => host?.post({ type: "resize", height }), [host, height]);
  return null;
}

/** Asks the page for a panel as tall as its content (a short notice), again whenever that changes. */
export function EmbedFitContent({ children }: { children: ReactNode }) {
  const host = useEmbedHost();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!host || !element) return;
    const report = () => host.post({ type: "resize", height: Math.ceil(element.getBoundingClientRect().height) });
    const observer = new ResizeObserver(report);
    observer.observe(element);
    return () => observer.disconnect();
  }, [host]);
  return (
    <div className="min-h-dvh bg-white">
      <div ref={box}>{children}</div>
    </div>
  );
}

/** The header button that minimises the embedded chat back to its launcher. */
export function MinimiseButton() {
  const host = useEmbedHost();
  if (!host) return null;
  return (
    <button
      type="button"
      onClick={() => host.post({ type: "close" })}
      aria-label="Minimise chat"
      title="Minimise chat"
      className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-white hover:bg-white/10"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <path d="M5 8l5 5 5-5" />
      </svg>
    </button>
  );
}
