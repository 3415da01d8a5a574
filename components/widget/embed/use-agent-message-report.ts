import { useEffect, useRef } from "react";
import type { ThreadView } from "../types";
import { useEmbedHost } from "./embed-host";

/**
 * Tells the embedding page how many agent messages arrived since the last look, so its launcher
 * can count them while the panel is closed. What the conversation held when it opened is not new.
 */
export function useAgentMessageReport(thread: ThreadView | null) {
  const host = useEmbedHost();
  const seen = useRef<{ threadId: string; ids: Set<string> } | null>(null);

  useEffect(() => {
    if (!host || !thread) return;
    const agentIds = thread.messages.filter((m) => m.role === "agent" && m.text.trim().length > 0).map((m) => m.id);
    if (seen.current?.threadId !== thread.threadId) {
      seen.current = { threadId: thread.threadId, ids: new Set(agentIds) };
      return;
    }
    const ids = seen.current.ids;
    const fresh = agentIds.filter((id) => !ids.has(id));
    for (const id of fresh) ids.add(id);
    if (fresh.length > 0) host.post({ type: "agent-message", count: fresh.length });
  }, [host, thread]);
}
