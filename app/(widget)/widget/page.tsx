import type { Metadata } from "next";
import Link from "next/link";
import { bankPolicy, getCurrentUser } from "@/app/_lib/current-user";
import { embedHost } from "@/app/_lib/origin";
import type { SessionUser } from "@/app/_lib/session";
import { loginHref } from "@/components/auth/destination";
import { buttonClasses } from "@/components/ui/button";
import { ChatWidget } from "@/components/widget/chat-widget";
import { EmbedHostProvider } from "@/components/widget/embed/embed-host";
import { SignInWindowButton } from "@/components/widget/embed/sign-in-window";
import { WidgetIntl } from "@/components/widget/widget-intl";
import { WidgetNotice } from "@/components/widget/widget-notice";

export const metadata: Metadata = { title: "Support chat" };

type WidgetPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The customer chat. Framed directly it fills its frame; with `?host=` naming an origin of
 * WIDGET_ORIGINS it is the panel of `/embed.js` on that page, and talks to it.
 */
export default async function WidgetPage({ searchParams }: WidgetPageProps) {
  const params = await searchParams;
  const host = embedHost(params.host);
  const user = await getCurrentUser();
  const page = await widgetContent(user, host, params.after === "sign-in");
  return host ? <EmbedHostProvider origin={host}>{page}</EmbedHostProvider> : page;
}

async function widgetContent(user: SessionUser | null, host: string | null, afterSignIn: boolean) {
  const embedded = host !== null;
  if (!user && embedded && afterSignIn) {
    return (
      <WidgetNotice
        embedded
        title="Continue in a new window"
        action={
          <a href="/widget" target="_blank" rel="noopener" className={buttonClasses()}>
            Open the chat
          </a>
        }
      >
        You signed in, but your browser keeps that sign-in from reaching the chat on this page.
      </WidgetNotice>
    );
  }
  if (!user) {
    return (
      <WidgetNotice
        embedded={embedded}
        title="Chat with Northwind support"
        action={
          embedded ? (
            <SignInWindowButton />
          ) : (
            <Link href={loginHref("/widget")} className={buttonClasses()}>
              Sign in to chat
            </Link>
          )
        }
      >
        Sign in to your online banking to ask about a payment or a refund.
      </WidgetNotice>
    );
  }
  if (user.role !== "customer") {
    return (
      <WidgetNotice
        embedded={embedded}
        title="This chat is for customers"
        action={
          user.role === "ops" ? (
            <Link href="/ops" target={embedded ? "_blank" : "_top"} className={buttonClasses()}>
              Open the ops page
            </Link>
          ) : (
            <Link href="/console" target={embedded ? "_blank" : "_top"} className={buttonClasses()}>
              Open the approval console
            </Link>
          )
        }
      >
        You are signed in as {user.displayName}, a member of staff. Sign in as a customer to try the chat.
      </WidgetNotice>
    );
  }
  // The customer's bank speaks its language: the chat's words are in it (each reply in the customer's own).
  const { language } = await bankPolicy(user);
  return (
    <WidgetIntl language={language}>
      <ChatWidget username={user.username} displayName={user.displayName} />
    </WidgetIntl>
  );
}
