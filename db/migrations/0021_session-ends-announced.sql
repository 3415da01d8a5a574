-- An open event stream lives no longer than the session that opened it. Every way a session
-- ends is announced on channel session_ended with the session's id (its token's hash, never
-- the token), and every app instance closes the streams that session holds: a deleted row
-- (sign-out, password reset, expiry, the sweep) ...
CREATE FUNCTION public.notify_session_ended() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_ended', OLD.id);
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_ended AFTER DELETE ON public.sessions
  FOR EACH ROW EXECUTE FUNCTION public.notify_session_ended();
--> statement-breakpoint
-- ... and a role change, which ends every session of the user: each was opened for the old
-- role (the next request with one is refused as unauthorized:session_role_changed).
CREATE FUNCTION public.notify_user_sessions_ended() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_ended', s.id) FROM public.sessions s WHERE s.user_id = NEW.id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_notify_role_changed AFTER UPDATE OF role ON public.users
  FOR EACH ROW WHEN (OLD.role IS DISTINCT FROM NEW.role) EXECUTE FUNCTION public.notify_user_sessions_ended();
