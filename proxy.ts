import { NextResponse, type NextRequest } from "next/server";
import { ApiError } from "@/app/_lib/errors";
import { checkOrigin } from "@/app/_lib/origin";
import { newNonce, pageHeaders } from "@/app/_lib/security-headers";

/**
 * In front of every page and asset (the API's route() wrapper does the same for the
 * API): refuses state-changing requests from other sites, and gives each response its
 * security headers and a fresh CSP nonce. Next.js reads the nonce from the request's
 * Content-Security-Policy header and puts it on the scripts it renders.
 */
export function proxy(request: NextRequest) {
  const pathname = request.nextUrl.pathname;
  const headers = pageHeaders(pathname, newNonce());
  let response: NextResponse;
  try {
    checkOrigin(request);
    const forwarded = new Headers(request.headers);
    forwarded.set("content-security-policy", headers["content-security-policy"]!);
    response = NextResponse.next({ request: { headers: forwarded } });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    response = NextResponse.json({ code: error.code, message: error.message }, { status: error.status });
  }
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  // The API is left to route(): running the proxy there would make Next.js buffer each
  // request body for it, defeating the API's streamed body limit.
  matcher: ["/((?!api/).*)"],
};
