"use client";

import { useTranslations } from "use-intl";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CaseStatusBar } from "./case-status";
import { Composer } from "./composer";
import { EmbedHeight, MinimiseButton, useEmbedHost } from "./embed/embed-host";
import { useAgentMessageReport } from "./embed/use-agent-message-report";
import { Transcript } from "./transcript";
import { useConversation } from "./use-conversation";

/** The embeddable support chat for a signed-in customer. */
export function ChatWidget({ username, displayName }: { username: string; displayName: string }) {
  const t = useTranslations("widget");
  const chat = useConversation(`northwind-support:thread:${username}`);
  const { thread } = chat;
  const cases = thread?.cases ?? (thread?.case ? [thread.case] : []);
  const host = useEmbedHost();
  useAgentMessageReport(thread);

  return (
    <main className="flex h-dvh flex-col bg-white">
      <EmbedHeight height={600} />
      <header className="flex items-center gap-2 bg-brand-900 px-3 py-2 text-white">
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-sm font-semibold">{t("title")}</h1>
          <p className="truncate text-xs text-brand-100">{t("signedInAs", { name: displayName })}</p>
        </div>
        {host ? (
          // The launcher's panel is narrow: the same action as an icon, named for screen readers.
          <Button
            variant="ghost"
            size="sm"
            className="px-2 text-white hover:bg-white/10"
            onClick={() => void chat.startNew()}
            disabled={chat.sending || chat.starting}
            aria-label={t("newConversation")}
            title={t("newConversation")}
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M10 4v12M4 10h12" />
            </svg>
          </Button>
        ) : (
          <Button variant="secondary" size="sm" onClick={() => void chat.startNew()} disabled={chat.sending || chat.starting}>
            {t("newConversation")}
          </Button>
        )}
        <SignOutButton
          variant="ghost"
          className="text-white hover:bg-white/10"
          redirectTo={host ? `/widget?host=${encodeURIComponent(host.origin)}` : "/widget"}
          label={t("signOut")}
          busyLabel={t("signingOut")}
        />
        <MinimiseButton />
      </header>
      <CaseStatusBar cases={cases} />
      {thread?.status === "awaiting_approval" && !chat.sending ? (
        <p className="border-b border-amber-200 bg-amber-50 px-3 py-1.5 text-xs text-amber-900">
          {cases.some((c) => c.openQuestion) ? t("operatorAsked") : t("operatorReviewing")}
        </p>
      ) : thread?.handover?.status === "open" && !chat.sending ? (
        <p className="border-b border-brand-100 bg-brand-50 px-3 py-1.5 text-xs text-brand-900">{t("colleagueWillAnswer")}</p>
      ) : null}
      {chat.starting && !thread ? (
        <p className="flex-1 px-3 py-6 text-center text-sm text-slate-500" role="status">
          {t("opening")}
        </p>
      ) : (
        <Transcript messages={thread?.messages ?? []} pendingText={chat.pendingText} draftReply={chat.draftReply} busy={chat.sending} />
      )}
      {chat.error ? (
        <div className="px-3 pb-2">
          <Alert>
            <div className="flex items-start justify-between gap-2">
              <span>
                {chat.error}
                {chat.unsent ? <span className="mt-1 block text-xs">{t("notConfirmed", { text: chat.unsent.text })}</span> : null}
              </span>
              <span className="flex shrink-0 gap-3">
                {chat.unsent && !chat.sending ? (
                  <button type="button" onClick={() => void chat.sendAgain()} className="text-xs font-medium underline">
                    {t("sendAgain")}
                  </button>
                ) : null}
                <button type="button" onClick={chat.dismissError} className="text-xs font-medium underline">
                  {t("dismiss")}
                </button>
              </span>
            </div>
          </Alert>
        </div>
      ) : null}
      <Composer onSend={chat.send} disabled={!thread} sending={chat.sending} />
    </main>
  );
}
