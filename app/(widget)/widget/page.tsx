import type { Metadata } from "next";
import { getCurrentUser } from "@/app/_lib/current-user";
import { loginHref } from "@/components/auth/destination";
import { ChatWidget } from "@/components/widget/chat-widget";
import { WidgetNotice } from "@/components/widget/widget-notice";

export const metadata: Metadata = { title: "Support chat" };

export default async function WidgetPage() {
  const user = await getCurrentUser();
  if (!user) {
    return (
      <WidgetNotice title="Chat with Northwind support" action={{ href: loginHref("/widget"), label: "Sign in to chat" }}>
        Sign in to your online banking to ask about a payment or a refund.
      </WidgetNotice>
    );
  }
  if (user.role !== "customer") {
    return (
      <WidgetNotice title="This chat is for customers" action={{ href: "/console", label: "Open the approval console", target: "_top" }}>
        You are signed in as {user.displayName}, a member of staff. Sign in as a customer to try the chat.
      </WidgetNotice>
    );
  }
  return <ChatWidget username={user.username} displayName={user.displayName} />;
}
