import { database, type Db } from "@/db/client";
import { failureFields, log } from "@/observability/log";
import { liveEvents, type LiveEvents } from "./live-events";
import { sessionStanding, type OpenSession } from "./session";
import { streamError } from "./sse";

/** The longest a stream goes without reading its session, in case an announcement went unheard. */
const RECHECK_MS = 60_000;
/** A deadline is read this long after it passed, so a session due to end has ended when it is read. */
const LATE_MS = 100;
/** After a failed read, the next one comes this much later. */
const RETRY_MS = 5_000;

/** A session some of this instance's streams belong to: what each of them does when it ends. */
type Followed = { id: string; endsAt: Date; ends: Set<() => void>; timer?: NodeJS.Timeout };

export type SessionStreams = {
  /**
   * Calls `onEnd` once, within seconds of the session ending by any way on any instance:
   * signed out, expired (absolutely or idle), its user's password reset or role changed.
   * The returned function stops following it (the stream closed for another reason).
   */
  follow(session: OpenSession, onEnd: () => void): Promise<() => void>;
};

/**
 * The sessions this instance's open streams belong to. Each is ended by the announcement of
 * its end (LISTEN session_ended), and read again at the earliest time it can end, at least
 * every minute and after the connection that listens comes back, so one that expires, or
 * whose end went unheard, still closes its streams. A read does not count as activity: an
 * open stream keeps no session alive.
 */
export function createSessionStreams(db: Db, events: LiveEvents): SessionStreams {
  const followed = new Map<string, Followed>();
  let listening: Promise<unknown> | undefined;

  const forget = (session: Followed): boolean => {
    if (followed.get(session.id) !== session) return false;
    followed.delete(session.id);
    clearTimeout(session.timer);
    return true;
  };

  const end = (session: Followed) => {
    if (forget(session)) for (const onEnd of [...session.ends]) onEnd();
  };

  const readIn = (session: Followed, ms: number) => {
    clearTimeout(session.timer);
    session.timer = setTimeout(() => void read(session), Math.max(0, Math.min(ms, RECHECK_MS))).unref();
  };

  const read = async (session: Followed) => {
    if (followed.get(session.id) !== session) return;
    try {
      const standing = await sessionStanding(db, session.id);
      if ("problem" in standing) return end(session);
      session.endsAt = standing.endsAt;
      readIn(session, standing.endsAt.getTime() - Date.now() + LATE_MS);
    } catch (error) {
      // Unread, a session ends when it could have: a stream fails closed.
      log().warn({ event: "session_stream.read_failed", retryInMs: RETRY_MS, ...failureFields(error) });
      if (session.endsAt.getTime() <= Date.now()) return end(session);
      readIn(session, Math.min(RETRY_MS, session.endsAt.getTime() - Date.now() + LATE_MS));
    }
  };

  const listen = () =>
    (listening ??= Promise.all([
      events.on("sessionEnded", (id) => {
        const session = followed.get(id);
        if (session) end(session);
      }),
      events.on("reconnected", () => {
        for (const session of followed.values()) readIn(session, 0);
      }),
    ]).catch((error: unknown) => {
      listening = undefined;
      throw error;
    }));

  return {
    async follow({ id, endsAt }, onEnd) {
      await listen();
      const session = followed.get(id) ?? { id, endsAt, ends: new Set() };
      followed.set(id, session);
      const ending = () => onEnd();
      session.ends.add(ending);
      // Read once now that it is heard: an end announced before this stream listened is not missed.
      readIn(session, 0);
      return () => {
        session.ends.delete(ending);
        if (session.ends.size === 0) forget(session);
      };
    },
  };
}

const globalForStreams = globalThis as unknown as { __sessionStreams?: SessionStreams };

/** Follows `session` for one of this process's streams (see `createSessionStreams`). */
export function followSession(session: OpenSession, onEnd: () => void): Promise<() => void> {
  globalForStreams.__sessionStreams ??= createSessionStreams(database().db, liveEvents());
  return globalForStreams.__sessionStreams.follow(session, onEnd);
}

/** What a stream tells its client before it closes because the session ended. */
export const SESSION_ENDED = streamError("unauthorized:session_ended", "Your session has ended. Please sign in again.");
