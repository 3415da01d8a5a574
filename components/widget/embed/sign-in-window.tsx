"use client";

import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { loginHref } from "@/components/auth/destination";
import { Button } from "@/components/ui/button";
import { envelope, readEnvelope } from "./protocol";

/** Where the sign-in window lands once the customer signed in; it tells this frame and closes. */
export const SIGNED_IN_PATH = "/widget/signed-in";

/**
 * Sign-in for the embedded chat. The sign-in page may not be framed, so it opens in a window of
 * its own, first-party on the app's origin. That window tells this frame when it is done (only a
 * message from the app's own origin, from the window this frame opened, counts), and the frame
 * reloads with the new session.
 */
export function SignInWindowButton() {
  const opened = useRef<Window | null>(null);
  const [blocked, setBlocked] = useState(false);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !opened.current || event.source !== opened.current) return;
      if (readEnvelope(event.data)?.type !== "signed-in") return;
      const url = new URL(window.location.href);
      url.searchParams.set("after", "sign-in");
      window.location.replace(url);
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, []);

  function openSignIn() {
    const width = 480;
    const height = 680;
    const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
    const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 3));
    opened.current = window.open(loginHref(SIGNED_IN_PATH), "northwind-sign-in", `popup,width=${width},height=${height},left=${left},top=${top}`);
    setBlocked(opened.current === null);
    opened.current?.focus();
  }

  return (
    <>
      <Button onClick={openSignIn} data-embed-focus>
        Sign in to chat
      </Button>
      {blocked ? (
        <p role="alert" className="text-xs text-red-800">
          Your browser blocked the sign-in window. Allow pop-ups for this page and try again.
        </p>
      ) : null}
    </>
  );
}

/** In the sign-in window: tells the chat frame that opened it that the customer is signed in, then closes. */
export function SignedInHandoff() {
  // Only the browser knows whether a chat opened this window; the server renders as if one did.
  const orphan = useSyncExternalStore(
    noSubscription,
    () => !window.opener,
    () => false,
  );
  useEffect(() => {
    const chat = window.opener as Window | null;
    if (!chat) return;
    chat.postMessage(envelope({ type: "signed-in" }), window.location.origin);
    window.close();
  }, []);
  return (
    <p className="text-sm text-slate-600" role="status">
      {orphan ? "You are signed in. Return to the page you came from and open the chat." : "You are signed in. This window closes by itself."}
    </p>
  );
}

/** Which window opened this one does not change while it is open. */
function noSubscription() {
  return () => {};
}
